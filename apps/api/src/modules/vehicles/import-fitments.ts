/**
 * The fitment file's import (issue 15 §2, decision 0030): rows of FITMENT_CSV_COLUMNS (`@store/shared/fitment`),
 * one per SKU and vehicle range, each expanded to every vehicle of the vehicle list it covers. All or nothing:
 * every row is checked first (unknown SKU, unknown make or model, years the wrong way round, a range that matches
 * no vehicle), and one bad row imports nothing.
 *
 * The file is the whole fitment list of each SKU it names: for those products, fitments not in the file are
 * removed, changed notes or sources are updated, and a second import of the same file changes nothing. Products the
 * file does not name keep theirs. A `Universal` row marks its product as fitting every vehicle (and gives it no
 * vehicle rows). A change bumps the catalog version, so every instance's read model reloads (decision 0019).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  FITMENT_CSV_COLUMNS,
  FITMENT_CSV_REQUIRED_COLUMNS,
  fitmentCsvRowSchema,
  type FitmentCsvRow,
  type FitmentSource,
} from '@store/shared/fitment';
import { rowsOf, type Database } from '../../db/client';
import { vehicles } from '../../db/schema';
import { bumpCatalogVersion } from '../catalog/catalog-version';
import { CatalogFileError, type Rejection } from '../catalog-import/catalog-row';
import { RowsRefusedError } from './rows-refused-error';
import { headerKey, scanCsvSteps, type CsvHeader, type CsvRecord } from '../catalog-import/read-csv-table';
import { IMPORT_SLICE_MS, analyzeTables, chunks, importPause } from '../catalog-import/import-pause';
import { IntColumn } from '../catalog/int-column';
import { runInSlices } from '../catalog/run-in-slices';
import { unnestRows, type UnnestColumn } from '../catalog-import/unnest-rows';

/** SKUs per lookup (one array parameter); a few thousand keep a lookup on the embedded database short (decision 0087). */
const LOOKUP_BATCH = 2_000;
/** Products whose stored fitments are read per statement (about 20 rows each). */
const STORED_BATCH = 1_000;
/** Fitment rows written, updated or removed per statement: one array per column (`unnestRows`). */
const WRITE_BATCH = 5_000;

/** What an import did: fitment rows (one product, one vehicle, one position) and products named. */
export interface FitmentImportResult {
  created: number;
  updated: number;
  removed: number;
  unchanged: number;
  products: number;
  universal: number;
}

type VehicleRow = Pick<
  typeof vehicles.$inferSelect,
  'id' | 'make' | 'model' | 'series' | 'yearFrom' | 'yearTo' | 'engineCode' | 'engineDecilitres' | 'fuel'
> & {
  /** `series` and `engineCode` folded once (rows are matched against them hundreds of thousands of times). */
  seriesKey: string;
  engineCodeKey: string;
};

/** A fitment the file asks for: its notes and source, and the line that asked (for a conflict's error). */
interface Wanted {
  notes: string;
  source: FitmentSource;
  line: number;
}

const fold = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** The vehicles of `list` a row's range covers (make and model already matched). */
function covered(list: VehicleRow[], row: FitmentCsvRow): VehicleRow[] {
  const series = row.series ? fold(row.series) : '';
  const engineCode = row.engine && 'code' in row.engine ? fold(row.engine.code) : '';
  return list.filter((v) => {
    if (series && v.seriesKey !== series) return false;
    if (row.yearFrom !== null && (v.yearTo ?? Number.MAX_SAFE_INTEGER) < row.yearFrom) return false;
    if (row.yearTo !== null && v.yearFrom > row.yearTo) return false;
    const engine = row.engine;
    if (engine && 'code' in engine) return v.engineCodeKey === engineCode;
    if (engine) {
      if (v.engineDecilitres !== Math.round(engine.litres * 10)) return false;
      if (engine.fuel && v.fuel !== engine.fuel) return false;
    }
    return true;
  });
}

/** A range as a person reads it, for an error: "Toyota HiLux GUN126R 2016-2018 2.8". */
function rangeText(row: FitmentCsvRow): string {
  const years =
    row.yearFrom === null && row.yearTo === null ? '' : ` ${row.yearFrom ?? ''}-${row.yearTo ?? ''}`;
  const engine = row.engine ? ` ${'code' in row.engine ? row.engine.code : `${row.engine.litres}L`}` : '';
  return `${row.make} ${row.model}${row.series ? ` ${row.series}` : ''}${years}${engine}`;
}

