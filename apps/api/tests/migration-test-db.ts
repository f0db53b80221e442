/**
 * A database for a migration's own test: empty, migrated by the test to the migration before the one under test
 * (from a copy of the migrations folder cut there), filled with rows of that time, then migrated to the end.
 * PGlite in memory, or a PostgreSQL database of its own when TEST_DATABASE_URL is set (dropped by `close`).
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../src/db/migration-status';
import { connectAdmin } from './test-db-names';

/** Plain SQL and the migrator, without the store's schema (which is the end's, not the cut's). */
export interface RawDb {
  query<T>(text: string): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** An empty database; on PostgreSQL named `<prefix>_<random>`, e.g. `store_test_m36`. */
export async function openEmptyDatabase(prefix: string): Promise<RawDb> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const client = new PGlite('memory://', { extensions: { pg_trgm } });
    await client.waitReady;
    const db = drizzlePglite(client);
    return {
      query: async <T>(text: string) => (await client.query<T>(text)).rows,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = await connectAdmin(url);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
  const db = drizzlePg(pool);
  return {
    query: async <T>(text: string) => (await pool.query(text)).rows as T[],
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    async close() {
      await pool.end();
      const a = await connectAdmin(url);
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** A copy of the migrations folder whose journal stops at migration `last`; the caller removes it. */
export async function migrationsUpTo(last: number): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'store-migrations-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}
