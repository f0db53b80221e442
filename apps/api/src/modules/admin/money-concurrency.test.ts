/**
 * Money and statuses under requests sent at once (issue 43 §1-§2, decision 0041), through the real app and the
 * concurrency kit: N requests start together, then the invariant is read IN THE DATABASE. Refunds are reserved
 * under the order's lock before the provider is asked (refund-order.ts), so the succeeded refunds never add up to
 * more than was paid, and the refunds table, the payment status, the dashboard's refund total and the adjustment
 * notes agree; a provider that does not answer leaves a pending reservation that counts against what is left
 * until payments:reconcile settles it; cancels restock once; status moves write one history row; a return gets
 * one decision and at most one refund.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adjustmentNotes,
  auditLog,
  orderLineItems,
  orderReturns,
  orderStatusHistory,
  orders,
  products,
  refunds,
} from '../../db/schema';
import { atOnce, injectAtOnce, statusCounts } from '../../../tests/concurrency';
import {
  FAKE_STRIPE_SECRET_KEY,
  startFakeStripeApi,
  type FakeStripeApi,
} from '../../../tests/fakes/fake-stripe-api';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedOrder, seedStaff } from '../../../tests/seeders';
import { testOrderBody } from '../orders/test-order-body';
import { reconcilePayments } from '../payments/reconcile-payments';
import { createStripeCardProvider } from '../payments/stripe-card-provider';
import { readDashboard } from './admin-dashboard';
import { refundOrder, type RefundOrderDeps } from './refund-order';

let t: TestApp;
let stripe: FakeStripeApi;
let token = '';
let productId = 0;
/** A product whose one unit makes an order of $115.45 (98.95 + 16.50 delivery, GST included; decision 0046). */
const UNIT_CENTS = 9_895;
const TOTAL_CENTS = 11_545;

beforeAll(async () => {
  [t, stripe] = await Promise.all([
    createTestApp({ config: (c) => (c.rateLimits.placeOrdersPerMinute = 10_000) }),
    startFakeStripeApi(),
  ]);
  await seedCatalog(t.database.db);
  productId = await seedProduct(t.database.db, {
    sku: 'RACE-ROTOR',
    title: 'Race Rotor',
    priceCents: UNIT_CENTS,
    stock: 1_000,
  });
  ({ token } = await seedStaff(t, { email: 'race.admin@example.com', name: 'Race Admin', role: 'admin' }));
});
afterAll(async () => {
  await Promise.all([t.close(), stripe.close()]);
});

/** A paid $115.45 order through the offline test card; its public and internal ids. */
async function paidOrder(email = 'race@example.com') {
  const { publicId, row: order } = await seedOrder(t, {
    lines: [{ id: productId, unitPriceCents: UNIT_CENTS, quantity: 1 }],
    fields: { email },
  });
  expect(order.totalCents).toBe(TOTAL_CENTS);
  return { publicId, orderId: order.id };
}

const refundRequest = (publicId: string, amount: string, key = randomUUID()) => ({
  method: 'POST' as const,
  url: `/api/admin/orders/${publicId}/refunds`,
  headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
  payload: { amount, reason: 'Race' },
});

/** What the database says about an order's refunds, payment status and adjustment notes. */
async function moneyOf(orderId: number) {
  const db = t.database.db;
  const rows = await db.select().from(refunds).where(eq(refunds.orderId, orderId));
  const succeeded = rows.filter((r) => r.status === 'succeeded');
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const notes = await db.select().from(adjustmentNotes).where(eq(adjustmentNotes.orderId, orderId));
  const audits = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, order?.publicId ?? ''), eq(auditLog.action, 'order.refund')));
  return {
    succeededCents: succeeded.reduce((sum, r) => sum + r.amountCents, 0),
    succeeded: succeeded.length,
    pending: rows.filter((r) => r.status === 'pending').length,
    paymentStatus: order?.paymentStatus,
    notesCents: notes.reduce((sum, n) => sum + n.amountCents, 0),
    notes: notes.length,
    audits: audits.length,
  };
}

const dashboardRefundedCents = async () =>
  Math.round(Number((await readDashboard(t.database.db)).periods.today.refunded) * 100);

