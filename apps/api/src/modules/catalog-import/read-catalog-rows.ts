/**
 * Runs a catalog format (`catalog-format.ts`) over a CSV table: binds its column map to the file's headers, reads
 * cells as its rules ask, and builds the rows that `finishCatalogRows` checks. Pure: no database, no file system.
 */
import { runToEnd } from '../catalog/run-in-slices';
import {
  type CatalogFormatSpec,
  type ColumnLevel,
  type ColumnMap,
  type FormatContext,
  type ItemNaming,
  type NamedValue,
  type ProductFields,
  type ValuesAt,
} from './catalog-format';
import {
  CATALOG_ROW_FIELDS,
  type CatalogFormat,
  type CatalogParseResult,
  type CatalogRowField,
  type Rejection,
  type SkippedRow,
} from './catalog-row';
import { CellIssue } from './cell-parsers';
import { createCatalogRowChecker } from './finish-catalog-rows';
import { findFirstColumn, type CsvRecord, type CsvTable } from './read-csv-table';

interface BoundColumn {
  key: string;
  level: ColumnLevel;
  /** The header as the file writes it, or the column's label when the file lacks it. */
  name: string;
  read(record: CsvRecord): unknown;
}

const FIELDS = new Set<string>(CATALOG_ROW_FIELDS);
/** Progress is reported every this many rows. */
const PROGRESS_EVERY = 1_000;
const isCatalogField = (key: string): key is CatalogRowField => FIELDS.has(key);

/**
 * Reads `table` as `spec` in its header generation `format`. `now` (default: the current time) decides whether
 * dated sales are active; `onProgress` hears (rows dealt with, rows in the file) every 1,000 rows. Rejections and skipped rows come back in the order the rules found them; warnings too.
 * Never throws for bad rows.
 */
export function readCatalogRows<C extends ColumnMap>(
  table: CsvTable,
  spec: CatalogFormatSpec<C>,
  format: CatalogFormat,
  options: ReadCatalogRowsOptions = {},
): CatalogParseResult {
  return runToEnd(readCatalogRowSteps(table, spec, format, options));
}

export interface ReadCatalogRowsOptions {
  now?: Date;
  onProgress?: ((done: number, total: number) => void) | undefined;
  /**
   * Cells already parsed elsewhere (a worker thread: parse-cells-off-thread.ts), by column key, then by the line
   * of their record. A cell not there is parsed here, so the lists may be partial and still filling.
   */
  parsedCells?: ReadonlyMap<string, readonly unknown[]> | undefined;
}

