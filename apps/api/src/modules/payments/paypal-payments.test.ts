/**
 * The whole store with PayPal switched on, PayPal's API faked at the network edge (PAYPAL_API_BASE): wallet
 * orders created and captured by our server, PAYEE_ACCOUNT_RESTRICTED, a capture that times out and is resumed
 * with one capture, and the PayPal webhook verified through PayPal's verify-signature call.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { walletOrderResponseSchema } from '@store/shared/order';
import { ORDER_MESSAGES } from '@store/shared/order-constants';
import { orders, paymentEvents } from '../../db/schema';
import {
  FAKE_PAYPAL_CLIENT_ID,
  FAKE_PAYPAL_CLIENT_SECRET,
  FAKE_PAYPAL_SIGNATURE,
  startFakePaypalApi,
  type FakePaypalApi,
} from '../../../tests/fakes/fake-paypal-api';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { testOrderBody } from '../orders/test-order-body';
import { PAYPAL_WEBHOOK_TOLERANCE_MS } from './read-paypal-event';

let fake: FakePaypalApi;
let t: TestApp;
let productId = 0;

beforeAll(async () => {
  fake = await startFakePaypalApi();
  t = await createTestApp({
    config: (c) => {
      c.paypalClientId = FAKE_PAYPAL_CLIENT_ID;
      c.paypalClientSecret = FAKE_PAYPAL_CLIENT_SECRET;
      c.paypalWebhookId = 'WH-FAKE-1';
      c.paypalApiBase = fake.apiBase;
      c.paymentTimeoutMs = 300;
      c.rateLimits.placeOrdersPerMinute = 100_000;
    },
  });
  await seedCatalog(t.database.db);
  productId = await seedProduct(t.database.db, {
    sku: 'PP-GLOBE',
    title: 'H4 Globe',
    priceCents: 3_000,
    stock: 40,
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.captureMode = 'ok';
});

async function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> & { data?: { id: string } } };
}

/** A PayPal order for 2 globes ($60 + $15 delivery + GST = $82.50), approved by the buyer. */
async function approvedWalletOrder(): Promise<string> {
  const { status, body } = await post('/api/payments/wallet-orders', {
    products: [{ id: productId, quantity: 2 }],
  });
  expect(status).toBe(200);
  const order = walletOrderResponseSchema.parse(body).data;
  expect(fake.orders.get(order.wallet_order_id)?.amount).toEqual({ currency_code: 'AUD', value: '76.50' });
  fake.approve(order.wallet_order_id);
  return order.wallet_order_id;
}

const walletBody = (walletOrderId: string) =>
  testOrderBody([{ id: productId, unitPriceCents: 3_000, quantity: 2 }], {
    payment_method: 'Paypal',
    payment_intent_id: walletOrderId,
    stripePaymentMethodId: undefined,
  });

async function orderRow(publicId: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.publicId, publicId));
  if (!row) throw new Error(`no order ${publicId}`);
  return row;
}

function deliver(event: Record<string, unknown>, headers: Record<string, string> = {}) {
  return post('/api/payments/paypal/webhook', JSON.stringify(event), {
    'content-type': 'application/json',
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-cert-url':
      'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
    'paypal-transmission-id': randomUUID(),
    'paypal-transmission-sig': FAKE_PAYPAL_SIGNATURE,
    'paypal-transmission-time': new Date().toISOString(),
    ...headers,
  });
}

function captureEvent(type: string, captureId: string, walletOrderId: string, value = '76.50') {
  return {
    id: `WH-${randomUUID()}`,
    event_version: '1.0',
    resource_type: 'capture',
    event_type: type,
    create_time: new Date().toISOString(),
    resource: {
      id: captureId,
      status: type === 'PAYMENT.CAPTURE.COMPLETED' ? 'COMPLETED' : 'DECLINED',
      amount: { currency_code: 'AUD', value },
      supplementary_data: { related_ids: { order_id: walletOrderId } },
    },
  };
}

