import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productSchema, type Product } from '@store/shared/product';
import { productImageVariantPath } from '@store/shared/product-image';
import { productImages, products } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { importCatalog } from './import-catalog';
import { createImagePreparer } from './prepare-product-images';
import { createLocalFileStore } from '../../storage/local-file-store';

/** A photo-like picture: a gradient with a few shapes, so the encoders have something to do. */
async function picture(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' | 'gif',
): Promise<Buffer> {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#345"/><stop offset="1" stop-color="#eee"/>' +
      '</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>' +
      `<circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#c33"/></svg>`,
  );
  return sharp(svg)[format]().toBuffer();
}

let t: TestApp;
let root: string;
let imagesDir: string;
let mediaDir: string;
/** The media folder as the importer's store. */
const mediaStore = () => createLocalFileStore({ root: mediaDir });

beforeAll(async () => {
  t = await createTestApp();
  mediaDir = t.app.config.mediaDir;
});
afterAll(() => t.close());
afterEach(() => rm(root, { recursive: true, force: true }));
beforeEach(async () => {
  await t.database.db.execute(
    sql`TRUNCATE product_images, product_discounts, products, child_categories, categories, brands RESTART IDENTITY CASCADE`,
  );
  await rm(path.join(mediaDir, 'products'), { recursive: true, force: true });
  root = await mkdtemp(path.join(os.tmpdir(), 'product-images-'));
  imagesDir = path.join(root, 'images');
  await mkdir(imagesDir);
  await writeFile(path.join(imagesDir, 'rotor.jpg'), await picture(1500, 1000, 'jpeg'));
  await writeFile(path.join(imagesDir, 'pad.png'), await picture(500, 300, 'png'));
  await writeFile(path.join(imagesDir, 'tiny.webp'), await picture(120, 90, 'webp'));
  await writeFile(
    path.join(imagesDir, 'logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 120"><rect width="240" height="120"/></svg>',
  );
  await writeFile(path.join(imagesDir, 'broken.jpg'), Buffer.from('this is not a picture at all'));
});

const CSV = [
  'ID,Type,SKU,Name,Published,Regular price,Stock,Images',
  '1,simple,ROTOR-1,Brake Rotor,1,99.00,3,"rotor.jpg, pad.png"',
  '2,simple,LOGO-1,Logo Sticker,1,5.00,3,logo.svg',
  '3,simple,BROKEN-1,Broken Picture Lamp,1,12.00,3,"broken.jpg, tiny.webp"',
].join('\n');

const importIt = () => importCatalog({ db: t.database.db, csv: CSV, imagesDir, media: mediaStore() });

async function product(sku: string): Promise<Product> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products/${sku}` });
  expect(res.statusCode).toBe(200);
  return productSchema.parse(res.json().data);
}

/** Every file under products/variants with its mtime. */
async function variantFiles(): Promise<Map<string, number>> {
  const dir = path.join(mediaDir, 'products', 'variants');
  const names = await readdir(dir).catch(() => []);
  const out = new Map<string, number>();
  for (const name of names.sort()) out.set(name, (await stat(path.join(dir, name))).mtimeMs);
  return out;
}

describe('importing product pictures: sizes and WebP copies', () => {
  it('makes WebP copies at each width up to the picture, never wider, and measures every picture', async () => {
    const report = await importIt();
    expect(report).toMatchObject({ created: 3, rejected: 0, blocked: false });

    const variants = [...(await variantFiles()).keys()];
    expect(variants).toEqual([
      'pad.png-160w.webp',
      'pad.png-320w.webp',
      'rotor.jpg-1280w.webp',
      'rotor.jpg-160w.webp',
      'rotor.jpg-320w.webp',
      'rotor.jpg-640w.webp',
      'rotor.jpg-960w.webp',
    ]);
    for (const [original, widths, ratio] of [
      ['products/rotor.jpg', [160, 320, 640, 960, 1280], 1000 / 1500],
      ['products/pad.png', [160, 320], 300 / 500],
    ] as const) {
      for (const w of widths) {
        const meta = await sharp(path.join(mediaDir, productImageVariantPath(original, w))).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(w);
        expect(meta.height).toBe(Math.round(w * ratio));
      }
    }

    const rotor = await product('ROTOR-1');
    expect(rotor.featured_image).toBe('products/rotor.jpg');
    expect(rotor.gallery_media).toBe('products/pad.png');
    expect(rotor.images).toEqual([
      { path: 'products/rotor.jpg', width: 1500, height: 1000, widths: [160, 320, 640, 960, 1280] },
      { path: 'products/pad.png', width: 500, height: 300, widths: [160, 320] },
    ]);
    // The SVG is measured from its viewBox and gets no copies.
    expect((await product('LOGO-1')).images).toEqual([
      { path: 'products/logo.svg', width: 240, height: 120, widths: [] },
    ]);

    // Listings carry the same pictures (the shop's cards need the featured one's size and widths).
    const shop = await t.app.inject({ method: 'GET', url: '/api/shop?page=1' });
    const listed = (shop.json().data as Product[]).find((p) => p.sku === 'ROTOR-1');
    expect(listed?.images).toEqual(rotor.images);
    const search = await t.app.inject({ method: 'GET', url: '/api/search-product?search=rotor' });
    expect((search.json().data as Product[])[0]?.images).toEqual(rotor.images);
    // The cart reads the database (not the read model): the same pictures.
    const cart = await t.app.inject({ method: 'GET', url: `/api/cart-products?ids=${rotor.id}` });
    expect((cart.json().data as Product[])[0]?.images).toEqual(rotor.images);

    // What the table keeps.
    const [row] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.sku, 'ROTOR-1'));
    const rows = await t.database.db
      .select({
        path: productImages.path,
        width: productImages.width,
        height: productImages.height,
        widths: productImages.variantWidths,
      })
      .from(productImages)
      .where(eq(productImages.productId, row?.id ?? 0))
      .orderBy(asc(productImages.position));
    expect(rows).toEqual([
      { path: 'products/rotor.jpg', width: 1500, height: 1000, widths: [160, 320, 640, 960, 1280] },
      { path: 'products/pad.png', width: 500, height: 300, widths: [160, 320] },
    ]);
  });

  it('keeps a picture it cannot read, without a size, as a warning; a picture under 160 px gets no copies', async () => {
    const report = await importIt();
    expect(report.blocked).toBe(false);
    expect(report.warnings).toEqual([
      expect.stringMatching(
        /^line 4: image "broken\.jpg" could not be read as an image \(.+\); product imported with it, without its size or smaller copies$/,
      ),
    ]);
    expect((await product('BROKEN-1')).images).toEqual([
      { path: 'products/broken.jpg', width: null, height: null, widths: [] },
      { path: 'products/tiny.webp', width: 120, height: 90, widths: [] },
    ]);
  });

  it('does not make the copies again on a re-import, and makes them again for a replaced picture', async () => {
    await importIt();
    const before = await variantFiles();
    await new Promise((r) => setTimeout(r, 20));

    const again = await importIt();
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect(await variantFiles()).toEqual(before);

    // A new, narrower photo under the same name: new copies (none wider than it), and its product is rewritten.
    await writeFile(path.join(imagesDir, 'rotor.jpg'), await picture(700, 700, 'jpeg'));
    const replaced = await importIt();
    expect(replaced).toMatchObject({ updated: 1, unchanged: 2 });
    expect((await product('ROTOR-1')).images[0]).toEqual({
      path: 'products/rotor.jpg',
      width: 700,
      height: 700,
      widths: [160, 320, 640],
    });
    const after = await variantFiles();
    for (const w of [160, 320, 640]) {
      expect(after.get(`rotor.jpg-${w}w.webp`)).toBeGreaterThan(
        before.get(`rotor.jpg-${w}w.webp`) ?? Infinity,
      );
      const meta = await sharp(
        path.join(mediaDir, productImageVariantPath('products/rotor.jpg', w)),
      ).metadata();
      expect([meta.width, meta.height]).toEqual([w, w]);
    }
    // The pad's copies were left alone.
    expect(after.get('pad.png-320w.webp')).toBe(before.get('pad.png-320w.webp'));
  });

  it('makes a copy again when it is older than its picture', async () => {
    await importIt();
    const copy = path.join(mediaDir, productImageVariantPath('products/pad.png', 160));
    const old = new Date(Date.now() - 3_600_000);
    await utimes(copy, old, old);
    const preparer = createImagePreparer({ media: mediaStore() });
    expect(await preparer.prepare('products/pad.png')).toEqual({
      width: 500,
      height: 300,
      widths: [160, 320],
    });
    expect(preparer.stats).toEqual({ measured: 1, copiesWritten: 1, copiesKept: 1 });
    expect((await stat(copy)).mtimeMs).toBeGreaterThan(old.getTime());
  });

  it('turns an EXIF-rotated photo upright: its size is the size it is shown at', async () => {
    const sideways = await sharp(await picture(400, 200, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    await mkdir(path.join(mediaDir, 'products'), { recursive: true });
    await writeFile(path.join(mediaDir, 'products/sideways.jpg'), sideways);
    const prepared = await createImagePreparer({ media: mediaStore() }).prepare('products/sideways.jpg');
    expect(prepared).toEqual({ width: 200, height: 400, widths: [160] });
    const copy = await sharp(path.join(mediaDir, 'products/variants/sideways.jpg-160w.webp')).metadata();
    expect([copy.width, copy.height]).toEqual([160, 320]);
  });

  it('measures and copies downloaded pictures too', async () => {
    const jpeg = await picture(800, 600, 'jpeg');
    const server = http.createServer((req, res) => {
      if (req.url === '/photo.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
      else res.writeHead(404).end();
    });
    const port = await listenOnFreePort(server);
    try {
      const csv = [
        'ID,Type,SKU,Name,Published,Regular price,Stock,Images',
        `1,simple,DL-1,Downloaded Lamp,1,10.00,3,http://127.0.0.1:${port}/photo.jpg`,
      ].join('\n');
      const report = await importCatalog({
        db: t.database.db,
        csv,
        media: mediaStore(),
        downloadImages: { allowPrivateHosts: true, timeoutMs: 2_000, backoffMs: 10 },
      });
      expect(report.warnings).toEqual([]);
      const [image] = (await product('DL-1')).images;
      expect(image).toEqual({
        path: expect.stringMatching(/^products\/photo-[0-9a-f]{10}\.jpg$/),
        width: 800,
        height: 600,
        widths: [160, 320, 640],
      });
      const name = path.basename(image?.path ?? '');
      expect([...(await variantFiles()).keys()].filter((f) => f.startsWith(name))).toEqual([
        `${name}-160w.webp`,
        `${name}-320w.webp`,
        `${name}-640w.webp`,
      ]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

/** Listens on the first free port of 4200-4299 (the ports these tests may use). */
async function listenOnFreePort(server: http.Server): Promise<number> {
  for (let port = 4200; port < 4300; port++) {
    const ok = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false);
      server.once('error', onError);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', onError);
        resolve(true);
      });
    });
    if (ok) return port;
  }
  throw new Error('no free port in 4200-4299');
}
