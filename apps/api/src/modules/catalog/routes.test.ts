import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema, type Product } from '@store/shared/product';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { SEED_PRODUCTS, seedCatalog } from '../../../tests/seed-catalog';

const FILLERS = 30;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db, FILLERS);
});
afterAll(() => t.close());

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  const isJson = String(res.headers['content-type'] ?? '').includes('json') && res.body !== '';
  return { res, body: isJson ? res.json() : res.body };
}

const meta = (p: Product, option: string) => p.product_meta.find((m) => m.option === option)?.value;

describe('GET /api/products/{sku}', () => {
  it('answers the SPEC product shape with product_meta and discount_data', async () => {
    const { res, body } = await get('/api/products/KL-H7-55');
    expect(res.statusCode).toBe(200);
    const p = productSchema.parse(body.data);
    expect(p.title).toBe('H7 Halogen Headlight Globe 12V 55W Twin Pack');
    expect(meta(p, '_price')).toBe('29.95');
    expect(meta(p, '_stock')).toBe('25');
    expect(meta(p, '_weight')).toBe('1.25');
    expect(p.discount_data).toEqual({ discounted_price: '26.95', discount_value: 10, discount_type: 0 });
    expect(p.brand).toEqual({ title: 'Kestrel Lighting', permalink: 'kestrel', cover_image: null });
  });

  it('gives a fixed discount in dollars', async () => {
    const { body } = await get('/api/products/BL-LED-H4');
    expect(body.data.discount_data).toEqual({
      discounted_price: '129.00',
      discount_value: 20,
      discount_type: 1,
    });
  });

  it('finds by permalink and any-case SKU, with featured image and gallery', async () => {
    const byPermalink = await get('/api/products/kl-h4-6055');
    expect(byPermalink.body.data.sku).toBe('KL-H4-6055');
    expect(byPermalink.body.data.featured_image).toBe('products/kl-h4.svg');
    expect(byPermalink.body.data.gallery_media).toBe('products/kl-h4-side.svg');
  });

  it('leaves _stock out for untracked stock and says 0 when sold out', async () => {
    const untracked = (await get('/api/products/VC-DC120')).body.data as Product;
    expect(meta(untracked, '_stock')).toBeUndefined();
    const soldOut = (await get('/api/products/BL-TORCH-1000')).body.data as Product;
    expect(meta(soldOut, '_stock')).toBe('0');
  });

  it('answers 404 with a JSON message for an unknown SKU', async () => {
    const { res, body } = await get('/api/products/NOPE-123');
    expect(res.statusCode).toBe(404);
    expect(body.message).toMatch(/NOPE-123/);
  });
});

