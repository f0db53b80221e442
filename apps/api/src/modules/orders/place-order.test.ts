import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '@store/shared/checkout-form';
import { orderErrorSchema, placeOrderResponseSchema, serverTotalsSchema } from '@store/shared/order';
import { ORDER_MESSAGES } from '@store/shared/order-constants';
import { TEST_CARD_MESSAGES, TEST_PAYMENT_METHOD_DECLINES } from '@store/shared/test-payments';
import { rowsOf } from '../../db/client';
import { idempotencyKeys, orderLineItems, orders, products } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { STILL_PROCESSING_MESSAGE } from './with-idempotency-key';
import { testOrderBody, TEST_CUSTOMER, type TestLine } from './test-order-body';

let t: TestApp;
const ids = { limited: 0, tracked: 0, discounted: 0, untracked: 0, fewLeft: 0, soldOut: 0, declined: 0 };

beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.rateLimits.placeOrdersPerMinute = 100_000;
      c.rateLimits.orderLookupsPerMinute = 100_000;
    },
  });
  const db = t.database.db;
  await seedCatalog(db);
  ids.limited = await seedProduct(db, {
    sku: 'ORD-LIMITED',
    title: 'Limited Tow Strap',
    priceCents: 1999,
    stock: 5,
  });
  ids.tracked = await seedProduct(db, {
    sku: 'ORD-TRACKED',
    title: 'Tracked Oil Filter',
    priceCents: 2500,
    stock: 500,
  });
  ids.discounted = await seedProduct(db, {
    sku: 'ORD-DISC',
    title: 'Discounted Jump Starter',
    priceCents: 4000,
    stock: 50,
    discount: { type: 0, value: 25 },
  });
  ids.untracked = await seedProduct(db, {
    sku: 'ORD-UNTRACKED',
    title: 'Untracked Fuse Kit',
    priceCents: 1200,
    stock: null,
  });
  ids.fewLeft = await seedProduct(db, {
    sku: 'ORD-FEW',
    title: 'Last Few Wiper Blades',
    priceCents: 1500,
    stock: 2,
  });
  ids.soldOut = await seedProduct(db, {
    sku: 'ORD-SOLD',
    title: 'Sold Out Roof Rack',
    priceCents: 9900,
    stock: 0,
  });
  ids.declined = await seedProduct(db, {
    sku: 'ORD-DECL',
    title: 'Declined Card Seat Cover',
    priceCents: 3300,
    stock: 10,
  });
});
afterAll(() => t.close());

const line = (id: number, unitPriceCents: number, quantity = 1): TestLine => ({
  id,
  unitPriceCents,
  quantity,
});

async function placeOrder(body: Record<string, unknown>, key: string | null = randomUUID()) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/place-order',
    payload: body,
    headers: key === null ? {} : { 'idempotency-key': key },
  });
  return { res, body: res.json() };
}

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

async function orderRow(publicId: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.publicId, publicId));
  if (!row) throw new Error(`no order ${publicId}`);
  return row;
}

/** Runs `send` and asserts it created no order and left the stock of `productIds` as it was. */
async function expectNothingWritten(productIds: number[], send: () => Promise<void>) {
  const before = { orders: await orderCount(), stock: await Promise.all(productIds.map(stockOf)) };
  await send();
  expect(await orderCount()).toBe(before.orders);
  expect(await Promise.all(productIds.map(stockOf))).toEqual(before.stock);
}

