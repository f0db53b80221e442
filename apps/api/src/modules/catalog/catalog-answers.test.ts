/**
 * The bytes each catalog call sends match its one schema in packages/shared (catalog-answers.ts, issue 35 §2): most
 * answers are written as JSON text (catalog-answers.ts), not made by a serializer, so nothing else checks that what
 * is sent is what the docs, the web and the renderer read. The schemas' objects are strict: a field sent and not
 * declared fails here, as does a field declared and not sent. Each call is asked the ways that change its bytes:
 * filters that match and that do not, a vehicle (`fitment` on every product), a typo, a product with notes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  cartProductsAnswerSchema,
  categoriesAnswerSchema,
  featuredProductsAnswerSchema,
  latestProductsAnswerSchema,
  productAnswerSchema,
  searchAnswerSchema,
  shopAnswerSchema,
} from '@store/shared/catalog-answers';
import { messageAnswerSchema, validationErrorAnswerSchema } from '@store/shared/error-answers';
import { VEHICLE_CSV_COLUMNS } from '@store/shared/vehicle';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedCatalog } from '../../../tests/seed-catalog';
import { importFitments } from '../vehicles/import-fitments';
import { importVehicles } from '../vehicles/import-vehicles';

const VEHICLES = [
  VEHICLE_CSV_COLUMNS.join(','),
  'Toyota,HiLux,GUN126R,SR5,2015,7,,,Ute,1GD-FTV,2.8,Diesel,130,4WD',
  'Toyota,Corolla,ZRE182R,,2012,10,2018,7,Hatch,2ZR-FE,1.8,Petrol,103,FWD',
].join('\n');

/** Every fitment status the HiLux can meet: fits with notes, fits, does not fit, universal, unknown. */
const FITMENTS = [
  'SKU,Make,Model,Series,Year From,Year To,Engine,Position,Notes,Source',
  'KL-H4-6055,Toyota,HiLux,GUN126R,,,,Front,with ABS,',
  'VC-NS70-680,Toyota,HiLux,,,,,,,',
  'KL-H7-55,Toyota,Corolla,,,,,,,',
  'BL-LED-H4,Universal,,,,,,,,',
].join('\n');

let t: TestApp;
let hilux = 0;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db, 25);
  await importVehicles(t.database.db, VEHICLES);
  await importFitments(t.database.db, FITMENTS);
  const vehicles = await t.app.inject({ url: '/api/vehicles?make=Toyota&model=HiLux&year=2017' });
  hilux = vehicles.json<{ data: { id: number }[] }>().data[0]?.id ?? 0;
  expect(hilux).toBeGreaterThan(0);
});
afterAll(() => t?.close());

