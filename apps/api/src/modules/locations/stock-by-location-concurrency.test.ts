/**
 * Stock by location under requests sent at once (issue 41 §1, decision 0069), through the real app: place-order
 * reserves at the locations its delivery option may take from, under the location rows' locks; a cancel puts the
 * units back where they came from; products.stock stays the sum of location_stock, never below zero. Each
 * invariant is read in the database after the race (run on PostgreSQL by `npm run test:postgres`).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES } from '@store/shared/delivery-rules';
import { DEFAULT_OPENING_HOURS } from '@store/shared/opening-hours';
import { TEST_PAYMENT_METHOD_AUTHENTICATES, TEST_PAYMENT_METHOD_DECLINES } from '@store/shared/test-payments';
import type { Database } from '../../db/client';
import {
  locations,
  locationStock,
  orderLineItems,
  orders,
  orderStockAllocations,
  products,
  stockMovements,
} from '../../db/schema';
import { injectAtOnce, statusCounts } from '../../../tests/concurrency';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { seedStaff } from '../../../tests/seeders';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { testOrderBody } from '../orders/test-order-body';
import { markLocationStockManaged } from './mark-location-stock-managed';

let t: TestApp;
const loc = { guildford: 0, parramatta: 0, penrith: 0 };
const HOURS = DEFAULT_OPENING_HOURS;

beforeAll(async () => {
  t = await createTestApp({ config: (c) => (c.rateLimits.placeOrdersPerMinute = 10_000) });
  await seedCatalog(t.database.db);
  const db = t.database.db;
  const [g] = await db.select().from(locations).where(eq(locations.code, 'guildford'));
  loc.guildford = g?.id ?? 0;
  const [p] = await db
    .insert(locations)
    .values({
      code: 'parramatta',
      name: 'Parramatta warehouse',
      openingHours: HOURS,
      ships: true,
      sortOrder: 1,
    })
    .returning();
  const [c] = await db
    .insert(locations)
    .values({
      code: 'penrith',
      name: 'Penrith counter',
      openingHours: HOURS,
      ships: false,
      handsOver: true,
      sortOrder: 2,
    })
    .returning();
  loc.parramatta = p?.id ?? 0;
  loc.penrith = c?.id ?? 0;
});
afterAll(() => t.close());

/** Puts exactly `units` (location id → on hand) of `productId` on the shelves, products.stock their sum. */
async function shelve(productId: number, units: Record<number, number>): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    await markLocationStockManaged(tx);
    await tx.delete(locationStock).where(eq(locationStock.productId, productId));
    await tx
      .insert(locationStock)
      .values(Object.entries(units).map(([l, onHand]) => ({ productId, locationId: Number(l), onHand })));
    const total = Object.values(units).reduce((n, u) => n + u, 0);
    await tx.update(products).set({ stock: total }).where(eq(products.id, productId));
  });
}

/** On hand per location id, and products.stock. */
async function shelves(productId: number, db: Database = t.database.db) {
  const rows = await db
    .select()
    .from(locationStock)
    .where(eq(locationStock.productId, productId))
    .orderBy(asc(locationStock.locationId));
  const [p] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return { at: Object.fromEntries(rows.map((r) => [r.locationId, r.onHand])), stock: p?.stock };
}

/** Units reserved per location id by orders not cancelled, less what was released. */
async function reservedAt(productId: number) {
  const rows = await t.database.db
    .select({
      locationId: orderStockAllocations.locationId,
      n: sql<number>`sum(${orderStockAllocations.quantity} - ${orderStockAllocations.released})::int`,
    })
    .from(orderStockAllocations)
    .where(eq(orderStockAllocations.productId, productId))
    .groupBy(orderStockAllocations.locationId);
  return Object.fromEntries(rows.map((r) => [r.locationId, r.n]));
}

function orderOne(productId: number, i: number, extra: Record<string, unknown> = {}) {
  return {
    method: 'POST' as const,
    url: '/api/place-order',
    payload: testOrderBody([{ id: productId, unitPriceCents: 2_500, quantity: 1 }], {
      email: `loc${i}@example.com`,
      ...extra,
    }),
    headers: { 'idempotency-key': randomUUID() },
  };
}