describe('POST /api/place-order: a card order', () => {
  it('reprices, reserves stock, charges the test card and answers the order', async () => {
    const before = await stockOf(ids.tracked);
    const { res, body } = await placeOrder(
      testOrderBody([line(ids.tracked, 2500, 2), line(ids.discounted, 3000, 1)], {
        comment: 'Leave at the side door',
        // Fields a client must not set are ignored (DESIGN §5.6).
        status: 'completed',
        payment_status: 'completed',
        user_id: 42,
        channel: 'Phone',
        admin_delete: 1,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = placeOrderResponseSchema.parse(body);
    expect(answer.message).toBe('Order placed successfully!');
    const o = answer.data;
    expect(o.id).toMatch(/^[A-Za-z0-9]{16,}$/);
    expect(o.invoice_number).toMatch(/^INV-\d{6,}$/);
    // Shelf prices inc. GST (decision 0046): 2 × 25.00 + 30.00 (25% off 40.00) = 80.00; + 16.50 delivery (under
    // $100) = 96.50 charged. GST included, one-eleventh line by line: 4.55 + 2.73 + 1.50 (delivery) = 8.78.
    expect(o).toMatchObject({
      subTotal: '80.00',
      discountedAmount: '0.00',
      delivery_charges: '16.50',
      totalGst: '8.78',
      total_amount: '96.50',
      payment_method: 'Stripe',
      payment_status: 'completed',
      status: 'pending',
      f_name: null,
      email: null,
      address: '12 Example St, Guildford NSW 2161',
      street_address: '12 Example St',
      city: 'Guildford',
      state: 'NSW',
      post_code: '2161',
    });
    expect(o.order_items.map((i) => [i.product_id, i.sku, i.quantity, i.price, i.qp_subtotal])).toEqual([
      [ids.tracked, 'ORD-TRACKED', 2, '25.00', '50.00'],
      [ids.discounted, 'ORD-DISC', 1, '30.00', '30.00'],
    ]);
    expect(o.order_meta).toEqual([
      { option: '_channel', value: 'Web' },
      { option: '_comment', value: 'Leave at the side door' },
      { option: '_prices_include_gst', value: 'yes' },
      { option: '_gst_percent', value: '10' },
    ]);
    expect(await stockOf(ids.tracked)).toBe((before ?? 0) - 2);

    const row = await orderRow(o.id);
    expect(row).toMatchObject({ userId: 0, channel: 'Web', status: 'pending', paymentStatus: 'completed' });
    expect(row).toMatchObject({
      pricesIncludeGst: true,
      gstPercent: 10,
      discountCode: null,
      codeDiscountCents: 0,
    });
    const lines = await t.database.db
      .select()
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, row.id))
      .orderBy(orderLineItems.id);
    expect(lines.map((l) => l.lineGstCents)).toEqual([455, 273]);
    expect(row.paymentReference).toMatch(/^pi_test_/);
    // Unticked "ship to a different address": shipping copies billing.
    expect([row.sFName, row.sLName, row.sStreetAddress, row.sCity, row.sState, row.sPostCode]).toEqual([
      TEST_CUSTOMER.f_name,
      TEST_CUSTOMER.l_name,
      TEST_CUSTOMER.street_address,
      TEST_CUSTOMER.city,
      'NSW',
      TEST_CUSTOMER.post_code,
    ]);
  });

  it('ships to the s_ address when ticked, and works without an Idempotency-Key', async () => {
    const { res, body } = await placeOrder(
      testOrderBody([line(ids.tracked, 2500)], {
        ship_to_different_address: true,
        s_f_name: 'Sam',
        s_l_name: 'Lee',
        s_email: 'sam@example.com',
        s_phone: '0298765432',
        s_street_address: '1 Collins St',
        s_city: 'Melbourne',
        s_state: 'Victoria',
        s_post_code: '3000',
      }),
      null,
    );
    expect(res.statusCode).toBe(200);
    expect(body.data.address).toBe('1 Collins St, Melbourne VIC 3000');
    const row = await orderRow(body.data.id);
    expect([row.sFName, row.sCity, row.sState, row.city]).toEqual(['Sam', 'Melbourne', 'VIC', 'Guildford']);
  });

  it('accepts dollars as numbers, and leaves untracked stock untracked', async () => {
    const body = testOrderBody([line(ids.untracked, 1200, 3)]);
    const numeric = {
      ...body,
      subTotal: 36,
      delivery_charges: 16.5,
      totalGst: 4.77,
      grand_total: 52.5,
      total_amount: 52.5,
    };
    const { res } = await placeOrder({
      ...numeric,
      products: [{ id: ids.untracked, quantity: 3, qp_subtotal: 36 }],
    });
    expect(res.statusCode).toBe(200);
    expect(await stockOf(ids.untracked)).toBeNull();
  });

  it('does not rewrite the row of a product whose stock is untracked', async () => {
    // xmin is the transaction that wrote the row's current version: an UPDATE, even one that changes nothing,
    // would make a new version (decision 0023).
    const version = async () =>
      rowsOf<{ v: string }>(
        await t.database.db.execute(sql`SELECT xmin::text AS v FROM products WHERE id = ${ids.untracked}`),
      )[0]?.v;
    const before = await version();
    const { res } = await placeOrder(testOrderBody([line(ids.untracked, 1200, 2), line(ids.tracked, 2500)]));
    expect(res.statusCode).toBe(200);
    expect(await version()).toBe(before);
  });

  it('gives increasing invoice numbers, with no gap after an out-of-stock attempt', async () => {
    const first = await placeOrder(testOrderBody([line(ids.tracked, 2500)]));
    const refused = await placeOrder(testOrderBody([line(ids.soldOut, 9900)]));
    expect(refused.res.statusCode).toBe(409);
    const second = await placeOrder(testOrderBody([line(ids.tracked, 2500)]));
    const n = (r: { body: { data: { invoice_number: string } } }) =>
      Number(r.body.data.invoice_number.slice(4));
    expect(n(second)).toBe(n(first) + 1);
    expect(first.body.data.id).not.toBe(second.body.data.id);
  });
});

describe('POST /api/place-order: the server prices, not the client', () => {
  it('answers a tampered grand_total with 409 and the server figures, creating nothing', async () => {
    await expectNothingWritten([ids.tracked], async () => {
      const { res, body } = await placeOrder({
        ...testOrderBody([line(ids.tracked, 2500, 2)]),
        grand_total: '1.00',
      });
      expect(res.statusCode).toBe(409);
      expect(body.code).toBe('prices_changed');
      expect(body.message).toBe(ORDER_MESSAGES.pricesChanged);
      expect(serverTotalsSchema.parse(body.data)).toEqual({
        subTotal: '50.00',
        delivery_charges: '16.50',
        totalGst: '6.05',
        grand_total: '66.50',
        products: [{ id: ids.tracked, price: '25.00', qp_subtotal: '50.00' }],
      });
    });
  });

  it('answers a tampered unit price (line and totals made to match) with 409', async () => {
    await expectNothingWritten([ids.discounted], async () => {
      // The client claims the undiscounted-by-more price of 10.00 and sends totals consistent with it.
      const { res, body } = await placeOrder(testOrderBody([line(ids.discounted, 1000, 2)]));
      expect(res.statusCode).toBe(409);
      expect(body.code).toBe('prices_changed');
      expect(body.data.products).toEqual([{ id: ids.discounted, price: '30.00', qp_subtotal: '60.00' }]);
      expect(body.data.grand_total).toBe('76.50');
    });
  });

  it('compares every figure sent: delivery, GST and total_amount', async () => {
    for (const tamper of [{ delivery_charges: '0.00' }, { totalGst: '0.00' }, { total_amount: '0.01' }]) {
      const { res } = await placeOrder({ ...testOrderBody([line(ids.tracked, 2500)]), ...tamper });
      expect(res.statusCode, JSON.stringify(tamper)).toBe(409);
    }
  });

  it.each([-1, 0, 1.5, 101])('refuses quantity %s with 400', async (quantity) => {
    await expectNothingWritten([ids.tracked], async () => {
      const body = testOrderBody([line(ids.tracked, 2500)]);
      const { res, body: answer } = await placeOrder({
        ...body,
        products: [{ id: ids.tracked, quantity, qp_subtotal: '25.00' }],
      });
      expect(res.statusCode).toBe(400);
      expect(answer.message).toContain(ORDER_MESSAGES.quantity);
      expect(answer.errors[0]).toEqual({ field: 'products.0.quantity', message: ORDER_MESSAGES.quantity });
    });
  });

  it('refuses an unknown product id with 400', async () => {
    await expectNothingWritten([ids.tracked], async () => {
      const { res, body } = await placeOrder(testOrderBody([line(ids.tracked, 2500), line(999_999, 100)]));
      expect(res.statusCode).toBe(400);
      expect(body.message).toBe(ORDER_MESSAGES.unknownProduct(999_999));
      const huge = await placeOrder(testOrderBody([line(99_999_999_999, 100)]));
      expect(huge.res.statusCode).toBe(400);
    });
  });

  it('refuses an empty cart with the SPEC message', async () => {
    await expectNothingWritten([], async () => {
      const { res, body } = await placeOrder({ ...testOrderBody([line(ids.tracked, 2500)]), products: [] });
      expect(res.statusCode).toBe(400);
      expect(body.message).toBe(CHECKOUT_MESSAGES.cartEmpty);
      expect(body.errors[0].message).toBe(
        'Cart is empty. Please add items to the cart before placing an order.',
      );
    });
  });

  it('needs the payment reference of the flow', async () => {
    await expectNothingWritten([ids.tracked], async () => {
      const card = await placeOrder(
        testOrderBody([line(ids.tracked, 2500)], { stripePaymentMethodId: undefined }),
      );
      expect(card.res.statusCode).toBe(400);
      expect(card.body.message).toBe(ORDER_MESSAGES.paymentReferenceRequired);
      const wallet = await placeOrder(
        testOrderBody([line(ids.tracked, 2500)], {
          payment_method: 'Paypal',
          stripePaymentMethodId: undefined,
        }),
      );
      expect(wallet.res.statusCode).toBe(400);
      expect(wallet.body.message).toBe(ORDER_MESSAGES.paymentReferenceRequired);
    });
  });

  it('refuses card numbers and a malformed Idempotency-Key', async () => {
    await expectNothingWritten([ids.tracked], async () => {
      const card = await placeOrder(
        testOrderBody([line(ids.tracked, 2500)], { card_number: '4242424242424242' }),
      );
      expect(card.res.statusCode).toBe(400);
      expect(card.body.message).toContain(ORDER_MESSAGES.cardDataNotAccepted);
      const key = await placeOrder(testOrderBody([line(ids.tracked, 2500)]), 'short');
      expect(key.res.statusCode).toBe(400);
      expect(key.body.message).toContain(ORDER_MESSAGES.idempotencyKey);
    });
  });
});

describe('POST /api/place-order: stock', () => {
  it('says how many are left, or that it is sold out, and reserves nothing', async () => {
    await expectNothingWritten([ids.fewLeft, ids.tracked], async () => {
      const few = await placeOrder(testOrderBody([line(ids.tracked, 2500), line(ids.fewLeft, 1500, 3)]));
      expect(few.res.statusCode).toBe(409);
      expect(orderErrorSchema.parse(few.body)).toEqual({
        code: 'out_of_stock',
        product_id: ids.fewLeft,
        message: ORDER_MESSAGES.notEnoughStock('Last Few Wiper Blades', 2),
      });
      const none = await placeOrder(testOrderBody([line(ids.soldOut, 9900)]));
      expect(none.body).toEqual({
        code: 'out_of_stock',
        product_id: ids.soldOut,
        message: ORDER_MESSAGES.outOfStock('Sold Out Roof Rack'),
      });
    });
  });

  it('sells exactly the 5 in stock to 50 concurrent buyers', async () => {
    const before = await orderCount();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => placeOrder(testOrderBody([line(ids.limited, 1999)]))),
    );
    const statuses = results.map((r) => r.res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    for (const r of results.filter((x) => x.res.statusCode === 409)) {
      expect(r.body).toEqual({
        code: 'out_of_stock',
        product_id: ids.limited,
        message: ORDER_MESSAGES.outOfStock('Limited Tow Strap'),
      });
    }
    expect(await orderCount()).toBe(before + 5);
    const [sold] = await t.database.db
      .select({ n: count() })
      .from(orderLineItems)
      .where(eq(orderLineItems.productId, ids.limited));
    expect(sold?.n).toBe(5);
    expect(await stockOf(ids.limited)).toBe(0);
  });
});

