import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_ALIASES, isSpaRoute } from '@store/shared/routes';
import {
  MAX_URLS_PER_SITEMAP,
  SITEMAP_STATIC_PAGES,
  STATIC_PAGES_LASTMOD,
  parseSitemapFolderName,
  sitemapFolderName,
  sitemapMapSchema,
} from '@store/shared/sitemap';
import { products } from '../../db/schema';
import { describeDefaults, loadConfig } from '../../env';
import { TOO_MANY_REQUESTS_MESSAGE } from '../../plugins/rate-limit';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { SEED_BRANDS, SEED_CATEGORIES, SEED_PRODUCTS, seedCatalog } from '../../../tests/seed-catalog';
import { ROBOTS_DISALLOWED_PATHS, isDisallowedByRobots } from './robots-txt';
import { SITEMAP_CACHE_S, SITEMAP_REQUESTS_PER_MINUTE, SITEMAP_UNAVAILABLE_MESSAGE } from './routes';
import { loadSitemapFile, summarizeSitemaps } from './sitemap-service';

const BASE = 'https://parts.example.com.au';
/** A permalink that needs both URL encoding and XML escaping (the importer makes slugs; the sitemap must not rely on it). */
const ODD_PERMALINK = "tow & go's kit-ü";
const ODD_PRODUCT_LASTMOD = '2026-03-04T05:06:07Z';
/** One battery changed "later" than everything else: its category, child category, brand and the catalog pages follow it. */
const NEWEST_CHANGE = '2030-01-02T03:04:05Z';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.publicBaseUrl = BASE;
    },
  });
  const db = t.database.db;
  await seedCatalog(db);
  await db.insert(products).values({
    sku: 'XX-ODD-1',
    title: "Tow & Go's Kit",
    permalink: ODD_PERMALINK,
    priceCents: 1000,
    searchBrand: '',
    searchCategory: '',
    updatedAt: new Date('2026-03-04T05:06:07.890Z'),
  });
  await db
    .update(products)
    .set({ updatedAt: new Date(NEWEST_CHANGE) })
    .where(eq(products.sku, 'VC-NS70-680'));
});
afterAll(() => t.close());

const PRODUCT_COUNT = SEED_PRODUCTS.length + 1;
const CHILD_COUNT = SEED_CATEGORIES.reduce((n, c) => n + c.children.length, 0);

/** A crawler's request (no Fetch Metadata), or a browser opening the page. */
const BROWSER = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', accept: 'text/html' };
let ipCounter = 0;
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress: `10.61.0.${(++ipCounter % 250) + 1}` });

/** The entries of a sitemap document, entities decoded. */
function entriesOf(xml: string, tag: 'url' | 'sitemap') {
  const unescape = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  return [
    ...xml.matchAll(new RegExp(`<${tag}><loc>([^<]*)</loc>(?:<lastmod>([^<]*)</lastmod>)?</${tag}>`, 'g')),
  ].map((m) => ({ loc: unescape(m[1] ?? ''), lastmod: m[2] ?? null }));
}
const locsOf = (xml: string) => entriesOf(xml, 'url').map((e) => e.loc);

