/**
 * Entry point of catalog parsing (DESIGN §4): CSV text in any supported format -> normalised CatalogRows.
 * Pure: no database, no file system.
 */
import type { CatalogParseResult } from './catalog-row';
import { detectCatalogFormat } from './detect-csv-format';
import { readCatalogRows } from './read-catalog-rows';
import { readCsvTable } from './read-csv-table';

/**
 * Reads CSV text or a file's bytes (UTF-8, BOM allowed), detects Shopify legacy / Shopify 2024 / WooCommerce from the header and
 * parses it. Rejections and skipped rows come back sorted by line. `now` (default: the current time) decides
 * whether dated sales are active; `onProgress` hears (rows checked, rows in the file) as the rows are read. Throws CatalogFileError when the text is not CSV or the header set is unknown.
 */
export function parseCatalogCsv(
  text: string | Buffer,
  options: { now?: Date; onProgress?: ((done: number, total: number) => void) | undefined } = {},
): CatalogParseResult {
  const table = readCsvTable(text);
  const { format, spec } = detectCatalogFormat(table.headers);
  const result = readCatalogRows(table, spec, format, options);
  const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;
  result.rejections.sort(byLine);
  result.skipped.sort(byLine);
  return result;
}
