import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf, type DatabaseHandle } from '../../db/client';
import {
  brands,
  categories,
  childCategories,
  productDiscounts,
  permalinkRedirects,
  productImages,
  products,
} from '../../db/schema';
import { createTestDatabase } from '../../../tests/test-db';
import { readCatalogVersion } from '../catalog/catalog-version';
import { generateCatalogCsv } from './generate-catalog-csv';
import { importCatalog } from './import-catalog';
import { createLocalFileStore } from '../../storage/local-file-store';

const FIXTURES = fileURLToPath(new URL('../../../tests/fixtures/', import.meta.url));
const IMAGES = path.join(FIXTURES, 'images');
const fixture = (name: string) => readFile(path.join(FIXTURES, name), 'utf8');
const NOW = new Date('2025-06-01T00:00:00Z');

let handle: DatabaseHandle;
let mediaDir: string;
/** The media folder as the importer's store. */
const mediaStore = () => createLocalFileStore({ root: mediaDir });

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.execute(
    sql`TRUNCATE product_images, product_discounts, products, child_categories, categories, brands, permalink_redirects RESTART IDENTITY CASCADE`,
  );
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'catalog-import-media-'));
});
afterEach(() => rm(mediaDir, { recursive: true, force: true }));

const db = () => handle.db;
const productBySku = async (sku: string) => {
  const [row] = await db().select().from(products).where(eq(products.sku, sku));
  if (!row) throw new Error(`no product ${sku}`);
  return row;
};
const count = async (table: typeof products | typeof categories | typeof brands) =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
  )[0]?.n;

describe('importCatalog: a taxonomy renamed in the back office (issue 36, decision 0050)', () => {
  it('re-importing an old export finds the renamed category and brand by their old addresses and new names', async () => {
    const csv = await fixture('shopify-2024.csv');
    await importCatalog({ db: db(), csv, media: mediaStore(), now: NOW });
    const [cat] = await db().select().from(categories).orderBy(asc(categories.id)).limit(1);
    const [brand] = await db().select().from(brands).orderBy(asc(brands.id)).limit(1);
    if (!cat || !brand) throw new Error('the sample has a category and a brand');
    const before = { categories: await count(categories), brands: await count(brands) };
    // As the back office renames with a new address: the new title and address, the old address recorded.
    await db()
      .update(categories)
      .set({ title: `${cat.title} Renamed`, sku: `${cat.sku}-renamed`, permalink: `${cat.sku}-renamed` })
      .where(eq(categories.id, cat.id));
    await db()
      .update(brands)
      .set({ title: `${brand.title} Renamed`, permalink: `${brand.permalink}-renamed` })
      .where(eq(brands.id, brand.id));
    await db()
      .insert(permalinkRedirects)
      .values([
        { kind: 'category', oldValue: cat.sku, targetId: cat.id },
        { kind: 'brand', oldValue: brand.permalink, targetId: brand.id },
      ]);

    await importCatalog({ db: db(), csv, media: mediaStore(), now: NOW });
    expect({ categories: await count(categories), brands: await count(brands) }).toEqual(before);
    const inCategory = await db().select().from(products).where(eq(products.categoryId, cat.id));
    expect(inCategory.length).toBeGreaterThan(0);
  });
});

