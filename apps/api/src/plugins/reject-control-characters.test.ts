/**
 * The edge rule for invisible characters (issue 17), through the real app: the requests that used to answer
 * 500 (a NUL reaching PostgreSQL) answer 400 naming the field and change nothing; multi-line and search
 * fields keep what they have a use for.
 */
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/test-app';
import { orders } from '../db/schema';
import { databaseFingerprint } from '../../tests/database-fingerprint';
import { seedCatalog, seedProduct } from '../../tests/seed-catalog';
import { testOrderBody } from '../modules/orders/test-order-body';
import { TOO_DEEP_MESSAGE } from './reject-control-characters';

let t: TestApp;
let productId = 0;

beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.rateLimits.placeOrdersPerMinute = 10_000;
    },
  });
  await seedCatalog(t.database.db);
  productId = await seedProduct(t.database.db, {
    sku: 'EDGE-1',
    title: 'Edge Test Fuse',
    priceCents: 2500,
    stock: 100,
  });
});
afterAll(() => t.close());

const order = (extra: Record<string, unknown> = {}) =>
  testOrderBody([{ id: productId, unitPriceCents: 2500, quantity: 1 }], extra);

/** Sends the request and asserts a 400 naming `field`, with nothing written anywhere. */
async function expectRefused(request: InjectOptions, field: string): Promise<{ message: string }> {
  const before = await databaseFingerprint(t.database.db);
  const res = await t.app.inject(request);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { message: string; errors: { field: string; message: string }[] };
  expect(body.message).toContain(field);
  expect(body.message).toMatch(/invisible character \(U\+0000 NUL\)|broken character|invisible character/);
  expect(body.errors[0]?.field).toBe(field);
  expect(await databaseFingerprint(t.database.db)).toEqual(before);
  return body;
}