/** What a fitment file's header may name, for the errors about it. */
const READ_COLUMNS = `Its header names ${FITMENT_CSV_REQUIRED_COLUMNS.join(', ')}, and any of ${FITMENT_CSV_COLUMNS.filter((c) => !FITMENT_CSV_REQUIRED_COLUMNS.includes(c)).join(', ')} (a column left out is empty in every row).`;

/** Refuses a header without the required columns or with columns the store does not read. */
function checkHeader(header: CsvHeader): void {
  const missing = FITMENT_CSV_REQUIRED_COLUMNS.filter((c) => header.columnIndex(c) === -1);
  if (missing.length)
    throw new CatalogFileError(
      `The fitment file has no ${missing.map((c) => `"${c}"`).join(', ')} column${missing.length === 1 ? '' : 's'}. ${READ_COLUMNS}`,
    );
  const known = new Set(FITMENT_CSV_COLUMNS.map(headerKey));
  const extra = header.headers.filter((h) => h.trim() && !known.has(headerKey(h)));
  if (extra.length)
    throw new CatalogFileError(
      `The fitment file has columns this store does not read: ${extra.map((c) => `"${c}"`).join(', ')}. ${READ_COLUMNS}`,
    );
}

/** The whole vehicle list, by folded make, then folded model. */
async function vehiclesByMakeModel(db: Database): Promise<Map<string, Map<string, VehicleRow[]>>> {
  const byMakeModel = new Map<string, Map<string, VehicleRow[]>>();
  for (const v of await db
    .select({
      id: vehicles.id,
      make: vehicles.make,
      model: vehicles.model,
      series: vehicles.series,
      yearFrom: vehicles.yearFrom,
      yearTo: vehicles.yearTo,
      engineCode: vehicles.engineCode,
      engineDecilitres: vehicles.engineDecilitres,
      fuel: vehicles.fuel,
    })
    .from(vehicles)
    .then((rows) =>
      rows.map((r) => ({ ...r, seriesKey: fold(r.series), engineCodeKey: fold(r.engineCode) })),
    )) {
    const models = byMakeModel.get(fold(v.make)) ?? new Map<string, VehicleRow[]>();
    byMakeModel.set(fold(v.make), models);
    const list = models.get(fold(v.model)) ?? [];
    models.set(fold(v.model), list);
    list.push(v);
  }
  return byMakeModel;
}

/**
 * Checks one parsed row against the products and the vehicle list and records what it asks for in `wanted`; the
 * row's rejection when it names an unknown SKU, make, model or series, or a range that matches no vehicle.
 */
function expandRow(
  line: number,
  row: FitmentCsvRow,
  productIds: ReadonlyMap<string, number>,
  byMakeModel: ReadonlyMap<string, ReadonlyMap<string, VehicleRow[]>>,
  wanted: WantedFitments,
): Rejection | null {
  const productId = productIds.get(row.sku.toLowerCase());
  if (productId === undefined)
    return { line, column: 'SKU', reason: `no product has SKU "${row.sku}" (import the catalog first)` };
  wanted.name(productId);
  if (row.universal) {
    wanted.markUniversal(productId);
    return null;
  }
  const models = byMakeModel.get(fold(row.make));
  if (!models)
    return { line, column: 'Make', reason: `no vehicle of the make "${row.make}" is in the vehicle list` };
  const list = models.get(fold(row.model));
  if (!list) return { line, column: 'Model', reason: `the vehicle list has no ${row.make} "${row.model}"` };
  if (row.series && !list.some((v) => v.seriesKey === fold(row.series)))
    return {
      line,
      column: 'Series',
      reason: `the vehicle list has no ${row.make} ${row.model} of the series "${row.series}"`,
    };
  const matched = covered(list, row);
  if (matched.length === 0)
    return { line, column: 'Year From', reason: `${rangeText(row)} matches no vehicle in the vehicle list` };
  wanted.addRow(productId, line, row.position, row.notes, row.source, matched);
  return null;
}

/** Each distinct text once, by number. */
class TextTable {
  private readonly numbers = new Map<string, number>();
  private readonly texts: string[] = [];

