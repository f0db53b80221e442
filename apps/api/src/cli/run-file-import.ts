/**
 * The command line of the vehicle list's and the fitment file's imports (`npm run vehicles:import`,
 * `npm run fitment:import`; decisions 0029, 0030): one CSV file in, every refused row printed as
 * `line 7, column "Year To": Year To must not be before Year From`, then `Imported <file>: <what it did>`.
 * Exit codes: 0 imported; 1 nothing imported (refused rows, unreadable CSV, database error); 2 usage error.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../db/client';
import { loadConfig } from '../env';
import { CatalogFileError, formatRejection } from '../modules/catalog-import/catalog-row';
import { RowsRefusedError } from '../modules/vehicles/rows-refused-error';
import type { CommandIo, StoreCommandName } from './control-channel';
import { describeCliFailure } from './describe-cli-failure';
import { openCommandDatabase } from './run-command-line';

export interface FileImportIo extends CommandIo {
  /** Folder relative paths are resolved against (default: INIT_CWD, set by npm, else the working directory). */
  cwd?: string;
  /** Tests, and the running store (decision 0042), pass their own database. */
  openDb?: () => Promise<{ db: Database; close(): Promise<void> }>;
}

/**
 * The one CSV file an import's command line names, resolved against `io.cwd` (else INIT_CWD, set by npm, else the
 * working directory); null, with the reason and `usage` written to `io.err`, when there is none or more than one.
 */
export function csvFileArgument(
  positionals: string[],
  io: Pick<FileImportIo, 'err' | 'cwd'>,
  usage: string,
): { cwd: string; file: string } | null {
  if (positionals.length !== 1) {
    io.err(
      `${positionals.length === 0 ? 'Give the CSV file to import.' : 'Give exactly one CSV file.'}\n\n${usage}`,
    );
    return null;
  }
  const cwd = io.cwd ?? process.env.INIT_CWD ?? process.cwd();
  return { cwd, file: path.resolve(cwd, positionals[0] ?? '') };
}

/** `file` as the import's summary names it: relative to `cwd` when inside it, else absolute. */
export function shownFileName(cwd: string, file: string): string {
  const relative = path.relative(cwd, file);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

/**
 * Runs an import with `argv` (arguments after the script name): `importFile` reads the file's bytes into the
 * database and resolves to what it did ("3 created, 0 updated"). Resolves to the process exit code.
 */
export async function runFileImport(
  command: StoreCommandName,
  argv: string[],
  io: FileImportIo,
  usage: string,
  importFile: (db: Database, bytes: Buffer) => Promise<string>,
): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { help: { type: 'boolean', short: 'h', default: false } },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  if (args.values.help) {
    io.out(usage);
    return 0;
  }
  const target = csvFileArgument(args.positionals, io, usage);
  if (!target) return 2;
  const { cwd, file } = target;
  // Bytes, not text: a file may be longer than one string can be (issue 42 §3); the import checks they are UTF-8.
  let text: Buffer;
  try {
    text = await readFile(file);
  } catch {
    io.err(`Cannot read ${file}: no such file, or it is not readable.\n\n${usage}`);
    return 2;
  }
  const open =
    io.openDb ??
    (async () => {
      const config = loadConfig();
      const handle = await openCommandDatabase(config, command);
      return { db: handle.db, close: () => handle.close() };
    });
  const database = await open();
  try {
    const started = Date.now();
    const summary = await importFile(database.db, text);
    io.out(
      `Imported ${shownFileName(cwd, file)}: ${summary} (${((Date.now() - started) / 1000).toFixed(1)}s)`,
    );
    return 0;
  } catch (error) {
    if (error instanceof RowsRefusedError) {
      for (const r of error.rejections) io.err(formatRejection(r));
      const count = error.rows;
      io.err(
        `Nothing was imported because ${count} ${count === 1 ? 'row was' : 'rows were'} refused: ` +
          `fix ${count === 1 ? 'it' : 'them'} and run again.`,
      );
      return 1;
    }
    if (error instanceof CatalogFileError) {
      io.err(`Cannot import ${file}:\n${error.message}`);
      return 1;
    }
    io.err(describeCliFailure('The import failed and nothing was changed', error, io.verbose));
    return 1;
  } finally {
    await database.close();
  }
}