describe('wallet orders with PayPal', () => {
  it('offers PayPal, and its public client id only (base64), never the secret', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/store-config' });
    expect(config.json().data).toMatchObject({ wallet_payments: 'paypal', card_payments: 'test' });
    const keys = await t.app.inject({ method: 'GET', url: '/api/encrypted-paypal-keys' });
    expect(Buffer.from(keys.json().key as string, 'base64').toString()).toBe(FAKE_PAYPAL_CLIENT_ID);
    expect(keys.body).not.toContain(FAKE_PAYPAL_CLIENT_SECRET);
    // The pages' policy (decision 0039: JSON answers have a CSP of their own).
    const page = await t.app.inject({ method: 'GET', url: '/checkout' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/\*\.paypal\.com https:\/\/\*\.paypalobjects\.com;/);
    expect(csp).not.toMatch(/stripe/);
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('captures the approved order on our server for our total: paid with the capture id', async () => {
    const walletOrderId = await approvedWalletOrder();
    const { status, body } = await post('/api/place-order', walletBody(walletOrderId), {
      'idempotency-key': randomUUID(),
    });
    expect(status).toBe(200);
    const row = await orderRow(body.data?.id ?? '');
    expect(row).toMatchObject({ paymentStatus: 'completed', paymentProvider: 'paypal', walletOrderId });
    expect(row.paymentReference).toBe(fake.orders.get(walletOrderId)?.capture?.id);
  });

  it('PAYEE_ACCOUNT_RESTRICTED: the SPEC message, order cancelled', async () => {
    const walletOrderId = await approvedWalletOrder();
    fake.captureMode = 'restricted';
    const { status, body } = await post('/api/place-order', walletBody(walletOrderId), {
      'idempotency-key': randomUUID(),
    });
    expect(status).toBe(402);
    expect(body).toEqual({ code: 'payment_failed', message: ORDER_MESSAGES.walletRestricted });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.walletOrderId, walletOrderId));
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
  });

  it('a capture that times out holds the order; the retry with the same key captures once', async () => {
    const walletOrderId = await approvedWalletOrder();
    const key = randomUUID();
    fake.captureMode = 'hang';
    const first = await post('/api/place-order', walletBody(walletOrderId), { 'idempotency-key': key });
    expect(first.status).toBe(502);
    expect(first.body).toMatchObject({ code: 'payment_pending', message: ORDER_MESSAGES.paymentUnconfirmed });
    const publicId = String(first.body.order_id);
    expect(await orderRow(publicId)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    fake.captureMode = 'ok';
    const retried = await post('/api/place-order', walletBody(walletOrderId), { 'idempotency-key': key });
    expect(retried.status).toBe(200);
    const captures = fake.requests.filter(
      (r) =>
        r.path.endsWith(`${walletOrderId}/capture`) && r.headers['paypal-request-id'] === `order-${publicId}`,
    );
    expect(captures.length).toBeGreaterThanOrEqual(1);
    expect([...fake.captures.keys()].filter((k) => k === `order-${publicId}`)).toHaveLength(1);
  });
});

describe('POST /api/payments/paypal/webhook', () => {
  /** An order held after a capture timed out, whose capture PayPal did complete. */
  async function heldOrder() {
    const walletOrderId = await approvedWalletOrder();
    fake.captureMode = 'hang';
    const first = await post('/api/place-order', walletBody(walletOrderId), {
      'idempotency-key': randomUUID(),
    });
    fake.captureMode = 'ok';
    const publicId = String(first.body.order_id);
    return { walletOrderId, publicId, captureId: `3C${randomUUID().slice(0, 14).toUpperCase()}` };
  }

  it('a verified PAYMENT.CAPTURE.COMPLETED marks a held order paid, once per event id', async () => {
    const { walletOrderId, publicId, captureId } = await heldOrder();
    const event = captureEvent('PAYMENT.CAPTURE.COMPLETED', captureId, walletOrderId);
    expect(await deliver(event)).toEqual({
      status: 200,
      body: { received: true, duplicate: false, outcome: 'changed' },
    });
    expect(await orderRow(publicId)).toMatchObject({
      paymentStatus: 'completed',
      paymentReference: captureId,
    });
    expect((await deliver(event)).body).toMatchObject({ duplicate: true });
    const verify = fake.requests.filter((r) => r.path === '/v1/notifications/verify-webhook-signature');
    expect(JSON.parse(verify.at(-1)?.body ?? '{}')).toMatchObject({
      webhook_id: 'WH-FAKE-1',
      webhook_event: { id: event.id },
    });

    const refund = {
      id: `WH-${randomUUID()}`,
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: {
        id: 'REFUND-1',
        amount: { currency_code: 'AUD', value: '76.50' },
        seller_payable_breakdown: { total_refunded_amount: { currency_code: 'AUD', value: '76.50' } },
        links: [{ rel: 'up', href: `https://api.paypal.com/v2/payments/captures/${captureId}` }],
      },
    };
    expect((await deliver(refund)).body).toMatchObject({ outcome: 'changed' });
    expect((await orderRow(publicId)).paymentStatus).toBe('refunded');
  });

  it('refuses a signature PayPal does not verify, missing headers and a stale delivery with 400', async () => {
    const { walletOrderId, publicId, captureId } = await heldOrder();
    const event = captureEvent('PAYMENT.CAPTURE.COMPLETED', captureId, walletOrderId);
    const stale = new Date(Date.now() - PAYPAL_WEBHOOK_TOLERANCE_MS - 60_000).toISOString();
    for (const headers of <Record<string, string>[]>[
      { 'paypal-transmission-sig': 'forged' },
      { 'paypal-transmission-sig': '' },
      { 'paypal-transmission-time': stale },
    ]) {
      const res = await deliver(event, headers);
      expect(res.status).toBe(400);
    }
    expect((await orderRow(publicId)).paymentStatus).toBe('pending');
    expect(
      await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id)),
    ).toHaveLength(0);
  });

  it('a denied capture cancels the held order', async () => {
    const { walletOrderId, publicId, captureId } = await heldOrder();
    await deliver(captureEvent('PAYMENT.CAPTURE.DENIED', captureId, walletOrderId));
    expect(await orderRow(publicId)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
  });
});
