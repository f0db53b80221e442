/**
 * Loads the demo vehicle list of `data/demo-vehicles/vehicles.csv` (issue 15 §1, decision 0029) through the same
 * import store owners use (`npm run vehicles:import`), and the demo fitments of `data/demo-vehicles/fitments.csv`
 * (issue 15 §2, decision 0030) through `npm run fitment:import`'s import. Throws when a file is broken, since the
 * demo store's vehicle selector would be empty.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client';
import { REPO_ROOT } from '../env';
import { importFitments, type FitmentImportResult } from '../modules/vehicles/import-fitments';
import { importVehicles, type VehicleImportResult } from '../modules/vehicles/import-vehicles';

export const DEMO_VEHICLES_FILE = path.join(REPO_ROOT, 'data/demo-vehicles/vehicles.csv');
export const DEMO_FITMENTS_FILE = path.join(REPO_ROOT, 'data/demo-vehicles/fitments.csv');

/** True when the store has no vehicles yet. */
export async function hasNoVehicles(db: Database): Promise<boolean> {
  return rowsOf(await db.execute(sql`SELECT 1 FROM vehicles LIMIT 1`)).length === 0;
}

/** Imports `file` (default: the demo list) into `db`. Throws as importVehicles. */
export async function loadDemoVehicles(
  db: Database,
  file: string = DEMO_VEHICLES_FILE,
): Promise<VehicleImportResult> {
  return importVehicles(db, await readFile(file, 'utf8'));
}

/**
 * Imports `file` (default: the demo fitments, which name the demo catalog's SKUs and the demo list's vehicles)
 * into `db`. Throws as importFitments: RowsRefusedError when the catalog lacks a SKU the file names.
 */
export async function loadDemoFitments(
  db: Database,
  file: string = DEMO_FITMENTS_FILE,
): Promise<FitmentImportResult> {
  return importFitments(db, await readFile(file, 'utf8'));
}
