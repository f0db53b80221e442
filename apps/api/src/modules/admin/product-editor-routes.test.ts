/**
 * The product editor (issue 36 §1): create with every field the shop shows, per-field validation that writes
 * nothing, the version check (a stale save answers 409 and writes nothing; saves sent at once: exactly one wins),
 * archive (out of the shop, search, listings and sitemaps; still in the back office), duplicate, picture uploads
 * (sniffed by their bytes, size-limited, through the import's WebP pipeline), and who may use it.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_EDITOR_MESSAGES as M, type EditorProductAnswer } from '@store/shared/admin-product-editor';
import type { Product } from '@store/shared/product';
import { productImageVariantPath } from '@store/shared/product-image';
import { VEHICLE_CSV_COLUMNS } from '@store/shared/vehicle';
import { auditLog, categories, childCategories, brands, products } from '../../db/schema';
import { injectAtOnce, statusCounts } from '../../../tests/concurrency';
import { seedCatalog } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { bearer, seedCustomer, seedStaff } from '../../../tests/seeders';
import { importVehicles } from '../vehicles/import-vehicles';

const VEHICLES = [
  VEHICLE_CSV_COLUMNS.join(','),
  'Toyota,HiLux,GUN126R,SR5,2015,7,,,Ute,1GD-FTV,2.8,Diesel,130,4WD',
  'Ford,Ranger,PX2,XLT,2015,6,2018,5,Ute,P5AT,3.2,Diesel,147,4WD',
].join('\n');

let t: TestApp;
let admin = '';
let staff = '';
let customer = '';
let hilux = 0;
let ranger = 0;
let category = { id: 0, childId: 0, otherChildId: 0 };
let brandId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await seedCatalog(db);
  await importVehicles(db, VEHICLES);
  admin = (await seedStaff(t, { email: 'editor.admin@example.com', role: 'admin' })).token;
  staff = (await seedStaff(t, { email: 'editor.staff@example.com', role: 'staff' })).token;
  customer = (await seedCustomer(t, { email: 'editor.shopper@example.com' })).token;
  const vehicleId = async (make: string, model: string) =>
    (await t.app.inject({ url: `/api/vehicles?make=${make}&model=${model}&year=2016` })).json<{
      data: { id: number }[];
    }>().data[0]?.id ?? 0;
  hilux = await vehicleId('Toyota', 'HiLux');
  ranger = await vehicleId('Ford', 'Ranger');
  const [batteries] = await db.select().from(categories).where(eq(categories.sku, 'batteries'));
  const children = await db.select().from(childCategories);
  const [brand] = await db.select().from(brands).where(eq(brands.permalink, 'voltcore'));
  category = {
    id: batteries?.id ?? 0,
    childId: children.find((c) => c.childSku === 'deep-cycle')?.id ?? 0,
    otherChildId: children.find((c) => c.childSku === 'socket-sets')?.id ?? 0,
  };
  brandId = brand?.id ?? 0;
});
afterAll(() => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token: string | null = admin) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

function multipartForm(content: Buffer, type = 'image/png', name = 'photo.png') {
  const boundary = '----editortest' + Math.random().toString(16).slice(2);
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(admin) },
  };
}

async function png(colour: string, width = 700): Promise<Buffer> {
  return sharp({ create: { width, height: 500, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function uploadPicture(colour: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/product-images',
    ...multipartForm(await png(colour)),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ path: string }>().path;
}

function fullBody(over: Record<string, unknown> = {}) {
  return {
    title: 'Heavy Duty Deep Cycle Battery 120Ah',
    sku: 'ED-BATT-120',
    short_description: 'A deep cycle battery for campers.',
    long_description: '<h1>Power</h1><p>Lasts <strong>all weekend</strong>.</p><script>alert(1)</script>',
    category_id: category.id,
    child_category_id: category.childId,
    brand_id: brandId,
    price: '329.95',
    sale_price: '299.95',
    stock: 12,
    weight_grams: 32_000,
    // Issue 41: a battery is a Class 8 dangerous good.
    dangerous_goods_class: '8',
    length_mm: 330,
    width_mm: 172,
    height_mm: 240,
    reorder_level: 3,
    part_numbers: ['DC-120 AH', 'N70ZZ'],
    fitments: [
      { vehicle_id: hilux, position: 'Tray', notes: 'with dual battery tray' },
      { vehicle_id: ranger, position: '', notes: '' },
    ],
    seo_title: 'Deep cycle battery 120Ah',
    seo_description: 'Buy a 120Ah deep cycle battery.',
    is_featured: true,
    ...over,
  };
}

async function productCount() {
  return (await t.database.db.select({ n: count() }).from(products))[0]?.n ?? 0;
}

describe('who may use the editor', () => {
  it.each([
    ['GET', '/api/admin/product-taxonomy'],
    ['POST', '/api/admin/products'],
    ['PUT', '/api/admin/products/ED-BATT-120'],
    ['POST', '/api/admin/products/ED-BATT-120/archive'],
  ] as const)('%s %s: 401 without a token, 403 for a customer and for staff', async (method, url) => {
    const body =
      method === 'GET'
        ? undefined
        : url.endsWith('/archive')
          ? { version: 1 }
          : fullBody(method === 'PUT' ? { version: 1 } : {});
    expect((await api(method, url, body, null)).statusCode).toBe(401);
    expect((await api(method, url, body, customer)).statusCode).toBe(403);
    expect((await api(method, url, body, staff)).statusCode).toBe(403);
  });
});

describe('creating a product with every field', () => {
  let created: EditorProductAnswer;
  let pictures: string[] = [];

  it('answers 201 with every field as stored, the description sanitised, the permalink from the title', async () => {
    pictures = [await uploadPicture('#c00'), await uploadPicture('#00c')];
    const res = await api(
      'POST',
      '/api/admin/products',
      fullBody({ images: [{ path: pictures[0] }, { path: pictures[1], featured: true }] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    created = res.json<EditorProductAnswer>();
    expect(created.message).toBe(M.created('ED-BATT-120'));
    expect(created.data).toMatchObject({
      version: 1,
      archived_at: null,
      permalink: 'heavy-duty-deep-cycle-battery-120ah',
      price: '329.95',
      sale_price: '299.95',
      discount_percent: null,
      stock: 12,
      weight_grams: 32_000,
      dangerous_goods_class: '8',
      bulky: false,
      length_mm: 330,
      width_mm: 172,
      height_mm: 240,
      reorder_level: 3,
      part_numbers: ['DC-120 AH', 'N70ZZ'],
      category_id: category.id,
      child_category_id: category.childId,
      brand_id: brandId,
      is_featured: true,
      images: [
        { path: pictures[0], featured: false, width: 700, height: 500 },
        { path: pictures[1], featured: true, width: 700, height: 500 },
      ],
    });
    expect(created.data.long_description).toBe('<h2>Power</h2><p>Lasts <strong>all weekend</strong>.</p>');
    expect(created.data.fitments.map((f) => [f.vehicle_id, f.position, f.notes, f.source])).toEqual(
      expect.arrayContaining([
        [hilux, 'Tray', 'with dual battery tray', 'staff'],
        [ranger, '', '', 'staff'],
      ]),
    );
    expect(created.audit[0]).toMatchObject({ action: 'product.create' });
    // The import's pipeline made the WebP copies.
    const copy = path.join(t.app.config.mediaDir, productImageVariantPath(pictures[0] ?? '', 640));
    expect((await stat(copy)).isFile()).toBe(true);
  });

  it('is in the shop from the next request: by SKU, by part number however typed, in the vehicle listing', async () => {
    const product = await api('GET', '/api/products/ED-BATT-120', undefined, null);
    expect(product.statusCode).toBe(200);
    const p = product.json<{ data: Product }>().data;
    expect(p).toMatchObject({
      title: 'Heavy Duty Deep Cycle Battery 120Ah',
      part_numbers: ['DC-120 AH', 'N70ZZ'],
    });
    expect(JSON.stringify(p)).toContain('"329.95"');
    expect(p.featured_image).toBe(pictures[1]);
    const search = await api('GET', '/api/search-product?search=dc120ah', undefined, null);
    expect(search.json<{ data: Product[] }>().data[0]?.sku).toBe('ED-BATT-120');
    const shop = await api('GET', `/api/shop?vehicle=${ranger}&per_page=100`, undefined, null);
    expect(shop.json<{ data: Product[] }>().data.map((x) => x.sku)).toContain('ED-BATT-120');
  });

  it('keeps the permalink on a rename, bumps the version, and audits only what changed', async () => {
    const res = await api('PUT', '/api/admin/products/ED-BATT-120', {
      ...fullBody({ title: 'Deep Cycle Battery 120Ah AGM' }),
      images: created.data.images.map((i) => ({ path: i.path, featured: i.featured })),
      version: created.data.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<EditorProductAnswer>();
    expect(saved.data).toMatchObject({ version: 2, permalink: 'heavy-duty-deep-cycle-battery-120ah' });
    expect(saved.audit[0]).toMatchObject({
      action: 'product.update',
      before: { title: 'Heavy Duty Deep Cycle Battery 120Ah' },
      after: { title: 'Deep Cycle Battery 120Ah AGM' },
    });
    expect(Object.keys(saved.audit[0]?.after ?? {})).toEqual(['title']);
    created = saved;
  });
});

describe('validation names the field and writes nothing', () => {
  it.each([
    ['title', { title: '' }],
    ['sku', { sku: 'has space' }],
    ['price', { price: '12.345' }],
    ['sale_price', { sale_price: '400.00' }],
    ['discount_percent', { sale_price: null, discount_percent: 100 }],
    ['stock', { stock: -1 }],
    ['weight_grams', { weight_grams: 1.5 }],
    ['dangerous_goods_class', { dangerous_goods_class: '10' }],
    ['length_mm', { length_mm: 0 }],
    ['height_mm', { height_mm: 10_001 }],
    ['reorder_level', { reorder_level: -2 }],
    ['part_numbers.0', { part_numbers: ['--'] }],
    ['part_numbers.1', { part_numbers: ['DB1170', 'db-1170'] }],
    ['permalink', { permalink: 'Not A Slug' }],
    ['universal_fit', { universal_fit: true }],
    ['seo_title', { seo_title: 'x'.repeat(121) }],
  ])('%s', async (field, over) => {
    const before = await productCount();
    const res = await api('POST', '/api/admin/products', fullBody({ sku: 'ED-NEW-1', ...over }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ errors: { field: string }[] }>().errors.map((e) => e.field)).toContain(field);
    expect(await productCount()).toBe(before);
  });

  it.each([
    ['sku', { sku: 'ed-batt-120' }, M.skuTaken('ed-batt-120')],
    [
      'permalink',
      { permalink: 'heavy-duty-deep-cycle-battery-120ah' },
      M.permalinkTaken('heavy-duty-deep-cycle-battery-120ah'),
    ],
    ['category_id', { category_id: 999_999, child_category_id: null }, M.category],
    ['child_category_id', { child_category_id: 0 }, M.childCategory],
    ['brand_id', { brand_id: 999_999 }, M.brand],
    ['fitments.1.vehicle_id', { fitments: [{ vehicle_id: 1 }, { vehicle_id: 999_999 }] }, M.vehicle],
    ['images.0.path', { images: [{ path: '../../etc/passwd' }] }, M.image],
  ])('%s (checked against the database)', async (field, over, message) => {
    const body = fullBody({ sku: 'ED-NEW-2', ...over });
    if (field === 'child_category_id') body.child_category_id = category.otherChildId;
    if (field === 'fitments.1.vehicle_id')
      body.fitments = [
        { vehicle_id: hilux, position: '', notes: '' },
        { vehicle_id: 999_999, position: '', notes: '' },
      ];
    const before = await productCount();
    const res = await api('POST', '/api/admin/products', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ errors: { field: string; message: string }[] }>().errors).toContainEqual({
      field,
      message,
    });
    expect(await productCount()).toBe(before);
  });
});

describe('the version check', () => {
  async function current() {
    return (await api('GET', '/api/admin/products/ED-BATT-120/editor')).json<EditorProductAnswer>().data;
  }
  const saveBody = (p: EditorProductAnswer['data'], over: Record<string, unknown>) => ({
    ...fullBody({ title: p.title }),
    images: p.images.map((i) => ({ path: i.path, featured: i.featured })),
    version: p.version,
    ...over,
  });

  it('answers 409 to a save made against an older version, and writes nothing', async () => {
    const opened = await current();
    const first = await api('PUT', '/api/admin/products/ED-BATT-120', saveBody(opened, { stock: 40 }));
    expect(first.statusCode).toBe(200);
    const audits = (await t.database.db.select({ n: count() }).from(auditLog))[0]?.n;
    const stale = await api(
      'PUT',
      '/api/admin/products/ED-BATT-120',
      saveBody(opened, { stock: 1, title: 'Overwritten' }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: M.conflict });
    const after = await current();
    expect(after).toMatchObject({ stock: 40, version: opened.version + 1 });
    expect(after.title).not.toBe('Overwritten');
    expect((await t.database.db.select({ n: count() }).from(auditLog))[0]?.n).toBe(audits);
  });

  it('lets exactly one of several saves sent at once win', async () => {
    const opened = await current();
    const responses = await injectAtOnce(t.app, 6, (i) => ({
      method: 'PUT',
      url: '/api/admin/products/ED-BATT-120',
      headers: bearer(admin),
      payload: saveBody(opened, { stock: 100 + i }),
    }));
    expect(statusCounts(responses)).toEqual({ 200: 1, 409: 5 });
    const winner = responses.findIndex((r) => r.statusCode === 200);
    expect(await current()).toMatchObject({ stock: 100 + winner, version: opened.version + 1 });
  });
});

describe('archive', () => {
  it('takes the product out of the shop, search, listings and sitemap; the back office keeps it', async () => {
    const opened = (await api('GET', '/api/admin/products/ED-BATT-120/editor')).json<EditorProductAnswer>()
      .data;
    const stale = await api('POST', '/api/admin/products/ED-BATT-120/archive', {
      version: opened.version - 1,
    });
    expect(stale.statusCode).toBe(409);
    const res = await api('POST', '/api/admin/products/ED-BATT-120/archive', { version: opened.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EditorProductAnswer>().data.archived_at).not.toBeNull();

    expect((await api('GET', '/api/products/ED-BATT-120', undefined, null)).statusCode).toBe(404);
    const search = await api('GET', '/api/search-product?search=N70ZZ', undefined, null);
    expect(search.json<{ data: Product[] }>().data.map((p) => p.sku)).not.toContain('ED-BATT-120');
    const shop = await api('GET', `/api/shop?vehicle=${ranger}&per_page=100`, undefined, null);
    expect(shop.json<{ data: Product[] }>().data.map((p) => p.sku)).not.toContain('ED-BATT-120');
    const sitemap = await t.app.inject({
      url: '/product-sitemap.xml',
      headers: { accept: 'application/xml' },
    });
    expect(sitemap.body).not.toContain('heavy-duty-deep-cycle-battery-120ah');
    const list = await api('GET', '/api/admin/products?q=ED-BATT');
    expect(list.json<{ data: { sku: string }[] }>().data.map((p) => p.sku)).toContain('ED-BATT-120');

    const back = await api('POST', '/api/admin/products/ED-BATT-120/unarchive', {
      version: res.json<EditorProductAnswer>().data.version,
    });
    expect(back.statusCode).toBe(200);
    expect((await api('GET', '/api/products/ED-BATT-120', undefined, null)).statusCode).toBe(200);
  });
});

describe('duplicate', () => {
  it('copies every field as a new archived product', async () => {
    const res = await api('POST', '/api/admin/products/ED-BATT-120/duplicate');
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json<EditorProductAnswer>().data;
    expect(copy).toMatchObject({
      sku: 'ED-BATT-120-COPY',
      price: '329.95',
      part_numbers: ['DC-120 AH', 'N70ZZ'],
    });
    expect(copy.archived_at).not.toBeNull();
    expect(copy.fitments).toHaveLength(2);
    expect(copy.images).toHaveLength(2);
    expect((await api('GET', '/api/products/ED-BATT-120-COPY', undefined, null)).statusCode).toBe(404);
  });
});

describe('picture uploads', () => {
  it('refuses a file that is not a picture by its bytes, whatever it is called', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/product-images',
      ...multipartForm(Buffer.from('just some text, not a picture'), 'image/png', 'fake.png'),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ message: M.imageNotImage, errors: [{ field: 'file' }] });
  });

  it('refuses a picture over 10 MB', async () => {
    const big = Buffer.concat([await png('#0c0', 10), Buffer.alloc(11 * 1024 * 1024)]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/product-images',
      ...multipartForm(big),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: M.imageTooLarge });
  });
});
