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
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  FITMENT_CSV_COLUMNS,
  FITMENT_CSV_REQUIRED_COLUMNS,
  fitmentCsvRowSchema,
  type FitmentCsvRow,
  type FitmentSource,
} from '@store/shared/fitment';
import type { Database } from '../../db/client';
import { fitments, products, vehicles } from '../../db/schema';
import { bumpCatalogVersion } from '../catalog/catalog-version';
import { CatalogFileError, type Rejection } from '../catalog-import/catalog-row';
import { RowsRefusedError } from './rows-refused-error';
import { headerKey, readCsvTable } from '../catalog-import/read-csv-table';

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
>;

interface Wanted {
  notes: string;
  source: FitmentSource;
  line: number;
}

/** The stored fitment of `productId` to `f`'s vehicle in `f`'s position. */
const sameFitment = (productId: number, f: { vehicleId: number; position: string }) =>
  and(
    eq(fitments.productId, productId),
    eq(fitments.vehicleId, f.vehicleId),
    eq(fitments.position, f.position),
  );

const fold = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** The vehicles of `list` a row's range covers (make and model already matched). */
function covered(list: VehicleRow[], row: FitmentCsvRow): VehicleRow[] {
  return list.filter((v) => {
    if (row.series && fold(v.series) !== fold(row.series)) return false;
    if (row.yearFrom !== null && (v.yearTo ?? Number.MAX_SAFE_INTEGER) < row.yearFrom) return false;
    if (row.yearTo !== null && v.yearFrom > row.yearTo) return false;
    const engine = row.engine;
    if (engine && 'code' in engine) return fold(v.engineCode) === fold(engine.code);
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

/**
 * Imports the fitment file in `text` into `db` in one transaction. Throws CatalogFileError for an unreadable file
 * or a missing column, RowsRefusedError listing every bad row, or the database's error; nothing is imported then.
 */
export async function importFitments(db: Database, text: string): Promise<FitmentImportResult> {
  const table = readCsvTable(text);
  const missing = FITMENT_CSV_REQUIRED_COLUMNS.filter((c) => table.columnIndex(c) === -1);
  if (missing.length)
    throw new CatalogFileError(
      `The fitment file has no ${missing.map((c) => `"${c}"`).join(', ')} column${missing.length === 1 ? '' : 's'}; its header must be: ${FITMENT_CSV_COLUMNS.join(',')} (Source may be left out)`,
    );
  const known = new Set(FITMENT_CSV_COLUMNS.map(headerKey));
  const extra = table.headers.filter((h) => h.trim() && !known.has(headerKey(h)));
  if (extra.length)
    throw new CatalogFileError(
      `The fitment file has columns this store does not read: ${extra.map((c) => `"${c}"`).join(', ')}`,
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
  for (let i = 0; i < skus.length; i += 1000) {
    const found = await db
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(inArray(sql`lower(${products.sku})`, skus.slice(i, i + 1000)));
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
    .from(vehicles)) {
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
    if (row.series && !list.some((v) => fold(v.series) === fold(row.series))) {
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
  await db.transaction(async (tx) => {
    let changed = false;
    for (const [productId, { fits, universal }] of wanted) {
      const stored = await tx
        .select({
          vehicleId: fitments.vehicleId,
          position: fitments.position,
          notes: fitments.notes,
          source: fitments.source,
        })
        .from(fitments)
        .where(eq(fitments.productId, productId));
      const inserts: (typeof fitments.$inferInsert)[] = [];
      for (const s of stored) {
        const key = `${s.vehicleId}|${s.position}`;
        const want = fits.get(key);
        if (!want) {
          await tx.delete(fitments).where(sameFitment(productId, s));
          result.removed++;
        } else if (want.notes !== s.notes || want.source !== s.source) {
          await tx
            .update(fitments)
            .set({ notes: want.notes, source: want.source, updatedAt: sql`now()` })
            .where(sameFitment(productId, s));
          result.updated++;
        } else {
          result.unchanged++;
        }
        fits.delete(key);
      }
      for (const [key, want] of fits) {
        const [vehicleId, ...position] = key.split('|');
        inserts.push({
          productId,
          vehicleId: Number(vehicleId),
          position: position.join('|'),
          notes: want.notes,
          source: want.source,
        });
      }
      for (let i = 0; i < inserts.length; i += 1000)
        await tx.insert(fitments).values(inserts.slice(i, i + 1000));
      result.created += inserts.length;
      const flipped = await tx
        .update(products)
        .set({ universalFit: universal })
        .where(and(eq(products.id, productId), sql`${products.universalFit} IS DISTINCT FROM ${universal}`))
        .returning({ id: products.id });
      changed ||= inserts.length > 0 || flipped.length > 0;
    }
    changed ||= result.removed > 0 || result.updated > 0;
    // Fitments are catalog the read model cannot pick up row by row (decision 0019).
    if (changed) await bumpCatalogVersion(tx);
  });
  return result;
}
