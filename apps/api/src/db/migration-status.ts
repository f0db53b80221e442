/**
 * Where a database stands against this release's migrations (issue 38 §4, decision 0064): the journal drizzle-kit
 * writes beside the migrations (`meta/_journal.json`) against the table the drizzle migrator records them in
 * (`drizzle.__drizzle_migrations`). It judges as the migrator does: a migration is pending when its journal time
 * (`when`) is later than the latest one recorded, so "nothing pending" here means `migrate()` would apply nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { REPO_ROOT } from '../env';

/** From the repository root, so that the bundled server (dist/server.mjs, decision 0024) finds them too. */
export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps/api/src/db/migrations');

const journalSchema = z.object({
  entries: z.array(z.object({ when: z.number(), tag: z.string() })),
});

/** One migration of this release, as the journal lists it. */
export interface JournalEntry {
  /** The migration's file name without `.sql`, e.g. `0034_member-carts`. */
  tag: string;
  /** Its journal time in ms, which the migrator records as `created_at`. */
  when: number;
}

/** This release's migrations in the order they apply. Throws when the journal is missing or unreadable. */
export function readMigrationJournal(folder: string = MIGRATIONS_DIR): JournalEntry[] {
  const journal = journalSchema.parse(
    JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')),
  );
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

export interface MigrationStatus {
  /** How many migrations the database records as applied. */
  applied: number;
  /** The tag of the latest one recorded; null when none is (a new database), or when this release does not know it. */
  latest: string | null;
  /** This release's migrations the database lacks, in order: what the migrator would apply. */
  pending: string[];
  /**
   * The database records a migration later than any of this release's: a newer release migrated it. An older
   * release runs on it during a rolling deploy (migrations are backwards-compatible, docs/deploy.md).
   */
  ahead: boolean;
}

/** What `readMigrationStatus` needs of a database: Drizzle's `execute` (PGlite's or node-postgres's). */
export interface SqlExecutor {
  execute(query: SQL): PromiseLike<unknown>;
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Reads where `db` stands against the journal in `folder`. Throws only when the database cannot be read. */
export async function readMigrationStatus(
  db: SqlExecutor,
  folder: string = MIGRATIONS_DIR,
): Promise<MigrationStatus> {
  const journal = readMigrationJournal(folder);
  const [table] = rows<{ name: string | null }>(
    await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS name`),
  );
  let applied = 0;
  let lastWhen: number | undefined;
  if (table?.name) {
    const [row] = rows<{ applied: number; last: string | null }>(
      await db.execute(
        sql`SELECT count(*)::int AS applied, max(created_at)::text AS last FROM drizzle.__drizzle_migrations`,
      ),
    );
    applied = row?.applied ?? 0;
    lastWhen = row?.last == null ? undefined : Number(row.last);
  }
  const pending = journal.filter((m) => lastWhen === undefined || m.when > lastWhen).map((m) => m.tag);
  const newest = journal.at(-1)?.when ?? 0;
  return {
    applied,
    latest: journal.find((m) => m.when === lastWhen)?.tag ?? null,
    pending,
    ahead: lastWhen !== undefined && lastWhen > newest,
  };
}

/** Thrown by `assertMigrated` when the database lacks some of this release's migrations. */
export class MigrationsPendingError extends Error {
  constructor(readonly status: MigrationStatus) {
    const n = status.pending.length;
    super(
      `The database is behind this release: ${n} migration${n === 1 ? '' : 's'} not applied ` +
        `(${status.pending.slice(0, 3).join(', ')}${n > 3 ? ', …' : ''}; the database's latest is ` +
        `${status.latest ?? 'none'}). MIGRATE_ON_START=0 starts without migrating: run npm run db:migrate ` +
        'with this release first (docs/deploy.md), or start it with MIGRATE_ON_START=1.',
    );
    this.name = 'MigrationsPendingError';
  }
}

/** Resolves to the status when nothing of this release is pending; throws MigrationsPendingError otherwise. */
export async function assertMigrated(
  db: SqlExecutor,
  folder: string = MIGRATIONS_DIR,
): Promise<MigrationStatus> {
  const status = await readMigrationStatus(db, folder);
  if (status.pending.length > 0) throw new MigrationsPendingError(status);
  return status;
}
