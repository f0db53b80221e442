import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { bumpCatalogVersion } from '../catalog/catalog-version';
import { saveStoreSettings } from '../content/content-service';
import { storeSettingsInputSchema } from '@store/shared/store-settings';
import { escapeHtml, fillIndexHtml, renderIndexHtml } from './render-index-html';

const TEMPLATE =
  '<!doctype html><html><head><meta name="description" content="x" /><title>Online Store</title></head>' +
  '<body><div id="root"></div></body></html>';

let t: TestApp;
let dist = '';
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'store-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), TEMPLATE);
  t = await createTestApp({ webDistDir: dist });
  await seedCatalog(t.database.db);
  await saveStoreSettings(
    t.database.db,
    storeSettingsInputSchema.parse({
      store_name: 'Bolts & <Nuts>',
      meta_description: 'Parts "fast"',
      hero_slides: [{ image: 'home/hero-1.svg', title: 'Batteries', link: '/shop?page=1' }],
    }),
  );
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const page = async (url: string) => (await t.app.inject(url)).body;

describe('index.html for a page load', () => {
  it('names the store in the title and the first paint, escaped, with its meta description', async () => {
    const html = await page('/shop');
    expect(html).toContain('<title>Bolts &amp; &lt;Nuts&gt;</title>');
    expect(html).toContain('<meta name="description" content="Parts &quot;fast&quot;" />');
    expect(html).toMatch(
      /<div id="root"><div class="boot-header"[^>]*>Bolts &amp; &lt;Nuts&gt;<\/div><\/div>/,
    );
    expect(html).not.toContain('rel="preload"');
  });

  it('writes a store name or description with `$` patterns as it is', () => {
    const html = fillIndexHtml(TEMPLATE, {
      title: '<title>Bolts $& Nuts $$</title>',
      description: '<meta name="description" content="$\' parts" />',
      preload: '',
      firstPaint: '<div>$&</div>',
    });
    expect(html).toContain('<title>Bolts $& Nuts $$</title>');
    expect(html).toContain('<meta name="description" content="$\' parts" />');
    expect(html).toContain('<div id="root"><div>$&</div></div>');
  });

  it('preloads and paints the first hero slide on the home page', async () => {
    const html = await page('/');
    expect(html).toContain(
      '<link rel="preload" as="image" href="/media/home/hero-1.svg" fetchpriority="high" />',
    );
    expect(html).toMatch(/<img src="\/media\/home\/hero-1.svg" alt="Batteries"/);
  });

  it('adds no preload of its own to a server-rendered page, which preloads its picture itself', async () => {
    const shell = await renderIndexHtml(t.app, TEMPLATE, '/product/kl-h4-6055');
    expect(shell).toContain('rel="preload"');
    const rendered = await renderIndexHtml(t.app, TEMPLATE, '/product/kl-h4-6055', {
      title: 'KL H4 | Bolts',
      description: null,
    });
    expect(rendered).not.toContain('rel="preload"');
    expect(rendered).toContain('<title>KL H4 | Bolts</title>');
  });

  it("preloads a product page's main picture, and nothing for an unknown product", async () => {
    expect(await page('/product/kl-h4-6055')).toContain('href="/media/products/kl-h4.svg"');
    expect(await page('/product/NOPE')).not.toContain('rel="preload"');
    const bad = await t.app.inject('/product/%E0%A4%A');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/not a valid/);
  });

  it("offers the main picture's WebP copies in the preload and the first paint, as the product page does", async () => {
    // As if the import had measured it as a 1000 x 800 photo with four copies (decision 0026).
    await t.database.db.execute(
      sql`UPDATE product_images SET width = 1000, height = 800, variant_widths = '{160,320,640,960}'
          WHERE path = 'products/kl-h4.svg'`,
    );
    await bumpCatalogVersion(t.database.db);
    const html = await page('/product/kl-h4-6055');
    const srcset =
      '/media/products/variants/kl-h4.svg-160w.webp 160w, /media/products/variants/kl-h4.svg-320w.webp 320w, ' +
      '/media/products/variants/kl-h4.svg-640w.webp 640w, /media/products/variants/kl-h4.svg-960w.webp 960w, ' +
      '/media/products/kl-h4.svg 1000w';
    const sizes = '(min-width: 1280px) 620px, (min-width: 900px) 50vw, 100vw';
    expect(html).toContain(
      `<link rel="preload" as="image" href="/media/products/kl-h4.svg" imagesrcset="${srcset}" ` +
        `imagesizes="${sizes}" fetchpriority="high" />`,
    );
    expect(html).toContain(
      `<img src="/media/products/kl-h4.svg" srcset="${srcset}" sizes="${sizes}" alt="H4 Halogen Headlight Globe 12V 60/55W" ` +
        'width="1000" height="800" fetchpriority="high"',
    );
  });

  it('escapes every HTML-significant character', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
