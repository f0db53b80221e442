/**
 * `npm run payments:reconcile` against Stripe and PayPal faked at the network edge: orders left pending by a
 * lost answer are marked paid or cancelled, refunds found at the provider are recorded, a dry run changes
 * nothing, and the CLI prints what disagreed with an exit code.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletOrderResponseSchema } from '@store/shared/order';
import { orders, products } from '../../db/schema';
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
import { runPaymentsReconcile } from '../../cli/payments-reconcile';
import { testOrderBody } from '../orders/test-order-body';
import { reconcilePayments } from './reconcile-payments';

let stripe: FakeStripeApi;
let paypal: FakePaypalApi;
let t: TestApp;
let productId = 0;

beforeAll(async () => {
  stripe = await startFakeStripeApi();
  paypal = await startFakePaypalApi();
  t = await createTestApp({
    config: (c) => {
      c.stripeSecretKey = FAKE_STRIPE_SECRET_KEY;
      c.stripePublishableKey = 'pk_test_fake';
      c.stripeWebhookSecret = 'whsec_fake';
      c.stripeApiBase = stripe.apiBase;
      c.paypalClientId = FAKE_PAYPAL_CLIENT_ID;
      c.paypalClientSecret = FAKE_PAYPAL_CLIENT_SECRET;
      c.paypalApiBase = paypal.apiBase;
      c.paymentTimeoutMs = 300;
      c.rateLimits.placeOrdersPerMinute = 100_000;
    },
  });
  await seedCatalog(t.database.db);
  productId = await seedProduct(t.database.db, {
    sku: 'REC-OIL',
    title: 'Engine Oil 5L',
    priceCents: 5_000,
    stock: 30,
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
  await paypal.close();
});

const line = { id: productId, unitPriceCents: 5_000, quantity: 1 };
async function place(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/place-order',
    payload: body,
    headers: { 'idempotency-key': randomUUID() },
  });
  const json = res.json() as { order_id?: string; data?: { id: string } };
  return json.order_id ?? json.data?.id ?? '';
}
const cardOrder = () =>
  testOrderBody([{ ...line, id: productId }], { stripePaymentMethodId: 'pm_card_visa' });

async function row(publicId: string) {
  const [r] = await t.database.db.select().from(orders).where(eq(orders.publicId, publicId));
  if (!r) throw new Error(`no order ${publicId}`);
  return r;
}
async function stock() {
  const [r] = await t.database.db
    .select({ s: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return r?.s ?? null;
}
const ageOrder = (publicId: string, minutes: number) =>
  t.database.db
    .update(orders)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(orders.publicId, publicId));

describe('payments reconciliation', () => {
  it('fixes what a lost answer left behind, and a dry run changes nothing', async () => {
    // 1. Stripe charged, but its answer never arrived: pending here, paid there.
    stripe.mode = 'hang-after-create';
    const lostAnswer = await place(cardOrder());
    // 2. The charge never reached Stripe (500): nothing there; old enough to be given up.
    stripe.mode = 'server-error';
    const neverArrived = await place(cardOrder());
    stripe.mode = 'ok';
    await ageOrder(neverArrived, 120);
    // 3. Paid, then refunded in Stripe's dashboard with the webhook missed.
    const refunded = await place(cardOrder());
    stripe.refund((await row(refunded)).paymentReference ?? '');
    // 4. PayPal captured, but the capture's answer was lost.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payments/wallet-orders',
      payload: { products: [{ id: productId, quantity: 1 }] },
    });
    const walletOrderId = walletOrderResponseSchema.parse(created.json()).data.wallet_order_id;
    paypal.approve(walletOrderId);
    paypal.captureMode = 'hang';
    const walletHeld = await place(
      testOrderBody([{ ...line, id: productId }], {
        payment_method: 'Paypal',
        payment_intent_id: walletOrderId,
        stripePaymentMethodId: undefined,
      }),
    );
    paypal.captureMode = 'ok';
    const paypalOrder = paypal.orders.get(walletOrderId);
    if (!paypalOrder) throw new Error('PayPal fake lost the order');
    paypalOrder.status = 'COMPLETED';
    paypalOrder.capture = { id: '3C679366HHLATE01', status: 'COMPLETED' };

    const stockBefore = await stock();
    const dry = await reconcilePayments(t.database.db, t.app.payments, {
      pendingGraceMinutes: 0,
      dryRun: true,
    });
    expect(
      dry
        .filter((l) => l.result === 'would fix')
        .map((l) => l.publicId)
        .sort(),
    ).toEqual([lostAnswer, neverArrived, refunded, walletHeld].sort());
    expect((await row(lostAnswer)).paymentStatus).toBe('pending');

    const lines = await reconcilePayments(t.database.db, t.app.payments, { pendingGraceMinutes: 0 });
    const byOrder = new Map(lines.map((l) => [l.publicId, l]));
    expect(byOrder.get(lostAnswer)).toMatchObject({ theirs: 'completed', result: 'fixed' });
    expect(await row(lostAnswer)).toMatchObject({
      paymentStatus: 'completed',
      paymentReference: expect.stringMatching(/^pi_/),
    });
    expect(byOrder.get(neverArrived)).toMatchObject({ theirs: 'unknown', result: 'fixed' });
    expect(await row(neverArrived)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(await stock()).toBe((stockBefore ?? 0) + 1);
    expect(byOrder.get(refunded)).toMatchObject({ theirs: 'refunded', result: 'fixed' });
    expect((await row(refunded)).paymentStatus).toBe('refunded');
    expect(byOrder.get(walletHeld)).toMatchObject({ theirs: 'completed', result: 'fixed' });
    expect(await row(walletHeld)).toMatchObject({
      paymentStatus: 'completed',
      paymentReference: '3C679366HHLATE01',
    });

    // Run again: everything agrees now.
    const again = await reconcilePayments(t.database.db, t.app.payments, { pendingGraceMinutes: 0 });
    expect(again.filter((l) => l.result !== 'agrees')).toEqual([]);
  });

  it('gives up a payment abandoned at 3-D Secure after an hour: cancelled at Stripe, order cancelled, stock back', async () => {
    const before = await stock();
    const abandoned = await place(
      testOrderBody([{ ...line, id: productId }], {
        stripePaymentMethodId: 'pm_card_authenticationRequired',
      }),
    );
    const fresh = await place(
      testOrderBody([{ ...line, id: productId }], {
        stripePaymentMethodId: 'pm_card_authenticationRequired',
      }),
    );
    await ageOrder(abandoned, 90);
    const lines = await reconcilePayments(t.database.db, t.app.payments, { pendingGraceMinutes: 0 });
    const byOrder = new Map(lines.map((l) => [l.publicId, l]));
    expect(byOrder.get(abandoned)).toMatchObject({ result: 'fixed' });
    expect(stripe.intents.get((await row(abandoned)).paymentReference ?? '')?.status).toBe('canceled');
    expect(await row(abandoned)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    // The shopper who is still at their bank's page keeps their order.
    expect(byOrder.get(fresh)).toMatchObject({ result: 'waiting' });
    expect((await row(fresh)).paymentStatus).toBe('pending');
    expect(await stock()).toBe((before ?? 0) - 1);
  });

  it('the CLI prints what disagrees, and exits 1 when a person must look', async () => {
    const paid = await place(cardOrder());
    // Money taken for an order we cancelled: only a person can decide (refund, or restore the order).
    await t.database.db
      .update(orders)
      .set({ paymentStatus: 'failed', status: 'cancelled' })
      .where(eq(orders.publicId, paid));
    const out: string[] = [];
    const err: string[] = [];
    const code = await runPaymentsReconcile([], {
      out: (s) => out.push(s),
      err: (s) => err.push(s),
      open: async () => ({ db: t.database.db, providers: t.app.payments, close: async () => {} }),
    });
    expect(err).toEqual([]);
    expect(code).toBe(1);
    expect(out.join('\n')).toMatch(
      new RegExp(`${paid}  stripe  ours failed, provider completed: needs a person`),
    );
    expect(out.at(-1)).toMatch(/^Checked \d+ orders: \d+ agree, 0 fixed, 0 waiting, 1 need a person\.$/);
    expect(
      await runPaymentsReconcile(['--since-days', 'soon'], { out: () => {}, err: (s) => err.push(s) }),
    ).toBe(2);
    expect(err.join('\n')).toMatch(/--since-days must be a whole number/);
  });
});
