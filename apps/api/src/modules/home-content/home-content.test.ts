/**
 * The home page's merchandising (issue 36 §2, decision 0051): admins add, edit, reorder and delete slides and
 * banners with windows, choose the featured products, upload pictures; the store config answers only what is
 * live now, falls back to the demo content of a kind the owner has made none of, and no cache keeps an answer
 * past the next window boundary: the kept settings read, the Cache-Control, and the server-rendered home page.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  HOME_CONTENT_LIMITS,
  HOME_CONTENT_MESSAGES as M,
  isoToSydneyLocal,
  sydneyLocalToIso,
} from '@store/shared/home-content';
import { storeSettingsInputSchema } from '@store/shared/store-settings';
import { auditLog, homeContentItems, products } from '../../db/schema';
import { saveStoreSettings } from '../content/content-service';
import { seedCatalog, SEED_PRODUCTS } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedStaff } from '../../../tests/seeders';

/** A server bundle that renders the hero slides' titles from the store config, as the home page does. */
const BUNDLE = `
export async function renderPage(url, { fetchApi }) {
  globalThis.__homeRenders = (globalThis.__homeRenders ?? 0) + 1;
  const config = (await (await fetchApi('/api/store-config', {})).json()).data;
  return {
    html: '<main>' + config.hero_slides.map((s) => '<h2>' + s.title + '</h2>').join('') + '</main>',
    head: { title: 'Home', description: null },
    state: '{}',
  };
}
`;

const DEMO = storeSettingsInputSchema.parse({
  store_name: 'Demo Store',
  hero_slides: [{ image: 'home/demo-hero.svg', title: 'Demo slide', link: '/shop?page=1' }],
  banners: {
    side: [{ image: 'home/demo-side.svg', title: 'Demo side', link: '/shop?page=1' }],
    batteries: { image: 'home/demo-a.svg', title: 'Demo offer A', link: '/shop?page=1' },
    wheel_nuts: { image: 'home/demo-b.svg', title: 'Demo offer B', link: '/shop?page=1' },
  },
});

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="640" viewBox="0 0 1600 640"></svg>';

let t: TestApp;
let dist = '';
let adminToken = '';
let staffToken = '';

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'store-home-dist-'));
  await mkdir(path.join(dist, 'ssr'), { recursive: true });
  await mkdir(path.join(dist, '.vite'), { recursive: true });
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en-AU"><head><title>shop</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(dist, 'ssr', 'entry-server.js'), BUNDLE);
  const manifest: Record<string, unknown> = { 'index.html': { file: 'assets/index.js', isEntry: true } };
  for (const name of ['home', 'shop', 'brands', 'brand', 'search-results', 'product', 'best-selling']) {
    manifest[`src/app/routes/${name}.tsx`] = { file: `assets/${name}.js` };
  }
  await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  t = await createTestApp({
    webDistDir: dist,
    config: (config) => {
      config.serverRendering = true;
      // As in production: the settings read is kept (here a minute), so only the window logic can end it early.
      config.settingsMaxAgeMs = 60_000;
    },
  });
  await seedCatalog(t.database.db);
  await saveStoreSettings(t.database.db, DEMO);
  await mkdir(path.join(t.app.config.mediaDir, 'home'), { recursive: true });
  await writeFile(path.join(t.app.config.mediaDir, 'home', 'hero.svg'), SVG);
  adminToken = (await seedStaff(t, { email: 'home-admin@example.com', role: 'admin' })).token;
  staffToken = (await seedStaff(t, { email: 'home-staff@example.com', role: 'staff' })).token;
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = adminToken) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

const slide = (over: Record<string, unknown> = {}) => ({
  kind: 'hero_slide',
  image: 'home/hero.svg',
  heading: 'Christmas brake sale',
  text: '20% off pads and rotors',
  cta: 'Shop brakes',
  link: '/shop?page=1&category=brakes',
  starts_at: null,
  ends_at: null,
  ...over,
});

