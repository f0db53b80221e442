/**
 * `npm run fitment:import -- <fitments.csv>` (issue 15 §2, decision 0030): imports a fitment file (one row per SKU
 * and vehicle range: FITMENT_CSV_COLUMNS in `@store/shared/fitment`) into the configured database, all or nothing;
 * output and exit codes as run-file-import.ts.
 */
import { importFitments } from '../modules/vehicles/import-fitments';
import { CLI_VERBOSE_USAGE } from '@store/shared/cli-messages';
import { runCommandLine } from './run-command-line';
import { runFileImport, type FileImportIo } from './run-file-import';
import { isMainModule } from './is-main-module';

export const USAGE = `Usage: npm run fitment:import -- <fitments.csv>

Imports which products fit which vehicles, one row per SKU and vehicle range, with the columns
SKU,Make,Model,Series,Year From,Year To,Engine,Position,Notes,Source
Series, years and Engine (a size such as 2.8L diesel, or an engine code such as 1GD-FTV) narrow the range; every
vehicle of the vehicle list (npm run vehicles:import) it covers gets the row's position and notes. Source is
manufacturer (default), cross-reference or staff. Make "Universal" marks a part that fits every vehicle.
The file is the whole fitment list of each SKU it names. One refused row imports nothing.
${CLI_VERBOSE_USAGE}
  --help             show this help

While the store runs on its embedded database, the running store imports the file.`;

/** Runs the CLI with `argv` (arguments after the script name). Resolves to the process exit code. */
export function runFitmentImport(argv: string[], io: FileImportIo): Promise<number> {
  return runFileImport('fitment:import', argv, io, USAGE, async (db, text) => {
    const r = await importFitments(db, text);
    return (
      `${r.created} fitments created, ${r.updated} updated, ${r.removed} removed, ${r.unchanged} unchanged; ` +
      `${r.products} products (${r.universal} universal)`
    );
  });
}

if (isMainModule(import.meta.url, 'fitment-import.ts')) {
  process.exitCode = await runCommandLine('fitment:import', process.argv.slice(2), runFitmentImport);
}
