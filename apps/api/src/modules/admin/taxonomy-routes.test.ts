/**
 * The back office's taxonomy (issue 36 §2, decision 0050): admins add, rename, reorder, retire and restore
 * categories, child categories and brands; a renamed address answers a 301 to the new one (page loads) and the shop
 * answer says where it moved (the web app); retired rows leave the menus, filters and sitemaps while their products
 * stay on sale; a name taken (any case) is refused naming the field and nothing is written; moves and renames sent
 * at the same moment leave one consistent order (PostgreSQL too, with TEST_DATABASE_URL).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, asc, count, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_TAXONOMY_MESSAGES as M,
  type AdminBrand,
  type AdminCategory,
} from '@store/shared/admin-taxonomy';
import { shopAnswerSchema, type CategoriesAnswer, type ShopAnswer } from '@store/shared/catalog-answers';
import { auditLog, brands, categories, permalinkRedirects } from '../../db/schema';
import { injectAtOnce, statusCounts } from '../../../tests/concurrency';
import { seedCatalog } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedStaff } from '../../../tests/seeders';
import { readCatalogVersion } from '../catalog/catalog-version';
import { productImageVariantPath } from '@store/shared/product-image';
import type { Brand } from '@store/shared/product';

let t: TestApp;
let adminToken = '';
let staffToken = '';

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db);
  adminToken = (await seedStaff(t, { email: 'taxonomy-admin@example.com', role: 'admin' })).token;
  staffToken = (await seedStaff(t, { email: 'taxonomy-staff@example.com', role: 'staff' })).token;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, payload?: object, token = adminToken) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

const tree = async (): Promise<AdminCategory[]> => (await call('GET', '/api/admin/categories')).json().data;
const categoryNamed = async (title: string): Promise<AdminCategory> => {
  const found = (await tree()).find((c) => c.title === title);
  if (!found) throw new Error(`no category ${title}`);
  return found;
};
const adminBrands = async (): Promise<AdminBrand[]> => (await call('GET', '/api/admin/brands')).json().data;
const brandNamed = async (title: string): Promise<AdminBrand> => {
  const found = (await adminBrands()).find((b) => b.title === title);
  if (!found) throw new Error(`no brand ${title}`);
  return found;
};
const publicCategories = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/categories' })).json<CategoriesAnswer>().data;
const shop = async (query: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/shop?${query}` })).json<ShopAnswer>();
const page = (url: string) => t.app.inject({ method: 'GET', url });
const auditRows = async (entityType: string) =>
  (await t.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entityType, entityType)))[0]
    ?.n ?? 0;

/** A multipart body with one picture in `file`, as a browser's FormData sends it. */
function form(file: { name: string; type: string; content: Buffer }) {
  const boundary = '----taxonomytest' + Math.random().toString(16).slice(2);
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('who may manage the taxonomy', () => {
  it('refuses staff and strangers', async () => {
    expect((await call('GET', '/api/admin/categories', undefined, staffToken)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/brands' })).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/categories', { title: 'Sneaky' }, staffToken)).statusCode).toBe(
      403,
    );
  });
});

