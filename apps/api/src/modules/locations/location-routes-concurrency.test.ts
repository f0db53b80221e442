/**
 * The back office's locations and stock by location (issue 41 §1-2, decision 0069) through the real app: what a
 * location may be (validation, the last shipping location, one holding stock), transfers and counts with the
 * staff member recorded, and transfers sent at once never taking a location below zero.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminLocation,
  AdminLocationInput,
  ProductLocationStockAnswer,
} from '@store/shared/admin-locations';
import { DEFAULT_OPENING_HOURS } from '@store/shared/opening-hours';
import { LOCATION_MESSAGES } from '@store/shared/stock-locations';
import { bulkyItemText, dangerousGoodText } from '@store/shared/delivery-rules';
import { locations, locationStock, products } from '../../db/schema';
import { injectAtOnce, statusCounts } from '../../../tests/concurrency';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { seedStaff } from '../../../tests/seeders';
import { createTestApp, type TestApp } from '../../../tests/test-app';

let t: TestApp;
let token = '';
const auth = () => ({ authorization: `Bearer ${token}` });

const input = (over: Partial<AdminLocationInput> = {}): AdminLocationInput => ({
  code: 'parramatta',
  name: 'Parramatta warehouse',
  street_address: '1 Church St',
  suburb: 'Parramatta',
  state: 'NSW',
  post_code: '2150',
  phone: '02 9999 0000',
  opening_hours: DEFAULT_OPENING_HOURS,
  ships: true,
  hands_over: true,
  ready_minutes: 30,
  dispatch_days_min: 1,
  dispatch_days_max: 2,
  sort_order: 1,
  active: true,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db);
  token = (await seedStaff(t, { email: 'loc-staff@example.com', name: 'Priya Shah' })).token;
});
afterAll(() => t.close());

describe('/api/admin/locations (issue 41 §2)', () => {
  it('refuses a visitor, answers each field at fault, and adds, lists and edits a location', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/admin/locations' });
    expect(anon.statusCode).toBe(401);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/locations',
      headers: auth(),
      payload: input({ code: 'Bad Code!', state: 'XX' as 'NSW', ready_minutes: 2, dispatch_days_max: 0 }),
    });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json() as { errors: { field: string }[] }).errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['code', 'state', 'ready_minutes']));

    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/locations',
      headers: auth(),
      payload: input(),
    });
    expect(added.statusCode).toBe(200);
    const parramatta = (added.json() as { data: AdminLocation }).data;
    expect(parramatta).toMatchObject({ code: 'parramatta', hands_over: true, units_on_hand: 0 });

    const twin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/locations',
      headers: auth(),
      payload: input(),
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toBe(LOCATION_MESSAGES.codeTaken('parramatta'));

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/locations', headers: auth() });
    expect((list.json() as { data: AdminLocation[] }).data.map((l) => l.code)).toEqual([
      'guildford',
      'parramatta',
    ]);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/locations/${parramatta.id}`,
      headers: auth(),
      payload: input({ name: 'Parramatta store', ships: false }),
    });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as { data: AdminLocation }).data).toMatchObject({
      name: 'Parramatta store',
      ships: false,
    });

    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/locations/99999',
      headers: auth(),
      payload: input({ code: 'nowhere' }),
    });
    expect(missing.statusCode).toBe(404);

    const publicList = await t.app.inject({ method: 'GET', url: '/api/locations' });
    expect(publicList.statusCode).toBe(200);
    expect((publicList.json() as { data: { code: string }[] }).data.map((l) => l.code)).toEqual([
      'guildford',
      'parramatta',
    ]);
  });

  it("tells the product page a battery's and a bulky item's delivery notes with its units per location", async () => {
    const battery = await seedProduct(t.database.db, {
      sku: 'NOTE-BATTERY',
      title: 'Battery',
      priceCents: 20_000,
      stock: 3,
    });
    await t.database.db
      .update(products)
      .set({ dangerousGoodsClass: '8', bulky: true })
      .where(eq(products.id, battery));
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${battery}/availability` });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: { stock_at: Record<string, number>; delivery_notes: string[] } };
    expect(data.delivery_notes).toEqual([dangerousGoodText('8'), bulkyItemText(2500)]);
    expect(Object.values(data.stock_at).reduce((a, b) => a + b, 0)).toBe(3);

    const plain = await seedProduct(t.database.db, {
      sku: 'NOTE-WIPER',
      title: 'Wiper',
      priceCents: 2_000,
      stock: 1,
    });
    const wiper = await t.app.inject({ method: 'GET', url: `/api/products/${plain}/availability` });
    expect((wiper.json() as { data: { delivery_notes: string[] } }).data.delivery_notes).toEqual([]);
  });

  it('refuses switching off the last shipping location, and a location that holds stock', async () => {
    const [guildford] = await t.database.db.select().from(locations).where(eq(locations.code, 'guildford'));
    const id = guildford?.id ?? 0;
    const body = input({ code: 'guildford', name: 'Guildford warehouse', sort_order: 0 });
    const noShipping = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/locations/${id}`,
      headers: auth(),
      payload: { ...body, ships: false },
    });
    expect(noShipping.statusCode).toBe(409);
    expect(noShipping.json().message).toBe(LOCATION_MESSAGES.lastShipping);

    // Another shipping location, then Guildford (holding the seeded stock) switched off: refused for its units.
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/locations',
      headers: auth(),
      payload: input({ code: 'penrith', name: 'Penrith warehouse', sort_order: 2 }),
    });
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/locations/${id}`,
      headers: auth(),
      payload: { ...body, active: false },
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toMatch(/still holds \d+ units/);
  });
});

describe('stock by location in the back office (issue 41 §2)', () => {
  it('transfers and counts, with the staff member; 409 for more than on hand; at once never below zero', async () => {
    const db = t.database.db;
    const productId = await seedProduct(db, {
      sku: 'LOC-MOVE',
      title: 'Moving Filter',
      priceCents: 1_000,
      stock: 10,
    });
    const [g] = await db.select().from(locations).where(eq(locations.code, 'guildford'));
    const [p] = await db.select().from(locations).where(eq(locations.code, 'penrith'));
    const from = g?.id ?? 0;
    const to = p?.id ?? 0;
    const url = `/api/admin/products/${productId}/location-stock`;

    const tooMany = await t.app.inject({
      method: 'POST',
      url: `${url}/transfer`,
      headers: auth(),
      payload: { from_location_id: from, to_location_id: to, quantity: 11 },
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(LOCATION_MESSAGES.transferShort(10, 'Guildford warehouse'));

    const same = await t.app.inject({
      method: 'POST',
      url: `${url}/transfer`,
      headers: auth(),
      payload: { from_location_id: from, to_location_id: from, quantity: 1 },
    });
    expect(same.statusCode).toBe(400);

    // 25 transfers of 1 unit at once from 10 on hand: exactly 10 go through.
    const answers = await injectAtOnce(t.app, 25, () => ({
      method: 'POST',
      url: `${url}/transfer`,
      headers: auth(),
      payload: { from_location_id: from, to_location_id: to, quantity: 1, note: 'rebalance' },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 10, 409: 15 });
    const rows = await db.select().from(locationStock).where(eq(locationStock.productId, productId));
    expect(Object.fromEntries(rows.map((r) => [r.locationId, r.onHand]))).toEqual({ [from]: 0, [to]: 10 });
    const [after] = await db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, productId));
    expect(after?.stock).toBe(10);

    const counted = await t.app.inject({
      method: 'POST',
      url: `${url}/count`,
      headers: auth(),
      payload: { location_id: to, on_hand: 7, note: 'stocktake' },
    });
    expect(counted.statusCode).toBe(200);
    const answer = counted.json() as ProductLocationStockAnswer;
    expect(answer.data.stock).toBe(7);
    expect(answer.data.locations.find((l) => l.location_id === to)?.on_hand).toBe(7);
    expect(answer.data.movements[0]).toMatchObject({
      reason: 'count',
      quantity: 3,
      from_location: 'Penrith warehouse',
      staff_name: 'Priya Shah',
      note: 'stocktake',
    });
    expect(answer.data.movements.filter((m) => m.reason === 'transfer')).toHaveLength(10);

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/admin/stock-movements?sku=loc-move&location_id=${to}`,
      headers: auth(),
    });
    expect(history.statusCode).toBe(200);
    expect((history.json() as { data: unknown[] }).data).toHaveLength(11);
  });
});