describe('importCatalog: WooCommerce sample', () => {
  it('imports the sample, then re-importing it changes nothing', async () => {
    const csv = await fixture('woocommerce-sample-products.csv');
    const first = await importCatalog({ db: db(), csv, media: mediaStore(), now: NOW });
    expect(first).toMatchObject({
      format: 'woocommerce',
      created: 20,
      updated: 0,
      unchanged: 0,
      rejected: 0,
      skipped: 4,
      blocked: false,
    });
    expect(first.rejections).toEqual([]);
    // Its images are URLs the store cannot fetch and no --images folder was given: warnings, not failures.
    expect(first.warnings).toHaveLength(20);
    expect(first.warnings).toContain(
      'line 5: image "beanie.png" not found (no images folder was given); product imported without it',
    );
    expect(await count(products)).toBe(20);
    const beanieBefore = await productBySku('cc-beanie');

    const second = await importCatalog({ db: db(), csv, media: mediaStore(), now: NOW });
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 20, rejected: 0, skipped: 4 });
    expect((await productBySku('cc-beanie')).updatedAt).toEqual(beanieBefore.updatedAt);
  });

  it('changing one price updates exactly that product', async () => {
    const csv = await fixture('woocommerce-sample-products.csv');
    await importCatalog({ db: db(), csv, media: mediaStore(), now: NOW });
    const before = await productBySku('cc-belt');
    // Belt (line 6): regular 65 -> 69, sale stays 55.
    const changed = csv.replace(',55,65,Clothing > Accessories', ',55,69,Clothing > Accessories');
    expect(changed).not.toBe(csv);
    const report = await importCatalog({ db: db(), csv: changed, media: mediaStore(), now: NOW });
    expect(report).toMatchObject({ created: 0, updated: 1, unchanged: 19 });
    const after = await productBySku('cc-belt');
    expect(after.priceCents).toBe(6900);
    expect(after.id).toBe(before.id);
    expect(after.createdAt).toEqual(before.createdAt);
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
    expect(after.importHash).not.toBe(before.importHash);
    const [discount] = await db()
      .select()
      .from(productDiscounts)
      .where(eq(productDiscounts.productId, after.id));
    expect(discount).toMatchObject({ discountType: 1, discountValue: 1400 });
  });

  it('creates categories in order of appearance and child categories under them', async () => {
    await importCatalog({
      db: db(),
      csv: await fixture('woocommerce-sample-products.csv'),
      media: mediaStore(),
      now: NOW,
    });
    const cats = await db().select().from(categories).orderBy(asc(categories.position));
    expect(cats.map((c) => [c.title, c.sku, c.permalink, c.position])).toEqual([
      ['Clothing', 'clothing', 'clothing', 0],
      ['Music', 'music', 'music', 1],
    ]);
    const children = await db().select().from(childCategories).orderBy(asc(childCategories.position));
    expect(children.map((c) => [c.childTitle, c.childSku, c.position])).toEqual([
      ['Hoodies', 'hoodies', 0],
      ['Accessories', 'accessories', 1],
      ['Tshirts', 'tshirts', 2],
    ]);
    const hoodie = await productBySku('cc-hoodie-red');
    expect(hoodie.categoryId).toBe(cats[0]?.id);
    expect(hoodie.childCategoryId).toBe(children[0]?.id);
    expect(hoodie.searchCategory).toBe('Clothing Hoodies');
  });
});

describe('importCatalog: bad rows', () => {
  it('imports nothing when a row is rejected, and lists every rejection', async () => {
    const report = await importCatalog({
      db: db(),
      csv: await fixture('woocommerce-bad-rows.csv'),
      media: mediaStore(),
      now: NOW,
    });
    expect(report).toMatchObject({
      blocked: true,
      created: 0,
      updated: 0,
      unchanged: 0,
      rejected: 6,
      skipped: 0,
    });
    expect(report.rejections.map((r) => `${r.line} ${r.column}`)).toEqual([
      '3 Regular price',
      '6 SKU',
      '7 SKU',
      '8 Parent',
      '9 Stock',
      '10 Regular price',
    ]);
    expect(await count(products)).toBe(0);
    expect(await count(categories)).toBe(0);
  });

  it('imports the good rows with skipInvalid, still reporting the bad ones', async () => {
    const report = await importCatalog({
      db: db(),
      csv: await fixture('woocommerce-bad-rows.csv'),
      media: mediaStore(),
      skipInvalid: true,
      now: NOW,
    });
    expect(report).toMatchObject({ blocked: false, created: 3, rejected: 6 });
    expect(report.rejections).toHaveLength(6);
    const skus = (await db().select({ sku: products.sku }).from(products).orderBy(asc(products.sku))).map(
      (p) => p.sku,
    );
    expect(skus).toEqual(['GOOD-1', 'GOOD-2', 'GOOD-3']);
    // The duplicate on line 7 did not overwrite the first GOOD-1.
    expect((await productBySku('GOOD-1')).title).toBe('Good One');
  });
});

