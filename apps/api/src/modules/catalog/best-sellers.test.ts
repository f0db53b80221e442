/**
 * /best-selling's answer (issue 37 §4, decision 0058) from real paid orders placed through the API: units sold in
 * the last 90 days less units refunded, archived products and unpaid or old orders left out, and the featured
 * products while fewer than BEST_SELLERS_MIN_ORDERS orders were paid.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEST_SELLERS_MIN_ORDERS, bestSellersAnswerSchema } from '@store/shared/best-sellers';
import { orderLineItems, orders, products } from '../../db/schema';
import { seedCatalog } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { bearer, seedOrder, seedStaff } from '../../../tests/seeders';
import { TEST_PAYMENT_METHOD_DECLINES } from '@store/shared/test-payments';
import { testOrderBody } from '../orders/test-order-body';
import { readBestSellers } from './best-sellers';
import { bestSellersAnswer } from './catalog-answers';

let t: TestApp;
const id: Record<string, { id: number; cents: number }> = {};

beforeAll(async () => {
  t = await createTestApp({ config: (c) => (c.rateLimits.placeOrdersPerMinute = 1_000) });
  await seedCatalog(t.database.db);
  const view = await t.app.catalog.view();
  for (const sku of ['KL-H4-6055', 'VC-NS70-680', 'TQ-SOCK-94', 'GW-NUT-M12', 'BL-LED-H4']) {
    const e = view.find(sku);
    if (e) id[sku] = { id: e.id, cents: e.payCents };
  }
});
afterAll(() => t.close());

const line = (sku: string, quantity: number) => {
  const p = id[sku];
  if (!p) throw new Error(`no seeded ${sku}`);
  return { id: p.id, unitPriceCents: p.cents, quantity };
};

const bestSelling = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/best-selling-products' });
  expect(res.statusCode).toBe(200);
  return bestSellersAnswerSchema.parse(res.json());
};

describe('best sellers', () => {
  it('shows the featured products while fewer than the threshold of orders were paid', async () => {
    await seedOrder(t, { lines: [line('TQ-SOCK-94', 3)] });
    const ranking = await readBestSellers(t.database.db);
    expect(ranking).toMatchObject({ basis: 'featured', ids: [], paidOrders: 1 });
    // The API keeps one ranking for minutes: its featured answer is built from the view (the route is asked below).
    const answer = bestSellersAnswerSchema.parse(
      JSON.parse((await bestSellersAnswer(await t.app.catalog.view(), ranking)).json.toString('utf8')),
    );
    expect(answer.basis).toBe('featured');
    expect(answer.days).toBe(90);
    const featured = (await t.app.inject({ method: 'GET', url: '/api/virtual-products' })).json<{
      data: { sku: string }[];
    }>();
    expect(answer.data.map((p) => p.sku)).toEqual(featured.data.map((p) => p.sku));
  });

  it('ranks by units sold in paid orders of the last 90 days, less refunded units', async () => {
    // Orders 2..6: the threshold is met. H4 globes 2+2 = 4 units, batteries 3, nuts 2, sockets 3 (from above).
    await seedOrder(t, { lines: [line('KL-H4-6055', 2), line('GW-NUT-M12', 2)] });
    await seedOrder(t, { lines: [line('KL-H4-6055', 2)] });
    await seedOrder(t, { lines: [line('VC-NS70-680', 1)] });
    const refunded = await seedOrder(t, { lines: [line('VC-NS70-680', 2), line('BL-LED-H4', 1)] });
    // Not paid: the card is declined, so the order counts nowhere.
    await t.app.inject({
      method: 'POST',
      url: '/api/place-order',
      headers: { 'idempotency-key': randomUUID() },
      payload: testOrderBody([line('BL-LED-H4', 9)], { stripePaymentMethodId: TEST_PAYMENT_METHOD_DECLINES }),
    });
    // An old paid order (100 days ago) does not count either.
    const old = await seedOrder(t, { lines: [line('BL-LED-H4', 20)] });
    await t.database.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '100 days'` })
      .where(eq(orders.id, old.row.id));
    await seedOrder(t, { lines: [line('GW-NUT-M12', 1)] });

    // Both batteries of one order and the LED kit come back: batteries 1 + 0 = 1, LED kit 0.
    const staff = await seedStaff(t, { email: 'refunds@example.com', role: 'admin' });
    const lines = await t.database.db
      .select({ id: orderLineItems.id, productId: orderLineItems.productId })
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, refunded.row.id));
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${refunded.publicId}/line-refunds`,
      headers: { ...bearer(staff.token), 'idempotency-key': randomUUID() },
      payload: {
        lines: lines.map((l) => ({
          line_id: l.id,
          quantity: l.productId === id['BL-LED-H4']?.id ? 1 : 2,
          restock: true,
        })),
        reason: 'Changed mind',
      },
    });
    expect(refund.statusCode, refund.body).toBe(201);

    const ranking = await readBestSellers(t.database.db);
    expect(ranking.paidOrders).toBeGreaterThanOrEqual(BEST_SELLERS_MIN_ORDERS);
    expect(ranking.basis).toBe('sales');
    const sku = (pid: number) => Object.entries(id).find(([, p]) => p.id === pid)?.[0];
    // H4 4, sockets 3, nuts 3, batteries 1 (ties: the newer product first); the LED kit sold none net.
    const tied = ['TQ-SOCK-94', 'GW-NUT-M12'].sort((a, b) => (id[b]?.id ?? 0) - (id[a]?.id ?? 0));
    expect(ranking.ids.map(sku)).toEqual(['KL-H4-6055', ...tied, 'VC-NS70-680']);
  });

  it('leaves archived products out, and the API answers the ranking as product cards', async () => {
    const h4 = id['KL-H4-6055']?.id ?? 0;
    await t.database.db
      .update(products)
      .set({ archivedAt: sql`now()` })
      .where(eq(products.id, h4));
    const ranking = await readBestSellers(t.database.db);
    expect(ranking.ids).not.toContain(h4);
    const answer = await bestSelling();
    expect(answer.basis).toBe('sales');
    expect(answer.data.map((p) => p.sku)).toEqual(
      ranking.ids.map((pid) => Object.entries(id).find(([, p]) => p.id === pid)?.[0]),
    );
  });
});
