/**
 * refundOrder through the real adapters against Stripe's and PayPal's APIs faked at the network edge (issue 12):
 * the provider gets the amount, the payment id and a key derived from ours; a race with one key is one refund at
 * the provider and one row; a refusal is 402 and an unreachable provider 502, both recording nothing.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_REFUND_MESSAGES } from '@store/shared/admin-orders';
import { auditLog, orders, refunds } from '../../db/schema';
import {
  FAKE_PAYPAL_CLIENT_ID,
  FAKE_PAYPAL_CLIENT_SECRET,
  startFakePaypalApi,
  type FakePaypalApi,
} from '../../../tests/fakes/fake-paypal-api';
import {
  FAKE_STRIPE_SECRET_KEY,
  startFakeStripeApi,
  type FakeStripeApi,
} from '../../../tests/fakes/fake-stripe-api';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedOrder } from '../../../tests/seeders';
import { createPaypalWalletProvider } from '../payments/paypal-wallet-provider';
import { eventNews, processPaymentEvent } from '../payments/process-payment-event';
import { reconcilePayments } from '../payments/reconcile-payments';
import { createStripeCardProvider } from '../payments/stripe-card-provider';
import { providerRefundKey, refundOrder, type RefundOrderDeps } from './refund-order';

let t: TestApp;
let stripe: FakeStripeApi;
let paypal: FakePaypalApi;
let productId = 0;
let deps: RefundOrderDeps;

beforeAll(async () => {
  [t, stripe, paypal] = await Promise.all([
    createTestApp({ config: (c) => (c.rateLimits.placeOrdersPerMinute = 1_000) }),
    startFakeStripeApi(),
    startFakePaypalApi(),
  ]);
  await seedCatalog(t.database.db);
  productId = await seedProduct(t.database.db, {
    sku: 'REF-DISC',
    title: 'Disc Rotor',
    priceCents: 8_000,
    stock: 50,
  });
  deps = {
    db: t.database.db,
    payments: {
      card: createStripeCardProvider({
        secretKey: FAKE_STRIPE_SECRET_KEY,
        apiBase: stripe.apiBase,
        timeoutMs: 2_000,
        maxNetworkRetries: 0,
      }),
      wallet: createPaypalWalletProvider({
        clientId: FAKE_PAYPAL_CLIENT_ID,
        clientSecret: FAKE_PAYPAL_CLIENT_SECRET,
        apiBase: paypal.apiBase,
        timeoutMs: 2_000,
      }),
    },
  };
});
afterAll(async () => {
  await Promise.all([t.close(), stripe.close(), paypal.close()]);
});

/** A paid order (placed with the offline test card), then made one that Stripe or PayPal took the money of. */
async function paidOrder(via: 'stripe' | 'paypal') {
  const { publicId, row: order } = await seedOrder(t, {
    lines: [{ id: productId, unitPriceCents: 8_000, quantity: 1 }],
    fields: { email: `${via}@example.com` },
  });
  let reference: string;
  if (via === 'stripe') {
    const charged = await deps.payments.card?.charge({
      amountCents: order.totalCents,
      currency: 'AUD',
      paymentMethodId: 'pm_card_visa',
      idempotencyKey: `order-${publicId}`,
      description: 'test',
      orderPublicId: publicId,
    });
    if (charged?.status !== 'succeeded') throw new Error('not charged');
    reference = charged.paymentId;
  } else {
    const wallet = deps.payments.wallet;
    if (!wallet) throw new Error('no wallet');
    const { walletOrderId } = await wallet.createOrder({ amountCents: order.totalCents, currency: 'AUD' });
    paypal.approve(walletOrderId);
    const captured = await wallet.capture({
      walletOrderId,
      expectedAmountCents: order.totalCents,
      idempotencyKey: `order-${publicId}`,
    });
    if (captured.status !== 'completed') throw new Error('not captured');
    reference = captured.captureId;
  }
  await t.database.db
    .update(orders)
    .set({ paymentProvider: via, paymentReference: reference })
    .where(eq(orders.id, order.id));
  return { publicId, orderId: order.id, totalCents: order.totalCents, reference };
}

const rowsOf = (orderId: number) => t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));