describe('refunds sent at once (issue 43 §1)', () => {
  it('two full refunds with two keys at once: one succeeds, the other is refused; never more than was paid', async () => {
    const order = await paidOrder();
    const answers = await injectAtOnce(t.app, 2, () => refundRequest(order.publicId, '115.45'));
    expect(statusCounts(answers)).toMatchObject({ 201: 1 });
    expect(answers.filter((a) => a.statusCode >= 400 && a.statusCode < 500)).toHaveLength(1);
    const money = await moneyOf(order.orderId);
    expect(money).toMatchObject({
      succeededCents: TOTAL_CENTS,
      succeeded: 1,
      pending: 0,
      paymentStatus: 'refunded',
    });
    expect(money.notesCents).toBe(TOTAL_CENTS);
  });

  it('five $60 refunds of $115.45 at once: exactly one succeeds', async () => {
    const order = await paidOrder();
    const answers = await injectAtOnce(t.app, 5, () => refundRequest(order.publicId, '60.00'));
    expect(statusCounts(answers)).toEqual({ 201: 1, 400: 4 });
    expect(await moneyOf(order.orderId)).toMatchObject({
      succeededCents: 6_000,
      succeeded: 1,
      paymentStatus: 'partially_refunded',
      notesCents: 6_000,
      notes: 1,
      audits: 1,
    });
  });

  it('twenty $10 refunds with twenty keys at once: exactly 11 succeed, and table, status, dashboard and notes agree', async () => {
    const order = await paidOrder();
    const dashboardBefore = await dashboardRefundedCents();
    const answers = await injectAtOnce(t.app, 20, () => refundRequest(order.publicId, '10.00'));
    expect(statusCounts(answers)).toEqual({ 201: 11, 400: 9 });
    const money = await moneyOf(order.orderId);
    expect(money).toEqual({
      succeededCents: 11_000,
      succeeded: 11,
      pending: 0,
      paymentStatus: 'partially_refunded',
      notesCents: 11_000,
      notes: 11,
      audits: 11,
    });
    expect((await dashboardRefundedCents()) - dashboardBefore).toBe(11_000);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.publicId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(page.json().data).toMatchObject({ refunded_total: '110.00', refundable: '5.45' });
  });

  it('a provider that does not answer leaves a pending reservation that counts against what is left; reconcile settles it', async () => {
    const order = await paidOrder();
    // This order's money taken by Stripe (faked at the network edge), so its refunds go there.
    const stripeCard = createStripeCardProvider({
      secretKey: FAKE_STRIPE_SECRET_KEY,
      apiBase: stripe.apiBase,
      timeoutMs: 500,
      maxNetworkRetries: 0,
    });
    const charged = await stripeCard.charge({
      amountCents: TOTAL_CENTS,
      currency: 'AUD',
      paymentMethodId: 'pm_card_visa',
      idempotencyKey: `order-${order.publicId}`,
      description: 'race',
      orderPublicId: order.publicId,
    });
    if (charged.status !== 'succeeded') throw new Error('not charged');
    await t.database.db
      .update(orders)
      .set({ paymentProvider: 'stripe', paymentReference: charged.paymentId })
      .where(eq(orders.id, order.orderId));
    const deps: RefundOrderDeps = { db: t.database.db, payments: { card: stripeCard, wallet: null } };
    const base = { orderPublicId: order.publicId, reason: 'Race', staffId: null };

    // Stripe makes the refund, but its answer never arrives.
    stripe.mode = 'hang-after-create';
    await expect(
      refundOrder(deps, { ...base, amountCents: 10_000, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ statusCode: 502 });
    stripe.mode = 'ok';
    expect(await moneyOf(order.orderId)).toMatchObject({
      pending: 1,
      succeeded: 0,
      paymentStatus: 'completed',
      notes: 0,
      audits: 0,
    });

    // The $100.00 reserved counts against what is left: of five $20 refunds at once, none fits ($15.45 left).
    const outcomes = await atOnce(5, () =>
      refundOrder(deps, { ...base, amountCents: 2_000, idempotencyKey: randomUUID() }),
    );
    expect(outcomes.map((o) => (o.error as { statusCode?: number } | undefined)?.statusCode)).toEqual([
      400, 400, 400, 400, 400,
    ]);

    // Reconciliation asks Stripe for the refund by our key (twice at once: settled once).
    const runs = await atOnce(2, () =>
      reconcilePayments(t.database.db, deps.payments, { refundGraceMinutes: 0 }),
    );
    const lines = runs.flatMap((r) => r.value ?? []).filter((l) => l.publicId === order.publicId);
    expect(lines.filter((l) => l.result === 'fixed' && l.ours.startsWith('refund'))).not.toHaveLength(0);
    expect(await moneyOf(order.orderId)).toMatchObject({
      pending: 0,
      succeeded: 1,
      succeededCents: 10_000,
      paymentStatus: 'partially_refunded',
      notesCents: 10_000,
      notes: 1,
      audits: 1,
    });
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.orderId));
    expect(row?.providerRefundId).toMatch(/^re_/);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === charged.paymentId)).toHaveLength(
      1,
    );
  });
});

