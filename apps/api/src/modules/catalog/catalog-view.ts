/**
 * One catalog view (decision 0019): the products of a snapshot by id, SKU and permalink, their orders for every
 * sort, filtered lists cached by what was asked, and the search index. Built by the read model from a full
 * load and updated in place by its polls (`apply`). Listings hold ids and are cut into pages at request time, so a
 * product whose stock changed shows its new stock in every cached list at once.
 *
 * Bounded memory: cached lists count at most MAX_CACHED_IDS ids in all (4 bytes each), search results the same.
 */
import { LRUCache } from 'lru-cache';
import type { SearchSort, ShopSort } from '@store/shared/listing-sorts';
import type { FitmentIndex } from './catalog-fitments';
import type { CatalogEntry, CatalogTaxonomy } from './catalog-snapshot';
import { buildSearchIndex, searchIndex, type SearchIndex } from './search-index';

/** Ids kept in cached lists, in all: 4 MB. */
const MAX_CACHED_IDS = 1_000_000;
/** Ids kept in cached search results, in all. */
const MAX_CACHED_SEARCH_IDS = 1_000_000;

/** What a listing keeps (all optional, combined with AND). Prices in cents. */
export interface ListingFilter {
  categoryId?: number;
  childCategoryId?: number;
  brandId?: number;
  minCents?: number;
  maxCents?: number;
  inStock?: boolean;
  featured?: boolean;
  /** Parts that fit this vehicle or every vehicle (issue 15 §4). */
  vehicleId?: number;
}

export interface CatalogViewInit {
  version: number;
  entries: CatalogEntry[];
  taxonomy: CatalogTaxonomy;
  /** Which products fit which vehicles (decision 0032). */
  fitments: FitmentIndex;
  /** Where the next poll starts looking for changed rows (database clock, ms). */
  sinceMs: number;
}

export interface SearchHits {
  ids: Int32Array;
  corrected?: string;
}

export interface CatalogView {
  readonly version: number;
  /** Where the next poll starts looking for changed rows. */
  readonly sinceMs: number;
  readonly size: number;
  readonly taxonomy: CatalogTaxonomy;
  /** Which products fit which vehicles, as of this view's catalog version. */
  readonly fitments: FitmentIndex;
  /** `{"data":[...categories]}` as UTF-8, built once per taxonomy (answers send these bytes as they are). */
  readonly categoriesJson: Buffer;
  /** Changes whenever any product shown changes; the same on every instance that shows the same catalog. */
  stamp(): string;
  byId(id: number): CatalogEntry | undefined;
  /** By SKU (any case), else by permalink (cards link by permalink). */
  find(skuOrPermalink: string): CatalogEntry | undefined;
  /** Ids of the products a listing shows, in `sort` order. */
  list(sort: ShopSort, filter: ListingFilter): Int32Array;
  /** Ids matching a search, in `sort` order (`relevance`: the search ranking), filtered. */
  search(text: string, sort: SearchSort, filter: ListingFilter): SearchHits;
  /** False when the product names a category, child category or brand this view has never seen. */
  knowsTaxonomyOf(entry: CatalogEntry): boolean;
  /** Applies re-read rows (and a re-read taxonomy), and moves the poll's window. */
  apply(changed: CatalogEntry[], sinceMs: number, taxonomy?: CatalogTaxonomy): void;
}

/** Can be bought now: stock above 0, or stock not tracked. */
export function isAvailable(e: CatalogEntry): boolean {
  return e.stock === null || e.stock > 0;
}

function entryHash(e: CatalogEntry): number {
  return (Math.imul(e.id, 2654435761) ^ Math.imul(e.changedMs % 2147483629, 40503)) >>> 0;
}

const collator = new Intl.Collator('en-AU', { sensitivity: 'base', numeric: true });

function newestFirst(a: CatalogEntry, b: CatalogEntry): number {
  return b.createdMs - a.createdMs || b.id - a.id;
}

const comparators: Record<ShopSort, (a: CatalogEntry, b: CatalogEntry) => number> = {
  newest: newestFirst,
  price_asc: (a, b) => a.payCents - b.payCents || newestFirst(a, b),
  price_desc: (a, b) => b.payCents - a.payCents || newestFirst(a, b),
  name: (a, b) => collator.compare(a.title, b.title) || newestFirst(a, b),
};

function filterKey(f: ListingFilter, stockGen: number): string {
  return [
    f.categoryId ?? '',
    f.childCategoryId ?? '',
    f.brandId ?? '',
    f.minCents ?? '',
    f.maxCents ?? '',
    f.inStock ? `s${stockGen}` : '',
    f.featured ? 'f' : '',
    f.vehicleId ?? '',
  ].join('|');
}

function isUnfiltered(f: ListingFilter): boolean {
  return (
    f.categoryId === undefined &&
    f.childCategoryId === undefined &&
    f.brandId === undefined &&
    f.minCents === undefined &&
    f.maxCents === undefined &&
    !f.inStock &&
    !f.featured &&
    f.vehicleId === undefined
  );
}

