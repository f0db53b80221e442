/**
 * The whole store with Stripe switched on, Stripe's API faked at the network edge (STRIPE_API_BASE): card
 * orders through place-order (paid, declined, 3-D Secure passed and failed, provider unreachable and resumed
 * with one charge), and the Stripe webhook with signatures made by Stripe's own library.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@store/shared/order-constants';
import { orders, paymentEvents, products } from '../../db/schema';
import type { FakeStripeApi } from '../../../tests/fakes/fake-stripe-api';
import { startStripeTestApp, type StripeTestApp } from '../../../tests/stripe-test-app';
import type { TestApp } from '../../../tests/test-app';
import { testOrderBody } from '../orders/test-order-body';
import { STRIPE_WEBHOOK_TOLERANCE_SECONDS } from './read-stripe-event';

const WEBHOOK_SECRET = 'whsec_test_store_fake';
let fake: FakeStripeApi;
let t: TestApp;
let productId = 0;
let app: StripeTestApp;

beforeAll(async () => {
  app = await startStripeTestApp({
    webhookSecret: WEBHOOK_SECRET,
    paymentTimeoutMs: 300,
    product: { sku: 'STR-PADS', title: 'Brake Pads', priceCents: 4_000, stock: 50 },
  });
  ({ t, fake, productId } = app);
});
afterAll(() => app.close());
beforeEach(() => {
  fake.mode = 'ok';
});

/** $40 x quantity + $15 delivery under $100, GST 10% on both. */
const cardOrder = (paymentMethodId: string, quantity = 1) =>
  testOrderBody([{ id: productId, unitPriceCents: 4_000, quantity }], {
    stripePaymentMethodId: paymentMethodId,
  });

async function place(body: Record<string, unknown>, key: string = randomUUID()) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/place-order',
    payload: body,
    headers: { 'idempotency-key': key },
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> & { data?: { id: string } } };
}

async function orderRow(publicId: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.publicId, publicId));
  if (!row) throw new Error(`no order ${publicId}`);
  return row;
}

async function stock() {
  const [row] = await t.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock ?? null;
}

/** Subjects of every mail in the outbox, oldest first. */
async function outboxSubjects(): Promise<string[]> {
  const dir = t.app.config.outboxDir;
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const raw = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  return raw.map((m) => /^Subject: (.*)$/m.exec(m)?.[1] ?? '');
}

const intentsFor = (publicId: string) =>
  [...fake.intents.values()].filter((i) => i.metadata.order_public_id === publicId);

function signed(event: Record<string, unknown>, timestamp?: number) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
  return { payload, header };
}

async function deliver(payload: string, signature?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

function intentEvent(type: string, intentId: string, extra: Record<string, unknown> = {}) {
  const intent = fake.intents.get(intentId);
  return {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { ...intent, amount_received: intent?.amount ?? 0, ...extra } },
  };
}