describe('stock by location, orders at once (issue 41 §1)', () => {
  it('20 click & collect orders at a counter holding the last unit, none at the warehouses: one wins', async () => {
    const productId = await seedProduct(t.database.db, {
      sku: 'LOC-COUNTER-1',
      title: 'Counter Wiper',
      priceCents: 2_500,
      stock: 0,
    });
    await shelve(productId, { [loc.guildford]: 0, [loc.parramatta]: 0, [loc.penrith]: 1 });
    const answers = await injectAtOnce(t.app, 20, (i) =>
      orderOne(productId, i, { delivery_option: 'click_and_collect', collect_location_id: loc.penrith }),
    );
    // One wins. The others are refused either by the quote, read after the winner took the unit (400, the words the
    // checkout shows for that store), or, when they read before it, by the reservation under the lock (409).
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused).toHaveLength(19);
    for (const a of refused) {
      const body = a.json() as { code?: string; message: string };
      if (a.statusCode === 409) expect(body.code).toBe('out_of_stock');
      else
        expect([a.statusCode, body.message]).toEqual([
          400,
          DELIVERY_MESSAGES.collectNotInStock('Penrith counter'),
        ]);
    }
    expect(await reservedAt(productId)).toEqual({ [loc.penrith]: 1 });
    expect(await shelves(productId)).toEqual({
      at: { [loc.guildford]: 0, [loc.parramatta]: 0, [loc.penrith]: 0 },
      stock: 0,
    });
    const [order] = await t.database.db
      .select()
      .from(orders)
      .innerJoin(orderStockAllocations, eq(orderStockAllocations.orderId, orders.id))
      .where(eq(orderStockAllocations.productId, productId));
    expect(order?.orders).toMatchObject({
      deliveryOption: 'click_and_collect',
      collectLocationId: loc.penrith,
    });
  });

  it('a delivery order may not take the counter-only units: out of stock with 0 left', async () => {
    const productId = await seedProduct(t.database.db, {
      sku: 'LOC-COUNTER-ONLY',
      title: 'Counter Only Bulb',
      priceCents: 2_500,
      stock: 0,
    });
    await shelve(productId, { [loc.penrith]: 3 });
    const [answer] = await injectAtOnce(t.app, 1, (i) => orderOne(productId, 100 + i));
    expect(answer?.statusCode).toBe(409);
    expect(answer?.json()).toMatchObject({ code: 'out_of_stock', product_id: productId });
    expect(await shelves(productId)).toEqual({ at: { [loc.penrith]: 3 }, stock: 3 });
  });

  it('20 delivery orders, 1 unit at Guildford and 5 at Parramatta: exactly 6 sold, 1 there and 5 here', async () => {
    const productId = await seedProduct(t.database.db, {
      sku: 'LOC-TWO-WAREHOUSES',
      title: 'Two Warehouse Filter',
      priceCents: 2_500,
      stock: 0,
    });
    await shelve(productId, { [loc.guildford]: 1, [loc.parramatta]: 5 });
    const answers = await injectAtOnce(t.app, 20, (i) => orderOne(productId, 200 + i));
    expect(statusCounts(answers)).toEqual({ 200: 6, 409: 14 });
    expect(await reservedAt(productId)).toEqual({ [loc.guildford]: 1, [loc.parramatta]: 5 });
    expect(await shelves(productId)).toEqual({ at: { [loc.guildford]: 0, [loc.parramatta]: 0 }, stock: 0 });
    const moved = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, productId), eq(stockMovements.reason, 'order')));
    expect(moved[0]?.n).toBe(6);
  });

  it('a cancelled order (declined card) puts its units back at the location it took them from', async () => {
    const productId = await seedProduct(t.database.db, {
      sku: 'LOC-DECLINED',
      title: 'Declined Brake Pad',
      priceCents: 2_500,
      stock: 0,
    });
    // Guildford cannot cover 2, Parramatta can: the whole order comes from Parramatta, and goes back there.
    await shelve(productId, { [loc.guildford]: 1, [loc.parramatta]: 4 });
    const [answer] = await injectAtOnce(t.app, 1, () => ({
      method: 'POST' as const,
      url: '/api/place-order',
      payload: testOrderBody([{ id: productId, unitPriceCents: 2_500, quantity: 2 }], {
        email: 'declined.loc@example.com',
        stripePaymentMethodId: TEST_PAYMENT_METHOD_DECLINES,
      }),
      headers: { 'idempotency-key': randomUUID() },
    }));
    expect(answer?.statusCode).toBe(402);
    expect(await shelves(productId)).toEqual({ at: { [loc.guildford]: 1, [loc.parramatta]: 4 }, stock: 5 });
    const allocations = await t.database.db
      .select()
      .from(orderStockAllocations)
      .where(eq(orderStockAllocations.productId, productId));
    expect(allocations.map((a) => [a.locationId, a.quantity, a.released])).toEqual([[loc.parramatta, 2, 2]]);
    const released = await t.database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, productId), eq(stockMovements.reason, 'order_released')));
    expect(released.map((m) => [m.toLocationId, m.quantity])).toEqual([[loc.parramatta, 2]]);
  });

  it('an outright stock figure (the editor, an import) changes the default location, the sum holds', async () => {
    const productId = await seedProduct(t.database.db, {
      sku: 'LOC-OUTRIGHT',
      title: 'Outright Spark Plug',
      priceCents: 2_500,
      stock: 4,
    });
    expect(await shelves(productId)).toEqual({ at: { [loc.guildford]: 4 }, stock: 4 });
    await shelve(productId, { [loc.guildford]: 2, [loc.parramatta]: 3 });
    const db = t.database.db;
    await db.update(products).set({ stock: 8 }).where(eq(products.id, productId));
    expect(await shelves(productId)).toEqual({ at: { [loc.guildford]: 5, [loc.parramatta]: 3 }, stock: 8 });
    // Fewer: from the default location first, then the others by sort order.
    await db.update(products).set({ stock: 1 }).where(eq(products.id, productId));
    expect(await shelves(productId)).toEqual({ at: { [loc.guildford]: 0, [loc.parramatta]: 1 }, stock: 1 });
    await db.update(products).set({ stock: null }).where(eq(products.id, productId));
    expect(await shelves(productId)).toEqual({ at: {}, stock: null });
    await db.update(products).set({ stock: 6 }).where(eq(products.id, productId));
    expect(await shelves(productId)).toEqual({ at: { [loc.guildford]: 6 }, stock: 6 });
  });

  it('the back office’s cancel and a refund with restock put units back where the order took them', async () => {
    const admin = (await seedStaff(t, { email: 'loc-admin@example.com', role: 'admin' })).token;
    const productId = await seedProduct(t.database.db, {
      sku: 'LOC-RELEASE',
      title: 'Release Wiper',
      priceCents: 2_500,
      stock: 0,
    });
    await shelve(productId, { [loc.guildford]: 0, [loc.parramatta]: 6 });
    const place = async (extra: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/place-order',
        payload: testOrderBody([{ id: productId, unitPriceCents: 2_500, quantity: 2 }], {
          email: 'release@example.com',
          ...extra,
        }),
        headers: { 'idempotency-key': randomUUID() },
      });
      const body = res.json() as { data?: { id: string }; order_id?: string };
      return body.data?.id ?? body.order_id ?? '';
    };
    // Held for 3-D Secure (unpaid): the back office cancels it.
    const held = await place({ stripePaymentMethodId: TEST_PAYMENT_METHOD_AUTHENTICATES });
    expect(await shelves(productId)).toEqual({ at: { [loc.guildford]: 0, [loc.parramatta]: 4 }, stock: 4 });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${held}/status`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await shelves(productId)).toEqual({ at: { [loc.guildford]: 0, [loc.parramatta]: 6 }, stock: 6 });

    // Paid: one of its two units refunded with restock goes back to Parramatta.
    const paid = await place({});
    const [row] = await t.database.db.select().from(orders).where(eq(orders.publicId, paid));
    const [line] = await t.database.db
      .select()
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, row?.id ?? 0));
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid}/line-refunds`,
      headers: { authorization: `Bearer ${admin}`, 'idempotency-key': randomUUID() },
      payload: { lines: [{ line_id: line?.id, quantity: 1, restock: true }], reason: 'Wrong size' },
    });
    expect(refunded.statusCode).toBe(201);
    expect(await shelves(productId)).toEqual({ at: { [loc.guildford]: 0, [loc.parramatta]: 5 }, stock: 5 });
    const restocks = await t.database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, productId), eq(stockMovements.reason, 'restock')));
    expect(restocks.map((m) => [m.toLocationId, m.quantity, m.orderId])).toEqual([
      [loc.parramatta, 1, row?.id],
    ]);
  });
});