describe('a NUL in the query, the path or the body', () => {
  it.each([
    ['/api/shop?page=1&category=a%00b', 'category'],
    ['/api/shop?page=1&child_category=a%00b', 'child_category'],
    ['/api/shop?page=1&brand=a%00b', 'brand'],
    ['/api/search-product?search=a%00b', 'search'],
    ['/api/latest-products?pagination=1%00', 'pagination'],
    ['/api/orders-detail?id=abc%00def', 'id'],
  ])('GET %s answers 400 naming %s', async (url, field) => {
    const body = await expectRefused({ url }, field);
    expect(body.message).toBe(
      `Invalid query: ${field} contains an invisible character (U+0000 NUL) at position ${field === 'pagination' ? 2 : field === 'id' ? 4 : 2}. Remove it and try again.`,
    );
  });

  it('GET /api/products/a%00b answers 400 naming the sku', async () => {
    const body = await expectRefused({ url: '/api/products/a%00b' }, 'sku');
    expect(body.message).toMatch(/^Invalid params: sku contains an invisible character/);
  });

  it.each([
    'comment',
    'company',
    'street_address',
    'suburb',
    'f_name',
    's_street_address',
    'stripePaymentMethodId',
  ])('POST /api/place-order with a NUL in %s answers 400 naming it and writes nothing', async (field) => {
    const body = await expectRefused(
      { method: 'POST', url: '/api/place-order', payload: order({ [field]: 'Unit 4\u0000 Rear' }) },
      field,
    );
    // Body messages are shown to shoppers as they are, without the 'Invalid body:' prefix.
    expect(body.message).toBe(
      `${field} contains an invisible character (U+0000 NUL) at position 7. Remove it and try again.`,
    );
  });

  it('a NUL inside a line of the order names the line', async () => {
    const payload = order();
    (payload.products as { qp_subtotal: string }[])[0]!.qp_subtotal = '25.00\u0000';
    await expectRefused({ method: 'POST', url: '/api/place-order', payload }, 'products.0.qp_subtotal');
  });

  it('a NUL in a key of the body is refused too', async () => {
    const payload = JSON.stringify({ ...order(), 'x\u0000y': 1 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/place-order',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^A field name contains an invisible character/);
  });

  it('POST /api/subscribe with a NUL in the email answers 400 and subscribes nobody', async () => {
    await expectRefused(
      { method: 'POST', url: '/api/subscribe', payload: { email: 'a\u0000@example.com' } },
      'email',
    );
  });
});

describe('the other control characters and broken text', () => {
  it.each([
    ['\u0007', 'U+0007'],
    ['\u001b', 'U+001B escape'],
    ['\u007f', 'U+007F delete'],
    ['\u0085', 'U+0085'],
    ['\ud800', 'U+D800 lone surrogate'],
  ])('%j in a single-line field is refused (%s)', async (char, named) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/place-order',
      payload: order({ company: `Acme${char}` }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(named);
  });

  it('a line break or tab inside a name is refused: the field has no use for it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/place-order',
      payload: order({ street_address: '12 Example\nSt' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'street_address contains an invisible character (U+000A line break) at position 11. Remove it and try again.',
    );
  });
});

describe('what multi-line and search fields keep', () => {
  it('a comment keeps its line breaks and tabs, and the order is placed', async () => {
    const comment = 'Leave at the side door.\r\nRing twice:\tthanks';
    const res = await t.app.inject({ method: 'POST', url: '/api/place-order', payload: order({ comment }) });
    expect(res.statusCode, res.body).toBe(200);
    const detail = await t.app.inject({ url: `/api/orders-detail?id=${res.json().data.id}` });
    expect(detail.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ comment: orders.comment })
      .from(orders)
      .where(eq(orders.publicId, res.json().data.id));
    expect(row?.comment).toBe(comment);
  });

  it('a search reads a pasted tab or line break as a space', async () => {
    const spaced = await t.app.inject({ url: '/api/search-product?search=headlight%20globe' });
    const tabbed = await t.app.inject({ url: '/api/search-product?search=headlight%09globe' });
    const broken = await t.app.inject({ url: '/api/search-product?search=headlight%0Aglobe' });
    expect(tabbed.statusCode).toBe(200);
    expect(spaced.json().total).toBeGreaterThan(0);
    expect(tabbed.json()).toEqual(spaced.json());
    expect(broken.json()).toEqual(spaced.json());
  });

  it('a search still refuses a NUL', async () => {
    await expectRefused({ url: '/api/search-product?search=head%00light' }, 'search');
  });
});

describe('declared headers', () => {
  it('an Idempotency-Key with a control character is refused before anything is written', async () => {
    // Earlier orders' mails (the store's new-order notice claims its order after the answer) settle first.
    await t.app.mail.settled();
    const before = await databaseFingerprint(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/place-order',
      payload: order(),
      headers: { 'idempotency-key': 'key\u0001key-123456789' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      /^Invalid headers: idempotency-key contains an invisible character \(U\+0001/,
    );
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });
});

describe('bodies nested too deeply', () => {
  it.each([
    ['arrays', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
    ['objects', `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`],
    [
      'a deep value inside a real order',
      JSON.stringify(order({ comment: JSON.parse(`${'['.repeat(40)}"x"${']'.repeat(40)}`) })),
    ],
  ])('%s answer 400 with a message, not a stack overflow', async (_what, payload) => {
    const before = await databaseFingerprint(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/guest/track-order',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TOO_DEEP_MESSAGE);
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });

  it('a request nested a few levels, as real ones are, passes', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/place-order', payload: order() });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('long path parameters', () => {
  it('a SKU of 201 to 256 characters gets the schema message; longer, a 414 with a message', async () => {
    const long = await t.app.inject({ url: `/api/products/${'a'.repeat(201)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Invalid params: sku must be 200 characters or fewer');
    const permalink = await t.app.inject({ url: `/api/products/${'a'.repeat(150)}` });
    expect(permalink.statusCode).toBe(404);
    const huge = await t.app.inject({ url: `/api/products/${'a'.repeat(300)}` });
    expect(huge.statusCode).toBe(414);
    expect(typeof huge.json().message).toBe('string');
  });
});
