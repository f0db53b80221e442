/**
 * A catalog CSV format as data (decision 0021): the header generations that identify the file, a column map (which
 * header(s) hold which field, how each cell reads, and when it is read), and a few named rules from
 * `format-rules.ts` for what a column map cannot say: how rows make products (one row each, Shopify's variant rows
 * under one Handle, WooCommerce's variable products and their variations), which rows are not imported (drafts,
 * gift cards ...), and fields worked out from several cells (a discount from two prices, tags that mark a product
 * as featured). `readCatalogRows` runs a format over a CSV table; the shared checks of `finishCatalogRows` follow.
 *
 * A column whose key is a CatalogRow field (`title`, `priceCents`, `images` ...) fills that field as it is; other
 * keys (`handle`, `status`, `compareAtCents` ...) are inputs for the rules.
 */
import type { CatalogFormat, CatalogRowField } from './catalog-row';
import type { CellParser } from './cell-parsers';
import type { CsvRecord, HeaderMatcher } from './read-csv-table';

/**
 * When a column is read, which also decides which rows a bad cell rejects:
 * - `record`: from every row, first (what kind of row it is, which product it belongs to, whether it is published);
 * - `product`: once per product, from the row that carries the product (Shopify: the first row of a Handle);
 *   WooCommerce variations read these from their own row too, and may inherit empty ones from their parent;
 * - `item`: from each row that becomes a product of the store (a variant, a variation, a simple product).
 */
export type ColumnLevel = 'record' | 'product' | 'item';

/** One column: its header names (or patterns) in order of preference, its value parser, when it is read. */
export interface CellColumn<T, L extends ColumnLevel = ColumnLevel> {
  headers: readonly HeaderMatcher[];
  parse: CellParser<T>;
  level: L;
  /** What rejections call the column when the file does not have it (default: the first header name). */
  label?: string;
  /**
   * The parser is costly and reads the cell alone (sanitising HTML), so a large file's cells of this column are
   * parsed on a worker thread while the file is still being read (parse-cells-off-thread.ts, decision 0094). The
   * parser must then be pure: the same cell and header always give the same value.
   */
  offThread?: boolean;
}

/** A name and value read from a pair of columns. */
export interface NamedValue {
  name: string;
  value: string;
}

/**
 * Numbered pairs of columns read as one list, e.g. WooCommerce's `Attribute 1 name` / `Attribute 1 value(s)`:
 * every header matching `names` is paired with the header `values(match)`; pairs with an empty name are left out.
 */
export interface PairedColumns<T, L extends ColumnLevel = ColumnLevel> {
  pairs: { names: RegExp; values: (names: RegExpExecArray) => string };
  parse: (pairs: readonly NamedValue[]) => T;
  level: L;
  label: string;
}

export type ColumnSpec<T, L extends ColumnLevel = ColumnLevel> = CellColumn<T, L> | PairedColumns<T, L>;
export type ColumnMap = Record<string, ColumnSpec<unknown>>;

/** The parsed value type of a column. */
export type ValueOf<S> = S extends ColumnSpec<infer T> ? T : never;
/** Values of every column of a map (what an item's rules see). */
export type ItemValues<C extends ColumnMap> = { [K in keyof C]: ValueOf<C[K]> };
/** Values of the record and product columns (what a product's rules see). */
export type ProductValues<C extends ColumnMap> = {
  [K in keyof C as C[K] extends ColumnSpec<unknown, 'item'> ? never : K]: ValueOf<C[K]>;
};
/** Values of the record columns (what grouping and the first filters see). */
export type RecordValues<C extends ColumnMap> = {
  [K in keyof C as C[K] extends ColumnSpec<unknown, 'record'> ? K : never]: ValueOf<C[K]>;
};
/** The values a rule sees at a level. */
export type ValuesAt<C extends ColumnMap, L extends ColumnLevel> = L extends 'record'
  ? RecordValues<C>
  : L extends 'product'
    ? ProductValues<C>
    : ItemValues<C>;

/** A column read from every row. */
export function recordColumn<T>(
  headers: readonly HeaderMatcher[],
  parse: CellParser<T>,
  label?: string,
): CellColumn<T, 'record'> {
  return { headers, parse, level: 'record', ...(label === undefined ? {} : { label }) };
}

/** A column read once per product. */
export function productColumn<T>(
  headers: readonly HeaderMatcher[],
  parse: CellParser<T>,
  label?: string,
): CellColumn<T, 'product'> {
  return { headers, parse, level: 'product', ...(label === undefined ? {} : { label }) };
}

/** A column read from each row that becomes a product of the store. */
export function itemColumn<T>(
  headers: readonly HeaderMatcher[],
  parse: CellParser<T>,
  label?: string,
): CellColumn<T, 'item'> {
  return { headers, parse, level: 'item', ...(label === undefined ? {} : { label }) };
}

