/**
 * The catalog read model's freshness contract (issue 13, decision 0019), through the real app:
 * - an import finished in the back office is seen by the very next request on this instance;
 * - placing an order always checks live stock, whatever a cached listing showed;
 * - stock taken elsewhere is shown within the poll's interval (at most 5 s);
 * - on PostgreSQL, a second instance sees the first one's import within 5 s, by NOTIFY alone.
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@store/shared/order-constants';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedStaff } from '../../../tests/seeders';
import { createTestDatabase } from '../../../tests/test-db';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { testOrderBody } from '../orders/test-order-body';
import { generateCatalogCsv } from '../catalog-import/generate-catalog-csv';

/** Longer than any test here: only an explicit refresh or a NOTIFY can explain a fresh answer. */
const NO_POLL_MS = 600_000;

async function adminToken(t: TestApp, email: string): Promise<string> {
  return (await seedStaff(t, { email, name: 'Import admin', role: 'admin' })).token;
}

/** A generated WooCommerce catalog of `count` products and its SKUs. */
function catalogFile(count: number, seed: number): { csv: string; skus: string[] } {
  const csv = generateCatalogCsv({ count, seed });
  const rows = parse(csv, { columns: true }) as Record<string, string>[];
  return { csv, skus: rows.map((r) => r.SKU ?? '') };
}

function uploadBody(name: string, content: string) {
  const boundary = `----fresh${randomUUID()}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a CSV to the back office and waits until its row says finished (or failed). */
async function importThroughBackOffice(t: TestApp, token: string, csv: string): Promise<string> {
  const { payload, headers } = uploadBody('catalog.csv', csv);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/imports',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(202);
  const id = (res.json() as { data: { id: string } }).data.id;
  for (let k = 0; k < 600; k++) {
    const row = await t.app.inject({
      method: 'GET',
      url: `/api/admin/imports/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const status = (row.json() as { data: { status: string } }).data.status;
    if (status !== 'running') return status;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the import did not finish');
}

async function shopTotal(t: TestApp): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/shop?page=1' });
  return (res.json() as { total: number }).total;
}

async function stockShown(t: TestApp, sku: string): Promise<string | undefined> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products/${sku}` });
  const product = (res.json() as { data: { product_meta: { option: string; value: string }[] } }).data;
  return product.product_meta.find((m) => m.option === '_stock')?.value;
}

type ListedProduct = { sku: string; product_meta: { option: string; value: string }[] };

/** The stock a listing page (`url`, one the store keeps built: decision 0078) shows for `sku`. */
async function stockListed(t: TestApp, url: string, sku: string): Promise<string | undefined> {
  const res = await t.app.inject({ method: 'GET', url });
  const body = res.json() as { data: ListedProduct[] | { data: ListedProduct[] } };
  const products = Array.isArray(body.data) ? body.data : body.data.data;
  return products.find((p) => p.sku === sku)?.product_meta.find((m) => m.option === '_stock')?.value;
}

describe('on this instance', () => {
  let t: TestApp;
  let token = '';
  let lastUnit = 0;
  beforeAll(async () => {
    t = await createTestApp({
      config: (c) => {
        c.catalogPollMs = NO_POLL_MS;
        c.rateLimits.placeOrdersPerMinute = 100_000;
      },
    });
    await seedCatalog(t.database.db);
    lastUnit = await seedProduct(t.database.db, {
      sku: 'FRESH-LAST',
      title: 'Last Unit Battery Clamp',
      priceCents: 1500,
      stock: 1,
    });
    token = await adminToken(t, 'fresh.admin@example.com');
  });
  afterAll(() => t.close());

  it('shows an import finished in the back office to the very next request', async () => {
    const before = await shopTotal(t);
    const file = catalogFile(3, 4242);
    const first = file.skus[0] ?? '';
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${first}` })).statusCode).toBe(404);

    expect(await importThroughBackOffice(t, token, file.csv)).toBe('finished');

    const res = await t.app.inject({ method: 'GET', url: `/api/products/${first}` });
    expect(res.statusCode).toBe(200);
    expect(await shopTotal(t)).toBe(before + 3);
    const search = await t.app.inject({ method: 'GET', url: `/api/search-product?search=${first}` });
    expect((search.json() as { data: { sku: string }[] }).data[0]?.sku).toBe(first);
  });

  it('refuses the last unit to a second buyer although the listing still shows it in stock', async () => {
    expect(await stockShown(t, 'FRESH-LAST')).toBe('1');
    const buy = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/place-order',
        payload: testOrderBody([{ id: lastUnit, unitPriceCents: 1500, quantity: 1 }]),
        headers: { 'idempotency-key': randomUUID() },
      });
    expect((await buy()).statusCode).toBe(200);
    // No poll has run: the listing may still say 1 (the lag the contract allows) ...
    expect(await stockShown(t, 'FRESH-LAST')).toBe('1');
    // ... but the order checks the database.
    const second = await buy();
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      code: 'out_of_stock',
      product_id: lastUnit,
      message: ORDER_MESSAGES.outOfStock('Last Unit Battery Clamp'),
    });
  });
});