  numberOf(text: string): number {
    let n = this.numbers.get(text);
    if (n === undefined) {
      n = this.texts.length;
      this.texts.push(text);
      this.numbers.set(text, n);
    }
    return n;
  }

  text(n: number): string {
    return this.texts[n] as string;
  }
}

/**
 * What a fitment file asks for, held compactly (issue 42 §3): per row its line, position, notes, source and the
 * ids of the vehicles its range covers, in columns of numbers; per product the rows that name it, in file order.
 * A product's fitments by `vehicleId|position` are worked out from its rows when asked (`fitsOf`), a few products
 * at a time, rather than held for every product at once.
 */
class WantedFitments {
  private readonly byProduct = new Map<number, { universal: boolean; rows: number[] }>();
  private readonly rowLine = new IntColumn();
  private readonly rowPosition = new IntColumn();
  private readonly rowNotes = new IntColumn();
  private readonly rowSource = new IntColumn();
  private readonly rowStart = new IntColumn();
  private readonly vehicleIds = new IntColumn();
  private readonly texts = new TextTable();
  universalCount = 0;

  get size(): number {
    return this.byProduct.size;
  }

  /** The products named, in the order the file first names them. */
  products(): IterableIterator<number> {
    return this.byProduct.keys();
  }

  name(productId: number): { universal: boolean; rows: number[] } {
    let entry = this.byProduct.get(productId);
    if (!entry) {
      entry = { universal: false, rows: [] };
      this.byProduct.set(productId, entry);
    }
    return entry;
  }

  markUniversal(productId: number): void {
    const entry = this.name(productId);
    if (!entry.universal) this.universalCount++;
    entry.universal = true;
  }

  isUniversal(productId: number): boolean {
    return this.byProduct.get(productId)?.universal ?? false;
  }

  addRow(
    productId: number,
    line: number,
    position: string,
    notes: string,
    source: FitmentSource,
    covered: readonly { id: number }[],
  ): void {
    this.name(productId).rows.push(this.rowLine.length);
    this.rowLine.push(line);
    this.rowPosition.push(this.texts.numberOf(position));
    this.rowNotes.push(this.texts.numberOf(notes));
    this.rowSource.push(this.texts.numberOf(source));
    this.rowStart.push(this.vehicleIds.length);
    for (const v of covered) this.vehicleIds.push(v.id);
  }

  /**
   * A product's fitments by `vehicleId|position`, its rows taken in file order (a later row repeating a fitment
   * with the same notes and source is the same fitment), and the rows that fit it to a vehicle in a position
   * an earlier row gave other notes or source: each refused, naming that earlier line.
   */
  fitsOf(productId: number): { fits: Map<string, Wanted>; conflicts: Rejection[] } {
    const fits = new Map<string, Wanted>();
    const conflicts: Rejection[] = [];
    for (const row of this.byProduct.get(productId)?.rows ?? []) {
      const line = this.rowLine.at(row);
      const position = this.texts.text(this.rowPosition.at(row));
      const notes = this.texts.text(this.rowNotes.at(row));
      const source = this.texts.text(this.rowSource.at(row)) as FitmentSource;
      const end = row + 1 < this.rowStart.length ? this.rowStart.at(row + 1) : this.vehicleIds.length;
      for (let k = this.rowStart.at(row); k < end; k++) {
        const key = `${this.vehicleIds.at(k)}|${position}`;
        const earlier = fits.get(key);
        if (earlier && (earlier.notes !== notes || earlier.source !== source)) {
          conflicts.push({
            line,
            column: 'Notes',
            reason: `line ${earlier.line} already fits this SKU to some of the same vehicles in the same position with other notes or source`,
          });
          break;
        }
        fits.set(key, { notes, source, line });
      }
    }
    return { fits, conflicts };
  }
}

/** Whether a fitments row `f` is the row `t` of a batch: the same product, vehicle and position. */
const SAME_ROW = sql`f.product_id = t.product_id AND f.vehicle_id = t.vehicle_id AND f.position = t.position`;

/**
 * Fitment rows written WRITE_BATCH at a time: `statement` makes one statement of the rows gathered (`columns`),
 * run in `tx` when the batch is full and at `flush`.
 */
class FitmentBatch {
  private productId: number[] = [];
  private vehicleId: number[] = [];
  private position: string[] = [];
  private notes: string[] = [];
  private source: FitmentSource[] = [];

