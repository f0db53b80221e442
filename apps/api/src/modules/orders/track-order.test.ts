/**
 * Guest tracking by the order number and the order's email (issue 34 §6) through the real app: the number in any
 * case, with spaces or without its prefix, and the email in any case find the order; a wrong email is answered
 * exactly like an unknown number; a number without an email asks for it; the public id from the mail's link still
 * finds the order alone and shows no buyer field (decision 0044); the lookups are limited per client address and
 * per order number.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetailSchema, type OrderDetail } from '@store/shared/order';
import { ORDER_MESSAGES } from '@store/shared/order-constants';
import { orders } from '../../db/schema';
import { TOO_MANY_REQUESTS_MESSAGE } from '../../plugins/rate-limit';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { seedCustomer, seedOrder } from '../../../tests/seeders';

let t: TestApp;
let productId = 0;
let placed: OrderDetail;
let orderNumber = '';

async function placeGuestOrder(app: TestApp, email: string, product = productId) {
  const { answer } = await seedOrder(app, {
    lines: [{ id: product, unitPriceCents: 1850, quantity: 1 }],
    fields: { email },
  });
  return orderDetailSchema.parse(answer.data);
}

beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.rateLimits.placeOrdersPerMinute = 100_000;
      c.rateLimits.orderLookupsPerMinute = 100_000;
    },
  });
  await seedCatalog(t.database.db);
  productId = await seedProduct(t.database.db, {
    sku: 'TRK-NUM',
    title: 'Tracked Tyre Gauge',
    priceCents: 1850,
    stock: 100,
  });
  placed = await placeGuestOrder(t, 'Track.Me@Example.com');
  orderNumber = placed.invoice_number;
});
afterAll(() => t.close());

/** The place-order answer as tracking answers it: with the progress dates and parcel (issue 37 §2). */
const tracked = (order: OrderDetail) => ({
  ...order,
  step_dates: expect.any(Object),
  shipment: null,
  returns: [],
  // Issue 41: a read names the store a click & collect order is collected from (none: delivered).
  collect_location: null,
});

let counter = 0;
const track = (
  body: Record<string, unknown>,
  app = t.app,
  remoteAddress = `10.36.0.${(++counter % 250) + 1}`,
) => app.inject({ method: 'POST', url: '/api/guest/track-order', payload: body, remoteAddress });