describe('POST /api/place-order: Idempotency-Key', () => {
  it('answers 5 concurrent submits of one key with one order and five identical answers', async () => {
    const before = { orders: await orderCount(), stock: await stockOf(ids.tracked) };
    const key = randomUUID();
    const body = testOrderBody([line(ids.tracked, 2500, 3)]);
    const results = await Promise.all(Array.from({ length: 5 }, () => placeOrder(body, key)));
    expect(results.map((r) => r.res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.res.body)).size).toBe(1);
    expect(results.filter((r) => r.res.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(await orderCount()).toBe(before.orders + 1);
    expect(await stockOf(ids.tracked)).toBe((before.stock ?? 0) - 3);

    // Later repeats replay the same answer; the same key with another body is refused.
    const again = await placeOrder(body, key);
    expect(again.res.body).toBe(results[0]?.res.body);
    const other = await placeOrder(testOrderBody([line(ids.tracked, 2500, 4)]), key);
    expect(other.res.statusCode).toBe(422);
    expect(other.body.message).toBe(ORDER_MESSAGES.idempotencyKeyReused);
    expect(await orderCount()).toBe(before.orders + 1);
  });

  it('frees a key whose attempt wrote nothing, so the corrected request may reuse it', async () => {
    const key = randomUUID();
    const stale = await placeOrder({ ...testOrderBody([line(ids.tracked, 2500)]), grand_total: '2.00' }, key);
    expect(stale.res.statusCode).toBe(409);
    const fixed = await placeOrder(testOrderBody([line(ids.tracked, 2500)]), key);
    expect(fixed.res.statusCode).toBe(200);
  });

  it('lets a key older than 24 hours be used again', async () => {
    const key = randomUUID();
    const first = await placeOrder(testOrderBody([line(ids.tracked, 2500)]), key);
    expect(first.res.statusCode).toBe(200);
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(idempotencyKeys.key, key));
    const second = await placeOrder(testOrderBody([line(ids.tracked, 2500, 2)]), key);
    expect(second.res.statusCode).toBe(200);
    expect(second.body.data.id).not.toBe(first.body.data.id);
  });

  it('answers 409 while another request holds the key for too long', async () => {
    const key = randomUUID();
    const body = testOrderBody([line(ids.tracked, 2500)]);
    const { hashRequest, withIdempotencyKey } = await import('./with-idempotency-key');
    const { placeOrderRequestSchema } = await import('@store/shared/order');
    // A claim left 'in_progress' (as by a request still running elsewhere) for the same request.
    await t.database.db
      .insert(idempotencyKeys)
      .values({ key, requestHash: hashRequest(placeOrderRequestSchema.parse(body)) });
    const answer = await withIdempotencyKey(
      t.database.db,
      key,
      placeOrderRequestSchema.parse(body),
      async () => {
        throw new Error('must not run');
      },
      { waitMs: 100 },
    );
    expect(answer).toEqual({ statusCode: 409, body: { message: STILL_PROCESSING_MESSAGE }, replayed: false });
  });
});