describe('categories', () => {
  it('renames a category and its address: the old address answers a 301, the shop answer says where it moved', async () => {
    const batteries = await categoryNamed('Batteries');
    const versionBefore = await readCatalogVersion(t.database.db);
    // Asked for before the rename, so the store has this page built and kept (decision 0078).
    expect((await shop('page=1&category=batteries')).moved).toBeUndefined();
    const res = await call('PUT', `/api/admin/categories/${batteries.id}`, {
      title: 'Batteries & Power',
      sku: 'batteries-and-power',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(M.renamed('category', 'Batteries & Power', true));
    expect(await readCatalogVersion(t.database.db)).toBeGreaterThan(versionBefore);

    // The menu's list shows the new name and address from the very next request.
    const listed = (await publicCategories()).find((c) => c.id === batteries.id);
    expect(listed).toMatchObject({ title: 'Batteries & Power', sku: 'batteries-and-power' });

    // The shop under the new address lists the category's products; the old one says where it went.
    const now = await shop('page=1&category=batteries-and-power');
    expect(now.total).toBeGreaterThan(0);
    expect(now.moved).toBeUndefined();
    const old = await shop('page=1&category=batteries');
    expect(old.moved).toEqual({ category: 'batteries-and-power' });
    // The answer's bytes are what its documented schema says.
    expect(shopAnswerSchema.parse(old).moved).toEqual({ category: 'batteries-and-power' });

    // A page load of the old address: a 301 to the new one, every other parameter kept.
    const redirect = await page('/shop?page=2&category=batteries&sort=price_asc');
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/shop?page=2&category=batteries-and-power&sort=price_asc');

    // Search finds the products by the new name.
    const search = await t.app.inject({ method: 'GET', url: '/api/search-product?search=power' });
    expect(search.json<ShopAnswer>().total).toBeGreaterThan(0);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'category'), eq(auditLog.action, 'category.rename')));
    expect(audit).toMatchObject({
      entityId: String(batteries.id),
      before: { title: 'Batteries', sku: 'batteries', permalink: 'batteries' },
      after: { title: 'Batteries & Power', sku: 'batteries-and-power', permalink: 'batteries-and-power' },
    });
  });

  it('renaming again sends every old address straight to the newest, and a title-only rename keeps the address', async () => {
    const cat = await categoryNamed('Batteries & Power');
    expect(
      (await call('PUT', `/api/admin/categories/${cat.id}`, { title: 'Power', sku: 'power' })).statusCode,
    ).toBe(200);
    expect((await page('/shop?page=1&category=batteries')).headers.location).toBe(
      '/shop?page=1&category=power',
    );
    expect((await page('/shop?page=1&category=batteries-and-power')).headers.location).toBe(
      '/shop?page=1&category=power',
    );
    const titleOnly = await call('PUT', `/api/admin/categories/${cat.id}`, { title: 'Batteries' });
    expect(titleOnly.json().message).toBe(M.renamed('category', 'Batteries', false));
    expect((await categoryNamed('Batteries')).sku).toBe('power');
    expect((await page('/shop?page=1&category=power')).statusCode).not.toBe(301);
  });

  it('refuses a name another category has (any case) or an address in use, naming the field, and writes nothing', async () => {
    const tools = await categoryNamed('Tools');
    const before = await tree();
    const versionBefore = await readCatalogVersion(t.database.db);
    const auditBefore = await auditRows('category');

    const sameName = await call('PUT', `/api/admin/categories/${tools.id}`, { title: 'wheel & LOCK nuts' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().errors).toEqual([
      { field: 'title', message: M.titleTaken('category', 'wheel & LOCK nuts') },
    ]);
    const created = await call('POST', '/api/admin/categories', { title: 'TOOLS' });
    expect(created.statusCode).toBe(409);
    expect(created.json().errors[0].field).toBe('title');
    const sameAddress = await call('PUT', `/api/admin/categories/${tools.id}`, {
      title: 'Workshop Tools',
      sku: 'headlights-and-torches',
    });
    expect(sameAddress.statusCode).toBe(409);
    expect(sameAddress.json().errors).toEqual([
      {
        field: 'sku',
        message: M.addressTaken('category', 'headlights-and-torches', 'Headlights & Torches'),
      },
    ]);
    const badAddress = await call('PUT', `/api/admin/categories/${tools.id}`, {
      title: 'X',
      sku: 'Bad Address',
    });
    expect(badAddress.statusCode).toBe(400);

    expect(await tree()).toEqual(before);
    expect(await readCatalogVersion(t.database.db)).toBe(versionBefore);
    expect(await auditRows('category')).toBe(auditBefore);
  });

  it('adds categories and child categories at the end and moves them up and down the menu', async () => {
    const added = await call('POST', '/api/admin/categories', { title: 'Car Care' });
    expect(added.statusCode, added.body).toBe(201);
    const carCare = (added.json().data as AdminCategory[]).find((c) => c.title === 'Car Care');
    expect(carCare).toMatchObject({ sku: 'car-care', permalink: 'car-care', child_categories: [] });
    expect((await publicCategories()).at(-1)?.title).toBe('Car Care');

    const child = await call('POST', `/api/admin/categories/${carCare?.id}/children`, {
      title: 'Wash & Wax',
    });
    expect(child.statusCode, child.body).toBe(201);
    await call('POST', `/api/admin/categories/${carCare?.id}/children`, { title: 'Interior Care' });
    const sameChild = await call('POST', `/api/admin/categories/${carCare?.id}/children`, {
      title: 'wash & wax',
    });
    expect(sameChild.statusCode).toBe(409);
    expect(sameChild.json().errors[0].field).toBe('title');

    const moved = await call('POST', `/api/admin/categories/${carCare?.id}/move`, { direction: 'up' });
    expect(moved.statusCode).toBe(200);
    const titles = (await publicCategories()).map((c) => c.title);
    expect(titles.slice(-2)).toEqual(['Car Care', 'Wheel & Lock Nuts']);

    const first = (await tree())[0];
    const atTop = await call('POST', `/api/admin/categories/${first?.id}/move`, { direction: 'up' });
    expect(atTop.statusCode).toBe(409);
    expect(atTop.json().message).toBe(M.cannotMove(first?.title ?? '', 'up'));

    const interior = (await categoryNamed('Car Care')).child_categories.find(
      (c) => c.title === 'Interior Care',
    );
    await call('POST', `/api/admin/child-categories/${interior?.id}/move`, { direction: 'up' });
    const children = (await publicCategories()).find((c) => c.title === 'Car Care')?.child_categories;
    expect(children?.map((c) => c.child_title)).toEqual(['Interior Care', 'Wash & Wax']);
  });

  it('retires a category: hidden from the menu and sitemaps, its address leads to the shop, its products stay on sale; restore brings it back', async () => {
    const tools = await categoryNamed('Tools');
    const res = await call('PATCH', `/api/admin/categories/${tools.id}/retired`, { retired: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.retired('category', 'Tools'));
    expect((await publicCategories()).some((c) => c.title === 'Tools')).toBe(false);

    const redirect = await page('/shop?page=3&category=tools&in_stock=1');
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/shop?page=1&in_stock=1');
    // A child category of the retired one goes to the whole shop too.
    expect((await page('/shop?page=1&child_category=socket-sets')).headers.location).toBe('/shop?page=1');
    expect((await shop('page=1&category=tools')).moved).toEqual({ category: null });

    const product = await t.app.inject({ method: 'GET', url: '/api/products/TQ-SOCK-94' });
    expect(product.statusCode).toBe(200);
    const sitemap = await t.app.inject({ method: 'GET', url: '/category-sitemap.xml' });
    expect(sitemap.body).not.toContain('category=tools');
    expect(sitemap.body).toContain('category=headlights-and-torches');
    const childSitemap = await t.app.inject({ method: 'GET', url: '/child-category-sitemap.xml' });
    expect(childSitemap.body).not.toContain('socket-sets');

    await call('PATCH', `/api/admin/categories/${tools.id}/retired`, { retired: false });
    expect((await publicCategories()).some((c) => c.title === 'Tools')).toBe(true);
    expect((await page('/shop?page=1&category=tools')).statusCode).not.toBe(301);
  });

  it('a retired child category leads to its category', async () => {
    const lights = await categoryNamed('Headlights & Torches');
    const torches = lights.child_categories.find((c) => c.child_sku === 'torches');
    await call('PATCH', `/api/admin/child-categories/${torches?.id}/retired`, { retired: true });
    const redirect = await page('/shop?page=2&child_category=torches&sort=name');
    expect(redirect.headers.location).toBe('/shop?page=1&category=headlights-and-torches&sort=name');
    expect(
      (await publicCategories())
        .find((c) => c.id === lights.id)
        ?.child_categories.some((c) => c.child_sku === 'torches'),
    ).toBe(false);
  });

  it('renames a child category with its address', async () => {
    const lights = await categoryNamed('Headlights & Torches');
    const globes = lights.child_categories.find((c) => c.child_sku === 'headlight-globes');
    const res = await call('PUT', `/api/admin/child-categories/${globes?.id}`, {
      title: 'Globes',
      child_sku: 'globes',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await page('/shop?page=1&child_category=headlight-globes')).headers.location).toBe(
      '/shop?page=1&child_category=globes',
    );
    expect((await shop('page=1&child_category=globes')).total).toBeGreaterThan(0);
  });

  it('stores an uploaded thumbnail with its WebP copies and refuses a file that is not a picture', async () => {
    const tools = await categoryNamed('Tools');
    const png = await sharp({
      create: { width: 700, height: 500, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .png()
      .toBuffer();
    const body = form({ name: 'tools.png', type: 'image/png', content: png });
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/categories/${tools.id}/thumbnail`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${adminToken}` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const thumbnail = (await categoryNamed('Tools')).thumbnail_image;
    expect(thumbnail).toMatch(/^categories\/tools-[0-9a-f]{8}\.png$/);
    expect(existsSync(path.join(t.app.config.mediaDir, thumbnail ?? ''))).toBe(true);
    const shown = (await publicCategories()).find((c) => c.id === tools.id);
    expect(shown?.thumbnail_image).toBe(thumbnail);
    // Decision 0082: the storefront is told the copies made, each no wider than the picture, and they exist.
    expect(shown?.thumbnail_image_info).toEqual({ width: 700, height: 500, widths: [160, 320, 640] });
    for (const w of [160, 320, 640]) {
      const copy = path.join(t.app.config.mediaDir, productImageVariantPath(thumbnail ?? '', w));
      expect(existsSync(copy), copy).toBe(true);
      expect((await sharp(copy).metadata()).width).toBe(w);
    }

    const text = form({ name: 'fake.png', type: 'image/png', content: Buffer.from('not a picture at all') });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/categories/${tools.id}/thumbnail`,
      payload: text.payload,
      headers: { ...text.headers, authorization: `Bearer ${adminToken}` },
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().errors).toEqual([{ field: 'file', message: M.imageType }]);
    expect((await categoryNamed('Tools')).thumbnail_image).toBe(thumbnail);
  });
});

describe('brands', () => {
  it('renames a brand with its permalink: the brand page redirects, the list and products show the new name', async () => {
    const voltcore = await brandNamed('Voltcore');
    const res = await call('PUT', `/api/admin/brands/${voltcore.id}`, {
      title: 'Voltcore Power',
      permalink: 'voltcore-power',
    });
    expect(res.statusCode, res.body).toBe(200);
    const redirect = await page('/brand?page=1&brand=voltcore&sort=price_desc');
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/brand?page=1&brand=voltcore-power&sort=price_desc');
    expect((await shop('page=1&brand=voltcore')).moved).toEqual({ brand: 'voltcore-power' });
    const list = (await t.app.inject({ method: 'GET', url: '/api/brands' })).json().data.data as AdminBrand[];
    expect(list.map((b) => b.title)).toContain('Voltcore Power');
    const product = (await t.app.inject({ method: 'GET', url: '/api/products/VC-NS70-680' })).json().data;
    expect(product.brand).toMatchObject({ title: 'Voltcore Power', permalink: 'voltcore-power' });
  });

  it('refuses a brand name in use in another case, naming the field', async () => {
    const res = await call('POST', '/api/admin/brands', { title: 'brightLINE' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([{ field: 'title', message: M.titleTaken('brand', 'brightLINE') }]);
    const taken = await call('POST', '/api/admin/brands', {
      title: 'Bright Line Two',
      permalink: 'brightline',
    });
    expect(taken.json().errors[0].field).toBe('permalink');
  });

  it('retires a brand: gone from the brands list and sitemap, its page leads to the brands page, its products stay on sale', async () => {
    const gripwell = await brandNamed('Gripwell');
    await call('PATCH', `/api/admin/brands/${gripwell.id}/retired`, { retired: true });
    const list = (await t.app.inject({ method: 'GET', url: '/api/brands' })).json().data.data as AdminBrand[];
    expect(list.some((b) => b.permalink === 'gripwell')).toBe(false);
    expect((await page('/brand?page=1&brand=gripwell')).headers.location).toBe('/brands');
    expect((await page('/shop?page=1&brand=gripwell&category=wheel-and-lock-nuts')).headers.location).toBe(
      '/shop?page=1&category=wheel-and-lock-nuts',
    );
    const sitemap = await t.app.inject({ method: 'GET', url: '/brand-sitemap.xml' });
    expect(sitemap.body).not.toContain('brand=gripwell');
    const product = await t.app.inject({ method: 'GET', url: '/api/products/GW-NUT-M12' });
    expect(product.statusCode).toBe(200);
    expect(product.json().data.brand).toBeNull();
    await call('PATCH', `/api/admin/brands/${gripwell.id}/retired`, { retired: false });
    expect((await page('/brand?page=1&brand=gripwell')).statusCode).not.toBe(301);
  });

  it('uploads a logo and a cover, each with its WebP copies', async () => {
    const torqmax = await brandNamed('Torqmax');
    const webp = await sharp({
      create: { width: 360, height: 120, channels: 3, background: { r: 10, g: 90, b: 200 } },
    })
      .webp()
      .toBuffer();
    for (const slot of ['logo', 'cover'] as const) {
      const body = form({ name: `${slot}.webp`, type: 'image/webp', content: webp });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/brands/${torqmax.id}/images/${slot}`,
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${adminToken}` },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const after = await brandNamed('Torqmax');
    expect(after.logo_image).toMatch(/^brands\/torqmax-logo-[0-9a-f]{8}\.webp$/);
    expect(after.cover_image).toMatch(/^brands\/torqmax-cover-[0-9a-f]{8}\.webp$/);
    const shown = (
      (await t.app.inject({ method: 'GET', url: '/api/brands' })).json().data.data as Brand[]
    ).find((b) => b.id === torqmax.id);
    const info = { width: 360, height: 120, widths: [160, 320] };
    expect(shown).toMatchObject({
      logo_image: after.logo_image,
      logo_image_info: info,
      cover_image_info: info,
    });
  });
});

describe('at the same moment', () => {
  it('moves sent together leave every category at its own position, 0 to n-1', async () => {
    const ids = (await tree()).map((c) => c.id);
    const responses = await injectAtOnce(t.app, 12, (i) => ({
      method: 'POST',
      url: `/api/admin/categories/${ids[i % ids.length]}/move`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { direction: i % 2 === 0 ? 'down' : 'up' },
    }));
    expect(Object.keys(statusCounts(responses)).every((s) => s === '200' || s === '409')).toBe(true);
    const positions = (
      await t.database.db
        .select({ position: categories.position })
        .from(categories)
        .orderBy(asc(categories.position))
    ).map((r) => r.position);
    expect(positions).toEqual(positions.map((_, i) => i));
    expect(new Set((await tree()).map((c) => c.id))).toEqual(new Set(ids));
  });

  it('renames sent together apply one after the other: the last name stands and every old address leads to it', async () => {
    const wheel = await categoryNamed('Wheel & Lock Nuts');
    const responses = await injectAtOnce(t.app, 6, (i) => ({
      method: 'PUT',
      url: `/api/admin/categories/${wheel.id}`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { title: `Wheel Nuts ${i}`, sku: `wheel-nuts-${i}` },
    }));
    expect(statusCounts(responses)).toEqual({ 200: 6 });
    const final = (await tree()).find((c) => c.id === wheel.id);
    expect(final?.title).toMatch(/^Wheel Nuts \d$/);
    for (const old of ['wheel-and-lock-nuts', ...[0, 1, 2, 3, 4, 5].map((i) => `wheel-nuts-${i}`)]) {
      if (old === final?.sku) continue;
      expect((await page(`/shop?page=1&category=${old}`)).headers.location).toBe(
        `/shop?page=1&category=${final?.sku}`,
      );
    }
    const redirects = await t.database.db
      .select()
      .from(permalinkRedirects)
      .where(and(eq(permalinkRedirects.kind, 'category'), like(permalinkRedirects.oldValue, 'wheel%')));
    expect(redirects.every((r) => r.targetId === wheel.id)).toBe(true);
  });

  it('the same new name sent together is added once', async () => {
    const responses = await injectAtOnce(t.app, 5, () => ({
      method: 'POST',
      url: '/api/admin/brands',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { title: 'Racecraft' },
    }));
    expect(statusCounts(responses)).toEqual({ 201: 1, 409: 4 });
    const rows = await t.database.db.select().from(brands).where(eq(brands.permalink, 'racecraft'));
    expect(rows).toHaveLength(1);
  });
});
