/**
 * Listings by vehicle in the catalog view (issue 15 §4, §7; decision 0032), on a catalog large enough that their
 * totals take the long-list way (the list's universal parts counted once, then the vehicle's fitting parts looked
 * up in it) as well as the walk: every window of every listing is exactly the listing's parts that fit the vehicle
 * or every vehicle, in the listing's order, with the same total.
 */
import { describe, expect, it } from 'vitest';
import { SHOP_SORTS } from '@store/shared/listing-sorts';
import { seededRandom } from '../catalog-import/generate-catalog-csv';
import { buildFitmentIndex, type FitmentIndexRow } from './catalog-fitments';
import type { CatalogEntry, CatalogTaxonomy, ReadProduct } from './catalog-snapshot';
import { createCatalogView } from './catalog-view';
import type { ListingFilter } from './listing-filter';
import { createProductJsonCache } from './product-json-cache';

/** A working set whose database has no products: these tests read ids, never the products' JSON. */
const jsons = () => createProductJsonCache({ maxBytes: 1 << 20, load: async () => new Map() });

/** `e` as a poll re-reads it. */
const read = (e: CatalogEntry): ReadProduct => ({
  entry: e,
  json: { changedMs: e.changedMs, json: Buffer.from(`{"id":${e.id}}`) },
});

const PRODUCTS = 4000;
const VEHICLES = [11, 12, 13, 14];
const random = seededRandom(15);

const entries: CatalogEntry[] = Array.from({ length: PRODUCTS }, (_, k) => {
  // Ids with gaps, as a catalog with deleted products has.
  const id = 3 * k + 1 + Math.floor(random() * 2);
  return {
    id,
    sku: `SKU-${id}`,
    permalink: `p-${id}`,
    categoryId: 1 + (k % 5),
    childCategoryId: k % 4 === 0 ? null : 10 + (k % 3),
    brandId: 1 + (k % 7),
    payCents: 500 + Math.floor(random() * 50_000),
    title: `Part ${Math.floor(random() * 1000)}`,
    createdMs: Math.floor(random() * 1e9),
    stock: random() < 0.2 ? 0 : 10,
    isFeatured: random() < 0.1,
    changedMs: 1,
    searchBrand: '',
    searchCategory: '',
    tags: '',
    partNumbers: [],
    universalFit: random() < 0.1,
  };
});

// Each vehicle fits its own share of the parts: none, a few, some, many.
const shares = [0, 0.01, 0.05, 0.4];
const rows: FitmentIndexRow[] = [];
VEHICLES.forEach((vehicleId, v) => {
  for (const e of [...entries].sort((a, b) => a.id - b.id))
    if (random() < (shares[v] ?? 0)) rows.push({ vehicleId, productId: e.id, position: '', notes: '' });
});
const fitments = buildFitmentIndex(VEHICLES, rows);

const taxonomy: CatalogTaxonomy = {
  categories: [],
  categoryByKey: new Map(),
  childByKey: new Map(),
  brandByKey: new Map(),
  ids: {
    categories: new Set([1, 2, 3, 4, 5]),
    children: new Set([10, 11, 12]),
    brands: new Set([1, 2, 3, 4, 5, 6, 7]),
  },
  fates: { category: new Map(), child_category: new Map(), brand: new Map() },
};

const view = createCatalogView({ version: 1, entries, taxonomy, fitments, sinceMs: 0, jsons: jsons() });
const FILTERS: ListingFilter[] = [
  {},
  { categoryId: 2 },
  { brandId: 3 },
  { childCategoryId: 11 },
  { categoryId: 9 },
  { categoryId: 2, brandId: 3 },
  { brandId: 3, inStock: true },
  { minCents: 20_000 },
];

describe('the fitment index', () => {
  it('counts each vehicle and product pair once, whatever its positions', () => {
    expect(fitments.pairs).toBe(rows.length);
    const twice = buildFitmentIndex(
      [1, 2],
      [
        { vehicleId: 1, productId: 5, position: 'Front', notes: '' },
        { vehicleId: 1, productId: 5, position: 'Rear', notes: '' },
        { vehicleId: 1, productId: 6, position: '', notes: '' },
        { vehicleId: 2, productId: 5, position: '', notes: 'With ABS' },
      ],
    );
    expect(twice.pairs).toBe(3);
    expect(twice.statusOf(1, 5, false)).toEqual({ status: 'fits_with_notes', notes: 'Front; Rear' });
    expect(twice.statusOf(2, 6, false)).toEqual({ status: 'does_not_fit', notes: null });
    expect(twice.statusOf(2, 7, false)).toEqual({ status: 'unknown', notes: null });
  });
});

