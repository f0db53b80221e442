import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '@store/shared/checkout-form';
import { walletOrderResponseSchema } from '@store/shared/order';
import { ORDER_MESSAGES } from '@store/shared/order-constants';
import { orders, products, storeSettings } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { testOrderBody, type TestLine } from '../orders/test-order-body';
import { PAYPAL_NOT_CONFIGURED } from './routes';

let t: TestApp;
const ids = { strap: 0, free: 0 };

beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.rateLimits.placeOrdersPerMinute = 100_000;
    },
  });
  await seedCatalog(t.database.db);
  ids.strap = await seedProduct(t.database.db, {
    sku: 'PAY-STRAP',
    title: 'Ratchet Strap',
    priceCents: 2500,
    stock: 20,
  });
  ids.free = await seedProduct(t.database.db, {
    sku: 'PAY-FREE',
    title: 'Free Sticker',
    priceCents: 0,
    stock: null,
  });
});
afterAll(() => t.close());

async function post(url: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers });
  return { res, body: res.json() };
}

async function createWalletOrder(quantity: number) {
  const { res, body } = await post('/api/payments/wallet-orders', {
    products: [{ id: ids.strap, quantity }],
  });
  expect(res.statusCode).toBe(200);
  return walletOrderResponseSchema.parse(body).data;
}

const approve = (walletOrderId: string) => post(`/api/payments/test-wallet/${walletOrderId}/approve`);

function walletOrderBody(lines: TestLine[], walletOrderId: string) {
  return testOrderBody(lines, {
    payment_method: 'Paypal',
    payment_intent_id: walletOrderId,
    stripePaymentMethodId: undefined,
  });
}

const placeOrder = (body: Record<string, unknown>) =>
  post('/api/place-order', body, { 'idempotency-key': randomUUID() });

async function stockOf(id: number) {
  const [row] = await t.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, id));
  return row?.stock;
}

async function orderCount() {
  const [row] = await t.database.db.select({ n: count() }).from(orders);
  return row?.n ?? 0;
}

describe('POST /api/payments/wallet-orders', () => {
  it("creates a wallet order for the server's total, in AUD", async () => {
    const { res, body } = await post('/api/payments/wallet-orders', {
      products: [{ id: ids.strap, quantity: 2, qp_subtotal: '0.01' }],
      // An amount from the client is ignored: the server prices the lines.
      amount: '0.01',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // 2 × 25.00 = 50.00 + 16.50 delivery (inc. GST, below $100) = 66.50 (decision 0046)
    expect(body.data).toEqual({
      wallet_order_id: expect.stringMatching(/^TW/),
      amount: '66.50',
      currency: 'AUD',
    });
  });

  it('refuses an empty cart, an unknown product and a bad quantity', async () => {
    const empty = await post('/api/payments/wallet-orders', { products: [] });
    expect(empty.res.statusCode).toBe(400);
    expect(empty.body.message).toContain(CHECKOUT_MESSAGES.cartEmpty);
    const unknown = await post('/api/payments/wallet-orders', { products: [{ id: 987_654, quantity: 1 }] });
    expect(unknown.res.statusCode).toBe(400);
    expect(unknown.body.message).toBe(ORDER_MESSAGES.unknownProduct(987_654));
    const qty = await post('/api/payments/wallet-orders', { products: [{ id: ids.strap, quantity: 0 }] });
    expect(qty.res.statusCode).toBe(400);
    expect(qty.body.message).toContain(ORDER_MESSAGES.quantity);
  });

  it('refuses the lines place-order would refuse: a product twice, or more than 100 products', async () => {
    const twice = await post('/api/payments/wallet-orders', {
      products: [
        { id: ids.strap, quantity: 1 },
        { id: ids.strap, quantity: 2 },
      ],
    });
    expect(twice.res.statusCode).toBe(400);
    expect(twice.body.message).toBe(ORDER_MESSAGES.duplicateLine);
    const many = await post('/api/payments/wallet-orders', {
      products: Array.from({ length: 101 }, (_, i) => ({ id: i + 1, quantity: 1 })),
    });
    expect(many.res.statusCode).toBe(400);
    expect(many.body.message).toBe(ORDER_MESSAGES.tooManyLines);
  });

  it('refuses a total that is not above zero with the SPEC message', async () => {
    const db = t.database.db;
    const [before] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1));
    await db.update(storeSettings).set({ deliveryChargeCents: 0 }).where(eq(storeSettings.id, 1));
    try {
      const { res, body } = await post('/api/payments/wallet-orders', {
        products: [{ id: ids.free, quantity: 1 }],
      });
      expect(res.statusCode).toBe(400);
      expect(body.message).toBe('Total amount must be greater than zero.');
    } finally {
      await db
        .update(storeSettings)
        .set({ deliveryChargeCents: before?.deliveryChargeCents ?? 1650 })
        .where(eq(storeSettings.id, 1));
    }
  });
});