describe('GET /sitemap.xml (the index)', () => {
  it('lists one file per kind on PUBLIC_BASE_URL, each with its newest date', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(entriesOf(res.body, 'sitemap')).toEqual([
      { loc: `${BASE}/product-sitemap.xml`, lastmod: NEWEST_CHANGE },
      { loc: `${BASE}/category-sitemap.xml`, lastmod: NEWEST_CHANGE },
      { loc: `${BASE}/child-category-sitemap.xml`, lastmod: NEWEST_CHANGE },
      { loc: `${BASE}/brand-sitemap.xml`, lastmod: NEWEST_CHANGE },
      { loc: `${BASE}/other-sitemap.xml`, lastmod: NEWEST_CHANGE },
    ]);
  });

  it('shows a browser the index page: every kind with its URL count and a link to its page', async () => {
    const res = await get('/sitemap.xml', BROWSER);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const kinds = [
      ...res.body.matchAll(
        /<h2>([^<]+)<\/h2>\n<p class="count">([^<]+)<\/p>\n<ul class="files"><li><a href="([^"]+)">/g,
      ),
    ].map((m) => [m[1], m[2], m[3]]);
    expect(kinds).toEqual([
      ['Product', `${PRODUCT_COUNT} URLs`, '/product-sitemap.xml'],
      ['Category', `${SEED_CATEGORIES.length} URLs`, '/category-sitemap.xml'],
      ['Child Category', `${CHILD_COUNT} URLs`, '/child-category-sitemap.xml'],
      ['Brand', `${SEED_BRANDS.length} URLs`, '/brand-sitemap.xml'],
      ['Other Pages', `${SITEMAP_STATIC_PAGES.length} URLs`, '/other-sitemap.xml'],
    ]);
    expect(res.body).toContain('<title>Sitemap | Test Auto Parts</title>');
    expect(res.body).not.toMatch(/<header|<footer|<nav/);
  });

  it('never splits a small catalog at the real limit of 50,000', async () => {
    const res = await get('/sitemap.xml');
    expect(entriesOf(res.body, 'sitemap')).toHaveLength(5);
    expect((await get('/product-sitemap-2.xml')).statusCode).toBe(404);
    expect(MAX_URLS_PER_SITEMAP).toBe(50_000);
  });
});