describe('a crash between the reservation and the provider call (issue 43 §1)', () => {
  it('reconcile settles a pending refund of the offline provider from its key, once, with everything it records', async () => {
    const order = await paidOrder();
    // What a crash right after the reservation's commit leaves: the pending row, nothing else.
    await t.database.db.insert(refunds).values({
      orderId: order.orderId,
      amountCents: 2_500,
      reason: 'Crashed',
      provider: 'test-card',
      idempotencyKey: randomUUID(),
      status: 'pending',
      createdAt: new Date(Date.now() - 10 * 60_000),
    });
    const runs = await atOnce(3, () => reconcilePayments(t.database.db, t.app.payments));
    const fixed = runs
      .flatMap((r) => r.value ?? [])
      .filter((l) => l.publicId === order.publicId && l.result === 'fixed');
    expect(fixed.length).toBeGreaterThanOrEqual(1);
    expect(await moneyOf(order.orderId)).toMatchObject({
      pending: 0,
      succeeded: 1,
      succeededCents: 2_500,
      paymentStatus: 'partially_refunded',
      notesCents: 2_500,
      audits: 1,
    });
  });
});

describe('status moves and cancellations sent at once (issue 43 §2)', () => {
  const stockOf = async () =>
    (await t.database.db.select({ s: products.stock }).from(products).where(eq(products.id, productId)))[0]
      ?.s;

  /** An unpaid order (3-D Secure never finished) holding `quantity` units. */
  async function unpaidOrder(quantity: number) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/place-order',
      payload: testOrderBody([{ id: productId, unitPriceCents: UNIT_CENTS, quantity }], {
        email: 'unpaid.race@example.com',
        stripePaymentMethodId: 'pm_card_authenticationRequired',
      }),
      headers: { 'idempotency-key': randomUUID() },
    });
    const body = res.json() as { order_id: string };
    return body.order_id;
  }

  it('ten cancels of one unpaid order at once: one succeeds, the stock comes back once, one history row', async () => {
    const publicId = await unpaidOrder(4);
    const before = await stockOf();
    const answers = await injectAtOnce(t.app, 10, () => ({
      method: 'POST',
      url: `/api/admin/orders/${publicId}/status`,
      headers: { authorization: `Bearer ${token}` },
      payload: { status: 'cancelled' },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 9 });
    expect(await stockOf()).toBe((before ?? 0) + 4);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.publicId, publicId));
    const history = await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order?.id ?? 0));
    expect(history).toHaveLength(1);
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
  });

  it('ten moves of one order to processing at once: one move, one history row, one audit row', async () => {
    const { publicId, orderId } = await paidOrder();
    const answers = await injectAtOnce(t.app, 10, () => ({
      method: 'POST',
      url: `/api/admin/orders/${publicId}/status`,
      headers: { authorization: `Bearer ${token}` },
      payload: { status: 'processing' },
    }));
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 9 });
    const history = await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId));
    expect(history.map((h) => `${h.fromStatus}>${h.toStatus}`)).toEqual(['pending>processing']);
    const audits = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, publicId), eq(auditLog.action, 'order.status')));
    expect(audits[0]?.n).toBe(1);
  });
});