describe('stock shown', () => {
  let t: TestApp;
  let id = 0;
  beforeAll(async () => {
    t = await createTestApp({
      config: (c) => {
        c.catalogPollMs = 1_000; // the production default
        c.rateLimits.placeOrdersPerMinute = 100_000;
      },
    });
    await seedCatalog(t.database.db);
    id = await seedProduct(t.database.db, {
      sku: 'FRESH-STOCK',
      title: 'Fresh Stock Fuse',
      priceCents: 900,
      stock: 7,
    });
  });
  afterAll(() => t.close());

  it('follows an order within 5 seconds', async () => {
    expect(await stockShown(t, 'FRESH-STOCK')).toBe('7');
    // Built and kept before the order: the shop and newest-products pages must not go on showing them.
    const shop = '/api/shop?page=1&pagination=100';
    const latest = '/api/latest-products?pagination=100';
    expect(await stockListed(t, shop, 'FRESH-STOCK')).toBe('7');
    expect(await stockListed(t, latest, 'FRESH-STOCK')).toBe('7');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/place-order',
      payload: testOrderBody([{ id, unitPriceCents: 900, quantity: 2 }]),
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode).toBe(200);
    const started = Date.now();
    await expect.poll(() => stockShown(t, 'FRESH-STOCK'), { timeout: 5_000, interval: 100 }).toBe('5');
    await expect.poll(() => stockListed(t, shop, 'FRESH-STOCK'), { timeout: 5_000, interval: 100 }).toBe('5');
    await expect
      .poll(() => stockListed(t, latest, 'FRESH-STOCK'), { timeout: 5_000, interval: 100 })
      .toBe('5');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let token = '';
  beforeAll(async () => {
    const database = await createTestDatabase();
    const url = database.url;
    if (!url) throw new Error('no database URL');
    a = await createTestApp({
      database,
      config: (c) => {
        c.databaseUrl = url;
        c.catalogPollMs = NO_POLL_MS;
      },
    });
    // Its own pool on the same database, as a second server would have; it polls too rarely to matter here, and
    // works no jobs: the import (a job, decision 0062) is worked by `a`, so `b` can learn of it by NOTIFY alone.
    b = await createTestApp({
      databaseUrl: url,
      config: (c) => {
        c.databaseUrl = url;
        c.catalogPollMs = NO_POLL_MS;
        c.runJobs = false;
      },
    });
    await seedCatalog(a.database.db);
    token = await adminToken(a, 'fresh.pg.admin@example.com');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("sees the other instance's import within 5 seconds", async () => {
    const before = await shopTotal(b);
    const file = catalogFile(2, 777);
    expect(await importThroughBackOffice(a, token, file.csv)).toBe('finished');
    const finished = Date.now();
    await expect
      .poll(
        async () => (await b.app.inject({ method: 'GET', url: `/api/products/${file.skus[1]}` })).statusCode,
        {
          timeout: 5_000,
          interval: 100,
        },
      )
      .toBe(200);
    expect(Date.now() - finished).toBeLessThan(5_000);
    expect(await shopTotal(b)).toBe(before + 2);
  });
});
