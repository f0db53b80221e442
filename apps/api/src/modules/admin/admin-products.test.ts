/**
 * The back office's catalog editing (issue 12): the list (search, filters, sort, paging), one product with its
 * audit trail, and edits of price, sale, stock, featured and SEO fields — validated with messages a person can act
 * on, audited with only the changed fields, and visible on the storefront's next `/api/products/{sku}`. Admins
 * only: 401 without a token, 403 for a customer and for `staff`.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PRODUCT_MESSAGES as M } from '@store/shared/admin-products';
import type { Product } from '@store/shared/product';
import { auditLog, products } from '../../db/schema';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedCustomer, seedStaff } from '../../../tests/seeders';

let t: TestApp;
let adminToken = '';
let staffToken = '';
let customerToken = '';

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db);
  await seedProduct(t.database.db, {
    sku: 'EDIT-PADS',
    title: 'Edit Brake Pads',
    priceCents: 5_000,
    stock: 20,
  });
  await seedProduct(t.database.db, {
    sku: 'EDIT-LOW',
    title: 'Edit Low Stock Fuse',
    priceCents: 300,
    stock: 2,
  });
  await seedProduct(t.database.db, {
    sku: 'EDIT-SALE',
    title: 'Edit Sale Wipers',
    priceCents: 4_000,
    stock: null,
    discount: { type: 0, value: 25 },
  });
  adminToken = (await seedStaff(t, { email: 'catalog.admin@example.com', role: 'admin' })).token;
  staffToken = (await seedStaff(t, { email: 'catalog.staff@example.com', role: 'staff' })).token;
  customerToken = (await seedCustomer(t, { email: 'catalog.shopper@example.com' })).token;
});
afterAll(() => t.close());

const api = (method: 'GET' | 'PATCH', url: string, token: string | null = adminToken, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });

describe('who may edit the catalog', () => {
  it.each([
    ['GET', '/api/admin/products'],
    ['GET', '/api/admin/products/EDIT-PADS'],
    ['PATCH', '/api/admin/products/EDIT-PADS'],
  ] as const)('%s %s: 401 without a token, 403 for a customer and for staff', async (method, url) => {
    const body = method === 'PATCH' ? { stock: 1 } : undefined;
    expect((await api(method, url, null, body)).statusCode).toBe(401);
    expect((await api(method, url, customerToken, body)).statusCode).toBe(403);
    expect((await api(method, url, staffToken, body)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, 'EDIT-PADS'));
    expect(row).toBeUndefined();
  });
});

describe('GET /api/admin/products', () => {
  it('searches by SKU or title, filters low stock and featured, sorts and pages', async () => {
    const bySku = await api('GET', '/api/admin/products?q=edit-pa');
    expect(bySku.statusCode).toBe(200);
    expect(bySku.headers['cache-control']).toBe('no-store');
    expect(bySku.json()).toMatchObject({ total: 1, data: [{ sku: 'EDIT-PADS', price: '50.00', stock: 20 }] });
    const byTitle = await api('GET', '/api/admin/products?q=wipers');
    expect(byTitle.json().data[0]).toMatchObject({ sku: 'EDIT-SALE', price: '40.00', sale_price: '30.00' });

    const low = await api('GET', '/api/admin/products?low_stock=true&q=edit');
    expect(low.json().data.map((p: { sku: string }) => p.sku)).toEqual(['EDIT-LOW']);

    const byPrice = await api('GET', '/api/admin/products?q=edit&sort=price&direction=desc&per_page=2');
    expect(byPrice.json().total).toBe(3);
    expect(byPrice.json().data.map((p: { sku: string }) => p.sku)).toEqual(['EDIT-PADS', 'EDIT-SALE']);
    const page2 = await api('GET', '/api/admin/products?q=edit&sort=price&direction=desc&per_page=2&page=2');
    expect(page2.json().data.map((p: { sku: string }) => p.sku)).toEqual(['EDIT-LOW']);

    const bad = await api('GET', '/api/admin/products?low_stock=maybe');
    expect(bad.statusCode).toBe(400);
  });
});

describe('PATCH /api/admin/products/{sku}', () => {
  it('changes the price and the storefront shows it on the next request, with one audit row', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/products/EDIT-PADS' });
    const price = (p: Product) => p.product_meta.find((m) => m.option === '_price')?.value;
    expect(price(before.json().data as Product)).toBe('50.00');

    const res = await api('PATCH', '/api/admin/products/EDIT-PADS', adminToken, {
      price: '54.95',
      stock: 7,
      is_featured: true,
      seo_title: 'Brake pads for every car',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: M.saved('EDIT-PADS'),
      data: { price: '54.95', stock: 7, is_featured: true, seo_title: 'Brake pads for every car' },
    });

    const after = await t.app.inject({ method: 'GET', url: '/api/products/EDIT-PADS' });
    expect(price(after.json().data as Product)).toBe('54.95');
    expect(after.headers.etag).not.toBe(before.headers.etag);

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'product'), eq(auditLog.entityId, 'EDIT-PADS')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'product.update',
      before: { price_cents: 5_000, stock: 20, is_featured: false, seo_title: null },
      after: { price_cents: 5_495, stock: 7, is_featured: true, seo_title: 'Brake pads for every car' },
    });
    // Only what changed.
    expect(Object.keys(rows[0]?.after ?? {}).sort()).toEqual([
      'is_featured',
      'price_cents',
      'seo_title',
      'stock',
    ]);

    const detail = await api('GET', '/api/admin/products/edit-pads');
    expect(detail.json().audit).toHaveLength(1);
    expect(detail.json().audit[0]).toMatchObject({ action: 'product.update', staff_name: 'admin person' });
  });

  it('takes the shelf price inc. GST as typed: saved at 115.45, the shop serves _price 115.45 (issue 34 §7)', async () => {
    const res = await api('PATCH', '/api/admin/products/EDIT-PADS', adminToken, { price: '115.45' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ price: '115.45', sale_price: null });
    const [row] = await t.database.db.select().from(products).where(eq(products.sku, 'EDIT-PADS'));
    expect(row?.priceCents).toBe(11_545);
    const shop = (await t.app.inject({ method: 'GET', url: '/api/products/EDIT-PADS' })).json()
      .data as Product;
    expect(shop.product_meta.find((m) => m.option === '_price')?.value).toBe('115.45');
    // A sale price that is no whole percent off is a fixed amount off, inc. GST too: the shop shows it as typed.
    const sale = await api('PATCH', '/api/admin/products/EDIT-PADS', adminToken, { sale_price: '99.95' });
    expect(sale.json().data).toMatchObject({ price: '115.45', sale_price: '99.95', discount_percent: null });
    const onSale = (await t.app.inject({ method: 'GET', url: '/api/products/EDIT-PADS' })).json()
      .data as Product;
    expect(onSale.discount_data).toMatchObject({ discounted_price: '99.95', discount_type: 1 });
    await api('PATCH', '/api/admin/products/EDIT-PADS', adminToken, { sale_price: null });
  });

  it('puts a product on sale by sale price or percent, takes the sale off, and audits the discount', async () => {
    const sale = await api('PATCH', '/api/admin/products/EDIT-LOW', adminToken, { sale_price: '2.40' });
    expect(sale.json().data).toMatchObject({ sale_price: '2.40', discount_percent: 20 });
    const shop = await t.app.inject({ method: 'GET', url: '/api/products/EDIT-LOW' });
    expect(shop.json().data.discount_data).toMatchObject({ discounted_price: '2.40', discount_type: 0 });

    const fixed = await api('PATCH', '/api/admin/products/EDIT-LOW', adminToken, { sale_price: '2.45' });
    expect(fixed.json().data).toMatchObject({ sale_price: '2.45', discount_percent: null });
    const percent = await api('PATCH', '/api/admin/products/EDIT-LOW', adminToken, { discount_percent: 10 });
    expect(percent.json().data).toMatchObject({ sale_price: '2.70', discount_percent: 10 });
    const off = await api('PATCH', '/api/admin/products/EDIT-LOW', adminToken, { sale_price: null });
    expect(off.json().data).toMatchObject({ sale_price: null, discount_percent: null });
    const shopAfter = await t.app.inject({ method: 'GET', url: '/api/products/EDIT-LOW' });
    expect(shopAfter.json().data.discount_data).toBeNull();

    const trail = (await api('GET', '/api/admin/products/EDIT-LOW')).json().audit;
    expect(trail).toHaveLength(4);
    expect(trail[3]).toMatchObject({
      before: { discount: null, sale_price_cents: null },
      after: { discount: { type: 0, value: 20 }, sale_price_cents: 240 },
    });
  });

  it('refuses bad edits with a message naming the field, and changes nothing', async () => {
    const cases: [object, string, string][] = [
      [{ sale_price: '45.00' }, 'sale_price', M.saleAbovePrice('40.00')],
      [{ price: '10.00', sale_price: '12.00' }, 'sale_price', M.saleAbovePrice('the new price')],
      [{ stock: -1 }, 'stock', M.stock],
      [{ stock: 1.5 }, 'stock', M.stock],
      [{ price: '12.345' }, 'price', M.price],
      [{ price: 12.34 }, 'price', M.price],
      [{ price: '-3.00' }, 'price', M.price],
      [{ sale_price: '9.00', discount_percent: 10 }, 'discount_percent', M.saleAndPercent],
      [{ discount_percent: 100 }, 'discount_percent', M.percentOff],
      [{ seo_title: 'x'.repeat(121) }, 'seo_title', M.seoTitle],
      [{}, '', M.nothingToChange],
    ];
    for (const [body, field, message] of cases) {
      const res = await api('PATCH', '/api/admin/products/EDIT-SALE', adminToken, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const errors = (res.json() as { errors?: { field: string; message: string }[] }).errors ?? [];
      expect(errors, JSON.stringify(body)).toContainEqual({ field, message });
    }
    const unknown = await api('PATCH', '/api/admin/products/NOPE-NOPE', adminToken, { stock: 1 });
    expect(unknown.statusCode).toBe(404);
    const detail = (await api('GET', '/api/admin/products/EDIT-SALE')).json();
    expect(detail.data).toMatchObject({
      price: '40.00',
      sale_price: '30.00',
      discount_percent: 25,
      stock: null,
    });
    expect(detail.audit).toEqual([]);
  });

  it('answers "Nothing changed" without an audit row when the values are the same', async () => {
    const res = await api('PATCH', '/api/admin/products/EDIT-SALE', adminToken, {
      price: '40',
      discount_percent: 25,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.unchanged);
    expect(res.json().audit).toEqual([]);
  });
});
