/**
 * Afterpay and Zip through Stripe (issue 40, decision 0067), Stripe's API faked at the network edge: the
 * PaymentIntent asks for the one type the order's rules allowed with the store's return address; the shopper
 * approves on the provider's page; the return (the same place-order again, same Idempotency-Key) and the webhook
 * may arrive in either order and give one paid order and one confirmation mail; a refusal cancels the order in
 * the method's words. The rules are the server's: over Afterpay's limit, a trade account, a method the store does
 * not take, or a payment method passed off as another type never reach a payment.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentReturnPath } from '@store/shared/paths';
import { PAYMENT_METHOD_MESSAGES } from '@store/shared/payment-method-rules';
import { orders, products } from '../../db/schema';
import { FAKE_STRIPE_SECRET_KEY, type FakeStripeApi } from '../../../tests/fakes/fake-stripe-api';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { seedApprovedTradeAccount } from '../../../tests/seed-trade';
import { bearer } from '../../../tests/seeders';
import { startStripeTestApp, type StripeTestApp } from '../../../tests/stripe-test-app';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { testOrderBody } from '../orders/test-order-body';

const WEBHOOK_SECRET = 'whsec_test_store_bnpl';
let fake: FakeStripeApi;
let t: TestApp;
let productId = 0;
let app: StripeTestApp;

beforeAll(async () => {
  app = await startStripeTestApp({
    webhookSecret: WEBHOOK_SECRET,
    paymentMethods: ['card', 'afterpay_clearpay', 'zip'],
    paymentTimeoutMs: 2_000,
    product: { sku: 'BNPL-BATTERY', title: 'Car Battery', priceCents: 25_000, stock: 100 },
  });
  ({ t, fake, productId } = app);
});
afterAll(() => app.close());
beforeEach(() => {
  fake.mode = 'ok';
});

/** $250 × quantity, free delivery; paid with `paymentMethodId` as `kind`. */
const bnplOrder = (paymentMethodId: string, kind: string, quantity = 1) =>
  testOrderBody([{ id: productId, unitPriceCents: 25_000, quantity }], {
    stripePaymentMethodId: paymentMethodId,
    payment_method_type: kind,
  });

async function place(body: Record<string, unknown>, key: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/place-order',
    payload: body,
    headers: { 'idempotency-key': key, ...headers },
  });
  return {
    status: res.statusCode,
    body: res.json() as Record<string, unknown> & { data?: { id: string; payment_method_type?: string } },
  };
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
  return row?.stock ?? 0;
}

/** Subjects of the outbox's mails about invoice `invoiceNumber`, the store's own notice left out. */
async function customerMails(invoiceNumber: string): Promise<string[]> {
  await t.app.mail.settled();
  const dir = t.app.config.outboxDir;
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const raw = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  return raw
    .map((m) => /^Subject: (.*)$/m.exec(m)?.[1] ?? '')
    .filter((s) => s.includes(invoiceNumber) && !s.startsWith('New order '));
}

const intentOf = (publicId: string) => {
  const found = [...fake.intents.values()].filter((i) => i.metadata.order_public_id === publicId);
  expect(found).toHaveLength(1);
  return found[0]!;
};

