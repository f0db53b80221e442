/**
 * Tells which catalog export a CSV is from by its header names (DESIGN §4: Shopify product CSV in both header
 * generations, WooCommerce product CSV), and gives the format that reads it.
 */
import type { CatalogFormatSpec, ColumnMap } from './catalog-format';
import { CatalogFileError, type CatalogFormat } from './catalog-row';
import { headerKey } from './read-csv-table';
import { shopifyCsvFormat } from './shopify-csv-format';
import { wooCommerceCsvFormat } from './woocommerce-csv-format';

/** The formats the importer reads, tried in this order. A new format is added here. */
const FORMATS: readonly CatalogFormatSpec<ColumnMap>[] = [shopifyCsvFormat, wooCommerceCsvFormat];

/**
 * Detects the header generation from the header names (case and spacing ignored): the first dialect whose
 * signature headers are all present, e.g. Shopify legacy has `Handle` and `Variant SKU`; Shopify 2024 has
 * `URL handle`; WooCommerce has `Type`, `SKU` and `Regular price`. Returns it with the format that reads it.
 * Throws CatalogFileError listing the expected headers when none matches.
 */
export function detectCatalogFormat(headers: readonly string[]): {
  format: CatalogFormat;
  spec: CatalogFormatSpec<ColumnMap>;
} {
  const have = new Set(headers.map(headerKey));
  for (const spec of FORMATS) {
    for (const d of spec.dialects) {
      if (d.signature.every((h) => have.has(headerKey(h)))) return { format: d.format, spec };
    }
  }
  const expected = FORMATS.flatMap((f) => f.dialects)
    .map((d) => `  - ${d.label}: ${d.signature.map((h) => `"${h}"`).join(', ')}`)
    .join('\n');
  const shown =
    headers
      .slice(0, 12)
      .map((h) => `"${h}"`)
      .join(', ') + (headers.length > 12 ? ', ...' : '');
  throw new CatalogFileError(
    `The header line does not look like a catalog export we read. It has ${shown || 'no columns'}.\n` +
      `Expected one of these header sets (other columns may be present too):\n${expected}`,
  );
}

/** The header generation of a file (see `detectCatalogFormat`). Throws CatalogFileError when none matches. */
export function detectCsvFormat(headers: readonly string[]): CatalogFormat {
  return detectCatalogFormat(headers).format;
}
