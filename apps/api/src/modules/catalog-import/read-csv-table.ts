/**
 * Reads CSV text into a header and records with their physical line numbers. Pure: no I/O.
 *
 * CSV is read by csv-parse, a maintained library (the house rule for formats that are not the store's core; decision
 * 0021 says why a faster reader of our own was tried and dropped).
 */
import { isUtf8 } from 'node:buffer';
import { Parser } from 'csv-parse';
import { runToEnd } from '../catalog/run-in-slices';
import { CatalogFileError } from './catalog-row';

/** One CSV record: the physical line it starts on (header = line 1) and its raw field values. */
export interface CsvRecord {
  line: number;
  values: string[];
}

/** A parsed CSV file: trimmed header names, data records, and a case-insensitive column lookup. */
export interface CsvTable {
  headers: string[];
  records: CsvRecord[];
  /** Index of the first header equal to `name` (case and spacing ignored), or -1. */
  columnIndex(name: string): number;
}

/** Said plainly, instead of csv-parse quoting the binary it stumbled on, and never imported as garbled text. */
function notUtf8(line: number): CatalogFileError {
  return new CatalogFileError(
    `The file is not CSV text in UTF-8: line ${line} has bytes that are not UTF-8. ` +
      'Save it from your spreadsheet as "CSV UTF-8 (comma delimited)" and try again.',
  );
}

/**
 * The UTF-8 bytes of decoded text, its BOM left out. A byte that was not UTF-8 (decoded as U+FFFD: a spreadsheet, a
 * zip or a file saved in another encoding) throws notUtf8. (A NUL in a cell is that cell's row's problem: decision
 * 0011.)
 */
function utf8Body(text: string): Buffer {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const bad = body.indexOf('\uFFFD');
  if (bad >= 0) throw notUtf8(body.slice(0, bad).split(/\r\n|\n|\r/).length);
  return Buffer.from(body, 'utf8');
}

/**
 * A file's bytes, its BOM left out, when they are UTF-8; else throws notUtf8 with the line of the first byte that is
 * not. Read as bytes, a file may be longer than the longest string V8 holds (a million products, issue 42 §3).
 */
function utf8BodyOfBytes(bytes: Buffer): Buffer {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  if (isUtf8(body)) return body;
  // Decoded a piece at a time (a character split between pieces is carried over) until the first U+FFFD.
  const decoder = new TextDecoder('utf-8');
  const PIECE = 1 << 20;
  let line = 1;
  let endedInCr = false;
  for (let at = 0; at < body.length; at += PIECE) {
    const piece = decoder.decode(body.subarray(at, at + PIECE), { stream: at + PIECE < body.length });
    const bad = piece.indexOf('\uFFFD');
    const upTo = bad >= 0 ? piece.slice(0, bad) : piece;
    // A CRLF split between two pieces is one line break, counted with the CR.
    line += upTo.split(/\r\n|\n|\r/).length - 1 - (endedInCr && upTo.startsWith('\n') ? 1 : 0);
    if (bad >= 0) throw notUtf8(line);
    endedInCr = piece.endsWith('\r');
  }
  throw notUtf8(line);
}

/** Header comparison key: lower case, runs of spaces collapsed. */
export function headerKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Parses CSV text, or a file's bytes (a UTF-8 BOM is ignored; CRLF, LF or CR line ends, also mixed; quoted fields may span
 * lines). Blank lines and records whose fields are all empty are dropped. `line` is the physical line a
 * record starts on, counting the header as line 1 (csv-parse's own `info.lines` is the line a record
 * ends on and miscounts CRLF inside quotes, so the start is computed from `info.bytes`).
 * Throws CatalogFileError for malformed CSV (e.g. an unclosed quote), text that was not UTF-8 (bytes read as
 * U+FFFD), or a file without a header.
 */
export function readCsvTable(text: string | Buffer): CsvTable {
  return runToEnd(readCsvSteps(text));
}

/**
 * readCsvTable a step at a time (run-in-slices.ts): a step is csv-parse reading CSV_PIECE_BYTES of the file, so a
 * store importing a file of 100,000 products keeps answering its shoppers between steps (decision 0087).
 */
export function* readCsvSteps(text: string | Buffer): Generator<void, CsvTable> {
  const records: CsvRecord[] = [];
  const header = yield* scanCsvSteps(text, () => (record) => records.push(record));
  return { ...header, records };
}

/** A CSV file's header: trimmed names and a case-insensitive column lookup. */
export type CsvHeader = Omit<CsvTable, 'records'>;

/**
 * readCsvTable without holding the records: `start` hears the header and answers what hears each record, in file
 * order, as it is read (a fitment file of a million products has millions of rows: issue 42 §3). Answers the header.
 * Throws as readCsvTable does, and what `start` or a visitor throws, unchanged.
 */
export function scanCsvTable(
  text: string | Buffer,
  start: (header: CsvHeader) => (record: CsvRecord) => void,
): CsvHeader {
  return runToEnd(scanCsvSteps(text, start));
}

/** Bytes of the file csv-parse reads in one step: about a millisecond of its work. */
const CSV_PIECE_BYTES = 64 * 1024;

