/**
 * Migration 0036 (issue 38 §2, decision 0062) on a database as it was before it: catalog imports left 'running' by
 * the old in-process imports (two of them: nothing stopped that then) are marked failed with the restart's
 * message, finished ones are untouched, and from then on the database holds at most one running import.
 * PGlite, or PostgreSQL when TEST_DATABASE_URL is set (a database of its own, dropped after).
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_IMPORT_MESSAGES as M } from '@store/shared/admin-imports';
import { connectAdmin } from '../../tests/test-db-names';
import { MIGRATIONS_DIR } from './migration-status';

/** The last migration before catalog imports became jobs. */
const BEFORE = 35;

interface RawDb {
  query<T>(text: string): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function openEmpty(): Promise<RawDb> {
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
  const name = `store_test_m36_${randomBytes(6).toString('hex')}`;
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

/** A copy of the migrations folder whose journal stops at migration `last`. */
async function migrationsUpTo(last: number): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'store-migrations-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

let db: RawDb;
let folder: string;

beforeAll(async () => {
  db = await openEmpty();
  folder = await migrationsUpTo(BEFORE);
  await db.migrate(folder);
  await db.query(`INSERT INTO catalog_imports (id, file_name, status, finished_at) VALUES
    ('m36-running-1', 'one.csv', 'running', NULL),
    ('m36-running-2', 'two.csv', 'running', NULL),
    ('m36-finished', 'done.csv', 'finished', now())`);
  await db.migrate(MIGRATIONS_DIR);
}, 120_000);

afterAll(async () => {
  await db?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

it('marks the imports left running as failed, leaves the finished one, and lets one run at a time', async () => {
  const rows = await db.query<{
    id: string;
    status: string;
    error: string | null;
    finished: boolean;
    job_id: string | null;
  }>(
    `SELECT id, status, error, finished_at IS NOT NULL AS finished, job_id FROM catalog_imports ORDER BY id`,
  );
  expect(rows).toEqual([
    { id: 'm36-finished', status: 'finished', error: null, finished: true, job_id: null },
    { id: 'm36-running-1', status: 'failed', error: M.interrupted, finished: true, job_id: null },
    { id: 'm36-running-2', status: 'failed', error: M.interrupted, finished: true, job_id: null },
  ]);
  await db.query(`INSERT INTO catalog_imports (id, file_name) VALUES ('m36-new', 'new.csv')`);
  await expect(
    db.query(`INSERT INTO catalog_imports (id, file_name) VALUES ('m36-second', 'second.csv')`),
  ).rejects.toMatchObject({ code: '23505' });
});