describe('refundOrder through Stripe', () => {
  it('refunds the PaymentIntent with a derived key; a race with one key makes one Stripe refund and one row', async () => {
    const order = await paidOrder('stripe');
    const key = randomUUID();
    const request = {
      orderPublicId: order.publicId,
      amountCents: 1_500,
      reason: 'Scratched',
      idempotencyKey: key,
      staffId: null,
    };
    const [a, b] = await Promise.all([refundOrder(deps, request), refundOrder(deps, request)]);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(a.refund.id).toBe(b.refund.id);
    expect(a.refund.providerRefundId).toMatch(/^re_/);
    expect(await rowsOf(order.orderId)).toHaveLength(1);
    const calls = stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(new Set(calls.map((c) => c.idempotencyKey))).toEqual(new Set([providerRefundKey(key)]));
    expect(Object.fromEntries(calls[0]?.body ?? [])).toMatchObject({
      payment_intent: order.reference,
      amount: '1500',
    });
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === order.reference)).toHaveLength(1);
    expect(a.order.paymentStatus).toBe('partially_refunded');

    const rest = await refundOrder(deps, {
      ...request,
      amountCents: order.totalCents - 1_500,
      idempotencyKey: randomUUID(),
    });
    expect(rest.order.paymentStatus).toBe('refunded');
    expect(rest.refundedCents).toBe(order.totalCents);
    expect(stripe.charges.get(stripe.intents.get(order.reference)?.latest_charge ?? '')?.refunded).toBe(true);
  });

  it('Stripe refusing is 402 (reservation released), Stripe down is 502 (left pending, then settled by reconcile)', async () => {
    const order = await paidOrder('stripe');
    stripe.refund(order.reference, 100); // a refund made on Stripe's dashboard: Stripe has less left than we think
    await expect(
      refundOrder(deps, {
        orderPublicId: order.publicId,
        amountCents: order.totalCents,
        reason: '',
        idempotencyKey: randomUUID(),
        staffId: null,
      }),
    ).rejects.toMatchObject({ statusCode: 402, message: expect.stringContaining('greater than unrefunded') });
    expect((await rowsOf(order.orderId)).map((r) => r.status)).toEqual(['failed']);
    stripe.mode = 'server-error';
    await expect(
      refundOrder(deps, {
        orderPublicId: order.publicId,
        amountCents: 100,
        reason: '',
        idempotencyKey: randomUUID(),
        staffId: null,
      }),
    ).rejects.toMatchObject({ statusCode: 502, message: ADMIN_REFUND_MESSAGES.providerUnreachable });
    stripe.mode = 'ok';
    expect((await rowsOf(order.orderId)).map((r) => r.status).sort()).toEqual(['failed', 'pending']);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, order.publicId));
    expect(audit).toHaveLength(0);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.paymentStatus).toBe('completed');

    // Stripe never got the refund (it answered 500 before making one): reconciliation releases the reservation.
    const lines = await reconcilePayments(t.database.db, deps.payments, { refundGraceMinutes: 0 });
    expect(lines.find((l) => l.publicId === order.publicId && l.ours.startsWith('refund'))).toMatchObject({
      theirs: 'unknown',
      result: 'fixed',
    });
    expect((await rowsOf(order.orderId)).map((r) => r.status)).toEqual(['failed', 'failed']);
  });
});

describe('refundOrder through PayPal', () => {
  it('refunds the capture in AUD with a PayPal-Request-Id derived from our key, once', async () => {
    const order = await paidOrder('paypal');
    const key = randomUUID();
    const request = {
      orderPublicId: order.publicId,
      amountCents: 2_345,
      reason: 'Late',
      idempotencyKey: key,
      staffId: null,
    };
    const first = await refundOrder(deps, request);
    expect(first).toMatchObject({ replayed: false, order: { paymentStatus: 'partially_refunded' } });
    expect((await refundOrder(deps, request)).replayed).toBe(true);
    const calls = paypal.requests.filter((r) => r.path === `/v2/payments/captures/${order.reference}/refund`);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers['paypal-request-id']).toBe(providerRefundKey(key));
    expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({
      amount: { currency_code: 'AUD', value: '23.45' },
    });
    expect(await rowsOf(order.orderId)).toHaveLength(1);

    paypal.refundMode = 'server-error';
    await expect(
      refundOrder(deps, { ...request, amountCents: 100, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ statusCode: 502 });
    paypal.refundMode = 'ok';
    // Reserved while PayPal did not answer: it counts against what is left until reconciliation settles it.
    await expect(
      refundOrder(deps, { ...request, amountCents: order.totalCents - 2_345, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await reconcilePayments(t.database.db, deps.payments, { refundGraceMinutes: 0 });
    expect((await rowsOf(order.orderId)).map((r) => r.status).sort()).toEqual(['failed', 'succeeded']);
    const rest = await refundOrder(deps, {
      ...request,
      amountCents: order.totalCents - 2_345,
      idempotencyKey: randomUUID(),
    });
    expect(rest.order.paymentStatus).toBe('refunded');
  });
});

describe('refunds and the webhooks that tell of them later', () => {
  it('a webhook for a refund already recorded changes nothing, and a late partial one does not undo a full refund', async () => {
    const order = await paidOrder('stripe');
    const base = { orderPublicId: order.publicId, reason: '', staffId: null };
    await refundOrder(deps, { ...base, amountCents: 1_000, idempotencyKey: randomUUID() });
    const told = (id: string, refundedCents: number) =>
      processPaymentEvent(t.database.db, {
        ...eventNews('stripe', id, 'charge.refunded'),
        news: 'refunded',
        paymentReference: order.reference,
        refundedCents,
      });
    expect(await told(`evt_${randomUUID()}`, 1_000)).toMatchObject({ outcome: 'unchanged' });
    const statusOf = async () =>
      (await t.database.db.select().from(orders).where(eq(orders.id, order.orderId)))[0]?.paymentStatus;
    expect(await statusOf()).toBe('partially_refunded');

    await refundOrder(deps, { ...base, amountCents: order.totalCents - 1_000, idempotencyKey: randomUUID() });
    expect(await statusOf()).toBe('refunded');
    expect(await told(`evt_${randomUUID()}`, 1_000)).toMatchObject({ outcome: 'unchanged' });
    expect(await told(`evt_${randomUUID()}`, order.totalCents)).toMatchObject({ outcome: 'unchanged' });
    expect(await statusOf()).toBe('refunded');
    expect(await rowsOf(order.orderId)).toHaveLength(2);
  });
});
