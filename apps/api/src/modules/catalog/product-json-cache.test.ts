/**
 * The products' JSON as a bounded working set (decision 0077): the cache keeps its budget, reads a page's misses in
 * one query and never answers a JSON older than the product the view shows; and through the app, a store whose
 * budget holds almost nothing answers every catalog call with the same bytes as one that holds everything, and
 * shows an edit at once whether the product was held or not.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VEHICLE_CSV_COLUMNS } from '@store/shared/vehicle';
import { products } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { createTestDatabase } from '../../../tests/test-db';
import { seedCatalog } from '../../../tests/seed-catalog';
import { importFitments } from '../vehicles/import-fitments';
import { importVehicles } from '../vehicles/import-vehicles';
import type { CatalogEntry } from './catalog-snapshot';
import { createProductJsonCache, type ProductJson } from './product-json-cache';

const entry = (id: number, changedMs = 1) => ({ id, changedMs }) as CatalogEntry;
const json = (id: number, changedMs = 1, pad = 0): ProductJson => ({
  changedMs,
  json: Buffer.from(`{"id":${id},"v":${changedMs},"pad":"${'x'.repeat(pad)}"}`),
});

describe('the working set', () => {
  it('keeps within its budget, letting the products asked for least recently go', async () => {
    const cache = createProductJsonCache({ maxBytes: 10_000, load: async () => new Map() });
    for (let id = 1; id <= 100; id++) cache.put(id, json(id, 1, 800));
    const { bytes, products: held } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(10_000);
    expect(held).toBeGreaterThan(5);
    expect(held).toBeLessThan(100);
    expect(cache.peek(1)).toBeUndefined();
    expect(cache.peek(100)?.json.toString()).toContain('"id":100');
    expect(cache.hasRoom()).toBe(false);
  });

  it("reads a page's misses in one query, in the page's order, and leaves out what the database no longer has", async () => {
    const asked: number[][] = [];
    const cache = createProductJsonCache({
      maxBytes: 1 << 20,
      load: async (ids) => {
        asked.push(ids);
        return new Map(ids.filter((id) => id !== 4).map((id) => [id, json(id)]));
      },
    });
    cache.put(2, json(2));
    const page = await cache.jsonsOf([1, 2, 3, 4, 5].map((id) => entry(id)));
    expect(asked).toEqual([[1, 3, 4, 5]]);
    expect(page.map((b) => (b ? (JSON.parse(b.toString()) as { id: number }).id : null))).toEqual([
      1,
      2,
      3,
      null,
      5,
    ]);
    await cache.jsonsOf([1, 2, 3].map((id) => entry(id)));
    expect(asked).toHaveLength(1);
    expect(cache.stats()).toMatchObject({ hits: 4, misses: 4 });
  });

  it('reads again a product whose row changed since its JSON was built', async () => {
    const cache = createProductJsonCache({
      maxBytes: 1 << 20,
      load: async (ids) => new Map(ids.map((id) => [id, json(id, 2)])),
    });
    cache.put(7, json(7, 1));
    const [fresh] = await cache.jsonsOf([entry(7, 2)]);
    expect(fresh?.toString()).toContain('"v":2');
  });

  it('answers products beyond the first tier from the compressed one, byte for byte, without the database', async () => {
    const asked: number[] = [];
    const cache = createProductJsonCache({
      maxBytes: 8 * 1024 * 1024,
      load: async (ids) => {
        asked.push(...ids);
        return new Map(ids.map((id) => [id, json(id, 1, 1200)]));
      },
    });
    // 5,000 products of 1.2 KB are more than the budget less the compressed tier's one slab can hold as sent.
    const all = Array.from({ length: 5000 }, (_, k) => k + 1);
    for (const id of all) cache.put(id, json(id, 1, 1200));
    const { products: raw, packed } = cache.stats();
    expect(raw).toBeLessThan(all.length);
    expect(packed).toBeGreaterThan(all.length - 30);
    const page = await cache.jsonsOf(all.map((id) => entry(id)));
    page.forEach((b, k) => expect(b?.equals(json(k + 1, 1, 1200).json)).toBe(true));
    // Only the products that made the dictionary, gone from the first tier, were read.
    expect(asked.length).toBeGreaterThan(0);
    expect(Math.max(...asked)).toBeLessThanOrEqual(30);
    expect(cache.stats().bytes).toBeLessThanOrEqual(8 * 1024 * 1024);
  });

  it('holds a catalog that packs into a fraction of its share wholly as sent, within the budget', async () => {
    const budget = 16 * 1024 * 1024;
    const cache = createProductJsonCache({ maxBytes: budget, load: async () => new Map() });
    const all = Array.from({ length: 5000 }, (_, k) => k + 1);
    await cache.putAll(all.map((id) => ({ id, ...json(id, 1, 1200) })));
    for (const id of all.slice(1000)) cache.put(id, json(id, 1, 1200));
    // 6.8 MB as sent and one 4 MB slab compressed: both tiers hold every product (a quarter, 4 MB, held 2,900).
    expect(all.filter((id) => cache.peek(id) === undefined)).toEqual([]);
    expect(cache.stats()).toMatchObject({ products: 5000 });
    expect(cache.stats().packed).toBeGreaterThan(4900);
    expect(cache.stats().bytes).toBeLessThanOrEqual(budget);
    expect(cache.hasRoom()).toBe(true);
  });

  it('gives the first tier up as the compressed one grows, so both stay within the budget', async () => {
    const budget = 12 * 1024 * 1024;
    const cache = createProductJsonCache({ maxBytes: budget, load: async () => new Map() });
    // Random bytes do not compress: each product takes its full size in the second tier too.
    const noise = (id: number): ProductJson => ({
      changedMs: 1,
      json: Buffer.from(`{"id":${id},"pad":"${randomBytes(1500).toString('base64')}"}`),
    });
    for (let id = 1; id <= 12_000; id++) {
      cache.put(id, noise(id));
      expect(cache.stats().bytes).toBeLessThanOrEqual(budget);
    }
    const { products: raw, packed, bytes } = cache.stats();
    expect(packed).toBeGreaterThan(1000);
    expect(raw).toBeGreaterThan(1000);
    expect(bytes).toBeGreaterThan(budget - 2 * 4 * 1024 * 1024);
    expect(cache.peek(12_000)).toBeDefined();
    expect(cache.peek(1)).toBeUndefined();
  });

  it('does not answer a compressed JSON older than the product', async () => {
    const cache = createProductJsonCache({
      maxBytes: 8 * 1024 * 1024,
      load: async (ids) => new Map(ids.map((id) => [id, json(id, 5, 1200)])),
    });
    for (let id = 1; id <= 4000; id++) cache.put(id, json(id, 1, 1200));
    // Product 100 is long gone from the first tier, and packed at changed_at 1.
    expect(cache.peek(100)).toBeUndefined();
    const [now] = await cache.jsonsOf([entry(100, 5)]);
    expect(now?.toString()).toContain('"v":5');
  });

  it('keeps the newer JSON when a read that began before it ends after it', async () => {
    let release: () => void = () => {};
    const cache = createProductJsonCache({
      maxBytes: 1 << 20,
      load: (ids) =>
        new Promise((resolve) => {
          release = () => resolve(new Map(ids.map((id) => [id, json(id, 1)])));
        }),
    });
    const slow = cache.jsonsOf([entry(9, 1)]);
    cache.put(9, json(9, 3));
    release();
    expect((await slow)[0]?.toString()).toContain('"v":1');
    expect(cache.peek(9)?.changedMs).toBe(3);
  });
});

const VEHICLES = [
  VEHICLE_CSV_COLUMNS.join(','),
  'Toyota,HiLux,GUN126R,SR5,2015,7,,,Ute,1GD-FTV,2.8,Diesel,130,4WD',
].join('\n');
const FITMENTS = [
  'SKU,Make,Model,Series,Year From,Year To,Engine,Position,Notes,Source',
  'KL-H4-6055,Toyota,HiLux,GUN126R,,,,Front,with ABS,',
  'VC-NS70-680,Toyota,HiLux,,,,,,,',
  'BL-LED-H4,Universal,,,,,,,,',
].join('\n');

/** Every catalog call that sends products' JSON, each way its bytes are put together. */
function catalogUrls(skus: string[], vehicle: number): string[] {
  return [
    ...skus.map((sku) => `/api/products/${sku}`),
    ...skus.slice(0, 5).map((sku) => `/api/products/${sku}?vehicle=${vehicle}`),
    ...[1, 2, 3].map((page) => `/api/shop?page=${page}&pagination=12`),
    `/api/shop?sort=price_asc&pagination=50`,
    `/api/shop?vehicle=${vehicle}`,
    `/api/shop?vehicle=${vehicle}&all_parts=true`,
    '/api/search-product?search=brake',
    '/api/search-product?search=oil&sort=price_desc',
    `/api/search-product?search=h4&vehicle=${vehicle}`,
    '/api/latest-products?pagination=20',
    '/api/virtual-products',
    '/api/best-selling-products',
  ];
}

