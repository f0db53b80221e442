/**
 * `npm run db:migrate` (issue 38 §4, decision 0064): applies this release's pending migrations as a deploy step of
 * its own, before the instances of the release start (with MIGRATE_ON_START=0).
 *
 * - PostgreSQL (DATABASE_URL): under the migration advisory lock (client.ts, MIGRATION_LOCK_KEY), held on one
 *   connection for the whole run, so instances starting and other migrators at the same moment wait, then find
 *   nothing left to apply.
 * - The embedded database with the store stopped: takes the folder's lock (decision 0042) and migrates it.
 * - The embedded database while the store runs: the store owns the folder and applied its release's migrations
 *   when it started, so the command asks it over the control channel where the database stands and applies
 *   nothing; when this release has migrations the running store has not applied (the code was updated under a
 *   running store), it says to restart the store, which applies them, and exits 1.
 *
 * Exit codes: 0 the database has every migration of this release; 1 it could not be migrated, or the running
 * store lacks some; 2 usage error.
 */
import { parseArgs } from 'node:util';
import { CLI_VERBOSE_USAGE } from '@store/shared/cli-messages';
import { openDatabase, type Database } from '../db/client';
import { readMigrationStatus, type MigrationStatus } from '../db/migration-status';
import { loadConfig } from '../env';
import type { CommandIo } from './control-channel';
import { isMainModule } from './is-main-module';
import { runCommandLine } from './run-command-line';

export const USAGE = `Usage: npm run db:migrate

Applies this release's database migrations that the database lacks, then says where it stands.
Run it once per deploy, before starting the release's instances with MIGRATE_ON_START=0 (docs/deploy.md).
On PostgreSQL it holds an advisory lock while it migrates: several at once are safe, one applies.
${CLI_VERBOSE_USAGE}
  --help             show this help

While the store runs on its embedded database, the store has applied its migrations at start:
the command says whether the database is up to date, and applies nothing.`;

export interface DbMigrateIo extends CommandIo {
  /** The running store's database (decision 0042): report where it stands, apply nothing. */
  runningStore?: { db: Database; pid: number };
  /** Tests open their own database; otherwise the configured one, migrated under its lock. */
  open?: () => Promise<{ db: Database; migrationsApplied?: string[]; close(): Promise<void> }>;
}

/** "35 migrations, the latest 0034_member-carts" (and a newer release's note). */
export function describeMigrationStatus(status: MigrationStatus): string {
  const count = `${status.applied} migration${status.applied === 1 ? '' : 's'}`;
  const latest = status.latest ? `, the latest ${status.latest}` : '';
  return `${count}${latest}${status.ahead ? '; it also has migrations of a newer release' : ''}`;
}

/** Runs the CLI with `argv`; resolves to the exit code. */
export async function runDbMigrate(argv: string[], io: DbMigrateIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { help: { type: 'boolean', short: 'h', default: false } },
    }));
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(USAGE);
    return 0;
  }

  if (io.runningStore) {
    const status = await readMigrationStatus(io.runningStore.db);
    if (status.pending.length === 0) {
      io.out(
        `Nothing to apply: the running store (pid ${io.runningStore.pid}) applied its migrations when it started; ` +
          `the database is up to date (${describeMigrationStatus(status)}).`,
      );
      return 0;
    }
    io.err(
      `The running store (pid ${io.runningStore.pid}) owns this data folder and lacks ${status.pending.length} of ` +
        `this release's migrations (${status.pending.join(', ')}): restart the store with this release (it ` +
        'applies them as it starts), or stop it and run npm run db:migrate.',
    );
    return 1;
  }

  const open =
    io.open ??
    (async () => {
      const config = loadConfig();
      return openDatabase({
        databaseUrl: config.databaseUrl,
        preparedStatements: config.databasePreparedStatements,
        pgliteDir: config.pgliteDir,
        pgliteHolder: 'npm run db:migrate',
        migrate: true,
      });
    });
  const started = Date.now();
  // A failure (the database unreachable, a migration refused, the folder taken) is described by runCommandLine.
  const target = await open();
  try {
    const applied = target.migrationsApplied ?? [];
    const status = await readMigrationStatus(target.db);
    if (applied.length > 0) {
      io.out(
        `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'} in ${Date.now() - started} ms: ` +
          `${applied.length <= 3 ? applied.join(', ') : `${applied[0]} … ${applied.at(-1)}`}.`,
      );
    }
    io.out(
      `${applied.length ? 'The' : 'Nothing to apply: the'} database is up to date (${describeMigrationStatus(status)}).`,
    );
    return 0;
  } finally {
    await target.close();
  }
}

if (isMainModule(import.meta.url, 'db-migrate.ts')) {
  process.exitCode = await runCommandLine('db:migrate', process.argv.slice(2), runDbMigrate);
}