describe('listings by vehicle in the catalog view', () => {
  it('every window is the fitting and universal parts of the listing, in its order, with their total', () => {
    for (const vehicleId of VEHICLES)
      for (const sort of SHOP_SORTS)
        for (const filter of FILTERS) {
          const expected = Array.from(view.list(sort, filter)).filter((id) => {
            const e = view.byId(id);
            return e !== undefined && fitments.keeps(vehicleId, id, e.universalFit);
          });
          const label = `vehicle ${vehicleId} ${sort} ${JSON.stringify(filter)}`;
          for (const size of [15, 97]) {
            // Pages asked from the last back to the first, then one past the end.
            const pages = Math.ceil(expected.length / size);
            const seen: number[][] = [];
            for (let page = pages; page >= 1; page--) {
              const window = view.listWindow(sort, filter, vehicleId, (page - 1) * size, page * size);
              expect(window.total, label).toBe(expected.length);
              seen.unshift(Array.from(window.ids));
            }
            expect(seen.flat(), label).toEqual(expected);
            expect(
              view.listWindow(sort, filter, vehicleId, pages * size, (pages + 1) * size).ids,
            ).toHaveLength(0);
          }
        }
  });

  it('a listing without a vehicle is the whole listing, cut', () => {
    const all = view.list('newest', {});
    const window = view.listWindow('newest', {}, undefined, 30, 45);
    expect(window.total).toBe(PRODUCTS);
    expect(Array.from(window.ids)).toEqual(Array.from(all.subarray(30, 45)));
  });

  it('keeps counting right after a product stops being universal (the listing is reordered)', () => {
    const vehicleId = 12;
    const before = view.listWindow('newest', {}, vehicleId, 0, 10).total;
    const universal = entries.find((e) => e.universalFit && !fitments.keeps(vehicleId, e.id, false));
    expect(universal).toBeDefined();
    if (!universal) return;
    view.apply([read({ ...universal, universalFit: false, changedMs: 2 })], 1);
    expect(view.listWindow('newest', {}, vehicleId, 0, 10).total).toBe(before - 1);
  });
});

describe('the catalog view after apply(): each cache answers for the catalog as it is now', () => {
  const small: CatalogEntry[] = [1, 2, 3, 4].map((id) => ({
    ...(entries[0] as CatalogEntry),
    id,
    sku: `S-${id}`,
    permalink: `s-${id}`,
    categoryId: 1,
    childCategoryId: null,
    brandId: 1,
    payCents: 1000 * id,
    title: `Brake Pad ${id}`,
    createdMs: id,
    stock: 5,
    isFeatured: false,
    changedMs: 1,
    tags: '',
    universalFit: false,
  }));
  const fresh = () =>
    createCatalogView({ version: 1, entries: small, taxonomy, fitments, sinceMs: 0, jsons: jsons() });
  const ids = (list: Int32Array) => Array.from(list);

  it('orders and filtered lists follow a price change', () => {
    const v = fresh();
    expect(ids(v.list('price_asc', {}))).toEqual([1, 2, 3, 4]);
    expect(ids(v.list('price_asc', { maxCents: 2500 }))).toEqual([1, 2]);
    expect(ids(v.search('brake', 'price_asc', {}).ids)).toEqual([1, 2, 3, 4]);
    v.apply([read({ ...small[3]!, payCents: 500, changedMs: 2 })], 1);
    expect(ids(v.list('price_asc', {}))).toEqual([4, 1, 2, 3]);
    expect(ids(v.list('price_asc', { maxCents: 2500 }))).toEqual([4, 1, 2]);
    expect(ids(v.search('brake', 'price_asc', {}).ids)).toEqual([4, 1, 2, 3]);
  });

  it('lists of products in stock follow a product selling out, and only those', () => {
    const v = fresh();
    expect(ids(v.list('newest', { inStock: true }))).toEqual([4, 3, 2, 1]);
    expect(ids(v.search('pad', 'relevance', { inStock: true }).ids)).toEqual([4, 3, 2, 1]);
    v.apply([read({ ...small[1]!, stock: 0, changedMs: 2 })], 1);
    expect(ids(v.list('newest', { inStock: true }))).toEqual([4, 3, 1]);
    expect(ids(v.search('pad', 'relevance', { inStock: true }).ids)).toEqual([4, 3, 1]);
    expect(ids(v.list('newest', {}))).toEqual([4, 3, 2, 1]);
  });

  it('search follows a change of a searched field, sorted and filtered lists of it too', () => {
    const v = fresh();
    expect(ids(v.search('rotor', 'relevance', {}).ids)).toEqual([]);
    expect(ids(v.search('rotor', 'newest', { brandId: 1 }).ids)).toEqual([]);
    v.apply([read({ ...small[2]!, tags: 'disc rotor', changedMs: 2 })], 1);
    expect(ids(v.search('rotor', 'relevance', {}).ids)).toEqual([3]);
    expect(ids(v.search('rotor', 'newest', { brandId: 1 }).ids)).toEqual([3]);
    expect(v.find('S-3')?.tags).toBe('disc rotor');
  });

  it('a new product is listed, searched and counted', () => {
    const v = fresh();
    expect(v.size).toBe(4);
    expect(ids(v.search('pad', 'relevance', {}).ids)).toEqual([4, 3, 2, 1]);
    v.apply([read({ ...small[0]!, id: 9, sku: 'S-9', permalink: 's-9', createdMs: 9, changedMs: 2 })], 1);
    expect(v.size).toBe(5);
    expect(ids(v.list('newest', {}))).toEqual([9, 4, 3, 2, 1]);
    expect(ids(v.search('pad', 'relevance', {}).ids)).toEqual([9, 4, 3, 2, 1]);
    expect(v.find('s-9')?.id).toBe(9);
  });
});

