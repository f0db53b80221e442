/**
 * The fitment index as the read model loads it (decisions 0032, 0087): read a range of the table's pages at a time,
 * put together per vehicle, it is the index the rows themselves make, however many reads it takes. Run on PostgreSQL
 * too (`TEST_DATABASE_URL`, tests/run-on-postgres.mjs): the reads are TID range scans, which need PostgreSQL 14+.
 */
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VEHICLE_CSV_COLUMNS } from '@store/shared/vehicle';
import { rowsOf } from '../../db/client';
import { fitments, products, vehicles } from '../../db/schema';
import { seedCatalog } from '../../../tests/seed-catalog';
import { createTestDatabase } from '../../../tests/test-db';
import { importVehicles } from '../vehicles/import-vehicles';
import { buildFitmentIndex, loadFitmentIndex, type FitmentIndex } from './catalog-fitments';

const VEHICLES = [
  VEHICLE_CSV_COLUMNS.join(','),
  'Toyota,HiLux,GUN126R,SR5,2015,7,,,Ute,1GD-FTV,2.8,Diesel,130,4WD',
  'Toyota,Corolla,ZRE182R,,2012,10,2018,7,Hatch,2ZR-FE,1.8,Petrol,103,FWD',
  'Ford,Ranger,PX2,XLT,2015,6,2018,5,Ute,P5AT,3.2,Diesel,147,4WD',
  'Mazda,BT-50,UR,XTR,2016,1,2020,6,Ute,P5AT,3.2,Diesel,147,4WD',
].join('\n');

describe('loadFitmentIndex', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let vehicleIds: number[] = [];
  let productIds: number[] = [];
  let expected: FitmentIndex;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    await seedCatalog(db, 400);
    await importVehicles(db, VEHICLES);
    vehicleIds = (await db.select({ id: vehicles.id }).from(vehicles)).map((v) => v.id);
    productIds = (await db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map(
      (p) => p.id,
    );
    // Most products fit most vehicles; some in two positions, some with notes, a few fit none. Written in an order
    // that spreads each vehicle's rows over every page of the table.
    const rows: (typeof fitments.$inferInsert)[] = [];
    for (const [k, productId] of productIds.entries()) {
      if (k % 13 === 0) continue;
      for (const [v, vehicleId] of vehicleIds.entries()) {
        if ((k + v) % 5 === 0) continue;
        if (k % 7 === 0) {
          rows.push({ productId, vehicleId, position: 'Front', notes: k % 2 ? 'with ABS' : '' });
          rows.push({ productId, vehicleId, position: 'Rear', notes: '' });
        } else rows.push({ productId, vehicleId, notes: k % 11 === 0 ? `from 0${(v % 9) + 1}/2016` : '' });
      }
    }
    for (let at = 0; at < rows.length; at += 500) await db.insert(fitments).values(rows.slice(at, at + 500));
    const all = await db
      .select()
      .from(fitments)
      .orderBy(asc(fitments.vehicleId), asc(fitments.productId), asc(fitments.position));
    expected = buildFitmentIndex(vehicleIds, all);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  /** Whether `got` answers as `want` for every vehicle and product. */
  function expectSameIndex(got: FitmentIndex, want: FitmentIndex) {
    expect(got.pairs).toBe(want.pairs);
    for (const vehicleId of vehicleIds) {
      expect([...got.fitting(vehicleId)]).toEqual([...want.fitting(vehicleId)]);
      for (const productId of productIds) {
        expect(got.statusOf(vehicleId, productId, false)).toEqual(want.statusOf(vehicleId, productId, false));
      }
    }
  }

  it('reads the table over several pages', async () => {
    const [size] = rowsOf<{ pages: number }>(
      await database.db.execute(
        sql`SELECT (pg_relation_size('fitments') / current_setting('block_size')::int)::int AS pages`,
      ),
    );
    expect(size?.pages).toBeGreaterThan(5);
    expect(expected.pairs).toBeGreaterThan(1000);
    expect(expected.statusOf(vehicleIds[1] ?? 0, productIds[7] ?? 0, false)).toEqual({
      status: 'fits_with_notes',
      notes: expect.stringContaining('with ABS') as unknown as string,
    });
  });

  it('is the index of the rows, read a page a statement', async () => {
    expectSameIndex(await loadFitmentIndex(database.db, 1), expected);
  });

  it('is the index of the rows, read as fast as the database answers', async () => {
    expectSameIndex(await loadFitmentIndex(database.db), expected);
  });

  it('reads an emptied table, and its first row again', async () => {
    const { db } = database;
    await db.execute(sql`TRUNCATE fitments`);
    const empty = await loadFitmentIndex(db);
    expect(empty.pairs).toBe(0);
    expect(empty.hasVehicle(vehicleIds[0] as number)).toBe(true);
    await db
      .insert(fitments)
      .values({ productId: productIds[3] as number, vehicleId: vehicleIds[2] as number, notes: 'late' });
    const one = await loadFitmentIndex(db);
    expect(one.pairs).toBe(1);
    expect(one.statusOf(vehicleIds[2] as number, productIds[3] as number, false)).toEqual({
      status: 'fits_with_notes',
      notes: expect.stringContaining('late') as unknown as string,
    });
  });
});