describe('importCatalog: Shopify, images, discounts, HTML', () => {
  it('copies images from the images folder, stores them in order, and warns about missing ones', async () => {
    const report = await importCatalog({
      db: db(),
      csv: await fixture('shopify-legacy.csv'),
      imagesDir: IMAGES,
      media: mediaStore(),
    });
    expect(report).toMatchObject({ format: 'shopify-legacy', created: 4, skipped: 1, rejected: 0 });
    expect(report.warnings).toEqual([
      `line 8: image "tow-strap.jpg" not found in ${IMAGES}; product imported without it`,
    ]);
    const rear = await productBySku('BP-REAR');
    const images = await db()
      .select({ path: productImages.path, isFeatured: productImages.isFeatured })
      .from(productImages)
      .where(eq(productImages.productId, rear.id))
      .orderBy(asc(productImages.position));
    expect(images).toEqual([
      { path: 'products/pad-rear.png', isFeatured: true },
      { path: 'products/pad-front.png', isFeatured: false },
      { path: 'products/pad-box.png', isFeatured: false },
    ]);
    expect(await readFile(path.join(mediaDir, 'products/pad-rear.png'))).toEqual(
      await readFile(path.join(IMAGES, 'pad-rear.png')),
    );
    const strap = await productBySku('tow-strap');
    expect(await db().select().from(productImages).where(eq(productImages.productId, strap.id))).toEqual([]);
  });

  it('skips copying an identical image, replaces a different one, and re-imports as unchanged', async () => {
    const csv = await fixture('shopify-legacy.csv');
    await importCatalog({ db: db(), csv, imagesDir: IMAGES, media: mediaStore() });
    const front = path.join(mediaDir, 'products/pad-front.png');
    const box = path.join(mediaDir, 'products/pad-box.png');
    const frontMtime = (await stat(front)).mtimeMs;
    await writeFile(box, 'not the same picture');
    await new Promise((r) => setTimeout(r, 20));

    const again = await importCatalog({ db: db(), csv, imagesDir: IMAGES, media: mediaStore() });
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 4 });
    expect((await stat(front)).mtimeMs).toBe(frontMtime);
    expect(await readFile(box)).toEqual(await readFile(path.join(IMAGES, 'pad-box.png')));

    // Without the images folder, images already in the media folder are still used.
    const withoutFolder = await importCatalog({ db: db(), csv, media: mediaStore() });
    expect(withoutFolder).toMatchObject({ created: 0, updated: 0, unchanged: 4 });
  });

  it('stores percent and fixed discounts, and removes a discount that is gone', async () => {
    const csv = await fixture('shopify-legacy.csv');
    await importCatalog({ db: db(), csv, imagesDir: IMAGES, media: mediaStore() });
    const discountOf = async (sku: string) => {
      const p = await productBySku(sku);
      return db()
        .select({ type: productDiscounts.discountType, value: productDiscounts.discountValue })
        .from(productDiscounts)
        .where(eq(productDiscounts.productId, p.id));
    };
    // 72.00 was 80.00: exactly 10% off. 89.95 was 99.95: $10 off, not a whole percent.
    expect(await discountOf('BP-REAR')).toEqual([{ type: 0, value: 10 }]);
    expect(await discountOf('BP-FRONT')).toEqual([{ type: 1, value: 1000 }]);
    expect(await discountOf('H4-100')).toEqual([]);

    const noSale = csv.replace(',72.00,80.00,', ',72.00,,');
    const report = await importCatalog({ db: db(), csv: noSale, imagesDir: IMAGES, media: mediaStore() });
    expect(report).toMatchObject({ updated: 1, unchanged: 3 });
    expect(await discountOf('BP-REAR')).toEqual([]);
    // Replacing a product's rows keeps its images.
    const rear = await productBySku('BP-REAR');
    expect(await db().select().from(productImages).where(eq(productImages.productId, rear.id))).toHaveLength(
      3,
    );
  });

  it('stores sanitised HTML, brands and search columns', async () => {
    await importCatalog({
      db: db(),
      csv: await fixture('shopify-legacy.csv'),
      imagesDir: IMAGES,
      media: mediaStore(),
    });
    const front = await productBySku('BP-FRONT');
    expect(front.longDescription).toContain('<p>Quiet, low-dust pads.</p>');
    expect(front.longDescription).not.toMatch(/<script|onerror|onclick|javascript:/);
    expect(front).toMatchObject({
      searchBrand: 'Bendix',
      searchCategory: 'Brakes Brake Pads',
      isFeatured: true,
      stock: 14,
    });
    const brandRows = await db()
      .select({ title: brands.title, permalink: brands.permalink })
      .from(brands)
      .orderBy(asc(brands.id));
    expect(brandRows).toEqual([
      { title: 'Bendix', permalink: 'bendix' },
      { title: 'Narva', permalink: 'narva' },
      { title: 'Ironman 4x4', permalink: 'ironman-4x4' },
    ]);
  });

  it('imports the 2024 header format', async () => {
    const report = await importCatalog({
      db: db(),
      csv: await fixture('shopify-2024.csv'),
      imagesDir: IMAGES,
      media: mediaStore(),
    });
    expect(report).toMatchObject({ format: 'shopify-2024', created: 4, skipped: 2, rejected: 0 });
    const oil = await productBySku('OIL-5W30-5L');
    expect(oil).toMatchObject({
      priceCents: 6490,
      stock: 12,
      weightGrams: 4700,
      badge: 'Best seller',
      searchCategory: 'Engine Oils',
    });
  });
});

