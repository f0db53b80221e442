/**
 * Entry point of catalog parsing (DESIGN §4): CSV text in any supported format -> normalised CatalogRows.
 * Pure: no database, no file system.
 */
import { runInSlices, runToEnd } from '../catalog/run-in-slices';
import type { CatalogParseResult } from './catalog-row';
import { detectCatalogFormat } from './detect-csv-format';
import { readCatalogRowSteps, type ReadCatalogRowsOptions } from './read-catalog-rows';
import { OFF_THREAD_MIN_BYTES, parseCellsOffThread, type OffThreadCells } from './parse-cells-off-thread';
import { scanCsvSteps, type CsvRecord, type CsvTable } from './read-csv-table';

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
 * file (decision 0087). A file of OFF_THREAD_MIN_BYTES or more has its descriptions parsed on a worker thread
 * while it is read (decision 0094); the rows are the same. Rejects as parseCatalogCsv throws.
 */
export function parseCatalogCsvInSlices(
  text: string | Buffer,
  options: ReadCatalogRowsOptions & { sliceMs: number },
): Promise<CatalogParseResult> {
  return runInSlices(parseCatalogCsvSteps(text, { ...options, offThread: true }), options.sliceMs).done;
}

function* parseCatalogCsvSteps(
  text: string | Buffer,
  options: ReadCatalogRowsOptions & { offThread?: boolean },
): Generator<void, CatalogParseResult> {
  let cells: OffThreadCells | null = null;
  try {
    const records: CsvRecord[] = [];
    const header = yield* scanCsvSteps(text, (found) => {
      // Only a run that gives the event loop turns hears the worker's answers; an unknown header set is reported
      // below, after the whole file is read, as it always was.
      if (options.offThread && text.length >= OFF_THREAD_MIN_BYTES) {
        const known = knownFormat(found.headers);
        cells = known && parseCellsOffThread(found, known.spec);
      }
      const offThread = cells;
      return offThread
        ? (record) => {
            records.push(record);
            offThread.add(record);
          }
        : (record) => records.push(record);
    });
    (cells as OffThreadCells | null)?.flush();
    const table: CsvTable = { ...header, records };
    const { format, spec } = detectCatalogFormat(table.headers);
    const parsedCells = (cells as OffThreadCells | null)?.parsed;
    const result = yield* readCatalogRowSteps(table, spec, format, { ...options, parsedCells });
    const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;
    result.rejections.sort(byLine);
    result.skipped.sort(byLine);
    return result;
  } finally {
    (cells as OffThreadCells | null)?.close();
  }
}

function knownFormat(headers: readonly string[]): ReturnType<typeof detectCatalogFormat> | null {
  try {
    return detectCatalogFormat(headers);
  } catch {
    return null;
  }
}
