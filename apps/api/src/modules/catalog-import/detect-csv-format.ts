/**
 * Tells which catalog export a CSV is from by its header names (DESIGN §4: Shopify product CSV in both header
 * generations, WooCommerce product CSV).
 */
import { CatalogFileError, type CatalogFormat } from './catalog-row';
import { headerKey } from './read-csv-table';

const SIGNATURES: { format: CatalogFormat; required: string[]; label: string }[] = [
  {
    format: 'shopify-legacy',
    required: ['Handle', 'Variant SKU'],
    label: 'Shopify product CSV (before 2024)',
  },
  { format: 'shopify-2024', required: ['URL handle'], label: 'Shopify product CSV (2024 and later)' },
  { format: 'woocommerce', required: ['Type', 'SKU', 'Regular price'], label: 'WooCommerce product CSV' },
];

/**
 * Detects the format from the header names (case and spacing ignored): Shopify legacy has `Handle` and
 * `Variant SKU`; Shopify 2024 has `URL handle`; WooCommerce has `Type`, `SKU` and `Regular price`.
 * Throws CatalogFileError listing the expected headers when none matches.
 */
export function detectCsvFormat(headers: readonly string[]): CatalogFormat {
  const have = new Set(headers.map(headerKey));
  for (const s of SIGNATURES) {
    if (s.required.every((h) => have.has(headerKey(h)))) return s.format;
  }
  const expected = SIGNATURES.map(
    (s) => `  - ${s.label}: ${s.required.map((h) => `"${h}"`).join(', ')}`,
  ).join('\n');
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