describe('importCatalog: matching existing data', () => {
  const woo = (...rows: string[]) => ['Type,SKU,Name,Regular price,Categories,Brands', ...rows].join('\n');

  it('reuses existing categories (keeping their position) and brands, and avoids child SKU clashes', async () => {
    const [engine] = await db()
      .insert(categories)
      .values({ title: 'Engine', sku: 'engine', permalink: 'engine', position: 5 })
      .returning();
    await db().insert(brands).values({ title: 'NGK Spark Plugs', permalink: 'ngk' });
    const report = await importCatalog({
      db: db(),
      csv: woo(
        'simple,A,Brake Kit,10,Brakes > Accessories,NGK',
        'simple,B,Engine Kit,10,engine > Accessories,ngk',
      ),
      media: mediaStore(),
    });
    expect(report.created).toBe(2);
    const cats = await db().select().from(categories).orderBy(asc(categories.position));
    expect(cats.map((c) => [c.title, c.position])).toEqual([
      ['Engine', 5],
      ['Brakes', 6],
    ]);
    const children = await db().select().from(childCategories).orderBy(asc(childCategories.id));
    expect(children.map((c) => [c.categoryId === engine?.id ? 'Engine' : 'Brakes', c.childSku])).toEqual([
      ['Brakes', 'accessories'],
      ['Engine', 'engine-accessories'],
    ]);
    expect(await count(brands)).toBe(1);
    expect(await productBySku('B')).toMatchObject({
      categoryId: engine?.id,
      searchBrand: 'NGK Spark Plugs',
      searchCategory: 'Engine Accessories',
    });
  });

  it('matches SKUs case-insensitively', async () => {
    await importCatalog({ db: db(), csv: woo('simple,abc-1,Widget,10,,'), media: mediaStore() });
    const report = await importCatalog({
      db: db(),
      csv: woo('simple,ABC-1,Widget,12,,'),
      media: mediaStore(),
    });
    expect(report).toMatchObject({ created: 0, updated: 1 });
    expect(await count(products)).toBe(1);
    expect(await productBySku('ABC-1')).toMatchObject({ priceCents: 1200 });
  });

  it('gives a new product another permalink when a product outside the file holds it', async () => {
    await db()
      .insert(products)
      .values({ sku: 'OTHER', title: 'Oil Filter', permalink: 'oil-filter', priceCents: 100 });
    const report = await importCatalog({
      db: db(),
      csv: woo('simple,OF-1,Oil Filter,10,,'),
      media: mediaStore(),
    });
    expect(report.warnings).toEqual([
      'line 2: permalink "oil-filter" belongs to product "OTHER", which is not in this file; using "oil-filter-of-1"',
    ]);
    expect((await productBySku('OF-1')).permalink).toBe('oil-filter-of-1');
  });

  it('lets two products of the file swap permalinks', async () => {
    await importCatalog({
      db: db(),
      csv: woo('simple,A,Alpha,10,,', 'simple,B,Beta,10,,'),
      media: mediaStore(),
    });
    const report = await importCatalog({
      db: db(),
      csv: woo('simple,A,Beta,10,,', 'simple,B,Alpha,10,,'),
      media: mediaStore(),
    });
    expect(report).toMatchObject({ updated: 2 });
    expect((await productBySku('A')).permalink).toBe('beta');
    expect((await productBySku('B')).permalink).toBe('alpha');
  });

  it('leaves the catalog as it was when the database fails part way', async () => {
    await importCatalog({ db: db(), csv: woo('simple,KEEP,Keep Me,10,Brakes,'), media: mediaStore() });
    const version = await readCatalogVersion(db());
    await db().execute(sql`
      CREATE OR REPLACE FUNCTION fail_on_boom() RETURNS trigger AS $$
      BEGIN IF NEW.sku = 'BOOM' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await db().execute(
      sql`CREATE TRIGGER fail_on_boom BEFORE INSERT ON products FOR EACH ROW EXECUTE FUNCTION fail_on_boom()`,
    );
    try {
      await expect(
        importCatalog({
          db: db(),
          csv: woo(
            'simple,KEEP,Keep Me,99,Brakes,',
            'simple,NEW,New One,10,Engine,Bosch',
            'simple,BOOM,Boom,10,,',
          ),
          media: mediaStore(),
        }),
      ).rejects.toThrow(/boom|Failed query/);
    } finally {
      await db().execute(sql`DROP TRIGGER fail_on_boom ON products`);
    }
    expect(await count(products)).toBe(1);
    expect((await productBySku('KEEP')).priceCents).toBe(1000);
    expect((await db().select().from(categories)).map((c) => c.title)).toEqual(['Brakes']);
    expect(await count(brands)).toBe(0);
    // The version bump rolled back with the rest: nobody is told of a catalog that did not change.
    expect(await readCatalogVersion(db())).toBe(version);
  });

  it('bumps the catalog version when it writes, and only then', async () => {
    const before = await readCatalogVersion(db());
    const csv = woo('simple,V-1,Valve,10,Engine,Bosch', 'simple,V-2,Valve Seal,4,Engine,Bosch');
    await importCatalog({ db: db(), csv, media: mediaStore() });
    expect(await readCatalogVersion(db())).toBe(before + 1);
    // Nothing changed: no reload for every instance's read model.
    expect(await importCatalog({ db: db(), csv, media: mediaStore() })).toMatchObject({ unchanged: 2 });
    expect(await readCatalogVersion(db())).toBe(before + 1);
    // Rejected rows block the import: nothing written, nothing announced.
    const blocked = await importCatalog({
      db: db(),
      csv: woo('simple,V-3,Valve Cap,abc,,'),
      media: mediaStore(),
    });
    expect(blocked.blocked).toBe(true);
    expect(await readCatalogVersion(db())).toBe(before + 1);
    await importCatalog({ db: db(), csv: csv.replace(',4,', ',5,'), media: mediaStore() });
    expect(await readCatalogVersion(db())).toBe(before + 2);
  });

  it('reports progress while it checks the rows, then while it writes them, several thousand at a time', async () => {
    const csv = generateCatalogCsv({ count: 6000, seed: 5 });
    const checked: number[] = [];
    const written: number[] = [];
    const report = await importCatalog({
      db: db(),
      csv,
      media: mediaStore(),
      onCheckProgress: (done, total) => {
        expect(total).toBe(6000);
        checked.push(done);
      },
      onProgress: (done) => written.push(done),
    });
    expect(report).toMatchObject({ created: 6000, rejected: 0 });
    expect(checked).toEqual([0, 1000, 2000, 3000, 4000, 5000, 6000, 6000]);
    // Written in more than one statement (500 products each on PGlite, 5,000 on PostgreSQL: 0, 5000, 6000), each
    // product with its own id, discount and category.
    expect(new Set(written).size).toBeGreaterThan(2);
    expect(written.at(-1)).toBe(6000);
    const joined = rowsOf<{ n: number }>(
      await db().execute(sql`
        SELECT count(*)::int AS n FROM products p
        JOIN child_categories c ON c.id = p.child_category_id AND c.category_id = p.category_id
        JOIN brands b ON b.id = p.brand_id AND b.title = p.search_brand`),
    );
    expect(joined[0]?.n).toBe(6000);
    const discounted = rowsOf<{ n: number }>(
      await db().execute(sql`SELECT count(*)::int AS n FROM product_discounts`),
    );
    expect(discounted[0]?.n).toBeGreaterThan(500);
    // 6,000 products checked and written on embedded PGlite: 10-30 s on a quiet 2-core machine, more on a busy one;
    // a slow machine should make the run slower, not red.
  }, 120_000);

  it('writes a generated catalog larger than one batch, and re-imports it unchanged', async () => {
    const csv = generateCatalogCsv({ count: 1200, seed: 7 });
    const progress: number[] = [];
    const first = await importCatalog({
      db: db(),
      csv,
      media: mediaStore(),
      onProgress: (done) => progress.push(done),
    });
    expect(first).toMatchObject({ created: 1200, rejected: 0, skipped: 0 });
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1200);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(await count(products)).toBe(1200);
    expect(await count(categories)).toBe(8);
    expect(
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(childCategories),
    ).toEqual([{ n: 24 }]);
    // Decision 0083: the planner has statistics of what the import wrote, the stock rows its trigger wrote included.
    for (const table of ['products', 'location_stock']) {
      const rows = rowsOf<{ reltuples: number; counted: number }>(
        await db().execute(
          sql`SELECT c.reltuples::float8 AS reltuples, (SELECT count(*) FROM ${sql.identifier(table)})::int AS counted
            FROM pg_class c WHERE c.relname = ${table}`,
        ),
      );
      expect(rows[0]?.counted, table).toBeGreaterThan(0);
      expect(rows[0]?.reltuples, table).toBe(rows[0]?.counted);
    }
    const second = await importCatalog({ db: db(), csv, media: mediaStore() });
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 1200 });
  });
});
