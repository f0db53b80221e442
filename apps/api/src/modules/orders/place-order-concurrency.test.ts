/**
 * Placing orders under requests sent at once (issue 43 §2, decision 0041), through the real app and the
 * concurrency kit: stock is taken by one conditional UPDATE … RETURNING per order (never below zero, never
 * oversold), and an Idempotency-Key is claimed by INSERT … ON CONFLICT DO NOTHING (one order per key). Each
 * invariant is read in the database after the race.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, orderLineItems, orders, products } from '../../db/schema';
import { injectAtOnce, statusCounts } from '../../../tests/concurrency';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { testOrderBody } from './test-order-body';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: (c) => (c.rateLimits.placeOrdersPerMinute = 10_000) });
  await seedCatalog(t.database.db);
});
afterAll(() => t.close());

/** Units of `productId` sold in orders that were not cancelled, and the stock left. */
async function soldAndLeft(productId: number) {
  const [sold] = await t.database.db
    .select({ n: sql<number>`coalesce(sum(${orderLineItems.quantity}), 0)::int` })
    .from(orderLineItems)
    .innerJoin(orders, eq(orders.id, orderLineItems.orderId))
    .where(sql`${orderLineItems.productId} = ${productId} AND ${orders.status} <> 'cancelled'`);
  const [left] = await t.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return { sold: sold?.n ?? -1, left: left?.stock };
}

describe('place-order at once (issue 43 §2)', () => {
  it('twelve orders for the last 3 units at once: 3 sold, 9 told it is out of stock, stock 0', async () => {
    const productId = await seedProduct(t.database.db, {
      sku: 'LAST-3',
      title: 'Last Three Wipers',
      priceCents: 2_500,
      stock: 3,
    });
    const answers = await injectAtOnce(t.app, 12, (i) => ({
      method: 'POST',
      url: '/api/place-order',
      payload: testOrderBody([{ id: productId, unitPriceCents: 2_500, quantity: 1 }], {
        email: `last${i}@example.com`,
      }),
      headers: { 'idempotency-key': randomUUID() },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 3, 409: 9 });
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'out_of_stock')).toBe(
      true,
    );
    expect(await soldAndLeft(productId)).toEqual({ sold: 3, left: 0 });
  });

  it('orders of 2 units for the last 3 at once: one sold, never below zero', async () => {
    const productId = await seedProduct(t.database.db, {
      sku: 'LAST-3-PAIRS',
      title: 'Last Three Bulbs',
      priceCents: 2_500,
      stock: 3,
    });
    const answers = await injectAtOnce(t.app, 6, (i) => ({
      method: 'POST',
      url: '/api/place-order',
      payload: testOrderBody([{ id: productId, unitPriceCents: 2_500, quantity: 2 }], {
        email: `pair${i}@example.com`,
      }),
      headers: { 'idempotency-key': randomUUID() },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 5 });
    expect(await soldAndLeft(productId)).toEqual({ sold: 2, left: 1 });
  });

  it('ten requests with one Idempotency-Key at once: one order, one charge, every answer the same order', async () => {
    const productId = await seedProduct(t.database.db, {
      sku: 'ONE-KEY',
      title: 'One Key Filter',
      priceCents: 4_000,
      stock: 50,
    });
    const key = randomUUID();
    const body = testOrderBody([{ id: productId, unitPriceCents: 4_000, quantity: 1 }], {
      email: 'one.key@example.com',
    });
    const answers = await injectAtOnce(t.app, 10, () => ({
      method: 'POST',
      url: '/api/place-order',
      payload: body,
      headers: { 'idempotency-key': key },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 10 });
    expect(new Set(answers.map((a) => (a.json() as { data: { id: string } }).data.id)).size).toBe(1);
    expect(await soldAndLeft(productId)).toEqual({ sold: 1, left: 49 });
    const keys = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(keys.map((k) => k.status)).toEqual(['done']);
  });
});
