/**
 * Store secrets (issue 43 §5): many callers at once, as instances starting together would, all get one value, and
 * the table holds one row; a second name is another secret.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atOnce } from '../../tests/concurrency';
import { createTestDatabase } from '../../tests/test-db';
import type { DatabaseHandle } from './client';
import { readStoreSecret } from './read-store-secret';
import { storeSecrets } from './schema';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe('readStoreSecret', () => {
  it('makes a secret once: 20 callers at once all read the same value, stored in one row', async () => {
    const outcomes = await atOnce(20, () => readStoreSecret(database.db, 'race'));
    const values = outcomes.map((o) => {
      if (o.error !== undefined) throw o.error;
      return o.value;
    });
    expect(new Set(values).size).toBe(1);
    expect(values[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await database.db.select().from(storeSecrets).where(eq(storeSecrets.name, 'race'));
    expect(rows.map((r) => r.value)).toEqual([values[0]]);
    // Later reads keep it; another name is another secret.
    expect(await readStoreSecret(database.db, 'race')).toBe(values[0]);
    expect(await readStoreSecret(database.db, 'other')).not.toBe(values[0]);
  });
});