describe('GET /{folder}.xml (a sitemap file)', () => {
  it('lists every product at product/ plus its encoded permalink, dated by updated_at', async () => {
    const res = await get('/product-sitemap.xml');
    expect(res.statusCode).toBe(200);
    const entries = entriesOf(res.body, 'url');
    expect(entries.map((e) => e.loc)).toEqual([
      ...SEED_PRODUCTS.map((p) => `${BASE}/product/${p.sku.toLowerCase()}`),
      `${BASE}/product/tow%20%26%20go's%20kit-%C3%BC`,
    ]);
    expect(res.body).toContain(`<loc>${BASE}/product/tow%20%26%20go&apos;s%20kit-%C3%BC</loc>`);
    expect(entries.at(-1)?.lastmod).toBe(ODD_PRODUCT_LASTMOD);
    expect(entries.find((e) => e.loc.endsWith('/vc-ns70-680'))?.lastmod).toBe(NEWEST_CHANGE);
    for (const e of entries) expect(e.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('lists categories, child categories and brands at the shop’s own listing links', async () => {
    const categories = await get('/category-sitemap.xml');
    expect(entriesOf(categories.body, 'url')).toEqual(
      SEED_CATEGORIES.map((c) => ({
        loc: `${BASE}/shop?page=1&category=${c.sku}`,
        lastmod: c.sku === 'batteries' ? NEWEST_CHANGE : expect.not.stringMatching(/^2030/),
      })),
    );
    expect(categories.body).toContain(`<loc>${BASE}/shop?page=1&amp;category=batteries</loc>`);

    const children = await get('/child-category-sitemap.xml');
    expect(locsOf(children.body)).toEqual(
      SEED_CATEGORIES.flatMap((c) => c.children.map(([sku]) => `${BASE}/shop?page=1&child_category=${sku}`)),
    );
    expect(entriesOf(children.body, 'url').find((e) => e.loc.endsWith('=car-batteries'))?.lastmod).toBe(
      NEWEST_CHANGE,
    );

    const brands = await get('/brand-sitemap.xml');
    expect(locsOf(brands.body)).toEqual(
      [...SEED_BRANDS]
        .sort((a, b) => a.title.localeCompare(b.title))
        .map((b) => `${BASE}/brand?page=1&brand=${b.permalink}`),
    );
    expect(entriesOf(brands.body, 'url').find((e) => e.loc.endsWith('=voltcore'))?.lastmod).toBe(
      NEWEST_CHANGE,
    );
  });

  it('lists the static pages a crawler should see: catalog pages dated by the catalog, text pages by the constant', async () => {
    const entries = entriesOf((await get('/other-sitemap.xml')).body, 'url');
    expect(entries.map((e) => e.loc)).toEqual(SITEMAP_STATIC_PAGES.map((p) => `${BASE}${p.path}`));
    expect(entries.find((e) => e.loc === `${BASE}/`)?.lastmod).toBe(NEWEST_CHANGE);
    expect(entries.find((e) => e.loc === `${BASE}/faqs`)?.lastmod).toBe(STATIC_PAGES_LASTMOD);
    for (const p of SITEMAP_STATIC_PAGES) {
      expect(isSpaRoute(p.path), `${p.path} is a route of the SPA`).toBe(true);
      expect(isDisallowedByRobots(p.path), `${p.path} is allowed by robots.txt`).toBe(false);
    }
    for (const path of ['/cart', '/checkout', '/my-account', '/guest-track-order', '/thank-you']) {
      expect(entries.map((e) => new URL(e.loc).pathname)).not.toContain(path);
    }
  });

  it('shows a browser the detail page: FOLDER Sitemap, Back to Sitemap, Total URLs and links opening in a new tab', async () => {
    const res = await get('/product-sitemap.xml', BROWSER);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<h1>PRODUCT-SITEMAP Sitemap</h1>');
    expect(res.body).toContain('<a class="button" href="/sitemap.xml">Back to Sitemap</a>');
    expect(res.body).toContain(`<p class="total">Total URLs: ${PRODUCT_COUNT}</p>`);
    const links = [...res.body.matchAll(/<td><a href="([^"]+)" target="_blank" rel="noopener">/g)].map(
      (m) => m[1],
    );
    expect(links).toHaveLength(PRODUCT_COUNT);
    expect(links).toContain(`${BASE}/product/kl-h4-6055`);
    expect(links).toContain(`${BASE}/product/tow%20%26%20go&apos;s%20kit-%C3%BC`);
    // dd/mm/yyyy in Sydney: 05:06 UTC on 4 March is 16:06 the same day there.
    expect(res.body).toContain(`<time datetime="${ODD_PRODUCT_LASTMOD}">04/03/2026</time>`);
    expect(res.body).not.toMatch(/<header|<footer|<nav/);
  });

  it('answers any other folder name with 404 and an empty list, as XML and as a page', async () => {
    for (const url of ['/foo-sitemap.xml', '/Product-Sitemap.xml', '/product-sitemap-1.xml', '/feed.xml']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.body).toBe(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n</urlset>\n',
      );
    }
    const page = await get('/foo-sitemap.xml', BROWSER);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<h1>FOO-SITEMAP Sitemap</h1>');
    expect(page.body).toContain('Total URLs: 0');
    expect(page.body).toContain('Back to Sitemap');
    // The name is shown, never run.
    const hostile = await get('/%3Cscript%3Ealert(1)%3C%2Fscript%3E.xml', BROWSER);
    expect(hostile.statusCode).toBe(404);
    expect(hostile.body).not.toContain('<script');
    expect(hostile.body).toContain('&lt;SCRIPT&gt;ALERT(1)&lt;/SCRIPT&gt; Sitemap');
  });

  it('takes the base from PUBLIC_BASE_URL, never from a forged Host or X-Forwarded-Host', async () => {
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
    for (const url of [
      '/sitemap.xml',
      '/product-sitemap.xml',
      '/other-sitemap.xml',
      '/robots.txt',
      '/api/sitemap.xml',
    ]) {
      const res = await get(url, forged);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('evil.example');
      expect(res.body, url).toContain(BASE);
    }
  });
});

describe('splitting above the per-file limit (3 here instead of 50,000)', () => {
  it('numbers the parts -2, -3 ..., keeps every URL once and in order, and has no part past the last', async () => {
    const db = t.database.db;
    const kinds = await summarizeSitemaps(db, BASE, 3);
    const product = kinds.find((k) => k.kind === 'product');
    expect(product?.urls).toBe(PRODUCT_COUNT);
    expect(product?.files.map((f) => [f.folder, f.urls])).toEqual([
      ['product-sitemap', 3],
      ['product-sitemap-2', 3],
      ['product-sitemap-3', 3],
      ['product-sitemap-4', 3],
    ]);
    // Products are filed by id: VC-NS70-680, the fifth, is in the second file and dates it.
    expect(product?.files.map((f) => f.lastmod === NEWEST_CHANGE)).toEqual([false, true, false, false]);
    const whole = await loadSitemapFile(db, BASE, 'product', 1);
    const parts = [];
    for (let part = 1; part <= 4; part++)
      parts.push(...((await loadSitemapFile(db, BASE, 'product', part, 3)) ?? []));
    expect(parts).toEqual(whole);
    expect(await loadSitemapFile(db, BASE, 'product', 5, 3)).toBeNull();

    const category = kinds.find((k) => k.kind === 'category');
    expect(category?.files.map((f) => [f.folder, f.urls])).toEqual([
      ['category-sitemap', 3],
      ['category-sitemap-2', 1],
    ]);
    expect(kinds.find((k) => k.kind === 'other')?.files.map((f) => f.urls)).toEqual([3, 3, 3, 3, 3]);
  });

  it('reads back every folder name it gives, and no other', () => {
    for (const kind of ['product', 'category', 'child_category', 'brand', 'other'] as const) {
      for (const part of [1, 2, 17])
        expect(parseSitemapFolderName(sitemapFolderName(kind, part))).toEqual({ kind, part });
    }
    expect(parseSitemapFolderName('child-category-sitemap-2')).toEqual({ kind: 'child_category', part: 2 });
    for (const name of [
      'sitemap',
      'product-sitemap-0',
      'product-sitemap-02',
      'product-sitemap-x',
      'products-sitemap',
      '',
    ]) {
      expect(parseSitemapFolderName(name), name).toBeNull();
    }
  });
});

describe('GET /api/sitemap-map and GET /api/sitemap.xml (SPEC §7)', () => {
  it('groups every URL under Product, Category, Child Categories, Brand and Other Pages', async () => {
    const res = await get('/api/sitemap-map');
    expect(res.statusCode).toBe(200);
    const map = sitemapMapSchema.parse(res.json());
    expect(Object.keys(map)).toEqual(['Product', 'Category', 'Child Categories', 'Brand', 'Other Pages']);
    expect(map.Product).toHaveLength(PRODUCT_COUNT);
    expect(map['Child Categories']).toHaveLength(CHILD_COUNT);
    expect(map.Product).toContainEqual({
      url: `${BASE}/product/tow%20%26%20go's%20kit-%C3%BC`,
      lastModified: ODD_PRODUCT_LASTMOD,
    });
    expect(map.Category.map((e) => e.url)).toEqual(locsOf((await get('/category-sitemap.xml')).body));
  });

  it('answers every URL in one urlset: products, categories, brands, child categories, other pages', async () => {
    const res = await get('/api/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const files = ['product', 'category', 'brand', 'child-category', 'other'];
    const expected = [];
    for (const f of files) expected.push(...locsOf((await get(`/${f}-sitemap.xml`)).body));
    expect(locsOf(res.body)).toEqual(expected);
  });
});

describe('GET /robots.txt', () => {
  it('allows the public pages, disallows the private ones and /api/, and names the index on the base', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const path of [
      '/api/',
      '/cart',
      '/checkout',
      '/my-account',
      '/order-history',
      '/track-order',
      '/guest-track-order',
      '/thank-you',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
  });

  it('disallows every payment, account and tracking route, and no URL of the sitemaps', async () => {
    for (const path of [
      '/checkout-paypal-payment',
      '/checkout-stripe-payment',
      '/update-address/7',
      '/profile-update',
      '/otp',
      '/order-details',
    ]) {
      expect(isDisallowedByRobots(path), path).toBe(true);
    }
    // Each rule names a real route (or its alias), so a typo cannot leave a private page open.
    for (const prefix of ROBOTS_DISALLOWED_PATHS) {
      const names =
        prefix === '/api/' || isSpaRoute(prefix) || isSpaRoute(`${prefix}1`) || prefix in ROUTE_ALIASES;
      expect(names, prefix).toBe(true);
    }
    const map = sitemapMapSchema.parse((await get('/api/sitemap-map')).json());
    for (const e of Object.values(map).flat()) {
      const url = new URL(e.url);
      expect(isDisallowedByRobots(url.pathname + url.search), e.url).toBe(false);
    }
  });
});

describe('caching and rate limits', () => {
  it('caches the XML like catalog GETs (ETag, 304) and never lets a shared cache keep the page', async () => {
    const xml = await get('/product-sitemap.xml');
    expect(xml.headers['cache-control']).toBe(
      `public, max-age=${SITEMAP_CACHE_S}, s-maxage=${SITEMAP_CACHE_S * 5}, stale-while-revalidate=${SITEMAP_CACHE_S * 10}`,
    );
    expect(String(xml.headers.vary)).toMatch(/Sec-Fetch-Dest/i);
    const etag = String(xml.headers.etag);
    expect(etag).toMatch(/^W\//);
    const again = await get('/product-sitemap.xml', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);

    const page = await get('/product-sitemap.xml', BROWSER);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers.etag).not.toBe(etag);

    const api = await get('/api/sitemap-map');
    expect(api.headers['cache-control']).toMatch(new RegExp(`^public, max-age=${SITEMAP_CACHE_S}`));
    expect(api.headers.etag).toBeDefined();
  });

  it('gives XML to a crawler that sends Sec-Fetch-Dest: document but calls itself a bot', async () => {
    const res = await get('/sitemap.xml', {
      ...BROWSER,
      'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  });

  it(`answers request number ${SITEMAP_REQUESTS_PER_MINUTE + 1} in a minute from one IP with 429 and Retry-After`, async () => {
    const from = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '10.62.0.1' });
    for (let i = 0; i < SITEMAP_REQUESTS_PER_MINUTE; i++) {
      expect((await from('/category-sitemap.xml')).statusCode).toBe(200);
    }
    const limited = await from('/brand-sitemap.xml');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: TOO_MANY_REQUESTS_MESSAGE });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['cache-control']).toBe('no-store');
    // Another IP is not held back.
    expect((await get('/brand-sitemap.xml')).statusCode).toBe(200);
  });
});

describe('when the sitemap cannot be built', () => {
  it('shows a browser "Error: ..." (SPEC §8) with a reference, and gives a crawler the house 500', async () => {
    const db = t.database.db;
    await db.execute(sql`ALTER TABLE products RENAME TO products_away`);
    try {
      const page = await get('/product-sitemap.xml', BROWSER);
      expect(page.statusCode).toBe(503);
      // Every 503 says when to try again (issue 43 §4).
      expect(page.headers['retry-after']).toBe('5');
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain(`Error: ${SITEMAP_UNAVAILABLE_MESSAGE} (Reference: `);
      expect(page.body).not.toMatch(/products|relation|SELECT/);

      const xml = await get('/product-sitemap.xml');
      expect(xml.statusCode).toBe(500);
      expect(xml.json().request_id).toEqual(expect.any(String));
    } finally {
      await db.execute(sql`ALTER TABLE products_away RENAME TO products`);
    }
    expect((await get('/product-sitemap.xml')).statusCode).toBe(200);
  });
});

describe('PUBLIC_BASE_URL', () => {
  it('defaults to localhost on PORT, and the start-up lines say to set it', () => {
    const unset = loadConfig({ PORT: '4321' });
    expect(unset.publicBaseUrl).toBe('http://localhost:4321');
    expect(describeDefaults(unset)).toContain(
      "public address: http://localhost:4321 (set PUBLIC_BASE_URL to the shop's address for mails, sitemaps and robots.txt)",
    );
    const set = loadConfig({ PUBLIC_BASE_URL: 'https://parts.example.com.au/' });
    expect(set.publicBaseUrl).toBe('https://parts.example.com.au');
    expect(describeDefaults(set)).toContain('public address: https://parts.example.com.au (PUBLIC_BASE_URL)');
  });
});
