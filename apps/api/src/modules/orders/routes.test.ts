import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetailSchema, type OrderDetail } from '@store/shared/order';
import { ORDER_MESSAGES } from '@store/shared/order-constants';
import { orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { generatePublicOrderId } from './generate-public-order-id';
import { seedOrder } from '../../../tests/seeders';

let t: TestApp;
let productId = 0;
let placed: OrderDetail;

beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.rateLimits.placeOrdersPerMinute = 100_000;
      c.rateLimits.orderLookupsPerMinute = 100_000;
    },
  });
  await seedCatalog(t.database.db);
  productId = await seedProduct(t.database.db, {
    sku: 'TRK-1',
    title: 'Tracked Tyre Gauge',
    priceCents: 1850,
    stock: 10,
  });
  const { answer } = await seedOrder(t, {
    lines: [{ id: productId, unitPriceCents: 1850, quantity: 2 }],
    fields: { comment: 'Gate code 1234' },
  });
  placed = orderDetailSchema.parse(answer.data);
});
afterAll(() => t.close());

const track = (id: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/guest/track-order', payload: { id } });
const detail = (id: string) =>
  t.app.inject({ method: 'GET', url: `/api/orders-detail?id=${encodeURIComponent(id)}` });

describe('POST /api/guest/track-order and GET /api/orders-detail', () => {
  it('find the order by its public id, with the figures place-order answered', async () => {
    for (const res of [await track(placed.id), await detail(placed.id)]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const order = orderDetailSchema.parse(res.json().data);
      // With the progress dates and parcel a read adds (issue 37 §2), its return requests (none, §3) and the store
      // it is collected from (none: delivered, issue 41).
      expect(order).toEqual({
        ...placed,
        step_dates: expect.any(Object),
        shipment: null,
        returns: [],
        collect_location: null,
      });
      expect(order).toMatchObject({
        subTotal: '37.00',
        delivery_charges: '16.50',
        // GST included (decision 0046): 37.00 / 11 = 3.36, and 16.50 / 11 = 1.50.
        totalGst: '4.86',
        total_amount: '53.50',
      });
      expect(order.order_meta).toContainEqual({ option: '_prices_include_gst', value: 'yes' });
      expect(order.order_meta).toContainEqual({ option: '_comment', value: 'Gate code 1234' });
      // Customer details are for the signed-in owner only (accounts come later).
      expect([order.f_name, order.l_name, order.email, order.phone]).toEqual([null, null, null, null]);
    }
  });

  it('uses unguessable public ids and never answers serial ids, nor order numbers without their email', async () => {
    expect(placed.id).toMatch(/^[A-Za-z0-9]{16,}$/);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.publicId, placed.id));
    if (!row) throw new Error('order row missing');
    const guesses = ['x', 'TI-000001', generatePublicOrderId(), placed.id.toLowerCase()];
    for (const guess of guesses) {
      for (const res of [await track(guess), await detail(guess)]) {
        expect(res.statusCode, guess).toBe(404);
        expect(res.json()).toEqual({ message: ORDER_MESSAGES.notFound });
        expect(res.headers['cache-control']).toBe('no-store');
      }
    }
    // Issue 34 §6: the order number (and a serial id, read as one) finds an order only with its email.
    for (const guess of ['1', String(row.id), row.invoiceNumber]) {
      expect((await detail(guess)).statusCode, guess).toBe(404);
      const res = await track(guess);
      expect(res.statusCode, guess).toBe(400);
      expect(res.json().message).toBe(ORDER_MESSAGES.trackEmailRequired);
    }
  });

  it('asks for an order number when none is given', async () => {
    const res = await track('');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(ORDER_MESSAGES.trackNumberRequired);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders-detail' })).statusCode).toBe(400);
  });

  it('makes public ids of 16 letters and digits that do not repeat', () => {
    const seen = new Set(Array.from({ length: 2000 }, () => generatePublicOrderId()));
    expect(seen.size).toBe(2000);
    for (const id of seen) expect(id).toMatch(/^[A-Za-z0-9]{16}$/);
  });
});

describe('OpenAPI', () => {
  it('documents the order, cart and payment routes with tags, summary and responses', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const routes = [
      ['/api/place-order', 'post'],
      ['/api/guest/track-order', 'post'],
      ['/api/orders-detail', 'get'],
      ['/api/cart-products', 'get'],
      ['/api/payments/wallet-orders', 'post'],
      ['/api/payments/test-wallet/{walletOrderId}/approve', 'post'],
      ['/api/payments/test-wallet/{walletOrderId}/cancel', 'post'],
    ] as const;
    for (const [path, method] of routes) {
      const op = doc.paths[path]?.[method];
      expect(op?.tags?.length, path).toBeGreaterThan(0);
      expect(op?.summary, path).toBeTruthy();
      expect(op?.responses?.['200'], path).toBeDefined();
    }
    expect(Object.keys(doc.paths['/api/place-order'].post.responses)).toEqual(
      expect.arrayContaining(['200', '400', '402', '409', '422']),
    );
  });
});

describe('rate limits on the order calls', () => {
  it('answer 429 past the per-minute limit', async () => {
    const limited = await createTestApp({
      config: (c) => {
        c.rateLimits.orderLookupsPerMinute = 2;
        c.rateLimits.placeOrdersPerMinute = 1;
      },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (await limited.app.inject({ method: 'GET', url: '/api/orders-detail?id=x' })).statusCode,
        );
      }
      expect(statuses).toEqual([404, 404, 429]);
      const place = () =>
        limited.app.inject({ method: 'POST', url: '/api/place-order', payload: { products: [] } });
      expect((await place()).statusCode).toBe(400);
      expect((await place()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
