/**
 * Loads the demo vehicle list of `data/demo-vehicles/vehicles.csv` (issue 15 §1, decision 0029) through the same
 * import store owners use (`npm run vehicles:import`). Throws when the file is broken, since the demo store's
 * vehicle selector would be empty.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client';
import { REPO_ROOT } from '../env';
import { importVehicles, type VehicleImportResult } from '../modules/vehicles/import-vehicles';

export const DEMO_VEHICLES_FILE = path.join(REPO_ROOT, 'data/demo-vehicles/vehicles.csv');

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
