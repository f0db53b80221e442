/**
 * `npm run db:restore -- FILE` (issue 38 §5, decision 0064): puts a backup made by `npm run db:backup` back as the
 * embedded database folder (PGLITE_DIR, default data/pglite).
 *
 * It refuses while the store (or a command) holds the folder: a restore replaces the whole database, which a
 * running store would go on writing over. It checks the file (a backup, whole, from this release or an earlier
 * one), takes the folder's lock so that no store starts meanwhile, opens the copy beside the folder, then renames
 * the current folder aside with the time (`data/pglite.before-restore-<time>`, never deleted) and moves the copy
 * into its place. The next start applies this release's migrations the copy lacks. With DATABASE_URL it says how
 * to restore a pg_dump file with pg_restore instead.
 *
 * Exit codes: 0 restored; 1 refused or failed, the folder as it was; 2 usage error.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CLI_VERBOSE_USAGE } from '@store/shared/cli-messages';
import {
  DataFolderLockedError,
  STORE_HOLDER,
  dataFolderHolder,
  lockDataFolder,
} from '../db/data-folder-lock';
import { BackupFileError, readPgliteBackup, restorePgliteFolder } from '../db/pglite-backup';
import { loadConfig, type AppConfig } from '../env';
import type { CommandIo } from './control-channel';
import { describeCliFailure } from './describe-cli-failure';
import { describeMigrationStatus } from './db-migrate';
import { isMainModule } from './is-main-module';

export const USAGE = `Usage: npm run db:restore -- <file>

Restores a backup made by npm run db:backup as the embedded database (data/pglite, or PGLITE_DIR).
Stop the store first. The folder it replaces is kept beside it as <folder>.before-restore-<time>.
On PostgreSQL (DATABASE_URL) restore a pg_dump file with pg_restore instead (docs/deploy.md).
${CLI_VERBOSE_USAGE}
  --help             show this help`;

export interface DbRestoreIo extends CommandIo {
  /** The command line's folder, which FILE is resolved against. */
  cwd?: string;
  /** Tests pass their own settings; otherwise they are read from the environment. */
  config?: AppConfig;
}

/** Runs the CLI with `argv`; resolves to the exit code. */
export async function runDbRestore(argv: string[], io: DbRestoreIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        help: { type: 'boolean', short: 'h', default: false },
        verbose: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    io.out(USAGE);
    return 0;
  }
  const [name, ...extra] = parsed.positionals;
  if (name === undefined || extra.length > 0) {
    io.err(
      `${name === undefined ? 'Name the backup file to restore.' : 'Name one backup file.'}\n\n${USAGE}`,
    );
    return 2;
  }
  let config: AppConfig;
  try {
    config = io.config ?? loadConfig();
  } catch (error) {
    io.err((error as Error).message);
    return 2;
  }
  if (config.databaseUrl) {
    io.err(
      'npm run db:restore restores the embedded database, and DATABASE_URL points at PostgreSQL: restore a ' +
        'pg_dump file with pg_restore --clean --if-exists --no-owner --dbname=<DATABASE_URL> <file> ' +
        '(docs/deploy.md, "Backups and restores").',
    );
    return 2;
  }
  const dir = config.pgliteDir;
  if (dir === 'memory://') {
    io.err('Nothing to restore into: the embedded database is in memory (PGLITE_DIR=memory://).');
    return 2;
  }
  const file = path.resolve(io.cwd ?? process.env.INIT_CWD ?? process.cwd(), name);

  const holder = dataFolderHolder(dir);
  if (holder) {
    io.err(
      holder.command === STORE_HOLDER
        ? `The store is running on ${dir} (pid ${holder.pid}): stop it first, then run npm run db:restore ` +
            'again. A restore replaces the whole database, so it never runs under a running store.'
        : new DataFolderLockedError(dir, holder).message,
    );
    return 1;
  }

  let backup;
  try {
    backup = await readPgliteBackup(file);
  } catch (error) {
    if (!(error instanceof BackupFileError)) throw error;
    io.err(`Nothing restored: ${error.message}`);
    return 1;
  }

  let lock;
  try {
    lock = lockDataFolder(dir, 'npm run db:restore');
  } catch (error) {
    if (!(error instanceof DataFolderLockedError)) throw error;
    io.err(error.message);
    return 1;
  }
  try {
    const { status, asideDir } = await restorePgliteFolder(dir, backup.data);
    const { manifest } = backup;
    io.out(
      `Restored the backup of ${manifest.createdAt} (${describeMigrationStatus(status)}; store ` +
        `${manifest.store.version}${manifest.store.commit ? ` ${manifest.store.commit}` : ''}) into ${dir}.`,
    );
    if (asideDir) {
      io.out(`The folder it replaced is kept as ${asideDir}: delete it once the restored store looks right.`);
    }
    io.out('Start the store: it applies the migrations of this release that the backup lacks, if any.');
    return 0;
  } catch (error) {
    io.err(describeCliFailure(`Nothing restored (${dir} is as it was)`, error, io.verbose));
    return 1;
  } finally {
    lock.release();
  }
}

if (isMainModule(import.meta.url, 'db-restore.ts')) {
  const argv = process.argv.slice(2);
  process.exitCode = await runDbRestore(argv, {
    out: (t) => process.stdout.write(`${t}\n`),
    err: (t) => process.stderr.write(`${t}\n`),
    verbose: argv.includes('--verbose'),
  });
}