describe('card orders with Stripe', () => {
  it('the store config offers Stripe with its publishable key and no test label', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/store-config' });
    expect(res.json().data).toMatchObject({
      card_payments: 'stripe',
      stripe_publishable_key: 'pk_test_fake',
      wallet_payments: 'test',
    });
    // Stripe.js and its frames may load on the pages (decision 0039: JSON answers have a CSP of their own);
    // PayPal's hosts are not allowed while PayPal is off.
    const page = await t.app.inject({ method: 'GET', url: '/checkout' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/hooks\.stripe\.com/);
    expect(csp).not.toMatch(/paypal/);
  });

  it('charges the server total in AUD and marks the order paid with the PaymentIntent', async () => {
    const { status, body } = await place(cardOrder('pm_card_visa'));
    expect(status).toBe(200);
    const publicId = body.data?.id ?? '';
    const [intent, ...more] = intentsFor(publicId);
    expect(more).toHaveLength(0);
    // $40.00 inc. GST plus the $16.50 delivery below $100: the sum shown (decision 0046).
    expect(intent).toMatchObject({ amount: 4_000 + 1_650, currency: 'aud', status: 'succeeded' });
    expect(await orderRow(publicId)).toMatchObject({
      paymentStatus: 'completed',
      paymentProvider: 'stripe',
      paymentReference: intent?.id,
    });
  });

  it('a declined card: 402 with Stripe’s message, order cancelled, stock back', async () => {
    const before = await stock();
    const { status, body } = await place(cardOrder('pm_card_chargeDeclined'));
    expect(status).toBe(402);
    expect(body).toEqual({ code: 'payment_declined', message: 'Your card was declined.' });
    expect(await stock()).toBe(before);
  });

  it('3-D Secure: requires_action with the client secret, then the same key after it passes: paid, one charge', async () => {
    const key = randomUUID();
    const body = cardOrder('pm_card_authenticationRequired');
    const first = await place(body, key);
    expect(first.status).toBe(402);
    expect(first.body).toMatchObject({
      code: 'requires_action',
      message: ORDER_MESSAGES.paymentNeedsAction,
      client_secret: expect.stringMatching(/^pi_.+_secret_/),
    });
    const publicId = String(first.body.order_id);
    expect(await orderRow(publicId)).toMatchObject({ paymentStatus: 'pending', status: 'pending' });

    // Before the shopper finishes, a repeat still asks for the action.
    expect((await place(body, key)).body).toMatchObject({ code: 'requires_action' });
    const [intent] = intentsFor(publicId);
    fake.completeAuthentication(intent?.id ?? '');
    const done = await place(body, key);
    expect(done.status).toBe(200);
    expect(done.body.data?.id).toBe(publicId);
    expect(intentsFor(publicId)).toHaveLength(1);
    expect(await orderRow(publicId)).toMatchObject({
      paymentStatus: 'completed',
      paymentReference: intent?.id,
    });
    // Settled answers replay from now on.
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/place-order',
      payload: body,
      headers: { 'idempotency-key': key },
    });
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('3-D Secure failed: the repeat answers the decline, the order is cancelled and its stock released', async () => {
    const before = await stock();
    const key = randomUUID();
    const body = cardOrder('pm_card_authenticationRequired', 2);
    const first = await place(body, key);
    const publicId = String(first.body.order_id);
    expect(await stock()).toBe((before ?? 0) - 2);
    fake.failAuthentication(intentsFor(publicId)[0]?.id ?? '');
    const after = await place(body, key);
    expect(after.status).toBe(402);
    expect(after.body).toMatchObject({
      code: 'payment_declined',
      message: expect.stringContaining('unable to authenticate'),
    });
    expect(await orderRow(publicId)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(await stock()).toBe(before);
  });

  it('Stripe unreachable: 502 payment_pending, order held with its stock; the retry charges once', async () => {
    const before = await stock();
    const key = randomUUID();
    const body = cardOrder('pm_card_visa');
    fake.mode = 'hang-after-create';
    const first = await place(body, key);
    expect(first.status).toBe(502);
    expect(first.body).toMatchObject({ code: 'payment_pending', message: ORDER_MESSAGES.paymentUnconfirmed });
    const publicId = String(first.body.order_id);
    expect(await orderRow(publicId)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    expect(await stock()).toBe((before ?? 0) - 1);

    fake.mode = 'ok';
    const retried = await place(body, key);
    expect(retried.status).toBe(200);
    expect(retried.body.data?.id).toBe(publicId);
    expect(intentsFor(publicId)).toHaveLength(1);
    expect(await stock()).toBe((before ?? 0) - 1);
  });
});

describe('POST /api/payments/stripe/webhook', () => {
  it('a payment that succeeds after the browser went away marks the order paid, once per event id', async () => {
    fake.mode = 'hang-after-create';
    const first = await place(cardOrder('pm_card_visa'));
    fake.mode = 'ok';
    // The 'received' mail goes out after the answer; Stripe's event comes seconds later in real life.
    await t.app.mail.settled();
    const publicId = String(first.body.order_id);
    const [intent] = intentsFor(publicId);
    const event = intentEvent('payment_intent.succeeded', intent?.id ?? '');
    const { payload, header } = signed(event);
    expect(await deliver(payload, header)).toEqual({
      status: 200,
      body: { received: true, duplicate: false, outcome: 'changed' },
    });
    expect(await orderRow(publicId)).toMatchObject({
      paymentStatus: 'completed',
      paymentReference: intent?.id,
    });
    const again = signed(event);
    expect(await deliver(again.payload, again.header)).toMatchObject({
      status: 200,
      body: { duplicate: true },
    });
    const rows = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id));
    expect(rows).toHaveLength(1);
    // The customer hears it once: 'received' when the order was held, the confirmation from the webhook.
    const { invoiceNumber } = await orderRow(publicId);
    await t.app.mail.settled();
    const subjects = (await outboxSubjects()).filter((s) => s.includes(invoiceNumber));
    const toStore = (s: string) => s.startsWith(`New order ${invoiceNumber} `);
    expect(subjects.filter((s) => !toStore(s))).toEqual([
      expect.stringMatching(/payment pending$/),
      expect.stringMatching(/is confirmed$/),
    ]);
    // The store is told once too (issue 36 §4), though the event came twice.
    expect(subjects.filter(toStore)).toHaveLength(1);
  });

  it('refunds (partial, then full) and disputes move a paid order', async () => {
    const { body } = await place(cardOrder('pm_card_visa'));
    const publicId = body.data?.id ?? '';
    const intentId = intentsFor(publicId)[0]?.id ?? '';
    const charge = (amountRefunded: number) => ({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      type: 'charge.refunded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'ch_x',
          object: 'charge',
          amount: 5_650,
          amount_refunded: amountRefunded,
          payment_intent: intentId,
        },
      },
    });
    const partial = signed(charge(1_000));
    await deliver(partial.payload, partial.header);
    expect((await orderRow(publicId)).paymentStatus).toBe('partially_refunded');
    const dispute = signed({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      type: 'charge.dispute.created',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'dp_x', object: 'dispute', payment_intent: intentId, amount: 5_050 } },
    });
    await deliver(dispute.payload, dispute.header);
    expect((await orderRow(publicId)).paymentStatus).toBe('disputed');
    const full = signed(charge(5_650));
    await deliver(full.payload, full.header);
    expect((await orderRow(publicId)).paymentStatus).toBe('refunded');
  });

  it('payment_failed cancels a held order and releases its stock', async () => {
    const before = await stock();
    const first = await place(cardOrder('pm_card_authenticationRequired'));
    const publicId = String(first.body.order_id);
    const intentId = intentsFor(publicId)[0]?.id ?? '';
    const { payload, header } = signed(intentEvent('payment_intent.payment_failed', intentId));
    expect((await deliver(payload, header)).body).toMatchObject({ outcome: 'changed' });
    expect(await orderRow(publicId)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(await stock()).toBe(before);
  });

  it('refuses a bad signature, a missing one and a stale one with 400, changing nothing', async () => {
    const first = await place(cardOrder('pm_card_authenticationRequired'));
    const publicId = String(first.body.order_id);
    const intentId = intentsFor(publicId)[0]?.id ?? '';
    const event = intentEvent('payment_intent.succeeded', intentId);
    const { payload } = signed(event);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const stale = signed(event, Math.floor(Date.now() / 1000) - STRIPE_WEBHOOK_TOLERANCE_SECONDS - 60);
    const tampered = signed(event);
    for (const [body, sig] of [
      [payload, forged],
      [payload, undefined],
      [stale.payload, stale.header],
      [tampered.payload.replace(`"${intentId}"`, '"pi_someone_elses"'), tampered.header],
    ] as const) {
      const res = await deliver(body, sig);
      expect(res.status).toBe(400);
      expect(String(res.body.message)).toMatch(/Stripe-Signature|signature does not verify/);
    }
    expect(await orderRow(publicId)).toMatchObject({ paymentStatus: 'pending' });
    expect(
      await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id)),
    ).toHaveLength(0);
  });

  it('never marks an order paid for another amount', async () => {
    const first = await place(cardOrder('pm_card_authenticationRequired'));
    const publicId = String(first.body.order_id);
    const intentId = intentsFor(publicId)[0]?.id ?? '';
    const { payload, header } = signed(
      intentEvent('payment_intent.succeeded', intentId, { amount: 100, amount_received: 100 }),
    );
    expect((await deliver(payload, header)).body).toMatchObject({ outcome: 'amount_mismatch' });
    expect((await orderRow(publicId)).paymentStatus).toBe('pending');
  });
});
