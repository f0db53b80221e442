/**
 * Reads CSV text into a header and records with their physical line numbers. Pure: no I/O.
 *
 * A small RFC 4180 reader of its own (decision 0021): the 100,000-product benchmark file is 70 MB, and csv-parse
 * with per-record byte offsets took a fifth of the import's time; this one scans the string with indexOf and
 * counts lines as it goes. It accepts exactly what csv-parse accepted with the options the importer used
 * (comma delimiter, `"` quotes doubled inside quoted values, CRLF, LF or CR record ends, ragged rows) and refuses
 * what it refused (a quote inside an unquoted value, text after a closing quote, a quote never closed).
 */
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

/** Header comparison key: lower case, runs of spaces collapsed. */
export function headerKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

const HINT = 'Check that every value containing a comma, quote or line break is wrapped in double quotes.';

/**
 * Parses CSV text (a UTF-8 BOM is ignored; CRLF, LF or CR line ends, also mixed; quoted fields may span
 * lines). Blank lines and records whose fields are all empty are dropped. `line` is the physical line a
 * record starts on, counting the header as line 1.
 * Throws CatalogFileError for malformed CSV (an unclosed quote, a quote inside an unquoted value, text after a
 * closing quote) or a file without a header.
 */
export function readCsvTable(text: string): CsvTable {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const n = src.length;
  const rows: CsvRecord[] = [];
  let i = 0;
  let line = 1;
  // Where the next LF and CR are (-1: none left). Quoted values rarely hold line breaks, so they are counted
  // only when one of these falls inside the value; both only move forward, so the file is scanned once.
  let nextLf = src.indexOf('\n');
  let nextCr = src.indexOf('\r');
  /** Line breaks in `src[from, to)`: CRLF counts once, a lone CR or LF once each. */
  const lineBreaks = (from: number, to: number): number => {
    if (nextLf >= 0 && nextLf < from) nextLf = src.indexOf('\n', from);
    if (nextCr >= 0 && nextCr < from) nextCr = src.indexOf('\r', from);
    if ((nextLf < 0 || nextLf >= to) && (nextCr < 0 || nextCr >= to)) return 0;
    let count = 0;
    for (let k = from; k < to; k++) {
      const c = src.charCodeAt(k);
      if (c === LF) count++;
      else if (c === CR && !(k + 1 < to && src.charCodeAt(k + 1) === LF)) count++;
    }
    return count;
  };

  const fail = (where: number, what: string): never => {
    throw new CatalogFileError(`The file is not valid CSV near line ${where}: ${what}. ${HINT}`);
  };

  while (i < n) {
    const first = src.charCodeAt(i);
    // Blank lines between records.
    if (first === LF) {
      line++;
      i++;
      continue;
    }
    if (first === CR) {
      line++;
      i += src.charCodeAt(i + 1) === LF ? 2 : 1;
      continue;
    }
    const start = line;
    const values: string[] = [];
    for (;;) {
      if (src.charCodeAt(i) === QUOTE) {
        // Quoted value: runs to the next quote that is not doubled.
        let value = '';
        let from = i + 1;
        for (;;) {
          const q = src.indexOf('"', from);
          if (q < 0) fail(start, 'a quoted value is never closed (a double quote is missing)');
          line += lineBreaks(from, q);
          if (src.charCodeAt(q + 1) === QUOTE) {
            value += src.slice(from, q + 1);
            from = q + 2;
            continue;
          }
          value += src.slice(from, q);
          i = q + 1;
          break;
        }
        values.push(value);
        const after = src.charCodeAt(i);
        if (after === COMMA) {
          i++;
          continue;
        }
        if (i >= n) break;
        if (after === LF || after === CR) {
          i += after === CR && src.charCodeAt(i + 1) === LF ? 2 : 1;
          line++;
          break;
        }
        fail(line, `there is text right after the closing quote of a value (${JSON.stringify(src[i])})`);
      } else {
        let j = i;
        let c = 0;
        while (j < n) {
          c = src.charCodeAt(j);
          if (c === COMMA || c === LF || c === CR || c === QUOTE) break;
          j++;
        }
        if (j < n && c === QUOTE) {
          fail(
            line,
            'a value has a double quote in the middle; a value with quotes must be quoted as a whole',
          );
        }
        values.push(src.slice(i, j));
        if (j >= n) {
          i = j;
          break;
        }
        if (c === COMMA) {
          i = j + 1;
          continue;
        }
        i = j + (c === CR && src.charCodeAt(j + 1) === LF ? 2 : 1);
        line++;
        break;
      }
    }
    rows.push({ line: start, values });
  }

  const header = rows[0];
  if (!header || isEmptyRecord(header.values)) {
    throw new CatalogFileError(
      'The file is empty: it needs a header line naming the columns, then one line per product.',
    );
  }
  const headers = header.values.map((h) => h.trim());
  const records: CsvRecord[] = [];
  for (let r = 1; r < rows.length; r++) {
    const record = rows[r];
    if (record && !isEmptyRecord(record.values)) records.push(record);
  }
  const keys = headers.map(headerKey);
  return {
    headers,
    records,
    columnIndex: (name) => keys.indexOf(headerKey(name)),
  };
}

function isEmptyRecord(values: readonly string[]): boolean {
  for (const v of values) if (v !== '' && v.trim() !== '') return false;
  return true;
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
export function findColumn(table: CsvTable, matcher: HeaderMatcher): number {
  if (typeof matcher === 'string') return table.columnIndex(matcher);
  return table.headers.findIndex((h) => matcher.test(h));
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
