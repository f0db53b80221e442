/**
 * The back office's orders (issue 12): the list (filters, search, paging, sort), one order, and every status
 * move legal and illegal — shipping mails the tracking link, cancelling an unpaid order restocks exactly once, a
 * paid order is refused until refunded — each with its history and audit rows; refunds (once per
 * Idempotency-Key, also when racing; over-refund and unpaid refused; partial then full; cancel after a full
 * refund restocks once); 401/403 for outsiders.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ORDER_MESSAGES,
  ADMIN_REFUND_MESSAGES,
  type AdminOrderDetail,
} from '@store/shared/admin-orders';
import { computeCheckoutTotals, lineSubtotalCents } from '@store/shared/checkout-totals';
import { centsToDecimalString, parseDecimalToCents } from '@store/shared/money';
import { amountsOfOrder, breakdownRows, lineGstCents, ORDER_MONEY_META } from '@store/shared/order-breakdown';
import { TEST_PAYMENT_METHOD_AUTHENTICATES } from '@store/shared/test-payments';
import { auditLog, discountPlans, orders, products, refunds } from '../../db/schema';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedCustomer, seedOrder, seedStaff } from '../../../tests/seeders';
import { TEST_STORE_SETTINGS, testOrderBody } from '../orders/test-order-body';

let t: TestApp;
let productId = 0;
let adminToken = '';
let staffToken = '';

beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.publicBaseUrl = 'https://shop.example.com.au';
      c.rateLimits.placeOrdersPerMinute = 1_000;
    },
  });
  await seedCatalog(t.database.db);
  productId = await seedProduct(t.database.db, {
    sku: 'ADM-PADS',
    title: 'Brake Pads Front',
    priceCents: 5_000,
    stock: 20,
  });
  adminToken = (await seedStaff(t, { email: 'admin@example.com', role: 'admin' })).token;
  staffToken = (await seedStaff(t, { email: 'staff@example.com', role: 'staff' })).token;
});
afterAll(() => t.close());

async function place(email: string, quantity = 1, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/place-order',
    payload: testOrderBody([{ id: productId, unitPriceCents: 5_000, quantity }], { email, ...extra }),
    headers: { 'idempotency-key': randomUUID() },
  });
  const body = res.json() as { data?: { id: string }; order_id?: string };
  return body.data?.id ?? body.order_id ?? '';
}

const api = (method: 'GET' | 'POST', url: string, token = adminToken, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
const move = (publicId: string, body: object, token = adminToken) =>
  api('POST', `/api/admin/orders/${publicId}/status`, token, body);
const stock = async () =>
  (await t.database.db.select({ s: products.stock }).from(products).where(eq(products.id, productId)))[0]?.s;

describe('GET /api/admin/orders', () => {
  it('pages, filters, searches and sorts; 401 without a token, 403 for a customer', async () => {
    const a = await place('alice.search@example.com', 1);
    await place('bob.search@example.com', 3);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders' })).statusCode).toBe(401);

    const all = await api('GET', '/api/admin/orders?per_page=1');
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    const page = all.json() as { data: { public_id: string }[]; total: number };
    expect(page.data).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(2);

    const byEmail = (await api('GET', '/api/admin/orders?q=alice.search')).json();
    expect(byEmail.data.map((o: { public_id: string }) => o.public_id)).toEqual([a]);
    const byId = (await api('GET', `/api/admin/orders?q=${a}`)).json();
    expect(byId.total).toBe(1);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.publicId, a));
    const byInvoice = (await api('GET', `/api/admin/orders?q=${row?.invoiceNumber ?? ''}`)).json();
    // Decision 0046: $50.00 + $16.50 delivery, both inc. GST, is what was charged.
    expect(byInvoice.data[0]).toMatchObject({ public_id: a, customer: "Jane O'Connor", total: '66.50' });
    const byName = (await api('GET', "/api/admin/orders?q=jane%20o'connor&per_page=100")).json();
    expect(byName.total).toBe(byName.data.length);

    const cheapestFirst = (
      await api('GET', '/api/admin/orders?sort=total&direction=asc&per_page=100')
    ).json();
    const totals = cheapestFirst.data.map((o: { total: string }) => Number(o.total));
    expect(totals).toEqual([...totals].sort((x, y) => x - y));
    const paid = (
      await api('GET', '/api/admin/orders?payment_status=completed&status=pending&per_page=100')
    ).json();
    expect(
      paid.data.every(
        (o: { payment_status: string; status: string }) =>
          o.payment_status === 'completed' && o.status === 'pending',
      ),
    ).toBe(true);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Australia/Sydney' });
    expect((await api('GET', `/api/admin/orders?from=${today}&to=${today}`)).json().total).toBe(page.total);
    expect((await api('GET', '/api/admin/orders?from=2001-01-01&to=2001-01-02')).json().total).toBe(0);
    expect((await api('GET', '/api/admin/orders?from=yesterday')).statusCode).toBe(400);

    const customer = await seedCustomer(t, { email: 'shopper@example.com' });
    const refused = await api('GET', '/api/admin/orders', customer.token);
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET /api/admin/orders/{id}: the money as stored (issue 34 §2)', () => {
  it("serves a member's order with every money option and each line's GST; its breakdown rows add up", async () => {
    const { token } = await seedCustomer(t, { name: 'Mel Member', email: 'mel.member@example.com' });
    const [signup] = await t.database.db.select().from(discountPlans).where(eq(discountPlans.kind, 'signup'));
    const signupPercent = signup?.discountPercentage ?? 0;
    expect(signupPercent).toBeGreaterThan(0);
    const lines = [{ id: productId, unitPriceCents: 5_000, quantity: 3 }];
    const { publicId } = await seedOrder(t, {
      lines,
      fields: { email: 'mel.member@example.com' },
      token,
      discounts: { signupPercent },
    });

    const res = await api('GET', `/api/admin/orders/${publicId}`, staffToken);
    expect(res.statusCode).toBe(200);
    const order = (res.json() as { data: AdminOrderDetail }).data;
    const expected = computeCheckoutTotals(lines, TEST_STORE_SETTINGS, { signupPercent });
    const d = centsToDecimalString;
    const meta = (option: string) => order.order_meta.filter((m) => m.option === option).map((m) => m.value);
    // Each option once, saying what the stored row says.
    expect(meta(ORDER_MONEY_META.pricesIncludeGst)).toEqual(['yes']);
    expect(meta(ORDER_MONEY_META.gstPercent)).toEqual(['10']);
    expect(meta(ORDER_MONEY_META.signupDiscount)).toEqual([d(expected.signupDiscountCents)]);
    expect(order.order_items).toEqual([
      expect.objectContaining({
        quantity: 3,
        price: '50.00',
        qp_subtotal: '150.00',
        gst: d(lineGstCents(lineSubtotalCents(lines[0] ?? { unitPriceCents: 0, quantity: 0 }), 10)),
      }),
    ]);

    const amounts = amountsOfOrder(order);
    expect(amounts).toMatchObject({
      pricesIncludeGst: true,
      subtotalCents: expected.subtotalCents,
      signupDiscountCents: expected.signupDiscountCents,
      deliveryChargeCents: expected.deliveryChargeCents,
      gstCents: expected.gstCents,
      totalCents: expected.totalCents,
    });
    const rows = breakdownRows(amounts);
    expect(rows.map((r) => r.key)).toEqual(['subtotal', 'signup_discount', 'delivery', 'total', 'gst']);
    const sum = rows.filter((r) => r.addsUp).reduce((a, r) => a + r.cents, 0);
    expect(sum).toBe(parseDecimalToCents(order.total_amount));
    // What can be refunded is what was charged.
    expect(order.refundable).toBe(order.total_amount);
  });
});

describe('POST /api/admin/orders/{id}/status', () => {
  it('moves along pending → processing → shipped (mail with tracking) → delivered, refusing illegal moves', async () => {
    const id = await place('shipping.customer@example.com');
    expect((await move(id, { status: 'delivered' })).json().message).toBe(
      ADMIN_ORDER_MESSAGES.illegalMove('pending', 'delivered'),
    );
    expect((await move(id, { status: 'processing' }, staffToken)).statusCode).toBe(200);
    const noTracking = await move(id, { status: 'shipped', carrier: 'Aramex' });
    expect(noTracking.statusCode).toBe(400);
    expect(noTracking.json().message).toBe(ADMIN_ORDER_MESSAGES.shippedNeedsTracking);
    const shipped = await move(id, {
      status: 'shipped',
      carrier: 'Australia Post',
      tracking_number: '33LOB1234567',
    });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json().data).toMatchObject({
      status: 'shipped',
      carrier: 'Australia Post',
      tracking_number: '33LOB1234567',
    });
    expect((await move(id, { status: 'cancelled' })).statusCode).toBe(409);
    expect((await move(id, { status: 'delivered' })).statusCode).toBe(200);
    const final = await move(id, { status: 'processing' });
    expect(final.statusCode).toBe(409);
    expect(final.json().message).toMatch(/does not change any more/);

    const detail = (await api('GET', `/api/admin/orders/${id}`)).json().data;
    expect(detail.status_history.map((h: { from: string; to: string }) => `${h.from}>${h.to}`)).toEqual([
      'pending>processing',
      'processing>shipped',
      'shipped>delivered',
    ]);
    // Each move says who made it.
    expect(new Set(detail.status_history.map((h: { staff_name: string }) => h.staff_name))).toEqual(
      new Set(['admin person', 'staff person']),
    );
    expect(detail).toMatchObject({ email: 'shipping.customer@example.com', payment_provider: 'test-card' });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit).toHaveLength(3);
    expect(audit[1]).toMatchObject({
      action: 'order.status',
      before: { status: 'processing' },
      after: { status: 'shipped', tracking_number: '33LOB1234567' },
    });

    await t.app.mail.settled();
    const dir = t.app.config.outboxDir;
    const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
    const mails = await Promise.all(
      files.map(async (f) => simpleParser(await readFile(path.join(dir, f), 'utf8'))),
    );
    const notice = mails.find((m) => m.subject?.endsWith('is on its way'));
    expect(notice?.text).toContain('https://auspost.com.au/mypost/track/details/33LOB1234567');
    expect(notice?.text).toContain(`https://shop.example.com.au/guest-track-order?id=${id}`);
  });

  it('cancelling an unpaid order restocks exactly once; a paid order must be refunded first', async () => {
    const before = await stock();
    const held = await place('held.customer@example.com', 2, {
      stripePaymentMethodId: TEST_PAYMENT_METHOD_AUTHENTICATES,
    });
    expect(await stock()).toBe((before ?? 0) - 2);
    const [first, second] = await Promise.all([
      move(held, { status: 'cancelled' }),
      move(held, { status: 'cancelled' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await stock()).toBe(before);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.publicId, held));
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });

    const paid = await place('paid.customer@example.com');
    const refused = await move(paid, { status: 'cancelled' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ADMIN_ORDER_MESSAGES.paidNeedsRefund);
    expect((await api('GET', '/api/admin/orders/NoSuchOrder0000000')).statusCode).toBe(404);
  });
});

describe('POST /api/admin/orders/{id}/refunds', () => {
  const refund = (publicId: string, body: object, key: string | null, token = adminToken) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${publicId}/refunds`,
      headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body,
    });
  const refundRows = async (publicId: string) => {
    const [row] = await t.database.db.select().from(orders).where(eq(orders.publicId, publicId));
    return t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, row?.id ?? 0));
  };

  it('401 without a token, 403 for a customer; the Idempotency-Key is required', async () => {
    const id = await place('refund.guard@example.com');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${id}/refunds`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { amount: '1.00' },
    });
    expect(anonymous.statusCode).toBe(401);
    const customer = await seedCustomer(t, { name: 'Refund Shopper', email: 'refund.shopper@example.com' });
    const asCustomer = await refund(id, { amount: '1.00' }, randomUUID(), customer.token);
    expect(asCustomer.statusCode).toBe(403);
    const noKey = await refund(id, { amount: '1.00' }, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toContain(ADMIN_REFUND_MESSAGES.keyRequired);
    const badAmount = await refund(id, { amount: 'ten dollars' }, randomUUID());
    expect(badAmount.statusCode).toBe(400);
    expect(badAmount.json().message).toContain('amount');
    expect(await refundRows(id)).toHaveLength(0);
  });

  it('partial then full refund: statuses, records, audit, mail; over-refund and unpaid refused; then cancel restocks once', async () => {
    const id = await place('refund.customer@example.com', 2);
    const total = Number((await api('GET', `/api/admin/orders/${id}`)).json().data.total_amount);
    const totalCents = Math.round(total * 100);
    const stockBefore = await stock();

    const over = await refund(id, { amount: (total + 0.01).toFixed(2) }, randomUUID());
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(ADMIN_REFUND_MESSAGES.tooMuch(totalCents));
    expect(over.json().message).toContain(`$${total.toFixed(2)}`);

    const key = randomUUID();
    const first = await refund(id, { amount: '20.00', reason: 'Wrong size' }, key, staffToken);
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toMatch(/^Refunded \$20\.00 on order /);
    const data = first.json().data;
    expect(data).toMatchObject({
      payment_status: 'partially_refunded',
      refunded_total: '20.00',
      refundable: ((totalCents - 2_000) / 100).toFixed(2),
    });
    expect(data.refunds).toEqual([
      expect.objectContaining({
        amount: '20.00',
        reason: 'Wrong size',
        provider: 'test-card',
        provider_refund_id: expect.stringMatching(/^re_test_/),
        staff_name: 'staff person',
      }),
    ]);
    expect(data.audit[0]).toMatchObject({
      action: 'order.refund',
      staff_name: 'staff person',
      before: { payment_status: 'completed', refunded_cents: 0 },
      after: { payment_status: 'partially_refunded', refunded_cents: 2_000, refund_cents: 2_000 },
    });

    // The same request again (sequentially, then twice at once) is the same refund: recorded once.
    const again = await refund(id, { amount: '20.00', reason: 'Wrong size' }, key, staffToken);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const otherUse = await refund(id, { amount: '5.00' }, key);
    expect(otherUse.statusCode).toBe(422);
    expect(otherUse.json().message).toBe(ADMIN_REFUND_MESSAGES.keyReused);
    const raceKey = randomUUID();
    const raced = await Promise.all([
      refund(id, { amount: '1.00' }, raceKey),
      refund(id, { amount: '1.00' }, raceKey),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(raced[0]?.json().data.refunds).toHaveLength(2);
    expect(await refundRows(id)).toHaveLength(2);

    // Paid orders are refunded before they are cancelled.
    expect((await move(id, { status: 'cancelled' })).json().message).toBe(
      ADMIN_ORDER_MESSAGES.paidNeedsRefund,
    );

    const rest = ((totalCents - 2_100) / 100).toFixed(2);
    const full = await refund(id, { amount: rest, reason: 'Order cancelled' }, randomUUID());
    expect(full.statusCode).toBe(201);
    expect(full.json().data).toMatchObject({
      payment_status: 'refunded',
      refunded_total: total.toFixed(2),
      refundable: '0.00',
    });
    const nothingLeft = await refund(id, { amount: '1.00' }, randomUUID());
    expect(nothingLeft.statusCode).toBe(409);
    expect(nothingLeft.json().message).toBe(ADMIN_REFUND_MESSAGES.fullyRefunded);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.filter((a) => a.action === 'order.refund')).toHaveLength(3);

    // Fully refunded and not shipped: it can be cancelled now, and its stock comes back exactly once.
    const cancels = await Promise.all([move(id, { status: 'cancelled' }), move(id, { status: 'cancelled' })]);
    expect(cancels.map((c) => c.statusCode).sort()).toEqual([200, 409]);
    expect(await stock()).toBe((stockBefore ?? 0) + 2);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.publicId, id));
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });

    await t.app.mail.settled();
    const dir = t.app.config.outboxDir;
    const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
    const mails = await Promise.all(
      files.map(async (f) => simpleParser(await readFile(path.join(dir, f), 'utf8'))),
    );
    const notices = mails.filter(
      (m) => m.subject?.includes(row?.invoiceNumber ?? '?') && m.subject.startsWith('A refund for your'),
    );
    expect(notices).toHaveLength(3);
    expect(notices.map((m) => m.text).join('\n')).toContain('We have refunded $20.00');

    // An unpaid order has nothing to refund.
    const held = await place('refund.unpaid@example.com', 1, {
      stripePaymentMethodId: TEST_PAYMENT_METHOD_AUTHENTICATES,
    });
    const unpaid = await refund(held, { amount: '1.00' }, randomUUID());
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe(ADMIN_REFUND_MESSAGES.notPaid('pending'));
    expect(await refundRows(held)).toHaveLength(0);
    expect((await refund('NoSuchOrder0000000', { amount: '1.00' }, randomUUID())).statusCode).toBe(404);
  });
});