describe('POST /api/place-order with the test wallet', () => {
  it('create -> approve -> place: captured on the server, payment completed', async () => {
    const stock = await stockOf(ids.strap);
    const wallet = await createWalletOrder(2);
    expect((await approve(wallet.wallet_order_id)).res.statusCode).toBe(200);
    const { res, body } = await placeOrder(
      walletOrderBody([{ id: ids.strap, unitPriceCents: 2500, quantity: 2 }], wallet.wallet_order_id),
    );
    expect(res.statusCode).toBe(200);
    expect(body.data).toMatchObject({
      payment_method: 'Paypal',
      payment_status: 'completed',
      status: 'pending',
      total_amount: '66.50',
    });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.publicId, body.data.id));
    expect(row?.paymentReference).toMatch(/^TWCAP/);
    expect(await stockOf(ids.strap)).toBe((stock ?? 0) - 2);

    // A wallet order pays for one order only: a second order naming it is refused before anything is written.
    const ordersBefore = await orderCount();
    const reuse = await placeOrder(
      walletOrderBody([{ id: ids.strap, unitPriceCents: 2500, quantity: 2 }], wallet.wallet_order_id),
    );
    expect(reuse.res.statusCode).toBe(402);
    expect(reuse.body).toEqual({ code: 'payment_failed', message: ORDER_MESSAGES.walletOrderUsed });
    expect(await orderCount()).toBe(ordersBefore);
    expect(await stockOf(ids.strap)).toBe((stock ?? 0) - 2);
    // Approving a captured wallet order is refused.
    expect((await approve(wallet.wallet_order_id)).res.statusCode).toBe(409);
  });

  it('without approval: 402, the order cancelled and its stock restored', async () => {
    const before = { stock: await stockOf(ids.strap), orders: await orderCount() };
    const wallet = await createWalletOrder(1);
    const { res, body } = await placeOrder(
      walletOrderBody([{ id: ids.strap, unitPriceCents: 2500, quantity: 1 }], wallet.wallet_order_id),
    );
    expect(res.statusCode).toBe(402);
    expect(body).toEqual({
      code: 'payment_failed',
      message: 'Error capturing PayPal order. Please try again later.',
    });
    expect(await stockOf(ids.strap)).toBe(before.stock);
    expect(await orderCount()).toBe(before.orders + 1);
    const [last] = await t.database.db
      .select()
      .from(orders)
      .orderBy(orders.id)
      .offset(before.orders)
      .limit(1);
    expect(last).toMatchObject({ status: 'cancelled', paymentStatus: 'failed', paymentMethod: 'Paypal' });
  });

  it('after the buyer cancels: 402', async () => {
    const wallet = await createWalletOrder(1);
    await approve(wallet.wallet_order_id);
    expect((await post(`/api/payments/test-wallet/${wallet.wallet_order_id}/cancel`)).res.statusCode).toBe(
      200,
    );
    const { res } = await placeOrder(
      walletOrderBody([{ id: ids.strap, unitPriceCents: 2500, quantity: 1 }], wallet.wallet_order_id),
    );
    expect(res.statusCode).toBe(402);
  });

  it('does not capture a wallet order made for another amount', async () => {
    const stock = await stockOf(ids.strap);
    const wallet = await createWalletOrder(1);
    await approve(wallet.wallet_order_id);
    const { res } = await placeOrder(
      walletOrderBody([{ id: ids.strap, unitPriceCents: 2500, quantity: 3 }], wallet.wallet_order_id),
    );
    expect(res.statusCode).toBe(402);
    expect(await stockOf(ids.strap)).toBe(stock);
  });

  it('an unknown wallet order: 402; approving it: 404', async () => {
    const { res } = await placeOrder(
      walletOrderBody([{ id: ids.strap, unitPriceCents: 2500, quantity: 1 }], 'TWNOPE'),
    );
    expect(res.statusCode).toBe(402);
    const approval = await approve('TWNOPE');
    expect(approval.res.statusCode).toBe(404);
  });
});

describe('GET /api/encrypted-paypal-keys', () => {
  it('answers 404 with a message while the store runs the test wallet', async () => {
    const res = await t.app.inject({ url: '/api/encrypted-paypal-keys' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: PAYPAL_NOT_CONFIGURED });
  });

  it('answers the public client id base64-encoded, and never the secret', async () => {
    const withPaypal = await createTestApp({
      config: (c) => {
        c.paypalClientId = 'AeB-public-client-id';
        c.paypalClientSecret = 'EC-very-secret';
      },
    });
    try {
      const res = await withPaypal.app.inject({ url: '/api/encrypted-paypal-keys' });
      expect(res.statusCode).toBe(200);
      expect(Buffer.from((res.json() as { key: string }).key, 'base64').toString('utf8')).toBe(
        'AeB-public-client-id',
      );
      expect(res.body).not.toContain('EC-very-secret');
      expect(Buffer.from(res.body).toString('base64')).not.toContain(
        Buffer.from('EC-very-secret').toString('base64'),
      );
    } finally {
      await withPaypal.close();
    }
  });
});
