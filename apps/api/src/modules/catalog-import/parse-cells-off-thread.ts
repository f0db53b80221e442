/**
 * Costly cells parsed on a worker thread while the file is still being read (decision 0094). An import reads its
 * CSV with csv-parse on the main thread (about 3 s at 100,000 products), then checks every row, and the rows' HTML
 * descriptions take sanitize-html about 30 µs each: 3 s more on the main thread while the machine's other core
 * sits idle. The columns a format marks `offThread` are sent to a worker, BATCH cells a message, as the CSV is read;
 * the worker runs the format's own parser (catalog-cells-thread.ts) and its answers fill a map the row check looks
 * in (ReadCatalogRowsOptions.parsedCells). A cell not answered yet is parsed on the main thread as before, so the
 * worker only saves time: a slow, failed or missing worker gives the same rows.
 */
import { Worker } from 'node:worker_threads';
import type { CatalogFormatSpec, ColumnMap } from './catalog-format';
import { findFirstColumn, type CsvHeader, type CsvRecord } from './read-csv-table';

/** Files smaller than this (bytes) are parsed on the main thread alone: starting a worker costs more than it saves. */
export const OFF_THREAD_MIN_BYTES = 1 << 20;

/** Cells a message: about 15 ms of the worker's sanitising, so answers keep arriving while the file is read. */
const BATCH = 500;

/** A message to the worker: cells of one column, parsed as the format that `headers` name parses them. */
export interface CellsBatch {
  id: number;
  headers: readonly string[];
  key: string;
  /** The column's header as the file writes it (what the parser is given). */
  name: string;
  cells: readonly string[];
}

/** The worker's answer: one value per cell (undefined: parse that one on the main thread), or why it failed. */
export interface CellsAnswer {
  id: number;
  values?: readonly unknown[];
  error?: string;
}

/** Cells being parsed on a worker: see the module comment. */
export interface OffThreadCells {
  /** Hears each record of the file as it is read (scanCsvSteps' visitor). */
  add(record: CsvRecord): void;
  /** Sends the cells still waiting for a full batch (after the last record). */
  flush(): void;
  /** Column key -> parsed values by record line, for the answers in so far (ReadCatalogRowsOptions.parsedCells). */
  readonly parsed: ReadonlyMap<string, readonly unknown[]>;
  /** How many cells the worker has answered. */
  readonly answered: number;
  /** Ends the worker; answers not in yet are dropped. Safe to call twice. */
  close(): void;
}

interface OffThreadColumn {
  key: string;
  index: number;
  name: string;
  /** Cells not sent yet, and the lines of their records. */
  waiting: string[];
  lines: number[];
  /** Parsed values by record line (a sparse array: a number key of a Map costs more to find). */
  answers: unknown[];
}

/**
 * Starts a worker for the `offThread` columns of `spec` that the file's `header` has. Returns null when there are
 * none, or when the worker cannot be started (then everything is parsed on the main thread). `entry` replaces the
 * worker's module (tests). A worker that fails later is reported once with process.emitWarning and left out.
 */
export function parseCellsOffThread(
  header: CsvHeader,
  spec: CatalogFormatSpec<ColumnMap>,
  options: { entry?: URL } = {},
): OffThreadCells | null {
  const columns: OffThreadColumn[] = [];
  for (const [key, column] of Object.entries(spec.columns)) {
    if ('pairs' in column || !column.offThread) continue;
    const index = findFirstColumn(header, column.headers);
    if (index < 0) continue;
    columns.push({ key, index, name: header.headers[index] ?? key, waiting: [], lines: [], answers: [] });
  }
  if (columns.length === 0) return null;

  let thread: Worker;
  try {
    thread = startThread(options.entry);
  } catch (error) {
    failed(error);
    return null;
  }
  thread.unref();
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const sent = new Map<number, { column: OffThreadColumn; lines: readonly number[] }>();
  let nextId = 1;
  let answered = 0;
  let open = true;

  const stop = (error?: unknown) => {
    if (!open) return;
    open = false;
    sent.clear();
    if (error !== undefined) failed(error);
    void thread.terminate();
  };
  thread.on('message', (answer: CellsAnswer) => {
    const batch = sent.get(answer.id);
    if (!batch) return;
    sent.delete(answer.id);
    if (answer.error !== undefined || !answer.values) {
      stop(new Error(answer.error ?? 'no values'));
      return;
    }
    const { column, lines } = batch;
    answer.values.forEach((value, i) => {
      if (value !== undefined) column.answers[lines[i] as number] = value;
    });
    answered += lines.length;
  });
  thread.on('error', (error) => stop(error));
  thread.on('exit', (code) => stop(open ? new Error(`it stopped (exit code ${code})`) : undefined));

  const send = (column: OffThreadColumn) => {
    if (!open || column.waiting.length === 0) return;
    const cells = column.waiting;
    const lines = column.lines;
    column.waiting = [];
    column.lines = [];
    const id = nextId++;
    sent.set(id, { column, lines });
    const batch: CellsBatch = { id, headers: header.headers, key: column.key, name: column.name, cells };
    thread.postMessage(batch);
  };

  return {
    add(record) {
      if (!open) return;
      for (const column of columns) {
        const raw = record.values[column.index];
        if (raw === undefined || raw === '') continue;
        column.waiting.push(raw);
        column.lines.push(record.line);
        if (column.waiting.length >= BATCH) send(column);
      }
    },
    flush() {
      for (const column of columns) send(column);
    },
    parsed: new Map([...byKey].map(([key, c]) => [key, c.answers])),
    get answered() {
      return answered;
    },
    close() {
      stop();
    },
  };
}

let warned = false;

function failed(error: unknown): void {
  if (warned) return;
  warned = true;
  const reason = error instanceof Error ? error.message : String(error);
  process.emitWarning(
    `catalog import: the worker thread that parses descriptions failed (${reason}); they are parsed on the main thread`,
  );
}

/**
 * The worker. Under tsx (the command lines, tests, `npm run dev`) this module is TypeScript, and a worker does not
 * inherit tsx's loader, so the worker registers it before importing the thread's source. In the bundled server
 * (`npm start`, build-server.mjs) the thread is its own bundle beside the server's.
 */
function startThread(entry?: URL): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(entry ?? new URL('./catalog-cells-thread.mjs', here));
  const source = (entry ?? new URL('./catalog-cells-thread.ts', here)).href;
  // Resolved here (with the import conditions) when the runtime can; a worker's eval'd code resolves a bare name
  // from the working directory.
  const api = typeof import.meta.resolve === 'function' ? import.meta.resolve('tsx/esm/api') : 'tsx/esm/api';
  return new Worker(
    `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
    { eval: true },
  );
}