/** The answer's bytes, as sent, read with `schema` (which throws, naming the path, on any difference). */
async function sent<S extends z.ZodType>(url: string, status: number, schema: S): Promise<z.infer<S>> {
  const res = await t.app.inject({ url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return schema.parse(JSON.parse(res.rawPayload.toString('utf8')));
}

describe('the bytes of each catalog call parse with its shared schema', () => {
  it('GET /api/categories', async () => {
    const answer = await sent('/api/categories', 200, categoriesAnswerSchema);
    expect(answer.data.length).toBeGreaterThan(0);
    expect(answer.data.some((c) => c.child_categories.length > 0)).toBe(true);
  });

  it('GET /api/latest-products, with and without a vehicle', async () => {
    const answer = await sent('/api/latest-products?pagination=20', 200, latestProductsAnswerSchema);
    expect(answer.data.data).toHaveLength(20);
    const forHilux = await sent(
      `/api/latest-products?pagination=20&vehicle=${hilux}`,
      200,
      latestProductsAnswerSchema,
    );
    expect(forHilux.data.data.every((p) => p.fitment !== undefined)).toBe(true);
    await sent('/api/latest-products?pagination=0', 400, validationErrorAnswerSchema.strict());
  });

  it('GET /api/virtual-products', async () => {
    const answer = await sent('/api/virtual-products', 200, featuredProductsAnswerSchema);
    expect(answer.data.length).toBeGreaterThan(0);
    expect(answer.data.every((p) => p.is_featured)).toBe(true);
  });

  it('GET /api/shop: the shop, each kind of filter matched and not, by vehicle and all parts', async () => {
    const shop = await sent('/api/shop?page=2&pagination=10&sort=price_asc', 200, shopAnswerSchema);
    expect(shop).toMatchObject({ current_page: 2, per_page: 10 });
    expect(shop.filters).toEqual({ category: null, child_category: null, brand: null });
    const matched = await sent(
      '/api/shop?page=1&category=headlights-and-torches&child_category=headlight-globes&brand=kestrel',
      200,
      shopAnswerSchema,
    );
    expect(matched.data.length).toBeGreaterThan(0);
    expect(matched.filters.category).not.toBeNull();
    expect(matched.filters.child_category).not.toBeNull();
    expect(matched.filters.brand).not.toBeNull();
    const none = await sent('/api/shop?page=1&brand=no-such-brand', 200, shopAnswerSchema);
    expect(none).toMatchObject({ data: [], total: 0, last_page: 1 });
    const byVehicle = await sent(`/api/shop?page=1&vehicle=${hilux}`, 200, shopAnswerSchema);
    expect(new Set(byVehicle.data.map((p) => p.fitment?.status))).toEqual(
      new Set(['fits', 'fits_with_notes', 'universal']),
    );
    const allParts = await sent(
      `/api/shop?page=1&pagination=100&vehicle=${hilux}&all_parts=1&in_stock=1&min_price=10.50`,
      200,
      shopAnswerSchema,
    );
    expect(new Set(allParts.data.map((p) => p.fitment?.status))).toEqual(
      new Set(['fits', 'fits_with_notes', 'universal', 'does_not_fit', 'unknown']),
    );
    await sent('/api/shop?page=0', 400, validationErrorAnswerSchema.strict());
    await sent('/api/shop?vehicle=999999', 400, validationErrorAnswerSchema.strict());
  });

  it('GET /api/products/{sku}: with its discount, gallery and notes for a vehicle; 404 for none', async () => {
    const product = await sent('/api/products/KL-H4-6055', 200, productAnswerSchema);
    expect(product.data.images.length).toBe(2);
    const discounted = await sent('/api/products/BL-LED-H4', 200, productAnswerSchema);
    expect(discounted.data.discount_data).not.toBeNull();
    const forHilux = await sent(`/api/products/kl-h4-6055?vehicle=${hilux}`, 200, productAnswerSchema);
    expect(forHilux.data.fitment).toEqual({ status: 'fits_with_notes', notes: 'Front, with ABS' });
    await sent('/api/products/NOPE-123', 404, messageAnswerSchema.strict());
  });

  it('GET /api/cart-products', async () => {
    const shop = await sent('/api/shop?page=1&pagination=5', 200, shopAnswerSchema);
    const ids = shop.data.map((p) => p.id).join(',');
    const answer = await sent(`/api/cart-products?ids=${ids},999999`, 200, cartProductsAnswerSchema);
    expect(answer.data).toHaveLength(5);
    await sent('/api/cart-products?ids=a', 400, validationErrorAnswerSchema.strict());
  });

  it('GET /api/search-product: found, spelt wrong, nothing found, by vehicle', async () => {
    const found = await sent('/api/search-product?search=headlight&pagination=5', 200, searchAnswerSchema);
    expect(found.data.length).toBeGreaterThan(0);
    const typo = await sent('/api/search-product?search=batery', 200, searchAnswerSchema);
    expect(typo.corrected_query).toBeTypeOf('string');
    const nothing = await sent('/api/search-product?search=zzzqqqxxx', 200, searchAnswerSchema);
    expect(nothing).toMatchObject({ data: [], total: 0 });
    const forHilux = await sent(`/api/search-product?search=globe&vehicle=${hilux}`, 200, searchAnswerSchema);
    expect(forHilux.data.every((p) => p.fitment !== undefined)).toBe(true);
    await sent('/api/search-product', 400, validationErrorAnswerSchema.strict());
  });
});
