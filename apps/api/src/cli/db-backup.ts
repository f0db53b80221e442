/**
 * `npm run db:backup [-- --out FILE]` (issue 38 §5, decision 0064): a copy of the store's database.
 *
 * - The embedded database: a gzipped tarball with a manifest (pglite-backup.ts). While the store runs it owns the
 *   folder, so the command is sent to it over the control channel (decision 0042) and the store takes the copy
 *   between two of its transactions while it goes on serving; with the store stopped the command opens the folder
 *   itself (under the folder's lock, without migrating it).
 * - PostgreSQL (DATABASE_URL): `pg_dump --format=custom` when pg_dump is on PATH, else a sentence saying what to
 *   install; the password goes to pg_dump in its environment, never on its command line.
 *
 * The default file is `<DATA_DIR>/backups/store-backup-<time>.tar.gz` (`.dump` for pg_dump); an existing file is
 * never overwritten. Exit codes: 0 written; 1 not written (said in a sentence); 2 usage error.
 */
import { spawn } from 'node:child_process';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CLI_VERBOSE_USAGE } from '@store/shared/cli-messages';
import { openDatabase, type Database } from '../db/client';
import { BackupFileError, fileTimestamp, writePgliteBackup } from '../db/pglite-backup';
import { loadConfig, type AppConfig } from '../env';
import type { CommandIo } from './control-channel';
import { describeMigrationStatus } from './db-migrate';
import { isMainModule } from './is-main-module';
import { runCommandLine } from './run-command-line';

export const USAGE = `Usage: npm run db:backup [-- --out <file>]

Embedded database (no DATABASE_URL): writes a consistent copy as a gzipped tarball with a manifest
(when, migrations applied, store version), by default data/backups/store-backup-<time>.tar.gz.
While the store runs, the store takes the copy and goes on serving. Restore it with
npm run db:restore -- <file>, the store stopped.
PostgreSQL (DATABASE_URL): runs pg_dump --format=custom when it is installed (default
data/backups/store-backup-<time>.dump); restore it with pg_restore (docs/deploy.md).
  --out <file>       where to write; it must not exist yet
${CLI_VERBOSE_USAGE}
  --help             show this help`;

export interface DbBackupIo extends CommandIo {
  /** The command line's folder, which --out is resolved against (the store passes the one it was sent). */
  cwd?: string;
  /** The running store's database and settings (decision 0042): it takes the copy. */
  runningStore?: { db: Database; config: AppConfig };
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Runs the CLI with `argv`; resolves to the exit code. */
export async function runDbBackup(argv: string[], io: DbBackupIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  if (values.out !== undefined && values.out.trim() === '') {
    io.err(`--out needs a file name, e.g. --out /var/backups/store.tar.gz\n\n${USAGE}`);
    return 2;
  }
  const config = io.runningStore?.config ?? loadConfig();
  const cwd = io.cwd ?? process.env.INIT_CWD ?? process.cwd();
  const postgres = !io.runningStore && config.databaseUrl !== undefined;
  if (!postgres && config.pgliteDir === 'memory://') {
    io.err('Nothing to back up: the embedded database is in memory (PGLITE_DIR=memory://).');
    return 1;
  }
  const file = path.resolve(
    cwd,
    values.out ??
      path.join(config.backupsDir, `store-backup-${fileTimestamp()}.${postgres ? 'dump' : 'tar.gz'}`),
  );
  try {
    await stat(file);
    io.err(`${file} already exists: choose another --out.`);
    return 1;
  } catch {
    // Free: the usual case.
  }
  await mkdir(path.dirname(file), { recursive: true });
  if (postgres) return backupPostgres(config.databaseUrl ?? '', file, io);

  const started = Date.now();
  const target = io.runningStore
    ? { db: io.runningStore.db, close: async () => {} }
    : await openDatabase({ pgliteDir: config.pgliteDir, pgliteHolder: 'npm run db:backup', migrate: false });
  try {
    const manifest = await writePgliteBackup(target.db, file);
    const size = (await stat(file)).size;
    io.out(
      `Backed up the embedded database (${describeMigrationStatus({ ...manifest.migrations, pending: [], ahead: false })}) ` +
        `to ${file}: ${megabytes(size)} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    io.out(`Restore it with the store stopped: npm run db:restore -- ${file}`);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupFileError)) throw error;
    io.err(error.message);
    return 1;
  } finally {
    await target.close();
  }
}

/**
 * pg_dump in its custom format (compressed; pg_restore can restore all of it or single tables) to `file`, through
 * `<file>.partial`. The URL's password travels in PGPASSWORD, not in the process list.
 */
async function backupPostgres(databaseUrl: string, file: string, io: CommandIo): Promise<number> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const partial = `${file}.partial`;
  const started = Date.now();
  const result = await new Promise<{ code: number | null; stderr: string; missing: boolean }>((resolve) => {
    const child = spawn('pg_dump', ['--format=custom', `--file=${partial}`, `--dbname=${url.toString()}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t));
    child.once('error', (error: NodeJS.ErrnoException) =>
      resolve({ code: null, stderr: error.message, missing: error.code === 'ENOENT' }),
    );
    child.once('close', (code) => resolve({ code, stderr, missing: false }));
  });
  if (result.missing) {
    io.err(
      'pg_dump is not installed here, and on PostgreSQL (DATABASE_URL) the backup is pg_dump’s: install the ' +
        'PostgreSQL client of your server’s version or later (Debian: apt-get install postgresql-client), or ' +
        'take backups where PostgreSQL runs (docs/deploy.md: pg_dump, base backups and WAL archiving).',
    );
    return 1;
  }
  if (result.code !== 0) {
    await rm(partial, { force: true });
    io.err(
      `pg_dump failed (exit ${result.code ?? 'signal'}): ${result.stderr.trim() || 'it printed nothing'}`,
    );
    return 1;
  }
  await rename(partial, file);
  const size = (await stat(file)).size;
  io.out(
    `Backed up the PostgreSQL database with pg_dump (custom format) to ${file}: ${megabytes(size)} in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  io.out(`Restore it with: pg_restore --clean --if-exists --no-owner --dbname=<DATABASE_URL> ${file}`);
  return 0;
}

if (isMainModule(import.meta.url, 'db-backup.ts')) {
  process.exitCode = await runCommandLine('db:backup', process.argv.slice(2), runDbBackup);
}
