/**
 * The sorts' orders as a catalog changes (decision 0080): made a slice at a time by a full load, then moved by the
 * products that changed. After every round of changes, every sort asked for is exactly the order a sort of the
 * whole catalog as it is now gives, whether it was asked for in the rounds between or not.
 */
import { describe, expect, it } from 'vitest';
import { SHOP_SORTS, type ShopSort } from '@store/shared/listing-sorts';
import { seededRandom } from '../catalog-import/generate-catalog-csv';
import { buildFitmentIndex } from './catalog-fitments';
import { catalogOrderSteps } from './catalog-orders';
import type { CatalogEntry, CatalogTaxonomy, ReadProduct } from './catalog-snapshot';
import { createCatalogView, type CatalogView } from './catalog-view';
import { createProductJsonCache } from './product-json-cache';
import { runToEnd } from './run-in-slices';

const taxonomy: CatalogTaxonomy = {
  categories: [],
  categoryByKey: new Map(),
  childByKey: new Map(),
  brandByKey: new Map(),
  ids: { categories: new Set([1]), children: new Set(), brands: new Set([1]) },
  fates: { category: new Map(), child_category: new Map(), brand: new Map() },
};

/** The shop's sorts as SPEC §6 and decision 0022 state them, written out apart from the store's comparators. */
const collator = new Intl.Collator('en-AU', { sensitivity: 'base', numeric: true });
const newest = (a: CatalogEntry, b: CatalogEntry) => b.createdMs - a.createdMs || b.id - a.id;
const expected: Record<ShopSort, (a: CatalogEntry, b: CatalogEntry) => number> = {
  newest,
  price_asc: (a, b) => a.payCents - b.payCents || newest(a, b),
  price_desc: (a, b) => b.payCents - a.payCents || newest(a, b),
  name: (a, b) => collator.compare(a.title, b.title) || newest(a, b),
};

// Titles that tie, differ in case and accents only, and hold numbers the collator orders as numbers.
const TITLES = [
  'Brake Pad 9',
  'brake pad 10',
  'Bráke Pad 2',
  'Oil Filter',
  'oil filter',
  'Wiper 100',
  'Wiper 20',
];

function catalog(size: number, random: () => number): CatalogEntry[] {
  return Array.from({ length: size }, (_, k) => {
    const id = 2 * k + 1;
    return {
      id,
      sku: `SKU-${id}`,
      permalink: `p-${id}`,
      categoryId: 1,
      childCategoryId: null,
      brandId: 1,
      // Few prices and dates, so ties fall through to the next key.
      payCents: 100 * (1 + Math.floor(random() * 40)),
      title: TITLES[Math.floor(random() * TITLES.length)] as string,
      createdMs: Math.floor(random() * 50),
      stock: 5,
      isFeatured: false,
      changedMs: 1,
      searchBrand: '',
      searchCategory: '',
      tags: '',
      partNumbers: [],
      universalFit: false,
    };
  });
}

const read = (e: CatalogEntry): ReadProduct => ({
  entry: e,
  json: { changedMs: e.changedMs, json: Buffer.from(`{"id":${e.id}}`) },
});

function sortedIds(products: Map<number, CatalogEntry>, sort: ShopSort): number[] {
  return [...products.values()].sort(expected[sort]).map((e) => e.id);
}

function viewOf(entries: CatalogEntry[], prebuilt: boolean): CatalogView {
  const byId = new Map(entries.map((e) => [e.id, e]));
  return createCatalogView({
    version: 1,
    entries,
    taxonomy,
    fitments: buildFitmentIndex([], []),
    sinceMs: 0,
    jsons: createProductJsonCache({ maxBytes: 1 << 20, load: async () => new Map() }),
    ...(prebuilt ? { orders: runToEnd(catalogOrderSteps(entries, (id) => byId.get(id))) } : {}),
  });
}

describe("the sorts' orders", () => {
  it('a full load makes every sort a slice at a time, each the order of a whole sort', () => {
    const random = seededRandom(80);
    const entries = catalog(5_000, random);
    const products = new Map(entries.map((e) => [e.id, e]));
    const steps = catalogOrderSteps(entries, (id) => products.get(id));
    let yields = 0;
    let step = steps.next();
    while (!step.done) {
      yields++;
      step = steps.next();
    }
    // 5,000 products in runs of 2,048: each sort yields after each run and each merge.
    expect(yields).toBeGreaterThan(4 * 3);
    for (const sort of SHOP_SORTS) {
      const source = step.value[sort];
      expect(source && 'order' in source ? Array.from(source.order) : null).toEqual(
        sortedIds(products, sort),
      );
    }
  });

  for (const prebuilt of [true, false])
    it(`follow prices, titles and dates changed, products added and other fields changed, round after round (${prebuilt ? 'made by the load' : 'sorted on first use'})`, () => {
      const random = seededRandom(prebuilt ? 81 : 82);
      const entries = catalog(3_000, random);
      const products = new Map(entries.map((e) => [e.id, e]));
      const view = viewOf(entries, prebuilt);
      let nextId = 2 * entries.length + 1;
      let changedMs = 2;
      for (let round = 0; round < 25; round++) {
        const changed: CatalogEntry[] = [];
        // A few products in most rounds; in some, more than the share that sorts again in full.
        const count = round % 7 === 3 ? 600 : 1 + Math.floor(random() * 12);
        for (let c = 0; c < count; c++) {
          const pick = random();
          if (pick < 0.15) {
            const id = nextId;
            nextId += 2;
            changed.push({
              ...catalog(1, random)[0]!,
              id,
              sku: `SKU-${id}`,
              permalink: `p-${id}`,
              changedMs,
            });
            continue;
          }
          const ids = [...products.keys()];
          const old = products.get(ids[Math.floor(random() * ids.length)]!)!;
          if (pick < 0.4)
            changed.push({ ...old, payCents: 100 * (1 + Math.floor(random() * 40)), changedMs });
          else if (pick < 0.6)
            changed.push({ ...old, title: TITLES[Math.floor(random() * TITLES.length)]!, changedMs });
          else if (pick < 0.75) changed.push({ ...old, createdMs: Math.floor(random() * 50), changedMs });
          // A field no sort reads: its place stays.
          else changed.push({ ...old, isFeatured: !old.isFeatured, stock: old.stock ? 0 : 5, changedMs });
        }
        // A poll reads each product once: the last change of one changed twice this round.
        const polled = new Map(changed.map((e) => [e.id, e]));
        for (const e of polled.values()) products.set(e.id, e);
        view.apply([...polled.values()].map(read), round);
        changedMs++;
        // Each round asks for some sorts only: the others are moved by every change since they were last made.
        for (const sort of SHOP_SORTS)
          if (random() < 0.5 || round === 24)
            expect(Array.from(view.list(sort, {})), `${sort} after round ${round}`).toEqual(
              sortedIds(products, sort),
            );
      }
    });

  it('a product whose sort fields did not change keeps its place among the rest', () => {
    const entries = catalog(50, seededRandom(83));
    const view = viewOf(entries, true);
    const before = Array.from(view.list('price_asc', {}));
    const moved = entries[10]!;
    view.apply([read({ ...moved, payCents: 999_999, changedMs: 5 })], 1);
    const after = Array.from(view.list('price_asc', {}));
    expect(after.at(-1)).toBe(moved.id);
    expect(after.slice(0, -1)).toEqual(before.filter((id) => id !== moved.id));
  });
});