describe('POST /api/place-order: declined card', () => {
  it('answers 402, keeps the order as cancelled and gives the stock back', async () => {
    const before = { orders: await orderCount(), stock: await stockOf(ids.declined) };
    const key = randomUUID();
    const body = testOrderBody([line(ids.declined, 3300, 4)], {
      stripePaymentMethodId: TEST_PAYMENT_METHOD_DECLINES,
    });
    const { res, body: answer } = await placeOrder(body, key);
    expect(res.statusCode).toBe(402);
    expect(answer).toEqual({ code: 'payment_declined', message: TEST_CARD_MESSAGES.declined });
    expect(await stockOf(ids.declined)).toBe(before.stock);
    expect(await orderCount()).toBe(before.orders + 1);
    const [cancelled] = await t.database.db
      .select()
      .from(orders)
      .orderBy(orders.id)
      .limit(1)
      .offset(before.orders);
    expect(cancelled).toMatchObject({ status: 'cancelled', paymentStatus: 'failed', paymentReference: null });

    // The same attempt again is answered from the key, without a second order or charge.
    const again = await placeOrder(body, key);
    expect(again.res.statusCode).toBe(402);
    expect(await orderCount()).toBe(before.orders + 1);
  });

  it('declines a payment method the test provider does not know', async () => {
    const { res, body } = await placeOrder(
      testOrderBody([line(ids.declined, 3300)], { stripePaymentMethodId: 'pm_card_mastercard' }),
    );
    expect(res.statusCode).toBe(402);
    expect(body).toEqual({ code: 'payment_declined', message: 'Unknown test payment method' });
  });
});

