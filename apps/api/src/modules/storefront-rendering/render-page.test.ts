/**
 * The API's side of server rendering (decision 0025), with a small server bundle of its own in place of the web
 * build's (which unit tests run before): its pages are put into the shell, its API calls are answered in
 * process, rendered pages are reused, and each client has a budget of renders a minute past which it gets the
 * shell.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VEHICLE_CSV_COLUMNS } from '@store/shared/vehicle';
import { products, storeSettings, vehicles } from '../../db/schema';
import { importVehicles } from '../vehicles/import-vehicles';
import { bumpCatalogVersion } from '../catalog/catalog-version';
import { seedCatalog, SEED_PRODUCTS } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { createTestDatabase } from '../../../tests/test-db';
import { FIRST_PAINT_AFTER_ROOT } from './render-page';

const RENDERS_PER_MINUTE = 3;

/** Renders a page naming its address and the number of categories the API answered, asked in process. */
const BUNDLE = `
export async function renderPage(url, { fetchApi, vehicle }) {
  globalThis.__renders = (globalThis.__renders ?? 0) + 1;
  const answer = await fetchApi('/api/categories', {});
  const categories = (await answer.json()).data.length;
  return {
    html: '<meta property="og:title" content="T"><main>Rendered ' + url.pathname + url.search + ' with ' +
      categories + ' categories (' + answer.status + ')</main><p>' + 'Part '.repeat(4000) + '</p>',
    head: { title: 'Rendered page', description: null },
    state: vehicle ? JSON.stringify({ vehicle }) : '{}',
  };
}
`;

const MODULES = ['home', 'shop', 'brands', 'brand', 'search-results', 'product', 'best-selling'].map(
  (name) => `src/app/routes/${name}.tsx`,
);

let t: TestApp;
let dist = '';
const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'store-dist-'));
  await mkdir(path.join(dist, 'ssr'), { recursive: true });
  await mkdir(path.join(dist, '.vite'), { recursive: true });
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en-AU"><head><title>shop</title>' +
      '<script type="module" crossorigin src="/assets/index.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/react.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index.css">' +
      '</head><body><noscript>Needs JavaScript</noscript><div id="root"></div></body></html>',
  );
  await writeFile(path.join(dist, 'ssr', 'entry-server.js'), BUNDLE);
  const manifest: Record<string, unknown> = { 'index.html': { file: 'assets/index.js', isEntry: true } };
  for (const module of MODULES) {
    manifest[module] = {
      file: `assets/${path.basename(module, '.tsx')}.js`,
      css: [`assets/${path.basename(module, '.tsx')}.css`],
    };
  }
  await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'assets', 'index.css'), 'body{margin:0}');
  for (const module of MODULES) {
    const name = path.basename(module, '.tsx');
    await writeFile(path.join(dist, 'assets', `${name}.css`), `.${name}{color:red}`);
  }
  t = await createTestApp({
    webDistDir: dist,
    config: (config) => {
      config.serverRendering = true;
      config.rateLimits.rendersPerMinute = RENDERS_PER_MINUTE;
      // One page's in-process calls must not count against any client's API limit either.
      config.rateLimits.apiPerMinute = 1;
    },
  });
  await seedCatalog(t.database.db);
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const page = (url: string, client: string) =>
  t.app.inject({ method: 'GET', url, remoteAddress: client, headers: { accept: 'text/html' } });

