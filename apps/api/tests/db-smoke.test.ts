import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PGLITE_WAL_SIZES, rowsOf, type DatabaseHandle } from '../src/db/client';
import { createTestDatabase } from './test-db';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

it('starts from a migrated, empty catalog with pg_trgm available', async () => {
  const rows = rowsOf<{ n: number; sim: number }>(
    await handle.db.execute(
      sql`SELECT (SELECT count(*)::int FROM products) AS n, similarity('battery', 'batery') AS sim`,
    ),
  );
  expect(rows[0]?.n).toBe(0);
  expect(rows[0]?.sim).toBeGreaterThan(0.4);
});

it('keeps the embedded database’s WAL within PGLITE_WAL_SIZES (decision 0090)', async () => {
  const rows = rowsOf<{ max: string; min: string }>(
    await handle.db.execute(
      sql`SELECT current_setting('max_wal_size') AS max, current_setting('min_wal_size') AS min`,
    ),
  );
  expect(rows[0]).toEqual({ max: PGLITE_WAL_SIZES.max, min: PGLITE_WAL_SIZES.min });
});
