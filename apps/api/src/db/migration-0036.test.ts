/**
 * Migration 0036 (issue 38 §2, decision 0062) on a database as it was before it: catalog imports left 'running' by
 * the old in-process imports (two of them: nothing stopped that then) are marked failed with the restart's
 * message, finished ones are untouched, and from then on the database holds at most one running import.
 * PGlite, or PostgreSQL when TEST_DATABASE_URL is set (a database of its own, dropped after).
 */
import { rm } from 'node:fs/promises';
import { MIGRATIONS_DIR } from './migration-status';
import { migrationsUpTo, openEmptyDatabase, type RawDb } from '../../tests/migration-test-db';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_IMPORT_MESSAGES as M } from '@store/shared/admin-imports';

/** The last migration before catalog imports became jobs. */
const BEFORE = 35;

let db: RawDb;
let folder: string;

beforeAll(async () => {
  db = await openEmptyDatabase('store_test_m36');
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