/** `f` without its vehicle: what a listing by vehicle filters on besides the vehicle. */
function withoutVehicle(f: ListingFilter): ListingFilter {
  const { vehicleId: _vehicle, ...rest } = f;
  return rest;
}

function matches(e: CatalogEntry, f: ListingFilter, fitments: FitmentIndex): boolean {
  return (
    (f.vehicleId === undefined || fitments.keeps(f.vehicleId, e.id, e.universalFit)) &&
    (f.categoryId === undefined || e.categoryId === f.categoryId) &&
    (f.childCategoryId === undefined || e.childCategoryId === f.childCategoryId) &&
    (f.brandId === undefined || e.brandId === f.brandId) &&
    (f.minCents === undefined || e.payCents >= f.minCents) &&
    (f.maxCents === undefined || e.payCents <= f.maxCents) &&
    (!f.inStock || isAvailable(e)) &&
    (!f.featured || e.isFeatured)
  );
}

function searchableChanged(a: CatalogEntry, b: CatalogEntry): boolean {
  return (
    a.sku !== b.sku ||
    a.title !== b.title ||
    a.searchBrand !== b.searchBrand ||
    a.searchCategory !== b.searchCategory ||
    a.tags !== b.tags ||
    a.partNumbers.join('\n') !== b.partNumbers.join('\n')
  );
}

function orderChanged(a: CatalogEntry, b: CatalogEntry): boolean {
  return (
    a.payCents !== b.payCents ||
    a.title !== b.title ||
    a.createdMs !== b.createdMs ||
    a.categoryId !== b.categoryId ||
    a.childCategoryId !== b.childCategoryId ||
    a.brandId !== b.brandId ||
    a.isFeatured !== b.isFeatured ||
    a.universalFit !== b.universalFit
  );
}

function categoriesJsonOf(taxonomy: CatalogTaxonomy): Buffer {
  return Buffer.from(JSON.stringify({ data: taxonomy.categories }));
}

