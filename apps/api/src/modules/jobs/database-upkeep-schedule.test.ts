/**
 * The upkeep as the store runs it (decision 0090): a store on the embedded database sends the `database-upkeep`
 * queue a job on its schedule and works it, and the job's output names what was vacuumed; a store on PostgreSQL
 * (TEST_DATABASE_URL, tests/run-on-postgres.mjs) keeps no such queue or schedule, autovacuum being the server's.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rowsOf, type Database, type DatabaseHandle } from '../../db/client';
import { seedCatalog } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { createTestDatabase } from '../../../tests/test-db';
import { STATEMENT_QUEUE } from '../trade/statement-schedule';
import { DATABASE_UPKEEP_QUEUE } from './database-upkeep-schedule';
import { JOB_SCHEMA } from './job-queue';

const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

const storeEveryMinute = (database?: DatabaseHandle) =>
  createTestApp({
    ...(database ? { database } : {}),
    config: (c) => {
      c.runSchedules = true;
      c.databaseUpkeepMinutes = 1;
      c.paymentsReconcileMinutes = null;
      c.lowStockMailAt = null;
    },
    jobTimings: { pollSeconds: 0.5, scheduleSendSeconds: 1 },
  });

async function upkeepJobs(db: Database) {
  return rowsOf<{ state: string; output: { tables?: string[]; deadRowsRemoved?: number } | null }>(
    await db.execute(
      sql`SELECT state::text AS state, output FROM ${sql.raw(JOB_SCHEMA)}.job WHERE name = ${DATABASE_UPKEEP_QUEUE}`,
    ),
  );
}

describe('the database upkeep schedule', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it.skipIf(ON_POSTGRES)(
    'a store on PGlite vacuums on its schedule and says what it did',
    async () => {
      // The rows are changed before the store starts, so its first run, whenever it comes, has them to vacuum.
      const database = await createTestDatabase();
      const { db } = database;
      await seedCatalog(db, 600);
      await db.execute(sql`UPDATE products SET price_cents = price_cents + 1`);
      t = await storeEveryMinute(database);
      await expect
        .poll(async () => (await upkeepJobs(db)).map((j) => j.state), { timeout: 30_000, interval: 500 })
        .toEqual(['completed']);
      const [job] = await upkeepJobs(db);
      expect(job?.output?.tables?.join('\n')).toMatch(
        /^public\.products: vacuumed( and analysed)? in \d+ ms$/m,
      );
      expect(job?.output?.deadRowsRemoved).toBeGreaterThanOrEqual(600);
      const [products] = rowsOf<{ dead: string }>(
        await db.execute(sql`SELECT n_dead_tup AS dead FROM pg_stat_user_tables WHERE relname = 'products'`),
      );
      expect(Number(products?.dead)).toBe(0);
    },
    60_000,
  );

  it.runIf(ON_POSTGRES)('a store on PostgreSQL keeps no upkeep queue or schedule', async () => {
    t = await storeEveryMinute();
    const names = async (table: 'schedule' | 'queue') =>
      rowsOf<{ name: string }>(
        await t!.database.db.execute(sql`SELECT name FROM ${sql.raw(JOB_SCHEMA)}.${sql.raw(table)}`),
      ).map((s) => s.name);
    // The other queues and schedules were written: the absence is this one's own.
    expect(await names('schedule')).toContain(STATEMENT_QUEUE);
    expect(await names('schedule')).not.toContain(DATABASE_UPKEEP_QUEUE);
    expect(await names('queue')).toContain(STATEMENT_QUEUE);
    expect(await names('queue')).not.toContain(DATABASE_UPKEEP_QUEUE);
  });
});
