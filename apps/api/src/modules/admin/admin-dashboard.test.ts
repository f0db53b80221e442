/**
 * The dashboard (issue 12 item 6): orders and revenue for Sydney's day and month (across the UTC date line at
 * both ends), cancelled orders left out, GST apart, refunds by the day they were made, paid orders waiting to
 * ship, open returns, unhandled messages and low stock; 401 without a token.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDecimalString, parseDecimalToCents } from '@store/shared/money';
import { contactMessages, orderReturns, orders, refunds } from '../../db/schema';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { bearer, seedOrder, seedStaff } from '../../../tests/seeders';
import { readDashboard } from './admin-dashboard';

let t: TestApp;
let productId = 0;

beforeAll(async () => {
  t = await createTestApp({ config: (c) => void (c.rateLimits.placeOrdersPerMinute = 1_000) });
  await seedCatalog(t.database.db);
  productId = await seedProduct(t.database.db, {
    sku: 'DASH-PADS',
    title: 'Dash Pads',
    priceCents: 5_000,
    stock: 50,
  });
});
afterAll(() => t.close());

/** Places a paid order and dates it `at`; answers its row. */
async function orderAt(at: string, quantity = 1) {
  const { publicId } = await seedOrder(t, { lines: [{ id: productId, unitPriceCents: 5_000, quantity }] });
  const [row] = await t.database.db
    .update(orders)
    .set({ createdAt: new Date(at) })
    .where(eq(orders.publicId, publicId))
    .returning();
  if (!row) throw new Error('order not placed');
  return row;
}

describe('readDashboard', () => {
  it("counts Sydney's day and month, keeps GST apart, leaves out cancelled orders and lists what needs doing", async () => {
    const db = t.database.db;
    // 14:00 on 20 November in Sydney (AEDT, UTC+11).
    const now = new Date('2026-11-20T03:00:00Z');
    const today = await orderAt('2026-11-20T00:00:00Z', 2);
    const lateYesterday = await orderAt('2026-11-19T12:30:00Z'); // 23:30 on the 19th in Sydney
    const firstOfMonth = await orderAt('2026-10-31T13:30:00Z'); // 00:30 on 1 November in Sydney
    const lastMonth = await orderAt('2026-10-31T12:30:00Z'); // 23:30 on 31 October in Sydney
    const cancelled = await orderAt('2026-11-20T01:00:00Z');
    // Refunded, then cancelled: neither its money in nor out counts.
    await db
      .update(orders)
      .set({ status: 'cancelled', paymentStatus: 'refunded' })
      .where(eq(orders.id, cancelled.id));
    const unpaid = await orderAt('2026-11-20T02:00:00Z');
    await db.update(orders).set({ paymentStatus: 'pending' }).where(eq(orders.id, unpaid.id));
    await db.insert(refunds).values([
      {
        orderId: today.id,
        amountCents: 1_234,
        provider: 'test-card',
        idempotencyKey: randomUUID(),
        createdAt: new Date('2026-11-20T02:30:00Z'),
      },
      {
        orderId: cancelled.id,
        amountCents: cancelled.totalCents,
        provider: 'test-card',
        idempotencyKey: randomUUID(),
        createdAt: new Date('2026-11-20T01:30:00Z'),
      },
      {
        orderId: lastMonth.id,
        amountCents: 500,
        provider: 'test-card',
        idempotencyKey: randomUUID(),
        createdAt: new Date('2026-11-02T02:30:00Z'),
      },
      // Issue 43: only money given back counts, not a refund still reserved nor one the provider refused.
      {
        orderId: today.id,
        amountCents: 700,
        provider: 'test-card',
        idempotencyKey: randomUUID(),
        status: 'pending',
        createdAt: new Date('2026-11-20T02:40:00Z'),
      },
      {
        orderId: today.id,
        amountCents: 900,
        provider: 'test-card',
        idempotencyKey: randomUUID(),
        status: 'failed',
        createdAt: new Date('2026-11-20T02:45:00Z'),
        settledAt: new Date('2026-11-20T02:46:00Z'),
      },
    ]);
    await seedProduct(db, { sku: 'DASH-LOW', title: 'Almost Gone Globe', priceCents: 900, stock: 3 });
    await seedProduct(db, { sku: 'DASH-OK', title: 'Plenty Globe', priceCents: 900, stock: 6 });
    await db.insert(orderReturns).values([
      { email: 'a@example.com', subject: 'Wrong part' },
      { email: 'b@example.com', subject: 'Done', status: 'rejected' },
    ]);
    await db.insert(contactMessages).values([
      { fName: 'A', lName: 'B', email: 'a@example.com', subject: 'Hi', message: 'Open' },
      {
        fName: 'C',
        lName: 'D',
        email: 'c@example.com',
        subject: 'Hi',
        message: 'Done',
        handledAt: new Date(),
      },
    ]);

    const d = await readDashboard(db, now);
    const sum = (rows: (typeof today)[], key: 'totalCents' | 'gstCents') =>
      centsToDecimalString(rows.reduce((n, r) => n + r[key], 0));

    expect(d.today).toBe('2026-11-20');
    expect(d.month).toBe('2026-11');
    // Today: the paid order and the unpaid one are orders; only the paid one is revenue.
    expect(d.periods.today.orders).toBe(2);
    expect(d.periods.today.revenue).toBe(sum([today], 'totalCents'));
    expect(d.periods.today.gst).toBe(sum([today], 'gstCents'));
    expect(d.periods.today.refunded).toBe('12.34');
    expect(d.periods.month.orders).toBe(4);
    expect(d.periods.month.revenue).toBe(sum([today, lateYesterday, firstOfMonth], 'totalCents'));
    expect(d.periods.month.gst).toBe(sum([today, lateYesterday, firstOfMonth], 'gstCents'));
    expect(d.periods.month.refunded).toBe('17.34');
    // Issue 34 §2: revenue less refunds is what was charged less the money given back, to the cent.
    const c = (text: string) => parseDecimalToCents(text) ?? NaN;
    for (const p of [d.periods.today, d.periods.month]) {
      expect(p.net_revenue).toBe(centsToDecimalString(c(p.revenue) - c(p.refunded)));
    }

    // Paid, not cancelled, not shipped: oldest first.
    const waiting = d.waiting_to_ship.data.map((o) => o.invoice_number);
    expect(waiting).toEqual([lastMonth, firstOfMonth, lateYesterday, today].map((o) => o.invoiceNumber));
    expect(d.waiting_to_ship.total).toBe(4);
    expect(d.open_returns).toBe(1);
    expect(d.unhandled_messages).toBe(1);
    expect(d.low_stock.data.map((p) => p.sku)).toContain('DASH-LOW');
    expect(d.low_stock.data.map((p) => p.sku)).not.toContain('DASH-OK');
    expect(d.low_stock.data.every((p) => p.stock <= 5)).toBe(true);

    // Shipping one takes it off the list.
    await db
      .update(orders)
      .set({ status: 'shipped' })
      .where(inArray(orders.id, [lastMonth.id]));
    const after = await readDashboard(db, now);
    expect(after.waiting_to_ship.total).toBe(3);
  });
});

describe('GET /api/admin/dashboard', () => {
  it('answers staff, and 401 without a token', async () => {
    const { token } = await seedStaff(t, { email: 'dash@example.com', name: 'Dash' });
    const ok = await t.app.inject({ url: '/api/admin/dashboard', headers: bearer(token) });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(ok.json()).toHaveProperty('periods.month.revenue');
    const refused = await t.app.inject({ url: '/api/admin/dashboard' });
    expect(refused.statusCode).toBe(401);
  });
});
