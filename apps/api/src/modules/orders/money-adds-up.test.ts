/**
 * The one money model through the API (issue 34 §1-2, decision 0046): the amount charged is the sum of the figures
 * shown, GST is the one-eleventh included line by line, and the stored order (read back by the API) keeps figures
 * that add up: subTotal − discountedAmount + delivery_charges = total_amount. The issue's own carts: two pads at
 * $115.45, five of a $13.58 product (once $12.34 ex. GST), and a member's order with the signup discount.
 * Run on PostgreSQL too with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstIncludedCents } from '@store/shared/checkout-totals';
import { parseDecimalToCents } from '@store/shared/money';
import { orderDetailSchema, type OrderDetail } from '@store/shared/order';
import { amountsOfOrder, breakdownRows } from '@store/shared/order-breakdown';
import { discountPlans, orderLineItems, orders } from '../../db/schema';
import { seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { testOrderBody } from './test-order-body';

let t: TestApp;
const ids = { pads: 0, imported: 0 };

beforeAll(async () => {
  t = await createTestApp({ config: (c) => (c.rateLimits.placeOrdersPerMinute = 10_000) });
  ids.pads = await seedProduct(t.database.db, {
    sku: 'MONEY-PADS',
    title: 'Ceramic Brake Pads',
    priceCents: 11545,
    stock: 100,
  });
  ids.imported = await seedProduct(t.database.db, {
    sku: 'MONEY-IMPORTED',
    title: 'Imported Fuse Kit',
    priceCents: 1358,
    stock: 100,
  });
});
afterAll(() => t.close());

const cents = (text: string) => {
  const c = parseDecimalToCents(text);
  if (c === null) throw new Error(`not money: ${text}`);
  return c;
};

async function place(body: Record<string, unknown>, token?: string): Promise<OrderDetail> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/place-order',
    payload: body,
    headers: { 'idempotency-key': randomUUID(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return orderDetailSchema.parse(res.json().data);
}

/** The order as stored, and as guest tracking reads it back. */
async function stored(publicId: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.publicId, publicId));
  if (!row) throw new Error(`no order ${publicId}`);
  const lines = await t.database.db
    .select()
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, row.id))
    .orderBy(asc(orderLineItems.id));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/guest/track-order',
    payload: { id: publicId },
  });
  return { row, lines, readBack: orderDetailSchema.parse(res.json().data) };
}

/** Every way the figures must agree, for an order answered as `o`. */
async function expectAddsUp(o: OrderDetail) {
  const { row, lines, readBack } = await stored(o.id);
  expect(readBack).toEqual(o);
  // Lines add up to the subtotal; the total charged is the subtotal less the discounts plus delivery.
  const lineSum = o.order_items.reduce((sum, i) => sum + cents(i.qp_subtotal), 0);
  expect(lineSum).toBe(cents(o.subTotal));
  expect(cents(o.subTotal) - cents(o.discountedAmount) + cents(o.delivery_charges)).toBe(
    cents(o.total_amount),
  );
  expect(row.subtotalCents - row.discountCents + row.deliveryChargeCents).toBe(row.totalCents);
  expect(row.discountCents).toBe(
    row.signupDiscountCents + row.membershipDiscountCents + row.codeDiscountCents,
  );
  // GST included, one-eleventh line by line: each line's, less each discount line's, plus delivery's.
  expect(lines.map((l) => l.lineGstCents)).toEqual(
    lines.map((l) => gstIncludedCents(l.lineSubtotalCents, 10)),
  );
  const gst =
    lines.reduce((sum, l) => sum + (l.lineGstCents ?? 0), 0) -
    gstIncludedCents(row.signupDiscountCents, 10) -
    gstIncludedCents(row.membershipDiscountCents, 10) -
    gstIncludedCents(row.codeDiscountCents, 10) +
    gstIncludedCents(row.deliveryChargeCents, 10);
  expect(row.gstCents).toBe(gst);
  expect(cents(o.totalGst)).toBe(gst);
  // The breakdown every screen shows from the order read back: its amount rows add up to its total.
  const rows = breakdownRows(amountsOfOrder(readBack));
  const shownSum = rows.filter((r) => r.addsUp).reduce((sum, r) => sum + r.cents, 0);
  expect(shownSum).toBe(cents(o.total_amount));
  expect(rows.find((r) => r.key === 'total')?.cents).toBe(cents(o.total_amount));
  return { row, lines };
}

describe('the amount charged is the sum of the figures shown', () => {
  it('charges $230.90 for 2 × $115.45, GST the one-eleventh of the line ($20.99)', async () => {
    const o = await place(testOrderBody([{ id: ids.pads, unitPriceCents: 11545, quantity: 2 }]));
    expect(o).toMatchObject({
      subTotal: '230.90',
      discountedAmount: '0.00',
      delivery_charges: '0.00',
      totalGst: '20.99',
      total_amount: '230.90',
    });
    expect(o.order_items.map((i) => [i.price, i.qp_subtotal])).toEqual([['115.45', '230.90']]);
    expect(o.order_meta).toEqual(
      expect.arrayContaining([
        { option: '_prices_include_gst', value: 'yes' },
        { option: '_gst_percent', value: '10' },
      ]),
    );
    const { row, lines } = await expectAddsUp(o);
    expect(row).toMatchObject({ pricesIncludeGst: true, gstPercent: 10, totalCents: 23090, gstCents: 2099 });
    expect(lines.map((l) => l.lineGstCents)).toEqual([2099]);
  });

  it('charges $67.90 + $16.50 delivery for 5 × $13.58, not a cent off the sum shown', async () => {
    const o = await place(testOrderBody([{ id: ids.imported, unitPriceCents: 1358, quantity: 5 }]));
    // GST: 67.90 / 11 = 6.17 (6.1727…), delivery 16.50 / 11 = 1.50.
    expect(o).toMatchObject({
      subTotal: '67.90',
      delivery_charges: '16.50',
      totalGst: '7.67',
      total_amount: '84.40',
    });
    await expectAddsUp(o);
  });

  it("keeps a member's signup discount as its own figure, and the total still adds up", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/registered',
      payload: {
        name: 'Mo Money',
        email: 'mo.money@example.com',
        password: 'Str0ng!pass',
        phone: '0412345678',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { token } = res.json() as { token: string };
    const [signup] = await t.database.db.select().from(discountPlans).where(eq(discountPlans.kind, 'signup'));
    const percent = signup?.discountPercentage ?? 0;
    expect(percent).toBeGreaterThan(0);
    const lines = [
      { id: ids.pads, unitPriceCents: 11545, quantity: 1 },
      { id: ids.imported, unitPriceCents: 1358, quantity: 3 },
    ];
    const o = await place(testOrderBody(lines, {}, { signupPercent: percent }), token);
    const subtotal = 11545 + 3 * 1358;
    const discount = Math.round((subtotal * percent) / 100);
    expect(cents(o.subTotal)).toBe(subtotal);
    expect(cents(o.discountedAmount)).toBe(discount);
    expect(o.order_meta).toContainEqual({ option: '_signup_discount', value: o.discountedAmount });
    expect(cents(o.total_amount)).toBe(subtotal - discount);
    await expectAddsUp(o);
  });
});
