/**
 * Listings by vehicle (issue 15 §4, decision 0032): `vehicle=` on /api/shop, /api/search-product,
 * /api/latest-products and /api/products/{sku} keeps the parts that fit or are universal, and every product
 * answered carries its `fitment` for that vehicle: fits, fits_with_notes (with the notes), does_not_fit, universal
 * or unknown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VEHICLE_CSV_COLUMNS } from '@store/shared/vehicle';
import type { Product } from '@store/shared/product';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedCatalog } from '../../../tests/seed-catalog';
import { importFitments } from '../vehicles/import-fitments';
import { importVehicles } from '../vehicles/import-vehicles';

const VEHICLES = [
  VEHICLE_CSV_COLUMNS.join(','),
  'Toyota,HiLux,GUN126R,SR5,2015,7,,,Ute,1GD-FTV,2.8,Diesel,130,4WD',
  'Toyota,Corolla,ZRE182R,,2012,10,2018,7,Hatch,2ZR-FE,1.8,Petrol,103,FWD',
  'Ford,Ranger,PX2,XLT,2015,6,2018,5,Ute,P5AT,3.2,Diesel,147,4WD',
].join('\n');

const FITMENTS = [
  'SKU,Make,Model,Series,Year From,Year To,Engine,Position,Notes,Source',
  // Fits the HiLux with notes (two positions), the Ranger without.
  'KL-H4-6055,Toyota,HiLux,GUN126R,,,,Front,with ABS,',
  'KL-H4-6055,Toyota,HiLux,GUN126R,,,,Rear,,',
  'KL-H4-6055,Ford,Ranger,,,,,,,',
  // Fits the HiLux, no notes.
  'VC-NS70-680,Toyota,HiLux,,,,,,,',
  // Fits only the Corolla: does not fit the HiLux.
  'KL-H7-55,Toyota,Corolla,,,,,,,',
  'BL-LED-H4,Universal,,,,,,,,',
].join('\n');

let t: TestApp;
let hilux = 0;
let corolla = 0;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db, 5);
  await importVehicles(t.database.db, VEHICLES);
  await importFitments(t.database.db, FITMENTS);
  const list = async (model: string) =>
    (await t.app.inject({ url: `/api/vehicles?make=Toyota&model=${model}&year=2017` })).json<{
      data: { id: number }[];
    }>().data;
  hilux = (await list('HiLux'))[0]?.id ?? 0;
  corolla = (await list('Corolla'))[0]?.id ?? 0;
});
afterAll(() => t?.close());

async function get<T>(url: string): Promise<{ status: number; body: T; etag: string }> {
  const res = await t.app.inject({ url });
  return { status: res.statusCode, body: res.json() as T, etag: String(res.headers.etag ?? '') };
}

type Page = { data: Product[]; total: number };
const fitOf = (products: Product[]) => Object.fromEntries(products.map((p) => [p.sku, p.fitment]));

describe('the shop by vehicle', () => {
  it('keeps the parts that fit or are universal, each with its fitment', async () => {
    const { status, body } = await get<Page>(`/api/shop?vehicle=${hilux}&pagination=100`);
    expect(status).toBe(200);
    expect(fitOf(body.data)).toEqual({
      'KL-H4-6055': { status: 'fits_with_notes', notes: 'Front, with ABS; Rear' },
      'VC-NS70-680': { status: 'fits', notes: null },
      'BL-LED-H4': { status: 'universal', notes: null },
    });
    expect(body.total).toBe(3);
  });

  it('another vehicle keeps other parts; filters combine with it', async () => {
    const corollaShop = await get<Page>(`/api/shop?vehicle=${corolla}&pagination=100`);
    expect(corollaShop.body.data.map((p) => p.sku).sort()).toEqual(['BL-LED-H4', 'KL-H7-55']);
    const headlights = await get<Page>(`/api/shop?vehicle=${hilux}&category=headlights-and-torches`);
    expect(headlights.body.data.map((p) => p.sku).sort()).toEqual(['BL-LED-H4', 'KL-H4-6055']);
  });

  it('all_parts=1 keeps every part, each with its fitment for the vehicle', async () => {
    const all = await get<Page>(`/api/shop?vehicle=${hilux}&all_parts=1&pagination=100`);
    const unfiltered = await get<Page>('/api/shop?pagination=100');
    expect(all.body.total).toBe(unfiltered.body.total);
    expect(fitOf(all.body.data)).toMatchObject({
      'KL-H7-55': { status: 'does_not_fit', notes: null },
      'TQ-SOCK-94': { status: 'unknown', notes: null },
      'VC-NS70-680': { status: 'fits', notes: null },
    });
    const searched = await get<Page>(`/api/search-product?search=globe&vehicle=${hilux}&all_parts=1`);
    expect(fitOf(searched.body.data)['KL-H7-55']).toEqual({ status: 'does_not_fit', notes: null });
    const filtered = await get<Page>(`/api/shop?vehicle=${hilux}&pagination=100`);
    expect(all.etag).not.toBe(filtered.etag);
  });

  it('lists, in every sort and filter, exactly the fitting parts of all_parts=1, in its order', async () => {
    for (const sort of ['newest', 'price_asc', 'price_desc', 'name'])
      for (const filter of ['', '&category=headlights-and-torches', '&in_stock=1', '&max_price=100'])
        for (const vehicle of [hilux, corolla]) {
          const q = `sort=${sort}${filter}&vehicle=${vehicle}&pagination=100`;
          const narrowed = await get<Page>(`/api/shop?${q}`);
          const all = await get<Page>(`/api/shop?${q}&all_parts=1`);
          const fitting = all.body.data
            .filter((p) => ['fits', 'fits_with_notes', 'universal'].includes(p.fitment?.status ?? ''))
            .map((p) => p.sku);
          expect(
            narrowed.body.data.map((p) => p.sku),
            q,
          ).toEqual(fitting);
          expect(narrowed.body.total, q).toBe(fitting.length);
        }
  });

  it('cut into pages, from the front and the back, gives the whole narrowed listing once', async () => {
    for (const sort of ['newest', 'name'])
      for (const vehicle of [hilux, corolla])
        for (const perPage of [1, 2, 3]) {
          const whole = await get<Page>(`/api/shop?sort=${sort}&vehicle=${vehicle}&pagination=100`);
          const pages = Math.ceil(whole.body.total / perPage);
          const seen: string[] = [];
          // Backwards too, so that a page near the end is asked before the total is known.
          for (const page of Array.from({ length: pages + 1 }, (_, k) => pages + 1 - k)) {
            const q = `sort=${sort}&vehicle=${vehicle}&pagination=${perPage}&page=${page}`;
            const one = await get<Page>(`/api/shop?${q}`);
            expect(one.body.total, q).toBe(whole.body.total);
            if (page > pages) expect(one.body.data, q).toEqual([]);
            else seen.unshift(...one.body.data.map((p) => p.sku));
          }
          expect(seen).toEqual(whole.body.data.map((p) => p.sku));
        }
  });

  it('without vehicle, lists everything and carries no fitment; the answers have different ETags', async () => {
    const all = await get<Page>('/api/shop?pagination=100');
    expect(all.body.total).toBeGreaterThan(3);
    expect(all.body.data.every((p) => p.fitment === undefined)).toBe(true);
    const filtered = await get<Page>(`/api/shop?vehicle=${hilux}&pagination=100`);
    const other = await get<Page>(`/api/shop?vehicle=${corolla}&pagination=100`);
    expect(new Set([all.etag, filtered.etag, other.etag]).size).toBe(3);
  });
});

describe('search, latest products and one product by vehicle', () => {
  it('search keeps the fitting parts among its hits', async () => {
    const { body } = await get<Page>(`/api/search-product?search=globe&vehicle=${hilux}`);
    expect(body.data.map((p) => p.sku)).toContain('KL-H4-6055');
    expect(body.data.map((p) => p.sku)).not.toContain('KL-H7-55');
    expect(body.data.every((p) => p.fitment && p.fitment.status !== 'does_not_fit')).toBe(true);
  });

  it('latest products keep the fitting parts', async () => {
    const { body } = await get<{ data: { data: Product[] } }>(
      `/api/latest-products?vehicle=${hilux}&pagination=100`,
    );
    expect(body.data.data.map((p) => p.sku).sort()).toEqual(['BL-LED-H4', 'KL-H4-6055', 'VC-NS70-680']);
  });

  it('a product answers every status: does_not_fit for a part with data for other vehicles, unknown without', async () => {
    const one = async (sku: string) =>
      (await get<{ data: Product }>(`/api/products/${sku}?vehicle=${hilux}`)).body.data.fitment;
    expect(await one('KL-H7-55')).toEqual({ status: 'does_not_fit', notes: null });
    expect(await one('TQ-SOCK-94')).toEqual({ status: 'unknown', notes: null });
    expect(await one('BL-LED-H4')).toEqual({ status: 'universal', notes: null });
    expect(await one('VC-NS70-680')).toEqual({ status: 'fits', notes: null });
    expect(await one('KL-H4-6055')).toEqual({ status: 'fits_with_notes', notes: 'Front, with ABS; Rear' });
    expect((await get<{ data: Product }>('/api/products/KL-H7-55')).body.data.fitment).toBeUndefined();
  });
});

describe('bad vehicles', () => {
  it.each([
    '/api/shop',
    '/api/search-product?search=globe&',
    '/api/latest-products',
    '/api/products/KL-H7-55',
  ])('%s answers 400 for a vehicle that is not in the list, or not a number', async (base) => {
    const url = (v: string) => `${base}${base.endsWith('&') ? '' : '?'}vehicle=${v}`;
    const missing = await get<{ message: string; errors: { field: string }[] }>(url('999999'));
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('no vehicle 999999');
    expect(missing.body.errors[0]?.field).toBe('vehicle');
    const word = await get<{ message: string }>(url('hilux'));
    expect(word.status).toBe(400);
    expect(JSON.stringify(word.body)).toContain('vehicle must be a whole number');
  });

  it('a vehicle imported after start is known at once (the import reloads the catalog)', async () => {
    await importVehicles(
      t.database.db,
      [VEHICLE_CSV_COLUMNS.join(','), 'Mazda,BT-50,TF,XT,2020,,,,Ute,4JJ3,3.0,Diesel,140,4WD'].join('\n'),
    );
    const [bt50] = (await get<{ data: { id: number }[] }>('/api/vehicles?make=Mazda&model=BT-50&year=2021'))
      .body.data;
    const { status, body } = await get<Page>(`/api/shop?vehicle=${bt50?.id}`);
    expect(status).toBe(200);
    expect(body.data.map((p) => p.sku)).toEqual(['BL-LED-H4']);
  });
});