describe('server-rendered pages', () => {
  it('arrive rendered inside the shell, with the page links, head tags and title, without the noscript note', async () => {
    const res = await page('/shop?page=1', '198.51.100.1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(
      /<div id="root"><main>Rendered \/shop\?page=1 with \d+ categories \(200\)<\/main><p>(Part )+<\/p><\/div>/,
    );
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    // The shell's and the page's stylesheets are inline: no round trip before the first paint.
    expect(head).toContain('<style>body{margin:0}</style>');
    expect(head).toContain('<style>.shop{color:red}</style>');
    // The page's stylesheet is named by a disabled link (fetched by no browser), so the app's chunk loader, which
    // skips a stylesheet a link names, does not load and apply it a second time (decision 0070).
    expect(head).toContain(
      '<link rel="stylesheet" href="/assets/shop.css" disabled><style>.shop{color:red}</style>',
    );
    expect(head.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" href="/assets/shop.css" disabled>',
    ]);
    // The scripts start after the first paint: /boot.js adds the entry and preloads the page's modules and the
    // shell's, none of which the head fetches itself.
    expect(head).toContain(
      '<script defer src="/boot.js" data-entry="/assets/index.js" data-preload="/assets/shop.js /assets/react.js"></script>',
    );
    expect(head).not.toContain('<script type="module"');
    // The first paint waits for the root's end, so the page is laid out once (decision 0088): the link names the
    // root the page is written into.
    expect(head).toContain(FIRST_PAINT_AFTER_ROOT);
    expect(FIRST_PAINT_AFTER_ROOT).toContain('href="#root"');
    expect(res.body.indexOf('<div id="root">')).toBeGreaterThan(head.length);
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<meta property="og:title" content="T">');
    expect(head).toContain('<title>Rendered page</title>');
    expect(res.body).not.toContain('<noscript>');
    expect(res.body).toContain('<script type="application/json" id="ssr-state">{}</script>');
  });

  it("write the page's text as it is, `$` replacement patterns included", async () => {
    // A string replacement reads `$$` and `$&` as patterns: the page once lost a `$` of `$$` this way.
    const res = await page('/search-results?query=$$x$&y', '198.51.100.9');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<main>Rendered /search-results?query=$$x$&y with');
  });

  it('are sent compressed to a browser that accepts it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/shop?page=2',
      remoteAddress: '198.51.100.2',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(res.rawPayload).toString('utf8');
    expect(html).toContain('Rendered /shop?page=2');
    expect(res.rawPayload.length).toBeLessThan(html.length / 4);
  });

  it('leave pages that are not catalog pages to the browser', async () => {
    const res = await page('/cart', '198.51.100.1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<noscript>');
    expect(res.body).not.toContain('Rendered');
    // The shell's root is empty until the app draws it: nothing to wait for before painting.
    expect(res.body).not.toContain('rel="expect"');
  });

  it('give a client the shell once it has caused its renders of the minute, but still its cached pages', async () => {
    const client = '203.0.113.7';
    const before = renders();
    for (let i = 1; i <= RENDERS_PER_MINUTE; i++) {
      expect((await page(`/shop?page=${i + 10}`, client)).body).toContain(`Rendered /shop?page=${i + 10}`);
    }
    expect(renders() - before).toBe(RENDERS_PER_MINUTE);

    // Past its budget: the page still answers 200, as the shell its browser renders; nothing was rendered.
    const over = await page('/shop?page=99', client);
    expect(over.statusCode).toBe(200);
    expect(over.body).toContain('<noscript>');
    expect(over.body).not.toContain('Rendered');
    expect(renders() - before).toBe(RENDERS_PER_MINUTE);

    // A page already rendered (by anyone) costs nothing and is still sent rendered.
    expect((await page('/shop?page=11', client)).body).toContain('Rendered /shop?page=11');
    expect((await page('/shop?page=1', client)).body).toContain('Rendered /shop?page=1 ');
    // Another client has a budget of its own.
    expect((await page('/shop?page=99', '203.0.113.8')).body).toContain('Rendered /shop?page=99');
  });
});

describe('rendered pages kept ready (decision 0027)', () => {
  // A new client each time: none is ever past its renders a minute, so a page not rendered was cached.
  let n = 0;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      remoteAddress: `192.0.2.${++n}`,
      headers: { accept: 'text/html', ...headers },
    });

  it('are sent again without rendering, with their ETag, and 304 to a client that has them', async () => {
    const first = await get('/product/kl-h7-55', { 'accept-encoding': 'gzip' });
    const before = renders();
    const again = await get('/product/kl-h7-55', { 'accept-encoding': 'gzip' });
    expect(renders()).toBe(before);
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).toMatch(/^"p[\w-]{20}"$/);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers.vary).toContain('accept-encoding');
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const has = await get('/product/kl-h7-55', { 'if-none-match': String(again.headers.etag) });
    expect(has.statusCode).toBe(304);
    expect(has.body).toBe('');
    // A client that does not take gzip gets the same page as text.
    const plain = await get('/product/kl-h7-55');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(gunzipSync(first.rawPayload).toString('utf8'));
    expect(renders()).toBe(before);
  });

  it('are rendered again once what they show changes: their product, any product for a listing, the settings', async () => {
    await get('/product/kl-h4-6055');
    await get('/product/kl-h7-55');
    await get('/shop?page=4');
    let before = renders();

    // Another product's price: its own page and every listing change, this product's page does not.
    const other = SEED_PRODUCTS.find((p) => p.sku === 'KL-H4-6055');
    await t.database.db
      .update(products)
      .set({ priceCents: (other?.priceCents ?? 0) + 100 })
      .where(eq(products.sku, 'KL-H4-6055'));
    await get('/product/kl-h7-55');
    expect(renders()).toBe(before);
    await get('/product/kl-h4-6055');
    expect(renders()).toBe(before + 1);
    await get('/shop?page=4');
    expect(renders()).toBe(before + 2);

    // The store's settings are on every page.
    before = renders();
    await t.database.db.update(storeSettings).set({ storeName: 'Renamed Parts' });
    await get('/product/kl-h7-55');
    expect(renders()).toBe(before + 1);
  });

  it('are one page however the address is written', async () => {
    await get('/shop?brand=kestrel&page=1&sort=name');
    const before = renders();
    for (const url of ['/shop?sort=name&brand=kestrel', '/shop/?page=1&brand=kestrel&sort=name']) {
      expect((await get(url)).statusCode).toBe(200);
    }
    expect(renders()).toBe(before);
    await get('/shop?brand=kestrel&page=2&sort=name');
    expect(renders()).toBe(before + 1);
  });

  it('are rendered for the vehicle of the `vehicle` cookie, apart from the same page for none (decision 0034)', async () => {
    await importVehicles(
      t.database.db,
      `${VEHICLE_CSV_COLUMNS.join(',')}\nToyota,HiLux,GUN126R,SR5,2015,7,,,Ute,1GD-FTV,2.8,Diesel,130,4WD`,
    );
    const [hilux] = await t.database.db.select({ id: vehicles.id }).from(vehicles);
    const state = (body: string) =>
      /<script type="application\/json" id="ssr-state">(.*?)<\/script>/.exec(body)?.[1];
    const cookie = (value: string) => ({ cookie: `theme=dark; vehicle=${value}; other=1` });

    const none = await get('/shop?page=5');
    expect(state(none.body)).toBe('{}');
    const forHilux = await get('/shop?page=5', cookie(`${hilux?.id}-2017`));
    expect(JSON.parse(state(forHilux.body) ?? '')).toEqual({ vehicle: { id: hilux?.id, year: 2017 } });
    expect(forHilux.headers.vary).toContain('cookie');
    expect(forHilux.headers.etag).not.toBe(none.headers.etag);

    // Each is kept: asked again, neither is rendered again.
    const before = renders();
    expect(state((await get('/shop?page=5', cookie(`${hilux?.id}-2017`))).body)).not.toBe('{}');
    expect(state((await get('/shop?page=5')).body)).toBe('{}');
    expect(renders()).toBe(before);

    // A cookie naming no vehicle of the list, or not written as {id}-{year}, is the page for none.
    for (const bad of ['999999-2017', 'abc', `${hilux?.id}`, `${hilux?.id}-2017-1`, '']) {
      const res = await get('/shop?page=5', cookie(bad));
      expect(state(res.body), bad).toBe('{}');
    }
    expect(renders()).toBe(before);
  });

  it('are rendered once when many ask for the same page at the same moment', async () => {
    const before = renders();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => get('/search-results?search=globe', { 'x-n': String(i) })),
    );
    expect(answers.every((a) => a.statusCode === 200 && a.body.includes('Rendered /search-results'))).toBe(
      true,
    );
    expect(renders()).toBe(before + 1);
  });
});

