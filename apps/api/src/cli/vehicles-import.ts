/**
 * `npm run vehicles:import -- <vehicles.csv>` (issue 15 §1, decision 0029): upserts a vehicle list (columns of
 * VEHICLE_CSV_COLUMNS in `@store/shared/vehicle`) into the configured database (env.ts: DATABASE_URL or PGlite),
 * all or nothing; output and exit codes as run-file-import.ts.
 */
import { importVehicles } from '../modules/vehicles/import-vehicles';
import { CLI_VERBOSE_USAGE } from '@store/shared/cli-messages';
import { runCommandLine } from './run-command-line';
import { runFileImport, type FileImportIo } from './run-file-import';
import { isMainModule } from './is-main-module';

export const USAGE = `Usage: npm run vehicles:import -- <vehicles.csv>

Imports a vehicle list: one row per make, model, series, submodel, years, body, engine and drive, with the columns
Make,Model,Series,Submodel,Year From,Month From,Year To,Month To,Body,Engine Code,Engine Litres,Fuel,Power kW,Drive
Vehicles are matched by make, model, series, submodel, start, body, engine code and drive; a row that is already
there as it is changes nothing. One refused row imports nothing.
${CLI_VERBOSE_USAGE}
  --help             show this help

While the store runs on its embedded database, the running store imports the file.`;

/** Runs the CLI with `argv` (arguments after the script name). Resolves to the process exit code. */
export function runVehiclesImport(argv: string[], io: FileImportIo): Promise<number> {
  return runFileImport('vehicles:import', argv, io, USAGE, async (db, text) => {
    const r = await importVehicles(db, text);
    return `${r.created} created, ${r.updated} updated, ${r.unchanged} unchanged`;
  });
}

if (isMainModule(import.meta.url, 'vehicles-import.ts')) {
  process.exitCode = await runCommandLine('vehicles:import', process.argv.slice(2), runVehiclesImport);
}