/** readCatalogRows a step at a time (run-in-slices.ts): a step is a row, or a product of several rows. */
export function* readCatalogRowSteps<C extends ColumnMap>(
  table: CsvTable,
  spec: CatalogFormatSpec<C>,
  format: CatalogFormat,
  options: ReadCatalogRowsOptions = {},
): Generator<void, CatalogParseResult> {
  const total = table.records.length;
  let done = 0;
  let reported = 0;
  const mapCell = spec.cell ?? ((raw: string) => raw);
  const rejections: Rejection[] = [];
  const warnings: string[] = [];
  const skipped: SkippedRow[] = [];
  // Rows are checked as they are made, so the drafts do not pile up for the garbage collector.
  const checker = createCatalogRowChecker({ rejections, warnings });

  const bound = new Map<string, BoundColumn & { index: number }>();
  for (const [key, column] of Object.entries(spec.columns)) {
    if ('pairs' in column) {
      const pairs: { name: number; value: number }[] = [];
      table.headers.forEach((header, i) => {
        const m = column.pairs.names.exec(header);
        if (!m) return;
        const value = table.columnIndex(column.pairs.values(m));
        if (value >= 0) pairs.push({ name: i, value });
      });
      bound.set(key, {
        key,
        level: column.level,
        name: column.label,
        index: pairs[0]?.name ?? -1,
        read(record) {
          const list: NamedValue[] = [];
          for (const p of pairs) {
            const name = mapCell(record.values[p.name] ?? '').trim();
            if (name !== '') list.push({ name, value: mapCell(record.values[p.value] ?? '').trim() });
          }
          return column.parse(list);
        },
      });
      continue;
    }
    const index = findFirstColumn(table, column.headers);
    const parsed = options.parsedCells?.get(key);
    const firstName = column.headers.find((h): h is string => typeof h === 'string');
    const name = index >= 0 ? (table.headers[index] ?? key) : (column.label ?? firstName ?? key);
    bound.set(key, {
      key,
      level: column.level,
      name,
      index,
      read:
        parsed && index >= 0
          ? (record) => {
              const value = parsed[record.line];
              return value !== undefined ? value : column.parse(mapCell(record.values[index] ?? ''), name);
            }
          : (record) => column.parse(index >= 0 ? mapCell(record.values[index] ?? '') : '', name),
    });
  }
  const atLevel = (level: ColumnLevel) => [...bound.values()].filter((c) => c.level === level);
  const levels: Record<ColumnLevel, BoundColumn[]> = {
    record: atLevel('record'),
    product: atLevel('product'),
    item: atLevel('item'),
  };
  const fieldsOf = (columns: readonly BoundColumn[]) =>
    columns.flatMap((c) => (isCatalogField(c.key) ? [{ field: c.key, key: c.key }] : []));
  const productFieldColumns = fieldsOf(levels.product);
  const itemFieldColumns = fieldsOf(levels.item);
  const productRules = (spec.fields ?? []).flatMap((r) => (r.level === 'product' ? [r] : []));
  const itemRules = (spec.fields ?? []).flatMap((r) => (r.level === 'item' ? [r] : []));
  const columnName = (key: string) => bound.get(key)?.name ?? key;
  // Every row's values object starts as a copy of this one, so they all share one fast shape (an object given
  // its properties one by one by computed key would turn into a slow dictionary after a dozen).
  const valuesTemplate: unknown = JSON.parse(
    JSON.stringify(Object.fromEntries([...bound.keys()].map((k) => [k, null]))),
  );

  // The column each field's rejections name.
  const fieldColumns: Partial<Record<CatalogRowField, string>> = {};
  for (const field of CATALOG_ROW_FIELDS) {
    const ref = spec.fieldColumns?.[field];
    const key = typeof ref === 'string' ? ref : (ref?.[format] ?? (bound.has(field) ? field : undefined));
    if (key !== undefined) fieldColumns[field] = columnName(key);
  }

  const context: FormatContext<C> = {
    format,
    now: options.now ?? new Date(),
    records: table.records,
    raw(record, key) {
      const index = bound.get(key)?.index ?? -1;
      return index >= 0 ? mapCell(record.values[index] ?? '') : '';
    },
    has: (key) => (bound.get(key)?.index ?? -1) >= 0,
    column: columnName,
    read<L extends ColumnLevel, T extends object = object>(
      record: CsvRecord,
      level: L,
      into?: T,
    ): (T & ValuesAt<C, L>) | null {
      const values: object = into ?? Object.assign({}, valuesTemplate);
      let ok = true;
      for (const column of levels[level]) {
        const value = column.read(record);
        if (value instanceof CellIssue) {
          rejections.push({ line: record.line, column: column.name, reason: value.reason });
          ok = false;
        } else {
          Reflect.set(values, column.key, value);
        }
      }
      // `values` now holds every column of the level, each parsed by its own column's parser.
      return ok ? (values as T & ValuesAt<C, L>) : null;
    },
    recordSkip(values) {
      for (const rule of spec.skip ?? []) {
        const reason = rule.level === 'record' ? rule.reason(values, '') : null;
        if (reason !== null) return reason;
      }
      return null;
    },
    productSkip(values, name) {
      for (const rule of spec.skip ?? []) {
        const reason = rule.level === 'product' ? rule.reason(values, name) : null;
        if (reason !== null) return reason;
      }
      return null;
    },
    productFields(values) {
      const fields: ProductFields = { ...EMPTY_FIELDS };
      const source: Readonly<Record<string, unknown>> = values;
      for (const { field, key } of productFieldColumns) fields[field] = source[key];
      for (const rule of productRules) rule.apply(fields, values, context, 0);
      return fields;
    },
    addItem(line: number, product: ProductFields, values, naming: ItemNaming) {
      const fields: ProductFields = { ...product };
      const source: Readonly<Record<string, unknown>> = values;
      for (const { field, key } of itemFieldColumns) fields[field] = source[key];
      fields.line = line;
      fields.sku = naming.sku;
      fields.title = naming.title;
      fields.permalink = naming.permalink;
      for (const rule of itemRules) rule.apply(fields, values, context, line);
      if (typeof fields.stock === 'number' && fields.stock < 0) {
        warnings.push(`line ${line}: stock ${fields.stock} is below 0; imported as 0`);
        fields.stock = 0;
      }
      checker.add({ line, fields, columns: fieldColumns });
    },
    advance(records) {
      done += records;
      if (done - reported >= PROGRESS_EVERY) {
        reported = done;
        options.onProgress?.(Math.min(done, total), total);
      }
    },
    reject(line, key, reason) {
      rejections.push({ line, column: columnName(key), reason });
    },
    skip(line, reason) {
      skipped.push({ line, reason });
    },
    warn(message) {
      warnings.push(message);
    },
  };

  options.onProgress?.(0, total);
  yield* spec.rows.read(context);
  const rows = checker.finish();
  options.onProgress?.(total, total);
  return { format, rows, rejections, warnings, skipped };
}

/** Every field, with the value it has when no column or rule of a format fills it (in schema order). */
const EMPTY_FIELDS: ProductFields = {
  line: 0,
  sku: '',
  title: '',
  permalink: '',
  priceCents: 0,
  discount: null,
  stock: null,
  weightGrams: null,
  dangerousGoodsClass: null,
  bulky: false,
  lengthMm: null,
  widthMm: null,
  heightMm: null,
  shortDescription: null,
  longDescription: null,
  categoryTitle: null,
  childCategoryTitle: null,
  brandTitle: null,
  images: [],
  seoTitle: null,
  seoDescription: null,
  seoTags: null,
  partNumbers: [],
  badge: null,
  isFeatured: false,
  canonicalUrl: null,
  schemaMarkup: null,
};