describe('the search build off the request path (decision 0074)', () => {
  /** 20,000 products: a build of them takes many slices (each slice is 8 ms). */
  const many: CatalogEntry[] = Array.from({ length: 5 }, (_, copy) =>
    entries.map((e) => ({
      ...e,
      id: e.id + copy * 20_000,
      sku: `SKU-${e.id + copy * 20_000}`,
      title: `${e.title} Part ${e.id + copy * 20_000}`,
    })),
  ).flat();
  const big = () =>
    createCatalogView({ version: 1, entries: many, taxonomy, fitments, sinceMs: 0, jsons: jsons() });
  const first = entries[0] as CatalogEntry;
  const renamed = { ...first, title: 'Quokka Radiator Cap', changedMs: 2 };
  const idsOf = (a: Int32Array) => Array.from(a);

  it('a search that will not wait answers from the last build until the new one is in, then from the new one', async () => {
    const v = big();
    await v.searchReady(60_000);
    expect(idsOf(v.search('quokka', 'relevance', {}).ids)).toEqual([]);
    v.apply([read(renamed)], 1);
    // Gives up at once: the new build has not run a slice yet.
    await v.searchReady(0);
    expect(idsOf(v.search('quokka', 'relevance', {}).ids)).toEqual([]);
    expect(idsOf(v.search('quokka', 'newest', {}).ids)).toEqual([]);
    await v.searchReady(60_000);
    expect(idsOf(v.search('quokka', 'relevance', {}).ids)).toEqual([first.id]);
    expect(idsOf(v.search('quokka', 'newest', {}).ids)).toEqual([first.id]);
  });

  it('a search that did not wait gets the new catalog at once, built on its stack', () => {
    const v = big();
    v.apply([read(renamed)], 1);
    expect(idsOf(v.search('quokka', 'relevance', {}).ids)).toEqual([first.id]);
  });

  it('a new view answers from the one it replaces meanwhile, without the products it no longer has', async () => {
    const old = big();
    await old.searchReady(60_000);
    const part = old.search('part', 'relevance', {}).ids;
    expect(part.length).toBe(many.length);
    // The new catalog has lost its first product and renamed its second.
    const second = entries[1] as CatalogEntry;
    const next = createCatalogView({
      version: 2,
      entries: [{ ...second, title: 'Quokka Cap' }, ...many.slice(2)],
      taxonomy,
      fitments,
      sinceMs: 0,
      jsons: jsons(),
      previousSearch: old.searchBuild,
    });
    await next.searchReady(0);
    const stale = idsOf(next.search('part', 'relevance', {}).ids);
    expect(stale).not.toContain(first.id);
    expect(stale).toContain(second.id);
    expect(stale.length).toBe(many.length - 1);
    await next.searchReady(60_000);
    expect(idsOf(next.search('part', 'relevance', {}).ids)).not.toContain(second.id);
    expect(idsOf(next.search('quokka', 'relevance', {}).ids)).toEqual([second.id]);
  });
});

describe("a suggestion's check: whether a search finds anything (decision 0080)", () => {
  it('answers as a count of the whole search would, with and without a vehicle and a filter', () => {
    const terms = ['part', 'part 7', 'part 99', 'part 123', 'sku-4', 'nothing-here'];
    for (const text of terms)
      for (const vehicleId of [undefined, ...VEHICLES])
        for (const filter of [{}, { brandId: 3 }, { inStock: true }])
          expect(
            view.searchFinds(text, filter, vehicleId),
            `${text} vehicle ${vehicleId} ${JSON.stringify(filter)}`,
          ).toBe(view.searchWindow(text, 'relevance', filter, vehicleId, 0, 1).total > 0);
  });

  it('finds the one part a vehicle keeps of a long search, ranked past its first 2,000', () => {
    // 2,500 products that all match "widget", none universal, ranked highest id first (ties): vehicle 21 fits only
    // the last ranked, vehicle 22 none of them.
    const widgets: CatalogEntry[] = Array.from({ length: 2_500 }, (_, k) => ({
      ...(entries[0] as CatalogEntry),
      id: k + 1,
      sku: `W-${k + 1}`,
      permalink: `w-${k + 1}`,
      title: 'Widget',
      universalFit: false,
    }));
    const widgetFitments = buildFitmentIndex(
      [21, 22],
      [{ vehicleId: 21, productId: 1, position: '', notes: '' }],
    );
    const v = createCatalogView({
      version: 1,
      entries: widgets,
      taxonomy,
      fitments: widgetFitments,
      sinceMs: 0,
      jsons: jsons(),
    });
    expect(v.searchFinds('widget', {}, 21)).toBe(true);
    expect(v.searchFinds('widget', {}, 22)).toBe(false);
    expect(v.searchFinds('widget', {}, undefined)).toBe(true);
    expect(Array.from(v.search('widget', 'relevance', {}).ids).indexOf(1)).toBe(2_499);
  });
});
