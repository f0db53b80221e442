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
import { sql } from 'drizzle-orm';
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
import { headerKey, readCsvTable } from '../catalog-import/read-csv-table';
import { unnestRows, type UnnestColumn } from '../catalog-import/unnest-rows';

/** SKUs per lookup (one array parameter). */
const LOOKUP_BATCH = 10_000;
/** Products whose stored fitments are read per statement (about 20 rows each). */
const STORED_BATCH = 5_000;
/** Fitment rows written, updated or removed per statement: one array per column (`unnestRows`). */
const WRITE_BATCH = 20_000;

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

interface Wanted {
  notes: string;
  source: FitmentSource;
  line: number;
}

/** Fitment rows to write, a column each (for `unnestRows`). */
interface FitmentColumns {
  productId: number[];
  vehicleId: number[];
  position: string[];
  notes: string[];
  source: FitmentSource[];
}

const fitmentColumns = (): FitmentColumns => ({
  productId: [],
  vehicleId: [],
  position: [],
  notes: [],
  source: [],
});

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

/**
 * Imports the fitment file in `text` into `db` in one transaction. Throws CatalogFileError for an unreadable file
 * or a missing column, RowsRefusedError listing every bad row, or the database's error; nothing is imported then.
 */
export async function importFitments(db: Database, text: string | Buffer): Promise<FitmentImportResult> {
  const table = readCsvTable(text);
  const missing = FITMENT_CSV_REQUIRED_COLUMNS.filter((c) => table.columnIndex(c) === -1);
  if (missing.length)
    throw new CatalogFileError(
      `The fitment file has no ${missing.map((c) => `"${c}"`).join(', ')} column${missing.length === 1 ? '' : 's'}. ${READ_COLUMNS}`,
    );
  const known = new Set(FITMENT_CSV_COLUMNS.map(headerKey));
  const extra = table.headers.filter((h) => h.trim() && !known.has(headerKey(h)));
  if (extra.length)
    throw new CatalogFileError(
      `The fitment file has columns this store does not read: ${extra.map((c) => `"${c}"`).join(', ')}. ${READ_COLUMNS}`,
    );

  const rejections: Rejection[] = [];
  const rows: { line: number; row: FitmentCsvRow }[] = [];
  for (const record of table.records) {
    const input = Object.fromEntries(
      FITMENT_CSV_COLUMNS.map((c) => [c, record.values[table.columnIndex(c)] ?? '']),
    );
    const parsed = fitmentCsvRowSchema.safeParse(input);
    if (parsed.success) rows.push({ line: record.line, row: parsed.data });
    else
      for (const issue of parsed.error.issues)
        rejections.push({ line: record.line, column: String(issue.path[0] ?? ''), reason: issue.message });
  }

  // The products the file names, by SKU whatever its case, and the whole vehicle list (hundreds to tens of
  // thousands of rows), grouped by make and model.
  const skus = [...new Set(rows.map(({ row }) => row.sku.toLowerCase()))];
  const productIds = new Map<string, number>();
  for (let i = 0; i < skus.length; i += LOOKUP_BATCH) {
    const found = rowsOf<{ id: number; sku: string }>(
      await db.execute(
        sql`SELECT id, sku FROM products WHERE lower(sku) = ANY(${sql.param(skus.slice(i, i + LOOKUP_BATCH))}::text[])`,
      ),
    );
    for (const p of found) productIds.set(p.sku.toLowerCase(), p.id);
  }
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

  /** Per product: the fitments the file asks for, by `vehicleId|position`, and whether it is universal. */
  const wanted = new Map<number, { fits: Map<string, Wanted>; universal: boolean }>();
  for (const { line, row } of rows) {
    const productId = productIds.get(row.sku.toLowerCase());
    if (productId === undefined) {
      rejections.push({
        line,
        column: 'SKU',
        reason: `no product has SKU "${row.sku}" (import the catalog first)`,
      });
      continue;
    }
    const entry = wanted.get(productId) ?? { fits: new Map<string, Wanted>(), universal: false };
    wanted.set(productId, entry);
    if (row.universal) {
      entry.universal = true;
      continue;
    }
    const models = byMakeModel.get(fold(row.make));
    if (!models) {
      rejections.push({
        line,
        column: 'Make',
        reason: `no vehicle of the make "${row.make}" is in the vehicle list`,
      });
      continue;
    }
    const list = models.get(fold(row.model));
    if (!list) {
      rejections.push({
        line,
        column: 'Model',
        reason: `the vehicle list has no ${row.make} "${row.model}"`,
      });
      continue;
    }
    if (row.series && !list.some((v) => v.seriesKey === fold(row.series))) {
      rejections.push({
        line,
        column: 'Series',
        reason: `the vehicle list has no ${row.make} ${row.model} of the series "${row.series}"`,
      });
      continue;
    }
    const matched = covered(list, row);
    if (matched.length === 0) {
      rejections.push({
        line,
        column: 'Year From',
        reason: `${rangeText(row)} matches no vehicle in the vehicle list`,
      });
      continue;
    }
    for (const v of matched) {
      const key = `${v.id}|${row.position}`;
      const earlier = entry.fits.get(key);
      if (earlier && (earlier.notes !== row.notes || earlier.source !== row.source)) {
        rejections.push({
          line,
          column: 'Notes',
          reason: `line ${earlier.line} already fits this SKU to some of the same vehicles in the same position with other notes or source`,
        });
        break;
      }
      entry.fits.set(key, { notes: row.notes, source: row.source, line });
    }
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
    universal: [...wanted.values()].filter((w) => w.universal).length,
  };
  // Set-based (decision 0030's import at 100,000 products): the stored fitments of the products named are read a
  // batch of products at a time, diffed here, and the removals, updates, inserts and universal flags are written a
  // batch of rows per statement, instead of several statements per product.
  await db.transaction(async (tx) => {
    const removals = fitmentColumns();
    const changes = fitmentColumns();
    const productList = [...wanted.keys()];
    for (let i = 0; i < productList.length; i += STORED_BATCH) {
      const stored = rowsOf<{
        product_id: number;
        vehicle_id: number;
        position: string;
        notes: string;
        source: FitmentSource;
      }>(
        await tx.execute(sql`
          SELECT product_id, vehicle_id, position, notes, source FROM fitments
          WHERE product_id = ANY(${sql.param(productList.slice(i, i + STORED_BATCH))}::int4[])`),
      );
      for (const s of stored) {
        const fits = wanted.get(s.product_id)?.fits;
        if (!fits) continue;
        const key = `${s.vehicle_id}|${s.position}`;
        const want = fits.get(key);
        if (!want) {
          removals.productId.push(s.product_id);
          removals.vehicleId.push(s.vehicle_id);
          removals.position.push(s.position);
          result.removed++;
        } else if (want.notes !== s.notes || want.source !== s.source) {
          changes.productId.push(s.product_id);
          changes.vehicleId.push(s.vehicle_id);
          changes.position.push(s.position);
          changes.notes.push(want.notes);
          changes.source.push(want.source);
          result.updated++;
        } else {
          result.unchanged++;
        }
        fits.delete(key);
      }
    }
    const inserts = fitmentColumns();
    for (const [productId, { fits }] of wanted) {
      for (const [key, want] of fits) {
        const bar = key.indexOf('|');
        inserts.productId.push(productId);
        inserts.vehicleId.push(Number(key.slice(0, bar)));
        inserts.position.push(key.slice(bar + 1));
        inserts.notes.push(want.notes);
        inserts.source.push(want.source);
      }
    }
    result.created = inserts.productId.length;

    /** The rows `from` to `from + WRITE_BATCH` as unnest columns: the key, and notes and source when `withValues`. */
    const columns = (rows: FitmentColumns, from: number, withValues: boolean): UnnestColumn[] => {
      const slice = <T>(values: T[]) => values.slice(from, from + WRITE_BATCH);
      const key: UnnestColumn[] = [
        { name: 'product_id', type: 'int4', values: slice(rows.productId) },
        { name: 'vehicle_id', type: 'int4', values: slice(rows.vehicleId) },
        { name: 'position', type: 'text', values: slice(rows.position) },
      ];
      if (!withValues) return key;
      return [
        ...key,
        { name: 'notes', type: 'text', values: slice(rows.notes) },
        { name: 'source', type: 'text', values: slice(rows.source) },
      ];
    };
    const sameRow = sql`f.product_id = t.product_id AND f.vehicle_id = t.vehicle_id AND f.position = t.position`;
    for (let i = 0; i < removals.productId.length; i += WRITE_BATCH)
      await tx.execute(
        sql`DELETE FROM fitments f USING (${unnestRows(columns(removals, i, false))}) AS t WHERE ${sameRow}`,
      );
    for (let i = 0; i < changes.productId.length; i += WRITE_BATCH)
      await tx.execute(sql`
        UPDATE fitments f SET notes = t.notes, source = t.source, updated_at = now()
        FROM (${unnestRows(columns(changes, i, true))}) AS t WHERE ${sameRow}`);
    for (let i = 0; i < inserts.productId.length; i += WRITE_BATCH)
      await tx.execute(sql`
        INSERT INTO fitments (product_id, vehicle_id, position, notes, source)
        ${unnestRows(columns(inserts, i, true))}`);

    let flipped = 0;
    const flags = [...wanted].map(([id, w]) => [id, w.universal] as const);
    for (let i = 0; i < flags.length; i += WRITE_BATCH) {
      const batch = flags.slice(i, i + WRITE_BATCH);
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
  });
  return result;
}