const storeConfig = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/store-config' });
  expect(res.statusCode).toBe(200);
  return {
    res,
    data: res.json<{ data: Record<string, unknown> & { hero_slides: { title: string }[] } }>().data,
  };
};
const heroTitles = async () => (await storeConfig()).data.hero_slides.map((s) => s.title);
const homePage = () => t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });

const at = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};

describe('home content', () => {
  it('is for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/home-content' })).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/home-content', undefined, staffToken)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/home-content', slide(), staffToken)).statusCode).toBe(403);
    expect((await call('PUT', '/api/admin/home-content/featured', { skus: [] }, staffToken)).statusCode).toBe(
      403,
    );
  });

  it('falls back to the demo content of every kind the owner has made none of', async () => {
    const { data } = await storeConfig();
    expect(data.hero_slides.map((s) => s.title)).toEqual(['Demo slide']);
    expect((data.side_banners as { title: string }[]).map((b) => b.title)).toEqual(['Demo side']);
    expect((data.offer_banners as { title: string }[]).map((b) => b.title)).toEqual([
      'Demo offer A',
      'Demo offer B',
    ]);
    expect(data.home_content_until).toBeNull();
    const list = (await call('GET', '/api/admin/home-content')).json();
    expect(list.fallback).toEqual({ hero_slide: 1, side_banner: 1, offer_banner: 2 });
  });

  it('refuses bad input by field and changes nothing', async () => {
    const bad = await call(
      'POST',
      '/api/admin/home-content',
      slide({
        heading: '',
        link: 'https://evil.example',
        image: '../etc/passwd',
        ends_at: '2026-12-01T00:00:00Z',
        starts_at: '2026-12-02T00:00:00Z',
      }),
    );
    expect(bad.statusCode).toBe(400);
    const fields = Object.fromEntries(
      bad.json<{ errors: { field: string; message: string }[] }>().errors.map((e) => [e.field, e.message]),
    );
    expect(fields.heading).toBe(M.heading);
    expect(fields.image).toBe(M.image);
    expect(fields.ends_at).toBe(M.endsBeforeStart);
    expect(fields.link).toMatch(/paths inside the store/);
    // `/\host` is another site's address to some browsers.
    const backslash = await call('POST', '/api/admin/home-content', slide({ link: '/\\evil.example/x' }));
    expect(backslash.statusCode).toBe(400);
    expect(backslash.json().errors[0]).toEqual({ field: 'link', message: M.link });
    const missing = await call('POST', '/api/admin/home-content', slide({ image: 'home/nothing-here.png' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(M.imageMissing('home/nothing-here.png'));
    expect(await t.database.db.select().from(homeContentItems)).toEqual([]);
  });

  it('shows a slide only inside its window, and an ended one disappears without a restart or a save', async () => {
    at('2026-12-01T00:00:00Z');
    // Warm every cache: the kept settings read and the rendered home page (demo content).
    expect(await heroTitles()).toEqual(['Demo slide']);
    expect((await homePage()).body).toContain('<h2>Demo slide</h2>');

    const created = await call(
      'POST',
      '/api/admin/home-content',
      slide({ starts_at: '2026-12-01T00:00:00Z', ends_at: '2026-12-01T00:00:30Z' }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      live: true,
      position: 1,
      image_info: { width: 1600, height: 640 },
    });
    const later = await call(
      'POST',
      '/api/admin/home-content',
      slide({ heading: 'Boxing Day', starts_at: '2026-12-01T00:00:50Z', ends_at: null }),
    );
    expect(later.json().data.live).toBe(false);

    // A save shows on the next request, though the settings read is kept for a minute.
    const { res, data } = await storeConfig();
    expect(data.hero_slides.map((s) => s.title)).toEqual(['Christmas brake sale']);
    // The demo slides are gone: the owner has slides of their own, even one not yet live.
    expect(data.home_content_until).toBe('2026-12-01T00:00:30.000Z');
    // Every load revalidates (ETag), so no cache keeps the answer past the window's end.
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect((await homePage()).body).toContain('<h2>Christmas brake sale</h2>');

    at('2026-12-01T00:00:20Z');
    expect((await storeConfig()).res.headers['cache-control']).toBe('public, no-cache');

    // At the end (exclusive), well within the minute the settings read is kept: gone from the store config and
    // the rendered home page.
    at('2026-12-01T00:00:30Z');
    expect(await heroTitles()).toEqual([]);
    const home = await homePage();
    expect(home.body).not.toContain('Christmas brake sale');
    expect((await storeConfig()).data.home_content_until).toBe('2026-12-01T00:00:50.000Z');

    // At the next start: the scheduled one shows.
    at('2026-12-01T00:00:50Z');
    expect(await heroTitles()).toEqual(['Boxing Day']);
    expect((await homePage()).body).toContain('<h2>Boxing Day</h2>');
    expect((await storeConfig()).data.home_content_until).toBeNull();
  });

  it('reorders, edits and deletes, each audited', async () => {
    const list = (await call('GET', '/api/admin/home-content')).json<{
      data: { id: number; kind: string }[];
    }>();
    const ids = list.data.filter((i) => i.kind === 'hero_slide').map((i) => i.id);
    expect(ids).toHaveLength(2);
    // Both live: no window.
    for (const id of ids) {
      const res = await call('PUT', `/api/admin/home-content/${id}`, slide({ heading: `Slide ${id}` }));
      expect(res.statusCode).toBe(200);
    }
    expect(await heroTitles()).toEqual(ids.map((id) => `Slide ${id}`));

    const wrong = await call('PUT', '/api/admin/home-content/order', { kind: 'hero_slide', ids: [ids[0]] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(M.order);
    const reordered = await call('PUT', '/api/admin/home-content/order', {
      kind: 'hero_slide',
      ids: [...ids].reverse(),
    });
    expect(reordered.statusCode).toBe(200);
    expect(await heroTitles()).toEqual([...ids].reverse().map((id) => `Slide ${id}`));

    const kindChange = await call('PUT', `/api/admin/home-content/${ids[0]}`, slide({ kind: 'side_banner' }));
    expect(kindChange.statusCode).toBe(400);
    expect(kindChange.json().errors[0].field).toBe('kind');

    expect((await call('DELETE', `/api/admin/home-content/${ids[0]}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/home-content/${ids[0]}`)).statusCode).toBe(404);
    expect((await call('PUT', `/api/admin/home-content/999999`, slide())).statusCode).toBe(404);
    expect(await heroTitles()).toEqual([`Slide ${ids[1]}`]);

    const actions = (
      await t.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'home_content'))
    ).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'home_content.create',
        'home_content.update',
        'home_content.reorder',
        'home_content.delete',
      ]),
    );
    // Side and offer banners still fall back: the owner made none of them.
    expect(((await storeConfig()).data.side_banners as { title: string }[])[0]?.title).toBe('Demo side');
  });

  it('puts the featured products in the owner order, and unfeatures the rest', async () => {
    const skus = SEED_PRODUCTS.slice(0, 3).map((p) => p.sku);
    const rows = await t.database.db.select({ id: products.id, sku: products.sku }).from(products);
    const bySku = new Map(rows.map((r) => [r.sku, r.id]));
    const chosen = [bySku.get(skus[2]!)!, bySku.get(skus[0]!)!];
    const unknown = await call('PUT', '/api/admin/home-content/featured', { skus: [skus[2], 'NO-SUCH-SKU'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toEqual({ field: 'skus', message: M.featuredUnknown(['NO-SUCH-SKU']) });
    const repeated = await call('PUT', '/api/admin/home-content/featured', {
      skus: [skus[2], skus[2]!.toLowerCase()],
    });
    expect(repeated.statusCode).toBe(400);

    // Any case, as the owner types it.
    const saved = await call('PUT', '/api/admin/home-content/featured', {
      skus: [skus[2]!.toLowerCase(), skus[0]],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.map((p: { id: number }) => p.id)).toEqual(chosen);
    const featured = await t.app.inject({ method: 'GET', url: '/api/virtual-products' });
    expect(featured.json().data.map((p: { id: number }) => p.id)).toEqual(chosen);
    const flagged = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.isFeatured, true)));
    expect(flagged.map((r) => r.id).sort()).toEqual([...chosen].sort());

    const none = await call('PUT', '/api/admin/home-content/featured', { skus: [] });
    expect(none.json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/virtual-products' })).json().data).toEqual([]);
  });

  it('stores an uploaded picture with WebP copies, and refuses what is not a picture', async () => {
    const png = await sharp({ create: { width: 700, height: 300, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const upload = (bytes: Buffer, name: string, token = adminToken) => {
      const boundary = '----home-test';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/home-content/images',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: body,
      });
    };
    expect((await upload(png, 'a.png', staffToken)).statusCode).toBe(403);
    const res = await upload(png, 'banner.png');
    expect(res.statusCode).toBe(201);
    const { path: stored, image_info } = res.json().data;
    expect(stored).toMatch(/^home\/uploads\/[0-9a-f-]+\.png$/);
    expect(image_info).toEqual({ width: 700, height: 300, widths: [160, 320, 640] });
    const copy = await t.app.inject({
      method: 'GET',
      url: `/media/home/uploads/variants/${stored.split('/').pop()}-320w.webp`,
    });
    expect(copy.statusCode).toBe(200);
    const banner = await call(
      'POST',
      '/api/admin/home-content',
      slide({ kind: 'side_banner', image: stored }),
    );
    expect(banner.statusCode).toBe(201);
    expect(((await storeConfig()).data.side_banners as { image: string }[]).map((b) => b.image)).toEqual([
      stored,
    ]);

    const script = await upload(Buffer.from('<script>alert(1)</script>'), 'evil.png');
    expect(script.statusCode).toBe(415);
    expect(script.json().message).toBe(M.notImage);
  });
});

describe('home content under concurrent saves', () => {
  it('never keeps more of a kind than its limit, however many are added at once', async () => {
    const kept = HOME_CONTENT_LIMITS.offer_banner.kept;
    await t.database.db.delete(homeContentItems).where(eq(homeContentItems.kind, 'offer_banner'));
    for (let i = 0; i < kept - 1; i++) {
      expect(
        (await call('POST', '/api/admin/home-content', slide({ kind: 'offer_banner' }))).statusCode,
      ).toBe(201);
    }
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', '/api/admin/home-content', slide({ kind: 'offer_banner' })),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe(M.tooMany('offer_banner'));
    const rows = await t.database.db
      .select({ position: homeContentItems.position })
      .from(homeContentItems)
      .where(eq(homeContentItems.kind, 'offer_banner'));
    expect(rows).toHaveLength(kept);
    // Positions stay distinct: no two saves took the same place.
    expect(new Set(rows.map((r) => r.position)).size).toBe(kept);
  });
});

describe('Sydney wall-clock times', () => {
  it('convert both ways, across daylight saving', () => {
    // AEDT (+11) in December, AEST (+10) in June.
    expect(sydneyLocalToIso('2026-12-24T18:00')).toBe('2026-12-24T07:00:00.000Z');
    expect(sydneyLocalToIso('2026-06-01T09:30')).toBe('2026-05-31T23:30:00.000Z');
    expect(isoToSydneyLocal('2026-12-24T07:00:00.000Z')).toBe('2026-12-24T18:00');
    expect(isoToSydneyLocal('2026-05-31T23:30:00.000Z')).toBe('2026-06-01T09:30');
    expect(sydneyLocalToIso('2026-02-30T10:00')).toBeNull();
    expect(sydneyLocalToIso('')).toBeNull();
  });
});