describe('POST /api/place-order: invoice numbers and the stored answer', () => {
  it('keeps every digit once the invoice sequence passes 999999', async () => {
    // Last in this file: the sequence stays high for the rest of the file's database.
    await t.database.db.execute(sql`SELECT setval('order_invoice_number_seq', 1234567)`);
    const { res, body } = await placeOrder(testOrderBody([line(ids.tracked, 2500)]));
    expect(res.statusCode).toBe(200);
    expect(body.data.invoice_number).toBe('INV-1234568');
  });

  it('stores the paid answer against the key with the order marked paid', async () => {
    const key = randomUUID();
    const { res } = await placeOrder(testOrderBody([line(ids.tracked, 2500)]), key);
    expect(res.statusCode).toBe(200);
    const [stored] = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(stored).toMatchObject({ status: 'done', responseStatus: 200, orderId: expect.any(Number) });
    // The signed invoice link and the order's pass are made for each answer, never stored with it (0044, 0056).
    const {
      tax_invoice_url: link,
      order_pass: pass,
      ...answer
    } = res.json() as { tax_invoice_url?: string; order_pass?: string };
    expect(pass).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(link).toMatch(/\/tax-invoice\?expires=\d+&signature=/);
    expect(stored?.responseBody).toEqual(answer);
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, stored?.orderId ?? 0));
    expect(order?.paymentStatus).toBe('completed');
  });
});