/** scanCsvTable a step at a time (see readCsvSteps). */
export function* scanCsvSteps(
  text: string | Buffer,
  start: (header: CsvHeader) => (record: CsvRecord) => void,
): Generator<void, CsvHeader> {
  const buf = typeof text === 'string' ? utf8Body(text) : utf8BodyOfBytes(text);

  // Physical line of a byte offset: count line breaks before it (CRLF counts once).
  let cursor = 0;
  let line = 1;
  const lineAt = (offset: number): number => {
    while (cursor < offset) {
      const c = buf[cursor];
      if (c === 0x0a) line++;
      else if (c === 0x0d && buf[cursor + 1] !== 0x0a) line++;
      cursor++;
    }
    return line;
  };
  const skipBlankLines = (offset: number): number => {
    let o = offset;
    while (o < buf.length && (buf[o] === 0x0a || buf[o] === 0x0d)) o++;
    return o;
  };

  let header: CsvHeader | null = null;
  let visit: ((record: CsvRecord) => void) | null = null;
  let previousEnd = 0;
  /** What `start` or a visitor threw: passed on as it is, not as a CSV error. */
  let thrown: { error: unknown } | null = null;
  // csv-parse's stream parser, written a piece at a time: it reads each piece as it is written, and the file's end
  // on `end()` (Node's Writable calls it at once when nothing is queued), and says what went wrong in `errored`.
  const parser = new Parser({
    relax_column_count: true,
    skip_empty_lines: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    on_record: (values: string[], context: { bytes: number }) => {
      const begin = skipBlankLines(previousEnd);
      previousEnd = context.bytes;
      try {
        if (!header) {
          if (values.every((v) => v.trim() === '')) throw emptyFile();
          const headers = values.map((h) => h.trim());
          const keys = headers.map(headerKey);
          header = { headers, columnIndex: (name) => keys.indexOf(headerKey(name)) };
          visit = start(header);
        } else if (!values.every((v) => v.trim() === '')) {
          visit?.({ line: lineAt(begin), values });
        }
      } catch (error) {
        thrown = { error };
        throw error;
      }
      // Nothing is kept: each record has been handed on.
      return null;
    },
  });
  // Read from `errored` after each write; the event would otherwise be an unhandled error.
  parser.on('error', () => {});
  for (let at = 0; at < buf.length && !parser.errored; at += CSV_PIECE_BYTES) {
    parser.write(buf.subarray(at, at + CSV_PIECE_BYTES));
    yield;
  }
  if (!parser.errored) parser.end();
  if (thrown) throw (thrown as { error: unknown }).error;
  const error = parser.errored as (Error & { lines?: number }) | null;
  if (error) {
    const where = typeof error.lines === 'number' ? ` near line ${error.lines}` : '';
    throw new CatalogFileError(
      `The file is not valid CSV${where}: ${error.message}. ` +
        'Check that every value containing a comma, quote or line break is wrapped in double quotes.',
    );
  }
  if (!header) throw emptyFile();
  return header;
}

function emptyFile(): CatalogFileError {
  return new CatalogFileError(
    'The file is empty: it needs a header line naming the columns, then one line per product.',
  );
}

/** A header to look for: a name (case and spacing ignored) or a pattern tried against each trimmed header. */
export type HeaderMatcher = string | RegExp;

/** Cell access by logical field name, for a table whose header names vary between export versions. */
export interface BoundColumns<K extends string> {
  /** The raw cell of `key` in a record ('' when the column is absent or the record is short). */
  cell(record: CsvRecord, key: K): string;
  /** The column name as the file writes it (or the first alias when the file lacks the column). */
  column(key: K): string;
  /** Whether the file has the column. */
  has(key: K): boolean;
  /** The column's index, or -1. */
  index(key: K): number;
}

/** Index of the first header that `matcher` names, or -1. */
export function findColumn(table: CsvHeader, matcher: HeaderMatcher): number {
  if (typeof matcher === 'string') return table.columnIndex(matcher);
  return table.headers.findIndex((h) => matcher.test(h));
}

/** Index of the column the first of `matchers` (in order of preference) finds, or -1. */
export function findFirstColumn(table: CsvHeader, matchers: readonly HeaderMatcher[]): number {
  for (const matcher of matchers) {
    const index = findColumn(table, matcher);
    if (index >= 0) return index;
  }
  return -1;
}

/**
 * Binds logical field names to the file's columns: each key takes the first of its aliases the header has
 * (names: case and spacing ignored; patterns: tested against the trimmed header). `mapCell` post-processes every
 * raw cell (e.g. WooCommerce's formula escaping).
 */
export function bindColumns<K extends string>(
  table: CsvTable,
  aliases: Record<K, readonly HeaderMatcher[]>,
  mapCell: (raw: string) => string = (raw) => raw,
): BoundColumns<K> {
  const index = new Map<K, number>();
  const names = new Map<K, string>();
  for (const key of Object.keys(aliases) as K[]) {
    const list = aliases[key];
    let found = -1;
    for (const alias of list) {
      found = findColumn(table, alias);
      if (found >= 0) break;
    }
    index.set(key, found);
    const firstName = list.find((a): a is string => typeof a === 'string');
    names.set(key, found >= 0 ? (table.headers[found] ?? '') : (firstName ?? key));
  }
  return {
    cell(record, key) {
      const i = index.get(key) ?? -1;
      return i >= 0 ? mapCell(record.values[i] ?? '') : '';
    },
    column: (key) => names.get(key) ?? key,
    has: (key) => (index.get(key) ?? -1) >= 0,
    index: (key) => index.get(key) ?? -1,
  };
}