/** `column`, parsed on a worker thread when the file is large (see `CellColumn.offThread`). */
export function offThread<T, L extends ColumnLevel>(column: CellColumn<T, L>): CellColumn<T, L> {
  return { ...column, offThread: true };
}

/** One header generation of a format: the `format` it reports, a label, and the headers that identify it. */
export interface FormatDialect {
  format: CatalogFormat;
  label: string;
  /** Every one of these headers (case and spacing ignored) must be present. */
  signature: readonly string[];
}

/** A product of the store being built: CatalogRow fields, unchecked until `finishCatalogRows`. */
export type ProductFields = { [K in CatalogRowField]?: unknown };

/** SKU, title and permalink of an item, decided by the rows rule (variants are named after their options). */
export interface ItemNaming {
  sku: string;
  title: string;
  permalink: string;
}

/** What the rules of a format are given: cells, parsed values, and where rejections, skips and warnings go. */
export interface FormatContext<C extends ColumnMap> {
  /** The header generation the file is in. */
  readonly format: CatalogFormat;
  /** The time that decides whether dated sales are active. */
  readonly now: Date;
  readonly records: readonly CsvRecord[];
  /** The cell of a column in a record after the format's cell preprocessing, unparsed ('' when absent). */
  raw(record: CsvRecord, key: keyof C & string): string;
  /** Whether the file has the column. */
  has(key: keyof C & string): boolean;
  /** The column's name as the file writes it (or its label), for messages. */
  column(key: keyof C & string): string;
  /**
   * Parses the columns of `level` in a record, in column-map order, into `into` (the values read so far for the
   * row; a new object when not given) and returns it. A bad cell becomes a rejection naming its line and column,
   * and the result is null. (One object per row, of one shape, rather than one per level spread together: at
   * 100,000 rows the spreads cost more than the parsing.)
   */
  read<L extends ColumnLevel, T extends object = object>(
    record: CsvRecord,
    level: L,
    into?: T,
  ): (T & ValuesAt<C, L>) | null;
  /** The reason the first matching record skip rule gives, or null. */
  recordSkip(values: RecordValues<C>): string | null;
  /** The reason the first matching product skip rule gives, or null; `name` is how the product is known (a handle). */
  productSkip(values: ProductValues<C>, name: string): string | null;
  /** A product's fields: its columns named after catalog fields, then the format's product field rules. */
  productFields(values: ProductValues<C>): ProductFields;
  /**
   * Adds one product of the store: `product`'s fields, the item's columns named after catalog fields, `naming`,
   * the format's item field rules, stock below 0 read as 0 (with a warning).
   */
  addItem(line: number, product: ProductFields, values: ItemValues<C>, naming: ItemNaming): void;
  /** Counts `records` more rows of the file as dealt with (for progress). */
  advance(records: number): void;
  reject(line: number, key: keyof C & string, reason: string): void;
  skip(line: number, reason: string): void;
  warn(message: string): void;
}

/**
 * How the rows of a file make products (see `format-rules.ts`). `read` yields between rows (or products), so a
 * store importing a large file answers requests between them (run-in-slices.ts, decision 0087).
 */
export interface RowsRule<C extends ColumnMap> {
  read(context: FormatContext<C>): Generator<void, void>;
}

/** A filter: rows or products not imported, with why (a reason) or null. `name`: how the product is known. */
export interface SkipRule<C extends ColumnMap, L extends 'record' | 'product' = 'record' | 'product'> {
  level: L;
  reason(values: ValuesAt<C, L>, name: string): string | null;
}

/** A field worked out from several values; product rules run once per product, item rules on each item. */
export interface FieldRule<C extends ColumnMap, L extends 'product' | 'item' = 'product' | 'item'> {
  level: L;
  apply(fields: ProductFields, values: ValuesAt<C, L>, context: FormatContext<C>, line: number): void;
}

/** A column key, or one per header generation. */
export type ColumnRef<C extends ColumnMap> =
  (keyof C & string) | { readonly [F in CatalogFormat]?: keyof C & string };

/** A catalog format: see the module comment. */
export interface CatalogFormatSpec<C extends ColumnMap> {
  dialects: readonly FormatDialect[];
  columns: C;
  /** Applied to every raw cell first (e.g. WooCommerce's formula escaping). */
  cell?: (raw: string) => string;
  rows: RowsRule<C>;
  skip?: readonly (SkipRule<C, 'record'> | SkipRule<C, 'product'>)[];
  fields?: readonly (FieldRule<C, 'product'> | FieldRule<C, 'item'>)[];
  /** The column a field's rejections name, when it is not the column keyed by the field's own name. */
  fieldColumns?: { readonly [F in CatalogRowField]?: ColumnRef<C> };
}

/** Declares a format, checking the rules against its column map. */
export function defineCatalogFormat<C extends ColumnMap>(spec: CatalogFormatSpec<C>): CatalogFormatSpec<C> {
  return spec;
}
