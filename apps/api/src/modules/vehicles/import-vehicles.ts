/**
 * The vehicle list's import (issue 15 §1, decision 0029): a CSV of VEHICLE_CSV_COLUMNS (`@store/shared/vehicle`)
 * upserted by vehicle key, all or nothing: every row is checked first, and one bad row (with its line, column and
 * reason) imports nothing. A second import of the same file changes nothing.
 */
import { sql } from 'drizzle-orm';
import { VEHICLE_CSV_COLUMNS, vehicleCsvRowSchema, vehicleKey, type Vehicle } from '@store/shared/vehicle';
import type { Database } from '../../db/client';
import { vehicles } from '../../db/schema';
import { bumpCatalogVersion } from '../catalog/catalog-version';
import { CatalogFileError, type Rejection } from '../catalog-import/catalog-row';
import { RowsRefusedError } from './rows-refused-error';
import { headerKey, readCsvSteps } from '../catalog-import/read-csv-table';
import { IMPORT_SLICE_MS, analyzeTables, chunks } from '../catalog-import/import-pause';
import { runInSlices, runToEnd } from '../catalog/run-in-slices';

/** What an import did, in rows. */
export interface VehicleImportResult {
  created: number;
  updated: number;
  unchanged: number;
}

/** Rows per INSERT statement (PostgreSQL's 65,535 parameters over 16 columns, with room). */
const BATCH = 1000;

/**
 * Parses the CSV text into vehicles with their keys. Throws CatalogFileError for an unreadable file or a missing
 * column, RowsRefusedError listing every bad row (and a row that repeats an earlier one's vehicle).
 */
export function parseVehicleCsv(text: string | Buffer): ParsedVehicle[] {
  return runToEnd(parseVehicleCsvSteps(text));
}

/** A vehicle of the file, with its key. */
export interface ParsedVehicle {
  key: string;
  vehicle: Omit<Vehicle, 'id'>;
}

/**
 * parseVehicleCsv a step at a time (run-in-slices.ts): the file read as readCsvSteps reads it, a step between rows,
 * so a store importing a long vehicle list keeps answering (decision 0087).
 */
export function* parseVehicleCsvSteps(text: string | Buffer): Generator<void, ParsedVehicle[]> {
  const table = yield* readCsvSteps(text);
  const indexes = VEHICLE_CSV_COLUMNS.map((column) => table.columnIndex(column));
  const missing = VEHICLE_CSV_COLUMNS.filter((_, i) => indexes[i] === -1);
  if (missing.length)
    throw new CatalogFileError(
      `The vehicle list has no ${missing.map((c) => `"${c}"`).join(', ')} column${missing.length === 1 ? '' : 's'}; its header must be: ${VEHICLE_CSV_COLUMNS.join(',')}`,
    );
  const known = new Set(VEHICLE_CSV_COLUMNS.map(headerKey));
  const extra = table.headers.filter((h) => h.trim() && !known.has(headerKey(h)));
  if (extra.length)
    throw new CatalogFileError(
      `The vehicle list has columns this store does not read: ${extra.map((c) => `"${c}"`).join(', ')}`,
    );
  const rejections: Rejection[] = [];
  const rows: ParsedVehicle[] = [];
  const firstLine = new Map<string, number>();
  for (const record of table.records) {
    yield;
    const input = Object.fromEntries(
      VEHICLE_CSV_COLUMNS.map((column, i) => [column, record.values[indexes[i] ?? -1] ?? '']),
    );
    const parsed = vehicleCsvRowSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        rejections.push({ line: record.line, column: String(issue.path[0] ?? ''), reason: issue.message });
      continue;
    }
    const key = vehicleKey(parsed.data);
    const earlier = firstLine.get(key);
    if (earlier !== undefined) {
      rejections.push({
        line: record.line,
        column: 'Make',
        reason: `the same vehicle as line ${earlier} (make, model, series, submodel, start, body, engine code and drive)`,
      });
      continue;
    }
    firstLine.set(key, record.line);
    rows.push({ key, vehicle: parsed.data });
  }
  if (rejections.length) throw new RowsRefusedError(rejections);
  return rows;
}

/**
 * Imports the vehicle list in `text` into `db` in one transaction. Throws as parseVehicleCsv (nothing imported),
 * or the database's error (nothing imported).
 */
export async function importVehicles(db: Database, text: string | Buffer): Promise<VehicleImportResult> {
  const rows = await runInSlices(parseVehicleCsvSteps(text), IMPORT_SLICE_MS).done;
  const result: VehicleImportResult = { created: 0, updated: 0, unchanged: 0 };
  await db.transaction(async (tx) => {
    for await (const chunk of chunks(rows, BATCH)) {
      const batch = chunk.map(({ key, vehicle: v }) => ({
        vehicleKey: key,
        make: v.make,
        model: v.model,
        series: v.series,
        submodel: v.submodel,
        yearFrom: v.year_from,
        monthFrom: v.month_from,
        yearTo: v.year_to,
        monthTo: v.month_to,
        body: v.body,
        engineCode: v.engine_code,
        engineDecilitres: v.engine_litres === null ? null : Math.round(v.engine_litres * 10),
        fuel: v.fuel,
        powerKw: v.power_kw,
        drive: v.drive,
      }));
      const set = (column: string) => sql.raw(`excluded.${column}`);
      // Only rows whose values differ are written; `xmax = 0` tells an insert from an update.
      const written = await tx
        .insert(vehicles)
        .values(batch)
        .onConflictDoUpdate({
          target: vehicles.vehicleKey,
          set: {
            make: set('make'),
            model: set('model'),
            series: set('series'),
            submodel: set('submodel'),
            yearFrom: set('year_from'),
            monthFrom: set('month_from'),
            yearTo: set('year_to'),
            monthTo: set('month_to'),
            body: set('body'),
            engineCode: set('engine_code'),
            engineDecilitres: set('engine_decilitres'),
            fuel: set('fuel'),
            powerKw: set('power_kw'),
            drive: set('drive'),
            updatedAt: sql`now()`,
          },
          setWhere: sql`(${vehicles.make}, ${vehicles.model}, ${vehicles.series}, ${vehicles.submodel},
            ${vehicles.yearFrom}, ${vehicles.monthFrom}, ${vehicles.yearTo}, ${vehicles.monthTo}, ${vehicles.body},
            ${vehicles.engineCode}, ${vehicles.engineDecilitres}, ${vehicles.fuel}, ${vehicles.powerKw},
            ${vehicles.drive}) IS DISTINCT FROM (excluded.make, excluded.model, excluded.series,
            excluded.submodel, excluded.year_from, excluded.month_from, excluded.year_to, excluded.month_to,
            excluded.body, excluded.engine_code, excluded.engine_decilitres, excluded.fuel, excluded.power_kw,
            excluded.drive)`,
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      const inserted = written.filter((w) => w.inserted).length;
      result.created += inserted;
      result.updated += written.length - inserted;
      result.unchanged += batch.length - written.length;
    }
    // The catalog read model knows the vehicles listings may be filtered by (decision 0032): a new or changed
    // vehicle reloads it, as a fitment import does.
    if (result.created + result.updated > 0) await bumpCatalogVersion(tx);
  });
  // Fresh statistics after a bulk change, as the catalog and fitment imports do (decision 0083).
  if (result.created > 0) await analyzeTables(db, ['vehicles']);
  return result;
}
