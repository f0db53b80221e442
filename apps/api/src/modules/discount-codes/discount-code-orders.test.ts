/**
 * Discount codes in place-order (issue 34 §5, decision 0047): a code applied at checkout is charged by the one
 * money model, stored on the order and served as its own breakdown row; a percent code limited to products takes
 * its percent of those lines only; a refused code writes nothing; a declined payment gives the use back; and the
 * usage limit holds when 20 orders with a code limited to 3 uses arrive at once (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeCheckoutTotals, type CodeDiscount } from '@store/shared/checkout-totals';
import { DISCOUNT_CODE_MESSAGES as M } from '@store/shared/discount-codes';
import { amountsOfOrder, breakdownRows, ORDER_MONEY_META } from '@store/shared/order-breakdown';
import { TEST_PAYMENT_METHOD_DECLINES } from '@store/shared/test-payments';
import type { Database } from '../../db/client';
import { discountCodeRedemptions, discountCodes, orders, products } from '../../db/schema';
import { injectAtOnce, statusCounts } from '../../../tests/concurrency';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { TEST_STORE_SETTINGS, testOrderBody, type TestLine } from '../orders/test-order-body';

let t: TestApp;
let db: Database;
let padsId = 0;
let wipersId = 0;

beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.rateLimits.placeOrdersPerMinute = 10_000;
      c.rateLimits.orderLookupsPerMinute = 10_000;
    },
  });
  db = t.database.db;
  await seedCatalog(db);
  padsId = await seedProduct(db, {
    sku: 'DCO-PADS',
    title: 'Order Code Pads',
    priceCents: 11_545,
    stock: null,
  });
  wipersId = await seedProduct(db, {
    sku: 'DCO-WIPERS',
    title: 'Order Code Wipers',
    priceCents: 1_999,
    stock: 50,
  });
});
afterAll(() => t.close());

async function makeCode(c: Partial<typeof discountCodes.$inferInsert> & { code: string }) {
  const [row] = await db
    .insert(discountCodes)
    .values({ kind: 'percent', value: 10, ...c })
    .returning({ id: discountCodes.id });
  return row!.id;
}

const codeOf = (
  code: string,
  percent: number | null,
  amountCents: number | null,
  eligibleLines: number[] | null,
) => ({ code, percent, amountCents, eligibleLines }) satisfies CodeDiscount;

function placeOrder(lines: TestLine[], code: CodeDiscount | null, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/place-order',
    headers: { 'idempotency-key': randomUUID() },
    payload: testOrderBody(lines, { discount_code: code?.code.toLowerCase() ?? null, ...extra }, { code }),
  });
}

const usedCount = async (id: number) =>
  (await db.select({ n: discountCodes.usedCount }).from(discountCodes).where(eq(discountCodes.id, id)))[0]?.n;

describe('place-order with a discount code', () => {
  it('charges the code by the money model, keeps it on the order and shows it as its own row', async () => {
    const codeId = await makeCode({ code: 'ORDER-10' });
    const lines = [{ id: padsId, unitPriceCents: 11_545, quantity: 2 }];
    const code = codeOf('ORDER-10', 10, null, null);
    const res = await placeOrder(lines, code);
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    const totals = computeCheckoutTotals([{ unitPriceCents: 11_545, quantity: 2 }], TEST_STORE_SETTINGS, {
      code,
    });
    expect(totals.codeDiscountCents).toBe(2_309);
    expect(detail.total_amount).toBe('207.81');
    const meta = Object.fromEntries(
      detail.order_meta.map((m: { option: string; value: string }) => [m.option, m.value]),
    );
    expect(meta[ORDER_MONEY_META.discountCode]).toBe('ORDER-10');
    expect(meta[ORDER_MONEY_META.codeDiscount]).toBe('23.09');
    const rows = breakdownRows(amountsOfOrder(detail));
    expect(rows.find((r) => r.key === 'code_discount')).toMatchObject({
      label: 'Discount code ORDER-10',
      cents: -2_309,
      text: '\u2212$23.09',
    });
    // The rows that add up do: subtotal − code + delivery = total charged.
    expect(rows.filter((r) => r.addsUp).reduce((s, r) => s + r.cents, 0)).toBe(20_781);
    const [order] = await db
      .select({
        id: orders.id,
        code: orders.discountCode,
        cents: orders.codeDiscountCents,
        total: orders.totalCents,
      })
      .from(orders)
      .where(eq(orders.publicId, detail.id));
    expect(order).toMatchObject({ code: 'ORDER-10', cents: 2_309, total: 20_781 });
    expect(await usedCount(codeId)).toBe(1);
    const [redemption] = await db
      .select()
      .from(discountCodeRedemptions)
      .where(eq(discountCodeRedemptions.orderId, order!.id));
    expect(redemption).toMatchObject({ codeId, email: 'jane@example.com' });
  });

  it('a percent code limited to a product discounts that line only', async () => {
    await makeCode({ code: 'PADS-ONLY-15', value: 15, appliesTo: 'products', targetIds: [padsId] });
    const lines = [
      { id: wipersId, unitPriceCents: 1_999, quantity: 3 },
      { id: padsId, unitPriceCents: 11_545, quantity: 1 },
    ];
    const res = await placeOrder(lines, codeOf('PADS-ONLY-15', 15, null, [1]));
    expect(res.statusCode).toBe(200);
    const meta = res.json().data.order_meta as { option: string; value: string }[];
    // 15% of $115.45 = $17.3175 -> $17.32; the wipers ($59.97) are not discounted.
    expect(meta.find((m) => m.option === ORDER_MONEY_META.codeDiscount)?.value).toBe('17.32');
    expect(res.json().data.total_amount).toBe('158.10');
  });

  it('refuses a code below its minimum spend with the reason, and writes nothing', async () => {
    await makeCode({ code: 'BIG-SPEND', minSpendCents: 50_000 });
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
    const res = await placeOrder(
      [{ id: wipersId, unitPriceCents: 1_999, quantity: 1 }],
      codeOf('BIG-SPEND', 10, null, null),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.belowMinimum('BIG-SPEND', 50_000, 1_999));
    const after = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('once per email: the second order from the same email (any case) is refused', async () => {
    await makeCode({ code: 'ONE-EACH', oncePerCustomer: true });
    const lines = [{ id: padsId, unitPriceCents: 11_545, quantity: 1 }];
    const code = codeOf('ONE-EACH', 10, null, null);
    expect((await placeOrder(lines, code, { email: 'sam@example.com' })).statusCode).toBe(200);
    const again = await placeOrder(lines, code, { email: 'SAM@example.com' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(M.alreadyUsed('ONE-EACH'));
    expect((await placeOrder(lines, code, { email: 'pat@example.com' })).statusCode).toBe(200);
  });

  it('a declined payment cancels the order and gives the code’s use back', async () => {
    const codeId = await makeCode({ code: 'DECLINE-1', usageLimit: 1, oncePerCustomer: true });
    const lines = [{ id: wipersId, unitPriceCents: 1_999, quantity: 1 }];
    const code = codeOf('DECLINE-1', 10, null, null);
    const declined = await placeOrder(lines, code, { stripePaymentMethodId: TEST_PAYMENT_METHOD_DECLINES });
    expect(declined.statusCode).toBe(402);
    expect(await usedCount(codeId)).toBe(0);
    const paid = await placeOrder(lines, code);
    expect(paid.statusCode).toBe(200);
    expect(await usedCount(codeId)).toBe(1);
  });
});

describe('a code’s usage limit under concurrent orders (decision 0041)', () => {
  it('a code limited to 3 uses and 20 orders at once: exactly 3 orders carry it, 17 are told it is used up', async () => {
    const codeId = await makeCode({ code: 'RACE-3', usageLimit: 3 });
    const [stockBefore] = await db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, wipersId));
    const orderCount = async () =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n ?? 0;
    const ordersBefore = await orderCount();
    const lines = [{ id: wipersId, unitPriceCents: 1_999, quantity: 1 }];
    const code = codeOf('RACE-3', 10, null, null);
    const answers = await injectAtOnce(t.app, 20, (i) => ({
      method: 'POST',
      url: '/api/place-order',
      headers: { 'idempotency-key': randomUUID() },
      payload: testOrderBody(lines, { discount_code: 'RACE-3', email: `racer${i}@example.com` }, { code }),
    }));
    expect(statusCounts(answers)).toEqual({ 200: 3, 400: 17 });
    for (const a of answers.filter((r) => r.statusCode === 400))
      expect(a.json().message).toBe(M.usedUp('RACE-3'));
    // Nothing else written: 3 orders, 3 redemptions, 3 units of stock, used_count 3.
    expect((await orderCount()) - ordersBefore).toBe(3);
    const carrying = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.discountCode, 'RACE-3'));
    expect(carrying[0]?.n).toBe(3);
    const redeemed = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(discountCodeRedemptions)
      .where(eq(discountCodeRedemptions.codeId, codeId));
    expect(redeemed[0]?.n).toBe(3);
    expect(await usedCount(codeId)).toBe(3);
    const [stockAfter] = await db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, wipersId));
    expect(stockAfter!.stock).toBe(stockBefore!.stock! - 3);
  });
});