describe('return decisions sent at once (issue 43 §2)', () => {
  /** A return whose goods are back (issue 36 §3: refunds come at that step), and the order's one line. */
  async function receivedReturn(orderId: number) {
    const [row] = await t.database.db
      .insert(orderReturns)
      .values({ orderId, email: 'race@example.com', subject: 'Wrong rotor', status: 'received' })
      .returning({ id: orderReturns.id });
    const [line] = await t.database.db
      .select({ id: orderLineItems.id })
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, orderId));
    return { id: row?.id ?? 0, lineId: line?.id ?? 0 };
  }

  it('five refunds and five rejections of a received return at once: one decision, at most one refund', async () => {
    const order = await paidOrder();
    const { id, lineId } = await receivedReturn(order.orderId);
    const answers = await injectAtOnce(t.app, 10, (i) => ({
      method: 'POST',
      url: `/api/admin/returns/${id}/${i % 2 === 0 ? 'refund' : 'reject'}`,
      headers: { authorization: `Bearer ${token}` },
      payload:
        i % 2 === 0
          ? { lines: [{ line_id: lineId, quantity: 1, restock: true }], reason: 'Race' }
          : { reason: 'Used' },
    }));
    const counts = statusCounts(answers);
    expect(counts[200]).toBe(1);
    const [decided] = await t.database.db.select().from(orderReturns).where(eq(orderReturns.id, id));
    const money = await moneyOf(order.orderId);
    const returnRefunds = await t.database.db.select().from(refunds).where(eq(refunds.returnId, id));
    if (decided?.status === 'refunded') {
      expect(returnRefunds.map((r) => [r.status, r.amountCents])).toEqual([
        ['succeeded', decided.refundCents],
      ]);
      expect(money.succeededCents).toBe(decided.refundCents);
    } else {
      expect(decided?.status).toBe('rejected');
      expect(returnRefunds).toEqual([]);
      expect(money.succeededCents).toBe(0);
    }
    const decisions = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'return'), eq(auditLog.entityId, String(id))));
    expect(decisions[0]?.n).toBe(1);
  });

  it('a refund the provider refuses puts the return back to received and takes its restock back; the next try uses a new key', async () => {
    const order = await paidOrder();
    const { id, lineId } = await receivedReturn(order.orderId);
    const stockBefore = (await t.database.db.select().from(products).where(eq(products.id, productId)))[0]
      ?.stock;
    const [before] = await t.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    // The payment now named is one the (test) provider holds as not completed: it refuses to refund it.
    const card = t.app.payments.card;
    if (!card) throw new Error('no card provider');
    const unfinished = await card.charge({
      amountCents: TOTAL_CENTS,
      currency: 'AUD',
      paymentMethodId: 'pm_card_authenticationRequired',
      idempotencyKey: randomUUID(),
      description: 'unfinished',
      orderPublicId: order.publicId,
    });
    await t.database.db
      .update(orders)
      .set({ paymentReference: unfinished.status === 'requires_action' ? unfinished.paymentId : '' })
      .where(eq(orders.id, order.orderId));
    const approve = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/returns/${id}/refund`,
        headers: { authorization: `Bearer ${token}` },
        payload: { lines: [{ line_id: lineId, quantity: 1, restock: true }], reason: 'Faulty' },
      });
    expect((await approve()).statusCode).toBe(402);
    const [reopened] = await t.database.db.select().from(orderReturns).where(eq(orderReturns.id, id));
    expect(reopened).toMatchObject({ status: 'received', refundCents: null, decidedAt: null });
    const stockAfterRefusal = (
      await t.database.db.select().from(products).where(eq(products.id, productId))
    )[0]?.stock;
    expect(stockAfterRefusal).toBe(stockBefore);
    expect(
      (await t.database.db.select().from(refunds).where(eq(refunds.returnId, id))).map((r) => r.status),
    ).toEqual(['failed']);

    await t.database.db
      .update(orders)
      .set({ paymentReference: before?.paymentReference ?? null })
      .where(eq(orders.id, order.orderId));
    expect((await approve()).statusCode).toBe(200);
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.returnId, id));
    expect(rows.map((r) => [r.status, r.idempotencyKey]).sort()).toEqual([
      ['failed', `return-${id}`],
      ['succeeded', `return-${id}-attempt-2`],
    ]);
    expect((await moneyOf(order.orderId)).succeededCents).toBe(UNIT_CENTS);
    const stockAfter = (await t.database.db.select().from(products).where(eq(products.id, productId)))[0]
      ?.stock;
    expect(stockAfter).toBe((stockBefore ?? 0) + 1);
  });
});