  constructor(
    private readonly tx: Database,
    private readonly statement: (rows: FitmentBatch) => SQL,
  ) {}

  async add(productId: number, vehicleId: number, position: string, notes: string, source: FitmentSource) {
    this.productId.push(productId);
    this.vehicleId.push(vehicleId);
    this.position.push(position);
    this.notes.push(notes);
    this.source.push(source);
    if (this.productId.length >= WRITE_BATCH) await this.flush();
  }

  /** The rows gathered as unnest columns: the key, and notes and source when `withValues`. */
  columns(withValues: boolean): UnnestColumn[] {
    const key: UnnestColumn[] = [
      { name: 'product_id', type: 'int4', values: this.productId },
      { name: 'vehicle_id', type: 'int4', values: this.vehicleId },
      { name: 'position', type: 'text', values: this.position },
    ];
    if (!withValues) return key;
    return [
      ...key,
      { name: 'notes', type: 'text', values: this.notes },
      { name: 'source', type: 'text', values: this.source },
    ];
  }

  async flush(): Promise<void> {
    if (this.productId.length === 0) return;
    await this.tx.execute(this.statement(this));
    this.productId = [];
    this.vehicleId = [];
    this.position = [];
    this.notes = [];
    this.source = [];
    const turn = importPause();
    if (turn) await turn;
  }
}

/**
 * Reads the file as scanCsvTable does, in slices of IMPORT_SLICE_MS with a turn of the event loop between: a store
 * running the import keeps answering (decision 0087).
 */
function scan(
  text: string | Buffer,
  start: (header: CsvHeader) => (record: CsvRecord) => void,
): Promise<CsvHeader> {
  return runInSlices(scanCsvSteps(text, start), IMPORT_SLICE_MS).done;
}

/**
 * Imports the fitment file in `text` into `db` in one transaction. Throws CatalogFileError for an unreadable file
 * or a missing column, RowsRefusedError listing every bad row, or the database's error; nothing is imported then.
 */
