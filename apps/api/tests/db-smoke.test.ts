import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf, type DatabaseHandle } from '../src/db/client';
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
