/**
 * The offline test provider's Afterpay, Zip and wallet (issue 40 §5), through the real app without keys: what every
 * journey runs on. Afterpay and Zip wait for the test approval page (the test-card authenticate and fail routes),
 * the wallet pays at once, and a payment method sent under another type is refused as Stripe refuses it.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_MESSAGES } from '@store/shared/payment-method-rules';
import {
  paymentIdOfClientSecret,
  TEST_PAYMENT_METHOD_AFTERPAY,
  TEST_PAYMENT_METHOD_WALLET,
  TEST_PAYMENT_METHOD_ZIP,
} from '@store/shared/test-payments';
import { orders } from '../../db/schema';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { testOrderBody } from '../orders/test-order-body';

let t: TestApp;
let productId = 0;

beforeAll(async () => {
  t = await createTestApp({ config: (c) => (c.rateLimits.placeOrdersPerMinute = 100_000) });
  await seedCatalog(t.database.db);
  productId = await seedProduct(t.database.db, {
    sku: 'TEST-BNPL',
    title: 'Tie-down',
    priceCents: 3_000,
    stock: 50,
  });
});
afterAll(async () => {
  await t.close();
});

const order = (paymentMethodId: string, kind: string) =>
  testOrderBody([{ id: productId, unitPriceCents: 3_000, quantity: 1 }], {
    stripePaymentMethodId: paymentMethodId,
    payment_method_type: kind,
  });

async function place(body: Record<string, unknown>, key: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/place-order',
    payload: body,
    headers: { 'idempotency-key': key },
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> & { data?: { id: string } } };
}

/** The shopper's answer on the test approval page. */
async function answer(clientSecret: string, approve: boolean) {
  const paymentId = paymentIdOfClientSecret(clientSecret) ?? '';
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/payments/test-card/${paymentId}/${approve ? 'authenticate' : 'fail'}`,
    payload: { client_secret: clientSecret },
  });
  expect(res.statusCode).toBeLessThan(300);
}

async function typeOf(publicId: string) {
  const [row] = await t.database.db
    .select({ type: orders.paymentMethodType, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.publicId, publicId));
  return row;
}

describe('offline test provider: Afterpay, Zip and the wallet', () => {
  it('tells the web app it takes all three types', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/store-config' });
    expect(res.json()).toMatchObject({
      data: { card_payments: 'test', payment_method_types: ['card', 'afterpay_clearpay', 'zip'] },
    });
  });

  it('Zip approved on the test page: paid on the return, recorded as Zip', async () => {
    const key = randomUUID();
    const held = await place(order(TEST_PAYMENT_METHOD_ZIP, 'zip'), key);
    expect(held).toMatchObject({ status: 402, body: { code: 'requires_action' } });
    await answer(String(held.body.client_secret), true);
    const back = await place(order(TEST_PAYMENT_METHOD_ZIP, 'zip'), key);
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ id: held.body.order_id, payment_method_type: 'zip' });
    expect(await typeOf(String(held.body.order_id))).toEqual({ type: 'zip', paymentStatus: 'completed' });
  });

  it('Afterpay declined on the test page: refused in Afterpay words', async () => {
    const key = randomUUID();
    const held = await place(order(TEST_PAYMENT_METHOD_AFTERPAY, 'afterpay_clearpay'), key);
    await answer(String(held.body.client_secret), false);
    const back = await place(order(TEST_PAYMENT_METHOD_AFTERPAY, 'afterpay_clearpay'), key);
    expect(back).toMatchObject({
      status: 402,
      body: { code: 'payment_declined', message: PAYMENT_METHOD_MESSAGES.declined('afterpay_clearpay') },
    });
    expect(await typeOf(String(held.body.order_id))).toEqual({
      type: 'afterpay_clearpay',
      paymentStatus: 'failed',
    });
  });

  it('the test wallet pays at once as Google Pay', async () => {
    const paid = await place(order(TEST_PAYMENT_METHOD_WALLET, 'google_pay'), randomUUID());
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ payment_method_type: 'google_pay' });
  });

  it('an Afterpay payment method sent as a card is refused, and a card sent as Afterpay too', async () => {
    const asCard = await place(order(TEST_PAYMENT_METHOD_AFTERPAY, 'card'), randomUUID());
    expect(asCard).toMatchObject({ status: 402, body: { code: 'payment_declined' } });
    expect(String(asCard.body.message)).toContain('not allowed for this PaymentIntent');
    const asAfterpay = await place(order('pm_card_visa', 'afterpay_clearpay'), randomUUID());
    expect(asAfterpay).toMatchObject({ status: 402, body: { code: 'payment_declined' } });
  });

  it('an unknown payment_method_type is a 400 naming the ones there are', async () => {
    const res = await place(order('pm_card_visa', 'klarna'), randomUUID());
    expect(res.status).toBe(400);
    expect(String(res.body.message)).toContain('payment_method_type must be one of card, apple_pay');
  });
});