describe('pre-rendering (decision 0027)', () => {
  let pre: TestApp;
  beforeAll(async () => {
    // The catalog is there before the store starts, as on a store that restarts.
    const database = await createTestDatabase();
    await seedCatalog(database.db);
    pre = await createTestApp({
      database,
      webDistDir: dist,
      config: (config) => {
        config.serverRendering = true;
        config.prerenderPages = true;
        config.rateLimits.rendersPerMinute = 1;
      },
    });
  });
  afterAll(() => pre?.close());

  /** Waits until a pass has rendered pages and is over. */
  async function settled(more: number): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const status = pre.app.renderedPages.status();
      if (status && status.pages >= more && !status.prerendering) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`pre-rendering did not settle: ${JSON.stringify(pre.app.renderedPages.status())}`);
  }

  it('renders every catalog page ahead, so that shoppers and crawlers cause no render', async () => {
    // Product pages as the store links them: by permalink.
    const permalinks = await pre.database.db.select({ permalink: products.permalink }).from(products);
    expect(permalinks.length).toBe(SEED_PRODUCTS.length);
    const pages = [
      '/',
      '/brands',
      '/shop',
      '/shop?category=headlights-and-torches',
      '/shop?child_category=headlight-globes&page=1',
      '/brand?brand=kestrel',
      ...permalinks.map((p) => `/product/${p.permalink}`),
    ];
    await settled(pages.length);
    const ready = await pre.app.inject({ url: '/api/health/ready' });
    expect(ready.json()).toMatchObject({ rendered_pages: { prerendering: false } });
    expect(
      (ready.json() as { rendered_pages: { pages: number } }).rendered_pages.pages,
    ).toBeGreaterThanOrEqual(pages.length);
    const before = renders();
    // One client, far past its single render a minute: every page is already there.
    for (const url of pages) {
      const res = await pre.app.inject({
        url,
        remoteAddress: '192.0.2.77',
        headers: { accept: 'text/html' },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<main>Rendered ');
    }
    expect(renders()).toBe(before);
  });

  it('renders them again after the catalog changes', async () => {
    const before = renders();
    await bumpCatalogVersion(pre.database.db);
    const home = await pre.app.inject({
      url: '/',
      remoteAddress: '192.0.2.78',
      headers: { accept: 'text/html' },
    });
    expect(home.statusCode).toBe(200);
    for (let i = 0; i < 200 && renders() < before + SEED_PRODUCTS.length; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await settled(1);
    expect(renders()).toBeGreaterThanOrEqual(before + SEED_PRODUCTS.length + 2);
    const after = renders();
    const [first] = await pre.database.db.select({ permalink: products.permalink }).from(products).limit(1);
    const product = `/product/${first?.permalink}`;
    const res = await pre.app.inject({
      url: product,
      remoteAddress: '192.0.2.79',
      headers: { accept: 'text/html' },
    });
    expect(res.body).toContain('<main>Rendered ');
    expect(renders()).toBe(after);
  });
});
