/**
 * The embedded database's upkeep (decision 0090): PGlite never runs autovacuum, so rows the store updates leave dead
 * rows behind and a table grows with every round of changes. `runDatabaseUpkeep` vacuums and analyses what
 * autovacuum's rule says is due, after which the same changes reuse the space. Also run on PostgreSQL
 * (TEST_DATABASE_URL, tests/run-on-postgres.mjs).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../tests/seed-catalog';
import { createTestDatabase } from '../../tests/test-db';
import { rowsOf, type Database } from './client';
import {
  autovacuumOffWarning,
  readAutovacuumSettings,
  runDatabaseUpkeep,
  upkeepDue,
  type AutovacuumSettings,
  type TableActivity,
} from './database-upkeep';

const DEFAULTS: AutovacuumSettings = {
  enabled: true,
  vacuumThreshold: 50,
  vacuumScaleFactor: 0.2,
  insertThreshold: 1000,
  insertScaleFactor: 0.2,
  analyzeThreshold: 50,
  analyzeScaleFactor: 0.1,
};

const activity = (over: Partial<TableActivity>): TableActivity => ({
  name: 'public.orders',
  rows: 0,
  deadRows: 0,
  insertedSinceVacuum: 0,
  changedSinceAnalyze: 0,
  vacuumOnRecord: true,
  ...over,
});

describe('upkeepDue: autovacuum’s rule', () => {
  it('vacuums past threshold + scale × rows of dead rows, and not at it', () => {
    expect(upkeepDue(activity({ rows: 1000, deadRows: 250 }), DEFAULTS).vacuum).toBe(false);
    expect(upkeepDue(activity({ rows: 1000, deadRows: 251 }), DEFAULTS).vacuum).toBe(true);
    expect(upkeepDue(activity({ rows: 0, deadRows: 51 }), DEFAULTS).vacuum).toBe(true);
  });

  it('vacuums a table that grew by inserts alone, unless the insert threshold is off (-1)', () => {
    const grown = activity({ rows: 10_000, insertedSinceVacuum: 3_001 });
    expect(upkeepDue(grown, DEFAULTS).vacuum).toBe(true);
    expect(upkeepDue(activity({ rows: 10_000, insertedSinceVacuum: 3_000 }), DEFAULTS).vacuum).toBe(false);
    expect(upkeepDue(grown, { ...DEFAULTS, insertThreshold: -1 }).vacuum).toBe(false);
  });

  it('vacuums a table whose statistics record no vacuum (PGlite forgets its counters when it closes)', () => {
    expect(upkeepDue(activity({ rows: 100_000, vacuumOnRecord: false }), DEFAULTS)).toEqual({
      vacuum: true,
      analyze: false,
    });
  });

  it('analyses past threshold + scale × rows of changed rows', () => {
    expect(upkeepDue(activity({ rows: 1000, changedSinceAnalyze: 150 }), DEFAULTS)).toEqual({
      vacuum: false,
      analyze: false,
    });
    expect(upkeepDue(activity({ rows: 1000, changedSinceAnalyze: 151 }), DEFAULTS)).toEqual({
      vacuum: false,
      analyze: true,
    });
  });
});

describe('autovacuumOffWarning (decision 0093)', () => {
  it('says what a server without autovacuum does to the store and how to fix it; nothing when it is on', () => {
    expect(autovacuumOffWarning({ enabled: true })).toBeNull();
    const warning = autovacuumOffWarning({ enabled: false });
    expect(warning).toMatch(/autovacuum is off/);
    expect(warning).toMatch(/autovacuum = on/);
    expect(warning).toMatch(/job queue, orders and idempotency keys/);
  });
});

describe('runDatabaseUpkeep on the store’s database', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Database;

  /** Every product's price changed once, and the counts flushed where the next statement reads them. */
  const repriceEveryProduct = async () => {
    await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE products SET price_cents = price_cents + 1`);
      await tx.execute(sql`SELECT pg_stat_force_next_flush()`);
    });
  };
  const productsBytes = async () =>
    Number(rowsOf<{ b: string }>(await db.execute(sql`SELECT pg_relation_size('products') AS b`))[0]!.b);
  const productsDead = async () =>
    Number(
      rowsOf<{ d: string }>(
        await db.execute(sql`SELECT n_dead_tup AS d FROM pg_stat_user_tables WHERE relname = 'products'`),
      )[0]!.d,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await seedCatalog(db, 3_000);
    await runDatabaseUpkeep(db, { withoutAutovacuum: true });
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  it('without upkeep every round of changes grows the table; after it, the same changes reuse the space', async () => {
    const products = Number(
      rowsOf<{ n: string }>(await db.execute(sql`SELECT count(*) AS n FROM products`))[0]!.n,
    );
    const start = await productsBytes();
    await repriceEveryProduct();
    const afterOne = await productsBytes();
    expect(afterOne).toBeGreaterThan(start);
    expect(await productsDead()).toBeGreaterThanOrEqual(products);

    const report = await runDatabaseUpkeep(db, { withoutAutovacuum: true });
    const worked = report.tables.find((t) => t.name === 'public.products');
    expect(worked).toMatchObject({ vacuumed: true });
    expect(worked!.deadRows).toBeGreaterThanOrEqual(products);
    expect(report.deadRowsRemoved).toBeGreaterThanOrEqual(products);
    expect(await productsDead()).toBe(0);

    await repriceEveryProduct();
    expect(await productsBytes()).toBe(afterOne);
  });

  it('leaves alone what is not due, and does nothing where the database runs its own autovacuum', async () => {
    const quiet = await runDatabaseUpkeep(db, { withoutAutovacuum: true });
    // The previous test's last reprice is due; run again, nothing is.
    expect(quiet.tables.map((t) => t.name)).toContain('public.products');
    const again = await runDatabaseUpkeep(db, { withoutAutovacuum: true });
    expect(again.tables).toEqual([]);

    await repriceEveryProduct();
    const settings = await readAutovacuumSettings(db);
    const left = await runDatabaseUpkeep(db, { withoutAutovacuum: false });
    if (settings.enabled) {
      expect(left).toMatchObject({ skipped: 'autovacuum', tables: [] });
      expect(await productsDead()).toBeGreaterThan(0);
    } else {
      expect(left.tables.map((t) => t.name)).toContain('public.products');
    }
  });
});