describe('POST /api/guest/track-order by order number and email', () => {
  it('finds the order by its number in any spelling with its email in any case, with no buyer field', async () => {
    expect(orderNumber).toMatch(/^INV-\d{6,}$/);
    const digits = orderNumber.slice('INV-'.length);
    const spellings = [
      orderNumber,
      orderNumber.toLowerCase(),
      ` inv ${digits} `,
      `INV${digits}`,
      digits,
      String(Number(digits)),
    ];
    for (const id of spellings) {
      for (const email of ['track.me@example.com', 'TRACK.ME@EXAMPLE.COM', '  Track.Me@Example.com ']) {
        const res = await track({ id, email });
        expect(res.statusCode, `${id} ${email}`).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        const order = orderDetailSchema.parse(res.json().data);
        expect(order).toEqual(tracked(placed));
        expect([order.f_name, order.l_name, order.email, order.phone]).toEqual([null, null, null, null]);
      }
    }
  });

  it('answers a wrong email exactly as an unknown number: 404 No Order Found', async () => {
    const other = await placeGuestOrder(t, 'someone.else@example.com');
    const answers = [
      await track({ id: orderNumber, email: 'wrong@example.com' }),
      // Another order's email does not open this one.
      await track({ id: orderNumber, email: 'someone.else@example.com' }),
      await track({ id: other.invoice_number, email: 'track.me@example.com' }),
      await track({ id: 'INV-999999', email: 'track.me@example.com' }),
      await track({ id: 'not a number', email: 'track.me@example.com' }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: ORDER_MESSAGES.notFound });
    }
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
  });

  it('asks for the email when only a number is given, whether or not the order exists', async () => {
    for (const body of [{ id: orderNumber }, { id: orderNumber, email: '   ' }, { id: 'INV-999999' }]) {
      const res = await track(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: ORDER_MESSAGES.trackEmailRequired,
        errors: [{ field: 'email', message: ORDER_MESSAGES.trackEmailRequired }],
      });
    }
  });

  it("still finds the order by the public id of the mail's link alone, as before (no buyer field)", async () => {
    for (const body of [{ id: placed.id }, { id: placed.id, email: 'any@example.com' }]) {
      const res = await track(body);
      expect(res.statusCode).toBe(200);
      const order = orderDetailSchema.parse(res.json().data);
      expect(order).toEqual(tracked(placed));
      expect(order.email).toBeNull();
    }
    // The public id is case-sensitive, and is not an order number.
    expect((await track({ id: placed.id.toLowerCase(), email: 'track.me@example.com' })).statusCode).toBe(
      404,
    );
  });

  it('a member signed in who owns the order gets the customer fields by number and email too', async () => {
    const { token } = await seedCustomer(t, { name: 'Tia Tracker', email: 'tia@example.com' });
    // A member's order is priced with the signup plan's 10 % (decision 0012): the body quotes the same figures.
    const { answer } = await seedOrder(t, {
      lines: [{ id: productId, unitPriceCents: 1850, quantity: 1 }],
      fields: { email: 'tia@example.com' },
      token,
      discounts: { signupPercent: 10 },
    });
    const mine = orderDetailSchema.parse(answer.data);
    const byNumber = await t.app.inject({
      method: 'POST',
      url: '/api/guest/track-order',
      headers: { authorization: `Bearer ${token}` },
      payload: { id: mine.invoice_number, email: 'TIA@example.com' },
    });
    expect(byNumber.statusCode).toBe(200);
    expect(byNumber.json().data.email).toBe('tia@example.com');
  });
});

describe('lookup limits', () => {
  it('limit lookups of one order number from every address together, and each address over every number', async () => {
    const limited = await createTestApp({
      config: (c) => {
        c.rateLimits.orderLookupsPerMinute = 3;
        c.rateLimits.placeOrdersPerMinute = 100;
      },
    });
    try {
      await seedCatalog(limited.database.db);
      const product = await seedProduct(limited.database.db, {
        sku: 'TRK-LIM',
        title: 'Limited Gauge',
        priceCents: 1850,
        stock: 10,
      });
      const order = await placeGuestOrder(limited, 'limit@example.com', product);
      // Three guesses at one number's email from three addresses, every spelling counted as the one number...
      const guesses = [
        order.invoice_number,
        order.invoice_number.toLowerCase(),
        order.invoice_number.slice(4),
      ];
      for (const [i, id] of guesses.entries()) {
        const res = await track({ id, email: `guess${i}@example.com` }, limited.app, `10.37.0.${i + 1}`);
        expect(res.statusCode).toBe(404);
      }
      // ...and the fourth, from a fourth address, is refused even with the right email.
      const refused = await track(
        { id: order.invoice_number, email: 'limit@example.com' },
        limited.app,
        '10.37.0.9',
      );
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: TOO_MANY_REQUESTS_MESSAGE });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['cache-control']).toBe('no-store');
      // The public id of the mail's link is not held back by the number's limit.
      expect((await track({ id: order.id }, limited.app, '10.37.0.10')).statusCode).toBe(200);
      // One address trying numbers is limited by the route's own per-address limit.
      const statuses: number[] = [];
      for (let n = 1; n <= 4; n++) {
        const res = await track({ id: `INV-90000${n}`, email: 'x@example.com' }, limited.app, '10.37.1.1');
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('the stored order', () => {
  it('keeps the email as typed; the lookup compares it in any case', async () => {
    const [row] = await t.database.db.select().from(orders).where(eq(orders.publicId, placed.id));
    expect(row?.email.toLowerCase()).toBe('track.me@example.com');
  });
});
