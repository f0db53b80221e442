/**
 * The worker thread of parse-cells-off-thread.ts (decision 0094): parses batches of one column's cells with the
 * format's own parser (the format the file's headers name, as detectCatalogFormat finds it on the main thread) and
 * answers the values in order. A value that is not text or null (a CellIssue, whose class would not survive the
 * copy to the main thread) is answered as undefined, so the main thread parses that cell itself and words its
 * rejection as always. Started as a worker; nothing imports it.
 */
import { parentPort } from 'node:worker_threads';
import type { CellsAnswer, CellsBatch } from './parse-cells-off-thread';
import { detectCatalogFormat } from './detect-csv-format';

const port = parentPort;
port?.on('message', (batch: CellsBatch) => {
  let answer: CellsAnswer;
  try {
    const { spec } = detectCatalogFormat(batch.headers);
    const column = spec.columns[batch.key];
    if (!column || 'pairs' in column || !column.offThread) throw new Error(`no column ${batch.key} to parse`);
    const mapCell = spec.cell ?? ((raw: string) => raw);
    const values = batch.cells.map((raw) => {
      const value = column.parse(mapCell(raw), batch.name);
      return typeof value === 'string' || value === null ? value : undefined;
    });
    answer = { id: batch.id, values };
  } catch (error) {
    answer = { id: batch.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});