/** Builds a view over a full load. */
export function createCatalogView(init: CatalogViewInit): CatalogView {
  const byId = new Map<number, CatalogEntry>();
  const bySku = new Map<string, CatalogEntry>();
  const byPermalink = new Map<string, CatalogEntry>();
  let stamp = 0;
  for (const e of init.entries) {
    byId.set(e.id, e);
    bySku.set(e.sku.toLowerCase(), e);
    byPermalink.set(e.permalink, e);
    stamp ^= entryHash(e);
  }
  let taxonomy = init.taxonomy;
  let categoriesJson = categoriesJsonOf(taxonomy);
  let sinceMs = init.sinceMs;
  let stockGen = 0;
  const orders = new Map<ShopSort, Int32Array>();
  const lists = new LRUCache<string, Int32Array>({
    maxSize: MAX_CACHED_IDS,
    sizeCalculation: (ids) => ids.length + 1,
  });
  /** The universal products' ids and the largest id, as of the last reorder (what a vehicle's mark needs). */
  let idFacts: { universal: number[]; maxId: number } | null = null;
  let index: SearchIndex | null = null;
  const searches = new LRUCache<string, SearchHits>({
    maxSize: MAX_CACHED_SEARCH_IDS,
    sizeCalculation: (hits) => hits.ids.length + 1,
  });

  function orderOf(sort: ShopSort): Int32Array {
    let order = orders.get(sort);
    if (!order) {
      const all = [...byId.values()].sort(comparators[sort]);
      order = Int32Array.from(all, (e) => e.id);
      orders.set(sort, order);
    }
    return order;
  }

  /**
   * What a listing by `vehicleId` keeps, as a mark per product id (1: fits it or fits every vehicle), so that a
   * list is narrowed to the vehicle by one array read per id. Made per call: one allocation of the largest id's
   * bytes (100 kB at 100,000 products) and one write per product kept, against walking a list of up to every
   * product with a binary search per id (issue 15 §7: that walk was most of a listing by vehicle's time).
   */
  function vehicleMark(vehicleId: number): Uint8Array {
    if (!idFacts) {
      const universal: number[] = [];
      let maxId = 0;
      for (const e of byId.values()) {
        if (e.universalFit) universal.push(e.id);
        if (e.id > maxId) maxId = e.id;
      }
      idFacts = { universal, maxId };
    }
    const mark = new Uint8Array(idFacts.maxId + 1);
    for (const id of idFacts.universal) mark[id] = 1;
    for (const id of init.fitments.fitting(vehicleId)) if (id < mark.length) mark[id] = 1;
    return mark;
  }

  /** The ids of `ids` whose mark is set, in their order. */
  function marked(ids: Int32Array, mark: Uint8Array): Int32Array {
    const out: number[] = [];
    for (const id of ids) if (mark[id] === 1) out.push(id);
    return Int32Array.from(out);
  }

  function filtered(order: Int32Array, keep: (e: CatalogEntry) => boolean): Int32Array {
    const out: number[] = [];
    for (const id of order) {
      const e = byId.get(id);
      if (e && keep(e)) out.push(id);
    }
    return Int32Array.from(out);
  }

  function searchHits(text: string): SearchHits {
    const key = text.trim().toLowerCase();
    let hits = searches.get(key);
    if (!hits) {
      if (!index)
        index = buildSearchIndex(
          [...byId.values()].map((e) => ({
            id: e.id,
            sku: e.sku,
            title: e.title,
            brand: e.searchBrand,
            category: e.searchCategory,
            tags: e.tags,
            partNumbers: e.partNumbers,
          })),
        );
      const found = searchIndex(index, text);
      hits = {
        ids: found.ids instanceof Int32Array ? found.ids : Int32Array.from(found.ids),
        ...(found.corrected !== undefined ? { corrected: found.corrected } : {}),
      };
      searches.set(key, hits);
    }
    return hits;
  }

  const view: CatalogView = {
    get version() {
      return init.version;
    },
    get sinceMs() {
      return sinceMs;
    },
    get size() {
      return byId.size;
    },
    get taxonomy() {
      return taxonomy;
    },
    get fitments() {
      return init.fitments;
    },
    get categoriesJson() {
      return categoriesJson;
    },
    stamp() {
      return `${init.version}-${stamp.toString(36)}`;
    },
    byId: (id) => byId.get(id),
    find(key) {
      return bySku.get(key.toLowerCase()) ?? byPermalink.get(key);
    },
    list(sort, filter) {
      const order = orderOf(sort);
      if (isUnfiltered(filter)) return order;
      const key = `l|${sort}|${filterKey(filter, stockGen)}`;
      let ids = lists.get(key);
      if (!ids) {
        // By vehicle: the same listing without the vehicle (cached: there are few of them), narrowed by the
        // vehicle's mark.
        ids =
          filter.vehicleId === undefined
            ? filtered(order, (e) => matches(e, filter, init.fitments))
            : marked(view.list(sort, withoutVehicle(filter)), vehicleMark(filter.vehicleId));
        lists.set(key, ids);
      }
      return ids;
    },
    search(text, sort, filter) {
      const hits = searchHits(text);
      if (sort === 'relevance' && isUnfiltered(filter)) return hits;
      const key = `s|${text.trim().toLowerCase()}|${sort}|${filterKey(filter, stockGen)}`;
      let ids = lists.get(key);
      if (!ids) {
        if (filter.vehicleId !== undefined) {
          // The same search without the vehicle (cached per query), narrowed by the vehicle's mark.
          ids = marked(view.search(text, sort, withoutVehicle(filter)).ids, vehicleMark(filter.vehicleId));
        } else if (sort === 'relevance') {
          ids = filtered(hits.ids, (e) => matches(e, filter, init.fitments));
        } else {
          const wanted = new Set(hits.ids);
          ids = filtered(orderOf(sort), (e) => wanted.has(e.id) && matches(e, filter, init.fitments));
        }
        lists.set(key, ids);
      }
      return { ids, ...(hits.corrected !== undefined ? { corrected: hits.corrected } : {}) };
    },
    knowsTaxonomyOf(e) {
      return (
        (e.categoryId === null || taxonomy.ids.categories.has(e.categoryId)) &&
        (e.childCategoryId === null || taxonomy.ids.children.has(e.childCategoryId)) &&
        (e.brandId === null || taxonomy.ids.brands.has(e.brandId))
      );
    },
    apply(changed, nextSinceMs, nextTaxonomy) {
      sinceMs = nextSinceMs;
      if (nextTaxonomy) {
        taxonomy = nextTaxonomy;
        categoriesJson = categoriesJsonOf(taxonomy);
      }
      let reorder = false;
      let reindex = false;
      let flips = false;
      for (const e of changed) {
        const old = byId.get(e.id);
        if (old && old.changedMs === e.changedMs && old.json.equals(e.json)) continue;
        if (old) {
          stamp ^= entryHash(old);
          if (bySku.get(old.sku.toLowerCase()) === old) bySku.delete(old.sku.toLowerCase());
          if (byPermalink.get(old.permalink) === old) byPermalink.delete(old.permalink);
          reorder ||= orderChanged(old, e);
          reindex ||= searchableChanged(old, e);
          flips ||= isAvailable(old) !== isAvailable(e);
        } else {
          reorder = true;
          reindex = true;
        }
        byId.set(e.id, e);
        bySku.set(e.sku.toLowerCase(), e);
        byPermalink.set(e.permalink, e);
        stamp ^= entryHash(e);
      }
      if (reorder || reindex) {
        orders.clear();
        lists.clear();
        idFacts = null;
      } else if (flips) {
        stockGen++;
      }
      if (reindex) {
        index = null;
        searches.clear();
      }
    },
  };
  return view;
}