describe('GET /api/shop', () => {
  it('pages newest first with total and last_page', async () => {
    const total = SEED_PRODUCTS.length + FILLERS;
    const { body } = await get('/api/shop?page=1');
    expect(body.total).toBe(total);
    expect(body.last_page).toBe(Math.ceil(total / 20));
    expect(body.data).toHaveLength(20);
    expect(body.data[0].sku).toBe(`TQ-FILL-0${FILLERS}`);
    const last = await get(`/api/shop?page=${body.last_page}`);
    expect(last.body.data).toHaveLength(total - 20 * (body.last_page - 1));
  });

  it('filters by category, child category and brand, naming what matched', async () => {
    const cat = await get('/api/shop?page=1&category=batteries');
    expect(cat.body.total).toBe(3);
    expect(cat.body.filters.category).toEqual({ sku: 'batteries', title: 'Batteries' });
    const child = await get('/api/shop?page=1&child_category=headlight-globes');
    expect(child.body.data.map((p: Product) => p.sku).sort()).toEqual(['KL-H4-6055', 'KL-H7-55']);
    const brand = await get('/api/shop?page=1&brand=gripwell&pagination=1');
    expect(brand.body.total).toBe(2);
    expect(brand.body.last_page).toBe(2);
    expect(brand.body.data).toHaveLength(1);
    const both = await get('/api/shop?category=batteries&brand=gripwell');
    expect(both.body.total).toBe(0);
  });

  it('matches nothing for an unknown filter value', async () => {
    const { res, body } = await get('/api/shop?page=1&brand=no-such-brand');
    expect(res.statusCode).toBe(200);
    expect(body).toMatchObject({ data: [], total: 0, last_page: 1 });
    expect(body.filters.brand).toBeNull();
  });

  it.each([
    ['page=0', /page must be 1 or more/],
    ['page=-1', /page must be a whole number/],
    ['page=abc', /page must be a whole number/],
    ['page=1.5', /page must be a whole number/],
    ['pagination=101', /pagination must be at most 100/],
    ['pagination=0', /pagination must be 1 or more/],
  ])('answers 400 with a message for %s', async (qs, message) => {
    const { res, body } = await get(`/api/shop?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(body.message).toMatch(message);
  });
});

describe('sort and filters (issue 13)', () => {
  /** What the shopper pays: the discounted price when there is one, else _price; cents. */
  const pays = (p: Product) =>
    Math.round(Number(p.discount_data?.discounted_price ?? meta(p, '_price')) * 100);
  const all = async (query: string) => {
    const { res, body } = await get(`/api/shop?pagination=100${query}`);
    expect(res.statusCode).toBe(200);
    return body as { data: Product[]; total: number };
  };

  it('sorts by price both ways and by name, every product once', async () => {
    const newest = await all('');
    const up = await all('&sort=price_asc');
    const down = await all('&sort=price_desc');
    const byName = await all('&sort=name');
    for (const list of [up, down, byName]) {
      expect(list.total).toBe(newest.total);
      expect(new Set(list.data.map((p) => p.id))).toEqual(new Set(newest.data.map((p) => p.id)));
    }
    const upPrices = up.data.map(pays);
    expect(upPrices).toEqual([...upPrices].sort((a, b) => a - b));
    const downPrices = down.data.map(pays);
    expect(downPrices).toEqual([...downPrices].sort((a, b) => b - a));
    const titles = byName.data.map((p) => p.title);
    expect(titles).toEqual(
      [...titles].sort((a, b) => a.localeCompare(b, 'en-AU', { sensitivity: 'base', numeric: true })),
    );
  });

  it('keeps a price range (in dollars, after discounts) and in stock only, counting what is left', async () => {
    const everything = await all('');
    const ranged = await all('&min_price=20&max_price=30');
    const expected = everything.data.filter((p) => pays(p) >= 2000 && pays(p) <= 3000);
    expect(expected.length).toBeGreaterThan(0);
    expect(ranged.total).toBe(expected.length);
    expect(ranged.data.map((p) => p.id)).toEqual(expected.map((p) => p.id));

    const inStock = await all('&in_stock=1');
    const soldOut = everything.data.filter((p) => meta(p, '_stock') === '0');
    expect(soldOut.length).toBeGreaterThan(0);
    expect(inStock.total).toBe(everything.total - soldOut.length);
    expect(inStock.data.some((p) => meta(p, '_stock') === '0')).toBe(false);
  });

  it('combines them with the category filters and keeps them across pages', async () => {
    const cat = await all('&category=headlights-and-torches&sort=price_desc');
    const paged = [1, 2, 3].map((page) =>
      get(`/api/shop?category=headlights-and-torches&sort=price_desc&pagination=2&page=${page}`),
    );
    const pages = (await Promise.all(paged)).flatMap((r) => (r.body as { data: Product[] }).data);
    expect(pages.map((p) => p.id)).toEqual(cat.data.slice(0, 6).map((p) => p.id));
  });

  it('sorts and filters search results', async () => {
    const { body: relevance } = await get('/api/search-product?search=globe&pagination=100');
    const { body: cheap } = await get(
      '/api/search-product?search=globe&pagination=100&sort=price_asc&max_price=30',
    );
    const expected = (relevance as { data: Product[] }).data.filter((p) => pays(p) <= 3000);
    expect((cheap as { total: number }).total).toBe(expected.length);
    const prices = (cheap as { data: Product[] }).data.map(pays);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('refuses a range upside down and an unknown sort with a message', async () => {
    const { res, body } = await get('/api/shop?min_price=500&max_price=130');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(body)).toContain('min_price must not be above max_price');
    const bad = await get('/api/search-product?search=globe&sort=cheapest');
    expect(bad.res.statusCode).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(
      'sort must be one of relevance, newest, price_asc, price_desc, name',
    );
  });
});

describe('lists', () => {
  it('/latest-products defaults to 20 and honours pagination', async () => {
    expect((await get('/api/latest-products')).body.data.data).toHaveLength(20);
    expect((await get('/api/latest-products?pagination=5')).body.data.data).toHaveLength(5);
    expect((await get('/api/latest-products?pagination=500')).res.statusCode).toBe(400);
  });

  it('/virtual-products lists the featured products', async () => {
    const skus = (await get('/api/virtual-products')).body.data.map((p: Product) => p.sku).sort();
    expect(skus).toEqual(['KL-H4-6055', 'VC-NS70-680']);
  });

  it('/categories lists categories in order with their children', async () => {
    const { body } = await get('/api/categories');
    expect(body.data.map((c: { sku: string }) => c.sku)).toEqual([
      'headlights-and-torches',
      'batteries',
      'tools',
      'wheel-and-lock-nuts',
    ]);
    expect(body.data[1].child_categories).toEqual([
      { child_sku: 'car-batteries', child_title: 'Car Batteries' },
      { child_sku: 'deep-cycle', child_title: '4WD & Deep Cycle' },
    ]);
  });

  it('/brands answers brands with the general settings', async () => {
    const { body } = await get('/api/brands');
    expect(body.data.data.map((b: { permalink: string }) => b.permalink)).toEqual([
      'brightline',
      'gripwell',
      'kestrel',
      'torqmax',
      'voltcore',
    ]);
    expect(body.data.general_settings).toMatchObject({ _gst_percentage: 10, _delivery_charges: 16.5 });
  });

  it('/brand-sliders keeps the configured order; /social-links only what exists; /store-config names the store', async () => {
    expect(
      (await get('/api/brand-sliders')).body.data.map((b: { permalink: string }) => b.permalink),
    ).toEqual(['voltcore', 'kestrel']);
    expect((await get('/api/social-links')).body.data).toEqual({
      _facebook_link: 'https://www.facebook.com/test-auto',
    });
    const config = (await get('/api/store-config')).body.data;
    expect(config).toMatchObject({ store_name: 'Test Auto Parts', media_base_url: '/media/' });
  });
});

describe('GET /api/search-product', () => {
  const skus = async (q: string) =>
    ((await get(`/api/search-product?search=${encodeURIComponent(q)}`)).body.data as Product[]).map(
      (p) => p.sku,
    );

  it('puts an exact SKU first', async () => {
    expect((await skus('gw-lock-m12'))[0]).toBe('GW-LOCK-M12');
  });
  it('finds headlight globes for "h4 globe"', async () => {
    expect((await skus('h4 globe'))[0]).toBe('KL-H4-6055');
  });
  it('finds by tag synonym ("headlamp"), tagged globes first, then other headlights', async () => {
    const { body } = await get('/api/search-product?search=headlamp');
    const found = body.data as Product[];
    expect(
      found
        .slice(0, 2)
        .map((p) => p.sku)
        .sort(),
    ).toEqual(['KL-H4-6055', 'KL-H7-55']);
    const headlights = (await get('/api/shop?category=headlights-and-torches&pagination=100')).body
      .data as Product[];
    const headlightIds = new Set(headlights.map((p) => p.id));
    for (const p of found) expect(headlightIds.has(p.id)).toBe(true);
  });
  it('finds by a partial word ("batt")', async () => {
    const found = await skus('batt');
    expect(found).toEqual(expect.arrayContaining(['VC-NS70-680', 'VC-DIN65-720', 'VC-DC120']));
  });
  it('corrects a one-letter typo and ranks as if it were spelt right ("batery", "spaner", "globr")', async () => {
    const { body } = await get('/api/search-product?search=batery');
    expect(body.corrected_query).toBe('battery');
    expect((body.data as Product[]).map((p) => p.sku).sort()).toEqual([
      'VC-DC120',
      'VC-DIN65-720',
      'VC-NS70-680',
    ]);
    expect((await skus('spaner'))[0]).toBe('TQ-SPAN-12');
    expect((await skus('h4 globr'))[0]).toBe('KL-H4-6055');
  });
  it('finds by brand and by category', async () => {
    expect(await skus('gripwell')).toEqual(expect.arrayContaining(['GW-NUT-M12', 'GW-LOCK-M12']));
    expect(await skus('wheel nuts')).toEqual(expect.arrayContaining(['GW-NUT-M12', 'GW-LOCK-M12']));
  });
  it('answers an empty list for nonsense and for symbols only', async () => {
    expect(await skus('zzqxv')).toEqual([]);
    expect(await skus("'); drop table products; --")).toEqual([]);
  });
  it('answers 400 without a search text', async () => {
    const { res, body } = await get('/api/search-product');
    expect(res.statusCode).toBe(400);
    expect(body.message).toMatch(/search/);
    expect((await get(`/api/search-product?search=${'a'.repeat(101)}`)).res.statusCode).toBe(400);
  });
});

describe('HTTP caching', () => {
  it('sends ETag and Cache-Control, and 304 when the ETag matches', async () => {
    const first = await get('/api/categories');
    expect(first.res.headers['cache-control']).toMatch(/public, max-age=60/);
    const etag = first.res.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/api/categories', { 'if-none-match': etag });
    expect(again.res.statusCode).toBe(304);
  });
  it('does not let caches keep errors', async () => {
    const { res } = await get('/api/products/NOPE');
    expect(res.headers['cache-control']).toBe('no-store');
  });
  it('compresses a large listing for clients that accept it, and sends a small answer as it is', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/shop?pagination=40' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, unpack] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/shop?pagination=40',
        headers: { 'accept-encoding': accept },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(unpack(res.rawPayload).toString('utf8')).toBe(plain.body);
    }
    const product = await t.app.inject({
      method: 'GET',
      url: '/api/products/KL-H7-55',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(product.body.length).toBeLessThan(4096);
    expect(product.headers['content-encoding']).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('describes the catalog calls at /api/docs/json', async () => {
    const { res, body } = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/api/shop', '/api/products/{sku}', '/api/search-product', '/api/brands']),
    );
    expect(body.paths['/api/shop'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'category', 'child_category', 'brand', 'pagination']),
    );
  });
});