async function answers(t: TestApp, urls: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const url of urls) {
    const res = await t.app.inject({ url });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    out.push(res.body);
  }
  return out;
}

/** A store that holds about two products' JSON. */
const TINY_BYTES = 3_000;

describe('a store whose working set holds almost nothing', () => {
  let t: TestApp;
  let skus: string[] = [];
  let hilux = 0;
  beforeAll(async () => {
    t = await createTestApp({ config: (c) => void (c.catalogJsonCacheBytes = TINY_BYTES) });
    await seedCatalog(t.database.db, 25);
    await importVehicles(t.database.db, VEHICLES);
    await importFitments(t.database.db, FITMENTS);
    const vehicles = await t.app.inject({ url: '/api/vehicles?make=Toyota&model=HiLux&year=2017' });
    hilux = vehicles.json<{ data: { id: number }[] }>().data[0]?.id ?? 0;
    skus = (await t.database.db.select({ sku: products.sku }).from(products)).map((r) => r.sku);
  });
  afterAll(() => t?.close());

  it('answers the same bytes whether a product was held or read, and stays within its budget', async () => {
    const urls = catalogUrls(skus, hilux);
    const first = await answers(t, urls);
    const again = await answers(t, urls);
    expect(again).toEqual(first);
    const product = JSON.parse(first[0] as string) as { data: { sku: string } };
    expect(product.data.sku).toBe(skus[0]);
    const stats = (await t.app.catalog.view()).jsons.stats();
    expect(stats.bytes).toBeLessThanOrEqual(TINY_BYTES);
    expect(stats.misses).toBeGreaterThan(skus.length);
  });

  it('shows a price changed in the database on the product page and in listings, held or not', async () => {
    const sku = skus[3] as string;
    const pageOf = async () =>
      (await t.app.inject({ url: `/api/products/${sku}` })).json<{
        data: { product_meta: { option: string; value: string }[] };
      }>();
    const priceOf = (p: Awaited<ReturnType<typeof pageOf>>) =>
      p.data.product_meta.find((m) => m.option === '_price')?.value;
    await pageOf();
    await t.database.db.update(products).set({ priceCents: 123_456 }).where(eq(products.sku, sku));
    // Just asked for, so held: the view's newer row makes it read again.
    expect(priceOf(await pageOf())).toBe('1234.56');
    const listing = await t.app.inject({ url: '/api/search-product?search=' + encodeURIComponent(sku) });
    expect(listing.body).toContain('"1234.56"');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'two instances on one PostgreSQL, one holding everything',
  () => {
    let full: TestApp;
    let tiny: TestApp;
    let skus: string[] = [];
    let hilux = 0;
    beforeAll(async () => {
      const database = await createTestDatabase();
      const url = database.url;
      if (!url) throw new Error('no database URL');
      full = await createTestApp({ database, config: (c) => void (c.databaseUrl = url) });
      await seedCatalog(full.database.db, 25);
      await importVehicles(full.database.db, VEHICLES);
      await importFitments(full.database.db, FITMENTS);
      tiny = await createTestApp({
        databaseUrl: url,
        config: (c) => {
          c.databaseUrl = url;
          c.runJobs = false;
          c.catalogJsonCacheBytes = TINY_BYTES;
        },
      });
      const vehicles = await full.app.inject({ url: '/api/vehicles?make=Toyota&model=HiLux&year=2017' });
      hilux = vehicles.json<{ data: { id: number }[] }>().data[0]?.id ?? 0;
      skus = (await full.database.db.select({ sku: products.sku }).from(products)).map((r) => r.sku);
    });
    afterAll(async () => {
      await tiny?.close();
      await full?.close();
    });

    it('answers every catalog call with the same bytes', async () => {
      const urls = catalogUrls(skus, hilux);
      expect(await answers(tiny, urls)).toEqual(await answers(full, urls));
      expect((await full.app.catalog.view()).jsons.stats().misses).toBe(0);
    });
  },
);
