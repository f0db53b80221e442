/**
 * Entry point of catalog parsing (DESIGN §4): CSV text in any supported format -> normalised CatalogRows.
 * Pure: no database, no file system.
 */
import { runInSlices, runToEnd } from '../catalog/run-in-slices';
import type { CatalogParseResult } from './catalog-row';
import { detectCatalogFormat } from './detect-csv-format';
import { readCatalogRowSteps, type ReadCatalogRowsOptions } from './read-catalog-rows';
import { readCsvSteps } from './read-csv-table';

/**
 * Reads CSV text or a file's bytes (UTF-8, BOM allowed), detects Shopify legacy / Shopify 2024 / WooCommerce from the header and
 * parses it. Rejections and skipped rows come back sorted by line. `now` (default: the current time) decides
 * whether dated sales are active; `onProgress` hears (rows checked, rows in the file) as the rows are read. Throws CatalogFileError when the text is not CSV or the header set is unknown.
 */
export function parseCatalogCsv(
  text: string | Buffer,
  options: ReadCatalogRowsOptions = {},
): CatalogParseResult {
  return runToEnd(parseCatalogCsvSteps(text, options));
}

/**
 * parseCatalogCsv in slices of `sliceMs` (run-in-slices.ts), so the process answers requests meanwhile: a store
 * running an import (its control channel, the back office's import job) keeps serving shoppers while it reads the
 * file (decision 0087). Rejects as parseCatalogCsv throws.
 */
export function parseCatalogCsvInSlices(
  text: string | Buffer,
  options: ReadCatalogRowsOptions & { sliceMs: number },
): Promise<CatalogParseResult> {
  return runInSlices(parseCatalogCsvSteps(text, options), options.sliceMs).done;
}

function* parseCatalogCsvSteps(
  text: string | Buffer,
  options: ReadCatalogRowsOptions,
): Generator<void, CatalogParseResult> {
  const table = yield* readCsvSteps(text);
  const { format, spec } = detectCatalogFormat(table.headers);
  const result = yield* readCatalogRowSteps(table, spec, format, options);
  const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;
  result.rejections.sort(byLine);
  result.skipped.sort(byLine);
  return result;
}