async function deliverSucceeded(intentId: string) {
  const intent = fake.intents.get(intentId);
  const payload = JSON.stringify({
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: { object: { ...intent, amount_received: intent?.amount ?? 0 } },
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** Places an Afterpay or Zip order and checks it is held for the shopper's approval, nothing mailed yet. */
async function placeForApproval(pm: string, kind: string, key: string) {
  const before = await stock();
  const held = await place(bnplOrder(pm, kind), key);
  expect(held.status).toBe(402);
  expect(held.body).toMatchObject({ code: 'requires_action' });
  const publicId = String(held.body.order_id);
  const intent = intentOf(publicId);
  expect(intent.status).toBe('requires_action');
  expect(intent.next_action).toMatchObject({ type: 'redirect_to_url' });
  // The PaymentIntent allows only the chosen type, and Stripe brings the shopper back to this order's return page.
  const create = fake.requests.find(
    (r) => r.path === '/v1/payment_intents' && r.body.get('metadata[order_public_id]') === publicId,
  );
  expect(create?.body.getAll('allowed_payment_method_types[0]')).toEqual([kind]);
  expect(create?.body.get('return_url')).toBe(
    new URL(paymentReturnPath(publicId), t.app.config.publicBaseUrl).href,
  );
  expect(create?.body.get('shipping[address][postal_code]')).toBeTruthy();
  const row = await orderRow(publicId);
  expect(row).toMatchObject({
    paymentStatus: 'pending',
    paymentMethodType: kind,
    paymentReference: intent.id,
  });
  expect(await stock()).toBe(before - 1);
  // No 'payment pending' mail while the shopper is away approving.
  expect(await customerMails(row.invoiceNumber)).toEqual([]);
  return { publicId, intentId: intent.id, invoiceNumber: row.invoiceNumber, body: bnplOrder(pm, kind) };
}

describe('Afterpay and Zip: the return and the webhook, in either order', () => {
  it('the return first, then the webhook: one paid order, one confirmation', async () => {
    const key = randomUUID();
    const order = await placeForApproval('pm_afterpay_approve', 'afterpay_clearpay', key);
    fake.approveRedirect(order.intentId);

    const back = await place(order.body, key);
    expect(back.status).toBe(200);
    expect(back.body.data?.id).toBe(order.publicId);
    expect(back.body.data?.payment_method_type).toBe('afterpay_clearpay');
    expect(await deliverSucceeded(order.intentId)).toMatchObject({
      status: 200,
      body: { outcome: 'unchanged' },
    });
    // The shopper's browser sends the return again (a reload): the same order, nothing new.
    expect((await place(order.body, key)).body.data?.id).toBe(order.publicId);

    expect(await orderRow(order.publicId)).toMatchObject({ paymentStatus: 'completed' });
    expect(fake.intents.get(order.intentId)?.status).toBe('succeeded');
    expect(await customerMails(order.invoiceNumber)).toEqual([expect.stringMatching(/is confirmed$/)]);
  });

  it('the webhook first, then the return: one paid order, one confirmation', async () => {
    const key = randomUUID();
    const order = await placeForApproval('pm_zip_approve', 'zip', key);
    fake.approveRedirect(order.intentId);

    expect(await deliverSucceeded(order.intentId)).toMatchObject({
      status: 200,
      body: { outcome: 'changed' },
    });
    expect(await orderRow(order.publicId)).toMatchObject({ paymentStatus: 'completed' });
    const back = await place(order.body, key);
    expect(back.status).toBe(200);
    expect(back.body.data?.id).toBe(order.publicId);
    expect(back.body.order_pass).toEqual(expect.any(String));

    expect(
      [...fake.intents.values()].filter((i) => i.metadata.order_public_id === order.publicId),
    ).toHaveLength(1);
    expect(await customerMails(order.invoiceNumber)).toEqual([expect.stringMatching(/is confirmed$/)]);
  });

  it('declined at Afterpay: the order is cancelled with its stock back, in Afterpay words, nothing mailed', async () => {
    const key = randomUUID();
    const before = await stock();
    const order = await placeForApproval('pm_afterpay_decline', 'afterpay_clearpay', key);
    fake.declineRedirect(order.intentId);

    const back = await place(order.body, key);
    expect(back.status).toBe(402);
    expect(back.body).toMatchObject({
      code: 'payment_declined',
      message: PAYMENT_METHOD_MESSAGES.declined('afterpay_clearpay'),
    });
    expect(await orderRow(order.publicId)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(await stock()).toBe(before);
    // Asked again, the same refusal (the key's answer), and still no mail.
    expect((await place(order.body, key)).body).toMatchObject({ code: 'payment_declined' });
    expect(await customerMails(order.invoiceNumber)).toEqual([]);
  });

  it('a paid Afterpay order is refunded through the same provider call as a card', async () => {
    const key = randomUUID();
    const order = await placeForApproval('pm_afterpay_refund', 'afterpay_clearpay', key);
    fake.approveRedirect(order.intentId);
    expect((await place(order.body, key)).status).toBe(200);
    const card = t.app.payments.card;
    if (!card) throw new Error('card payments are off');
    const refund = await card.refund({
      paymentId: order.intentId,
      amountCents: 5_000,
      currency: 'AUD',
      idempotencyKey: `refund-${order.publicId}-1`,
      reason: 'Wrong battery',
    });
    expect(refund).toMatchObject({ status: 'succeeded' });
    const charge = fake.charges.get(fake.intents.get(order.intentId)?.latest_charge ?? '');
    expect(charge?.amount_refunded).toBe(5_000);
  });
});

describe('the rules are the server’s', () => {
  it('over Afterpay’s $2,000: refused with its limits, nothing written or asked of Stripe', async () => {
    const requests = fake.requests.length;
    const ordersBefore = (await t.database.db.select({ id: orders.id }).from(orders)).length;
    // 9 × $250 = $2,250.
    const res = await place(bnplOrder('pm_afterpay_big', 'afterpay_clearpay', 9), randomUUID());
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PAYMENT_METHOD_MESSAGES.outsideLimits('afterpay_clearpay'));
    expect(fake.requests.length).toBe(requests);
    expect((await t.database.db.select({ id: orders.id }).from(orders)).length).toBe(ordersBefore);
    // The same order by Zip is within Zip's limits.
    const zip = await place(bnplOrder('pm_zip_big', 'zip', 9), randomUUID());
    expect(zip.status).toBe(402);
    expect(zip.body).toMatchObject({ code: 'requires_action' });
  });

  it('a trade account is never offered Afterpay, whatever its browser sends', async () => {
    const account = await seedApprovedTradeAccount(t);
    const res = await place(
      bnplOrder('pm_afterpay_trade', 'afterpay_clearpay'),
      randomUUID(),
      bearer(account.owner.token),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PAYMENT_METHOD_MESSAGES.afterpayTrade);
  });

  it('a payment method passed off as another type is refused by Stripe, and nothing is charged', async () => {
    const before = await stock();
    // An Afterpay payment method sent as a card: the PaymentIntent allows only cards.
    const res = await place(bnplOrder('pm_afterpay_as_card', 'card'), randomUUID());
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'payment_declined' });
    expect(String(res.body.message)).toContain('not allowed for this PaymentIntent');
    expect(await stock()).toBe(before);
    expect(
      [...fake.charges.values()].some(
        (c) => fake.intents.get(c.payment_intent)?.payment_method === 'pm_afterpay_as_card',
      ),
    ).toBe(false);
  });
});

describe('a store that takes cards only (STRIPE_PAYMENT_METHODS unset)', () => {
  let cardsOnly: TestApp;
  beforeAll(async () => {
    cardsOnly = await createTestApp({
      config: (c) => {
        c.stripeSecretKey = FAKE_STRIPE_SECRET_KEY;
        c.stripePublishableKey = 'pk_test_fake';
        c.stripeWebhookSecret = WEBHOOK_SECRET;
        c.stripeApiBase = fake.apiBase;
      },
    });
    await seedCatalog(cardsOnly.database.db);
  });
  afterAll(async () => {
    await cardsOnly.close();
  });

  it('offers cards only and refuses Zip before writing anything', async () => {
    const config = await cardsOnly.app.inject({ method: 'GET', url: '/api/store-config' });
    expect(config.json()).toMatchObject({
      data: { card_payments: 'stripe', payment_method_types: ['card'] },
    });
    const id = await seedProduct(cardsOnly.database.db, {
      sku: 'CARD-ONLY',
      title: 'Wiper',
      priceCents: 2_000,
      stock: 5,
    });
    const res = await cardsOnly.app.inject({
      method: 'POST',
      url: '/api/place-order',
      payload: testOrderBody([{ id, unitPriceCents: 2_000, quantity: 1 }], {
        stripePaymentMethodId: 'pm_zip_x',
        payment_method_type: 'zip',
      }),
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: PAYMENT_METHOD_MESSAGES.notOffered('zip') });
  });
});