export async function importFitments(db: Database, text: string | Buffer): Promise<FitmentImportResult> {
  // Read twice, nothing held between: first the SKUs the file names, then each row checked and expanded as it is
  // read (issue 42 §3: a million products' file has 8 million rows, 19 million fitments; held as rows they took
  // more than the 4 GB heap).
  const skus = new Set<string>();
  await scan(text, (header) => {
    checkHeader(header);
    const sku = header.columnIndex('SKU');
    return (record) => {
      // As fitmentCsvRowSchema reads the cell (trimmed); its own errors come with the second reading.
      const cell = (record.values[sku] ?? '').trim().toLowerCase();
      if (cell) skus.add(cell);
    };
  });

  // The products the file names, by SKU whatever its case, and the whole vehicle list (hundreds to tens of
  // thousands of rows), grouped by make and model.
  const productIds = new Map<string, number>();
  const skuList = [...skus];
  skus.clear();
  for await (const batch of chunks(skuList, LOOKUP_BATCH)) {
    const found = rowsOf<{ id: number; sku: string }>(
      await db.execute(sql`SELECT id, sku FROM products WHERE lower(sku) = ANY(${sql.param(batch)}::text[])`),
    );
    for (const p of found) productIds.set(p.sku.toLowerCase(), p.id);
  }
  const byMakeModel = await vehiclesByMakeModel(db);

  const rejections: Rejection[] = [];
  const wanted = new WantedFitments();
  await scan(text, (header) => {
    const indexes = FITMENT_CSV_COLUMNS.map((c) => header.columnIndex(c));
    return (record) => {
      const input = Object.fromEntries(
        FITMENT_CSV_COLUMNS.map((c, k) => [c, record.values[indexes[k] ?? -1] ?? '']),
      );
      const parsed = fitmentCsvRowSchema.safeParse(input);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          rejections.push({ line: record.line, column: String(issue.path[0] ?? ''), reason: issue.message });
        return;
      }
      const rejection = expandRow(record.line, parsed.data, productIds, byMakeModel, wanted);
      if (rejection) rejections.push(rejection);
    };
  });
  productIds.clear();
  for (const productId of wanted.products()) {
    rejections.push(...wanted.fitsOf(productId).conflicts);
    const turn = importPause();
    if (turn) await turn;
  }
  if (rejections.length) {
    rejections.sort((a, b) => a.line - b.line);
    throw new RowsRefusedError(rejections);
  }

  const result: FitmentImportResult = {
    created: 0,
    updated: 0,
    removed: 0,
    unchanged: 0,
    products: wanted.size,
    universal: wanted.universalCount,
  };
  // Set-based (decision 0030's import at 100,000 products): the stored fitments of the products named are read a
  // batch of products at a time and diffed here; the removals, updates and inserts are written a batch of rows per
  // statement as they fill (issue 42 §3: never all 19 million at once), and the universal flags after them.
  // Rows added or removed, or universal flags changed: what the planner's statistics describe.
  let reshaped = false;
  await db.transaction(async (tx) => {
    const removals = new FitmentBatch(
      tx,
      (rows) => sql`
      DELETE FROM fitments f USING (${unnestRows(rows.columns(false))}) AS t WHERE ${SAME_ROW}`,
    );
    const changes = new FitmentBatch(
      tx,
      (rows) => sql`
      UPDATE fitments f SET notes = t.notes, source = t.source, updated_at = now()
      FROM (${unnestRows(rows.columns(true))}) AS t WHERE ${SAME_ROW}`,
    );
    const inserts = new FitmentBatch(
      tx,
      (rows) => sql`
      INSERT INTO fitments (product_id, vehicle_id, position, notes, source)
      ${unnestRows(rows.columns(true))}`,
    );
    const productList = [...wanted.products()];
    for await (const batch of chunks(productList, STORED_BATCH)) {
      const fitsOf = new Map(batch.map((id) => [id, wanted.fitsOf(id).fits]));
      const stored = rowsOf<{
        product_id: number;
        vehicle_id: number;
        position: string;
        notes: string;
        source: FitmentSource;
      }>(
        await tx.execute(sql`
          SELECT product_id, vehicle_id, position, notes, source FROM fitments
          WHERE product_id = ANY(${sql.param(batch)}::int4[])`),
      );
      for (const s of stored) {
        const fits = fitsOf.get(s.product_id);
        if (!fits) continue;
        const key = `${s.vehicle_id}|${s.position}`;
        const want = fits.get(key);
        if (!want) {
          await removals.add(s.product_id, s.vehicle_id, s.position, '', 'manufacturer');
          result.removed++;
        } else if (want.notes !== s.notes || want.source !== s.source) {
          await changes.add(s.product_id, s.vehicle_id, s.position, want.notes, want.source);
          result.updated++;
        } else {
          result.unchanged++;
        }
        fits.delete(key);
      }
      for (const [productId, fits] of fitsOf)
        for (const [key, want] of fits) {
          const bar = key.indexOf('|');
          await inserts.add(
            productId,
            Number(key.slice(0, bar)),
            key.slice(bar + 1),
            want.notes,
            want.source,
          );
          result.created++;
        }
    }
    await removals.flush();
    await changes.flush();
    await inserts.flush();

    let flipped = 0;
    const flags = productList.map((id) => [id, wanted.isUniversal(id)] as const);
    for await (const batch of chunks(flags, WRITE_BATCH)) {
      const rows = rowsOf<{ id: number }>(
        await tx.execute(sql`
          UPDATE products p SET universal_fit = t.universal
          FROM (${unnestRows([
            { name: 'id', type: 'int4', values: batch.map(([id]) => id) },
            { name: 'universal', type: 'bool', values: batch.map(([, u]) => u) },
          ])}) AS t
          WHERE p.id = t.id AND p.universal_fit IS DISTINCT FROM t.universal
          RETURNING p.id`),
      );
      flipped += rows.length;
    }
    // Fitments are catalog the read model cannot pick up row by row (decision 0019).
    if (result.created > 0 || result.removed > 0 || result.updated > 0 || flipped > 0)
      await bumpCatalogVersion(tx);
    reshaped = result.created > 0 || result.removed > 0 || flipped > 0;
  });
  // Fresh statistics after a bulk change (decision 0083): without them the planner took a product page's ~20
  // fitments among 19 million for 47,000 and read them with two parallel workers and JIT, 300-430 ms a page
  // instead of a millisecond. Autovacuum would get there later, where it runs at all (PGlite has none).
  if (reshaped) await analyzeTables(db, ['fitments', 'products']);
  return result;
}
