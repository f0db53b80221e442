/**
 * My Garage's limit under requests sent at the same moment (issue 43 §1-§2; decisions 0033, 0041): adds and
 * merges take the member's row lock before they count, so however many arrive together a garage keeps at most
 * MAX_GARAGE_VEHICLES. Invariants are read from the database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GARAGE_MESSAGES, MAX_GARAGE_VEHICLES } from '@store/shared/garage';
import { VEHICLE_CSV_COLUMNS } from '@store/shared/vehicle';
import { garageVehicles, vehicles } from '../../db/schema';
import { injectAtOnce, statusCounts } from '../../../tests/concurrency';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedCustomer } from '../../../tests/seeders';
import { importVehicles } from '../vehicles/import-vehicles';

/** 40 vehicles, one model each, sold 2005-2015. */
const LIST = [
  VEHICLE_CSV_COLUMNS.join(','),
  ...Array.from(
    { length: 40 },
    (_, i) => `Toyota,Model${i},SER${i},SR5,2005,3,2015,6,Ute,1KD-FTV,3.0,Diesel,126,4WD`,
  ),
].join('\n');

let t: TestApp;
let vehicleIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await importVehicles(t.database.db, LIST);
  vehicleIds = (await t.database.db.select({ id: vehicles.id }).from(vehicles).orderBy(vehicles.id)).map(
    (v) => v.id,
  );
  expect(vehicleIds).toHaveLength(40);
});
afterAll(() => t?.close());

async function signUp(): Promise<{ token: string; userId: number }> {
  const { token, id } = await seedCustomer(t);
  return { token, userId: id };
}

const heldBy = async (userId: number) =>
  (await t.database.db.select().from(garageVehicles).where(eq(garageVehicles.userId, userId))).length;

describe('the 10-vehicle limit, requests at once', () => {
  it('30 adds of different vehicles at once to a garage holding 9: exactly 10 kept, the rest refused as full', async () => {
    const { token, userId } = await signUp();
    for (const vehicleId of vehicleIds.slice(0, MAX_GARAGE_VEHICLES - 1)) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/garage',
        headers: { authorization: `Bearer ${token}` },
        payload: { vehicle_id: vehicleId },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const answers = await injectAtOnce(t.app, 30, (i) => ({
      method: 'POST',
      url: '/api/garage',
      headers: { authorization: `Bearer ${token}` },
      payload: { vehicle_id: vehicleIds[MAX_GARAGE_VEHICLES - 1 + i] },
    }));
    expect(statusCounts(answers)).toEqual({ 201: 1, 409: 29 });
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toEqual({ message: GARAGE_MESSAGES.full });
    }
    expect(await heldBy(userId)).toBe(MAX_GARAGE_VEHICLES);
  });

  it('10 merges of 4 vehicles each at once to an empty garage: at most 10 kept', async () => {
    const { token, userId } = await signUp();
    const answers = await injectAtOnce(t.app, 10, (i) => ({
      method: 'POST',
      url: '/api/garage/merge',
      headers: { authorization: `Bearer ${token}` },
      payload: { vehicles: vehicleIds.slice(i * 4, i * 4 + 4).map((id) => ({ vehicle_id: id })) },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 10 });
    expect(await heldBy(userId)).toBe(MAX_GARAGE_VEHICLES);
  });

  it('20 adds of one vehicle and year at once keep it once', async () => {
    const { token, userId } = await signUp();
    const answers = await injectAtOnce(t.app, 20, () => ({
      method: 'POST',
      url: '/api/garage',
      headers: { authorization: `Bearer ${token}` },
      payload: { vehicle_id: vehicleIds[0], year: 2010 },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 19, 201: 1 });
    expect(await heldBy(userId)).toBe(1);
  });
});
