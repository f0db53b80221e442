/**
 * One catalog view (decision 0019): the products of a snapshot by id, SKU and permalink, their orders for every
 * sort, filtered lists cached by what was asked, and the search index. Built by the read model from a full
 * load and updated in place by its polls (`apply`). Listings hold ids and are cut into pages at request time, so a
 * product whose stock changed shows its new stock in every cached list at once.
 *
 * Bounded memory: cached lists count at most MAX_CACHED_IDS ids in all (4 bytes each), search results
 * MAX_CACHED_SEARCH_IDS.
 */
import { LRUCache } from 'lru-cache';
import type { SearchSort, ShopSort } from '@store/shared/listing-sorts';
import type { FitmentIndex } from './catalog-fitments';
import type { CatalogEntry, CatalogTaxonomy } from './catalog-snapshot';
import { buildSearchIndex, searchIndex, type SearchIndex } from './search-index';

/** Ids kept in cached lists, in all: 4 MB. */
const MAX_CACHED_IDS = 1_000_000;
/**
 * Ids kept in cached search results, in all: 16 MB. Issue 15 §7: at 100,000 products a single word or prefix
 * finds a few thousand to every product, so the bench's 872 queries hold 2.3 million ids; with a million the
 * cache kept missing and searching again was a third of the search calls' CPU.
 */
const MAX_CACHED_SEARCH_IDS = 4_000_000;
/** Bytes of vehicles' kept-part bits, in all (400 vehicles at 100,000 products: 5 MB). */
const MAX_KEPT_BYTES = 16_000_000;
/**
 * Totals of listings by vehicle kept (a list's key and a vehicle each, about 170 bytes of V8 heap with the
 * cache's own share). A total missed is counted again in a few µs (`keptCount` looks up a vehicle's few thousand
 * fitting parts), so this keeps the recent ones only: 100,000 of them held 17 MB of heap at 100,000 products.
 */
const MAX_KEPT_COUNTS = 10_000;
/** Bytes of long lists' bits, in all (63 shop listings at 100,000 products: under 1 MB). */
const MAX_LIST_FACTS_BYTES = 8_000_000;
/**
 * Bytes of vehicles' fitting parts held in a sort's order, whole and by taxonomy (see `rankedFitting`), in all:
 * 32 MB. 400 vehicles at 100,000 products hold about 19 MB per sort asked for.
 */
const MAX_RANKED_FITTING_BYTES = 32_000_000;
const NO_IDS = new Int32Array(0);
const NO_INDEXES = new Uint16Array(0);

/** A walk's working ids, kept between calls (a page is built synchronously, one at a time). */
let walkScratch = new Int32Array(4096);
/** `walkScratch`, grown to hold at least `n` ids. */
function scratch(n: number): Int32Array {
  if (walkScratch.length < n) walkScratch = new Int32Array(Math.max(n, walkScratch.length * 2));
  return walkScratch;
}

/**
 * A vehicle's fitting parts that are not universal, in one sort's order: all of them (ids), and those of each
 * category, child category and brand as indexes into `all`. A vehicle has far fewer than 65,536 fitting parts, so
 * an index takes 2 bytes where an id takes 4: the three splits take 6 bytes a part instead of 12 (11 MB less for
 * 400 vehicles at 100,000 products).
 */
interface RankedFitting {
  all: Int32Array;
  category: Map<number, Uint16Array | Int32Array>;
  child: Map<number, Uint16Array | Int32Array>;
  brand: Map<number, Uint16Array | Int32Array>;
  /** About the bytes held in the four together (`all` and its three splits), for the cache's bound. */
  size: number;
}

/** A long list as `keptCount` reads it: a bit per id in it, and how many of its ids are universal parts. */
interface ListFacts {
  bits: Uint8Array;
  universal: number;
}

/** What a listing keeps (all optional, combined with AND). Prices in cents. */
export interface ListingFilter {
  categoryId?: number;
  childCategoryId?: number;
  brandId?: number;
  minCents?: number;
  maxCents?: number;
  inStock?: boolean;
  featured?: boolean;
}

/**
 * A window of a listing or search: how many ids it has in all and the ids of [from, to) in its order. Issue 15
 * §7: a listing by vehicle is only ever cut into windows, never held whole.
 */
export interface IdWindow {
  total: number;
  ids: Int32Array;
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
  /**
   * The ids [from, to) of a listing and its total; with `vehicleId`, of the parts in it that fit that vehicle or
   * every vehicle (issue 15 §4).
   */
  listWindow(
    sort: ShopSort,
    filter: ListingFilter,
    vehicleId: number | undefined,
    from: number,
    to: number,
  ): IdWindow;
  /** As `listWindow`, for a search; `corrected` as for `search`. */
  searchWindow(
    text: string,
    sort: SearchSort,
    filter: ListingFilter,
    vehicleId: number | undefined,
    from: number,
    to: number,
  ): IdWindow & { corrected?: string };
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
    !f.featured
  );
}

function matches(e: CatalogEntry, f: ListingFilter): boolean {
  return (
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
  /**
   * The entries indexed by id, the only index by id: a page reads 15 to 100 of them scattered over the catalog,
   * and an array element costs one memory read where a Map's hash costs several (V8 keeps a sparse array as a
   * dictionary). A Map beside it was about 4 MB more at 100,000 products (decision 0040).
   */
  const slots: (CatalogEntry | undefined)[] = [];
  /** How many entries `slots` holds. */
  let count = 0;
  /** Every entry, in id order (`filter` skips the holes). */
  const everyEntry = (): CatalogEntry[] => slots.filter((e) => e !== undefined);
  const bySku = new Map<string, CatalogEntry>();
  const byPermalink = new Map<string, CatalogEntry>();
  let stamp = 0;
  for (const e of init.entries) {
    if (slots[e.id] === undefined) count++;
    slots[e.id] = e;
    bySku.set(e.sku.toLowerCase(), e);
    byPermalink.set(e.permalink, e);
    stamp ^= entryHash(e);
  }
  let taxonomy = init.taxonomy;
  let categoriesJson = categoriesJsonOf(taxonomy);
  let sinceMs = init.sinceMs;
  let stockGen = 0;
  const orders = new Map<ShopSort, Int32Array>();
  /** Per sort, each product's position in that sort's order, by id (see `rankedWindow`). */
  const ranks = new Map<ShopSort, Int32Array>();
  const rankedFittings = new LRUCache<string, RankedFitting>({
    maxSize: MAX_RANKED_FITTING_BYTES,
    sizeCalculation: (r) => r.size + 16,
  });
  const lists = new LRUCache<string, Int32Array>({
    maxSize: MAX_CACHED_IDS,
    sizeCalculation: (ids) => ids.length + 1,
  });
  /** A bit per product id, set for the universal parts: what every vehicle's bits start from. */
  let universalBits: Uint8Array | null = null;
  /** Per vehicle: a bit per product id, set for the parts it keeps (see `keptBits`). */
  const kept = new LRUCache<number, Uint8Array>({
    maxSize: MAX_KEPT_BYTES,
    sizeCalculation: (bits) => bits.length + 64,
  });
  /** Long lists' ids as bits and their universal parts' count, by the list's key (see `keptCount`). */
  const listFacts = new LRUCache<string, ListFacts>({
    maxSize: MAX_LIST_FACTS_BYTES,
    sizeCalculation: (facts) => facts.bits.length + 64,
  });
  /** How many ids of a cached list or search a vehicle keeps, by the list's key and the vehicle. */
  const keptCounts = new LRUCache<string, number>({ max: MAX_KEPT_COUNTS });
  let index: SearchIndex | null = null;
  const searches = new LRUCache<string, SearchHits>({
    maxSize: MAX_CACHED_SEARCH_IDS,
    sizeCalculation: (hits) => hits.ids.length + 1,
  });

  const listKey = (sort: ShopSort, filter: ListingFilter) => `l|${sort}|${filterKey(filter, stockGen)}`;
  const searchKey = (text: string, sort: SearchSort, filter: ListingFilter) =>
    `s|${text.trim().toLowerCase()}|${sort}|${filterKey(filter, stockGen)}`;

  function orderOf(sort: ShopSort): Int32Array {
    let order = orders.get(sort);
    if (!order) {
      const all = everyEntry().sort(comparators[sort]);
      order = Int32Array.from(all, (e) => e.id);
      orders.set(sort, order);
    }
    return order;
  }

  /**
   * What a listing by `vehicleId` keeps (a part that fits it or every vehicle), as a bit per product id: one read
   * per id narrows a list to the vehicle. 12.5 kB per vehicle at 100,000 products, kept while the orders hold.
   */
  function universalBitsOf(): Uint8Array {
    if (!universalBits) {
      const maxId = Math.max(0, slots.length - 1);
      universalBits = new Uint8Array((maxId >>> 3) + 1);
      for (const e of everyEntry()) if (e.universalFit) universalBits[e.id >>> 3]! |= 1 << (e.id & 7);
    }
    return universalBits;
  }

  function keptBits(vehicleId: number): Uint8Array {
    let bits = kept.get(vehicleId);
    if (!bits) {
      bits = universalBitsOf().slice();
      const maxId = bits.length * 8 - 1;
      for (const id of init.fitments.fitting(vehicleId)) if (id <= maxId) bits[id >>> 3]! |= 1 << (id & 7);
      kept.set(vehicleId, bits);
    }
    return bits;
  }

  /**
   * How many of `ids` (cached under `key`) the vehicle keeps. A long list is not walked: its universal parts are
   * counted once (cached with a bit per id of the list), then only the vehicle's own fitting parts are looked up in
   * it, a few thousand against up to every product (issue 15 §7: the walk was most of a listing by vehicle's cost
   * at 100,000 products, and 400 vehicles times every filter are too many totals to find cached).
   */
  function keptCount(key: string, ids: Int32Array, vehicleId: number, bits: Uint8Array): number {
    const fitting = init.fitments.fitting(vehicleId);
    if (ids.length <= 2 * fitting.length + 256) {
      let n = 0;
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i]!;
        n += (bits[id >>> 3]! >>> (id & 7)) & 1;
      }
      return n;
    }
    const facts = listFactsOf(key, ids);
    const universal = universalBitsOf();
    let n = facts.universal;
    for (let i = 0; i < fitting.length; i++) {
      const id = fitting[i]!;
      const bit = id & 7;
      const byte = id >>> 3;
      if (((universal[byte]! >>> bit) & 1) === 0) n += (facts.bits[byte]! >>> bit) & 1;
    }
    return n;
  }

  /** A list's ids as bits, and how many of them are universal parts (built once per list, then cached). */
  function listFactsOf(key: string, ids: Int32Array): ListFacts {
    let facts = listFacts.get(key);
    if (!facts) {
      const universal = universalBitsOf();
      const bits = new Uint8Array(universal.length);
      let count = 0;
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i]!;
        bits[id >>> 3]! |= 1 << (id & 7);
        count += (universal[id >>> 3]! >>> (id & 7)) & 1;
      }
      facts = { bits, universal: count };
      listFacts.set(key, facts);
    }
    return facts;
  }

  /**
   * The window [from, to) of `ids` (cached under `key`), narrowed to `vehicleId` when given. Issue 15 §7: a
   * listing by vehicle is walked, never stored: its total once per list and vehicle (cached), then only as far
   * into the list as the window, from whichever end is nearer. 400 vehicles times every filter and search were
   * too many lists to keep, and each one computed walked the whole listing.
   */
  function windowOf(
    key: string,
    ids: Int32Array,
    vehicleId: number | undefined,
    from: number,
    to: number,
  ): IdWindow {
    if (vehicleId === undefined)
      return { total: ids.length, ids: ids.subarray(Math.min(from, ids.length), Math.min(to, ids.length)) };
    const bits = keptBits(vehicleId);
    const countKey = `${key}|${vehicleId}`;
    let total = keptCounts.get(countKey);
    if (total === undefined) {
      total = keptCount(key, ids, vehicleId, bits);
      keptCounts.set(countKey, total);
    }
    const end = Math.min(to, total);
    if (from >= end) return { total, ids: NO_IDS };
    const out = new Int32Array(end - from);
    // Both walks write every id they pass to `walked` at the count kept so far and add its bit to that count, so a
    // kept id stays and the next id overwrites one that is not: no branch on the bit, which is a coin toss the CPU
    // keeps guessing wrong (issue 15 §7: the walk was 7 % of a page by vehicle at 100,000 products). Both stop at
    // the list's ends too: a total that disagreed with the list could not hang the process.
    if (from <= total - end) {
      const walked = scratch(end);
      let seen = 0;
      for (let i = 0; seen < end && i < ids.length; i++) {
        const id = ids[i]!;
        walked[seen] = id;
        // `undefined >>> n` is 0: an id past the bits is not kept.
        seen += (bits[id >>> 3]! >>> (id & 7)) & 1;
      }
      if (seen > from) out.set(walked.subarray(from, seen));
    } else {
      // From the end: `walked[c]` is the c-th kept id counted from the last, at position total - 1 - c.
      const want = total - from;
      const walked = scratch(want);
      let seen = 0;
      for (let i = ids.length - 1; seen < want && i >= 0; i--) {
        const id = ids[i]!;
        walked[seen] = id;
        seen += (bits[id >>> 3]! >>> (id & 7)) & 1;
      }
      for (let c = total - end; c < seen; c++) out[total - 1 - c - from] = walked[c]!;
    }
    return { total, ids: out };
  }

  /** Each product's position in `sort`'s order, by id (-1 for an id that is not a product). */
  function rankOf(sort: ShopSort): Int32Array {
    let rank = ranks.get(sort);
    if (!rank) {
      const order = orderOf(sort);
      let maxId = 0;
      for (let i = 0; i < order.length; i++) if (order[i]! > maxId) maxId = order[i]!;
      rank = new Int32Array(maxId + 1).fill(-1);
      for (let i = 0; i < order.length; i++) rank[order[i]!] = i;
      ranks.set(sort, rank);
    }
    return rank;
  }

  /** `vehicleId`'s fitting parts that are not universal, in `sort`'s order, whole and by taxonomy (cached). */
  function rankedFitting(vehicleId: number, sort: ShopSort): RankedFitting {
    const key = `${sort}|${vehicleId}`;
    let ranked = rankedFittings.get(key);
    if (!ranked) {
      const rank = rankOf(sort);
      const order = orderOf(sort);
      const positions: number[] = [];
      for (const id of init.fitments.fitting(vehicleId)) {
        const e = slots[id];
        if (e && !e.universalFit && id < rank.length && rank[id]! >= 0) positions.push(rank[id]!);
      }
      // Positions sort as numbers, with no comparator to call.
      const all = Int32Array.from(positions)
        .sort()
        .map((position) => order[position]!);
      const buckets = {
        category: new Map<number, number[]>(),
        child: new Map<number, number[]>(),
        brand: new Map<number, number[]>(),
      };
      const into = (map: Map<number, number[]>, taxonomyId: number | null, at: number) => {
        if (taxonomyId === null) return;
        const indexes = map.get(taxonomyId);
        if (indexes) indexes.push(at);
        else map.set(taxonomyId, [at]);
      };
      for (let at = 0; at < all.length; at++) {
        const e = slots[all[at]!]!;
        into(buckets.category, e.categoryId, at);
        into(buckets.child, e.childCategoryId, at);
        into(buckets.brand, e.brandId, at);
      }
      const narrow = all.length <= 0x10000;
      const typed = (map: Map<number, number[]>) =>
        new Map([...map].map(([k, at]) => [k, narrow ? Uint16Array.from(at) : Int32Array.from(at)] as const));
      ranked = {
        all,
        category: typed(buckets.category),
        child: typed(buckets.child),
        brand: typed(buckets.brand),
        size: all.length * (narrow ? 10 : 16),
      };
      rankedFittings.set(key, ranked);
    }
    return ranked;
  }

  /**
   * The window [from, to) of a listing by vehicle filtered by at most one of category, child category and brand
   * (the shop, category, child category and brand pages as linked), or undefined for any other filter. Issue 15 §7:
   * the listing's universal parts (cached with the lists) and the vehicle's fitting parts of that listing (cached
   * per vehicle and sort, see `rankedFitting`) are two short lists in the listing's order; the page is where they
   * meet, found by a binary search, then `to - from` steps of their merge, instead of a walk of the whole listing
   * up to the page (about 2,700 ids to page 20 at 100,000 products).
   */
  function rankedWindow(
    sort: ShopSort,
    filter: ListingFilter,
    vehicleId: number,
    from: number,
    to: number,
  ): IdWindow | undefined {
    const { categoryId, childCategoryId, brandId } = filter;
    const named =
      (categoryId !== undefined ? 1 : 0) +
      (childCategoryId !== undefined ? 1 : 0) +
      (brandId !== undefined ? 1 : 0);
    if (
      named > 1 ||
      filter.minCents !== undefined ||
      filter.maxCents !== undefined ||
      filter.inStock ||
      filter.featured
    )
      return undefined;
    const universal = universalOf(sort, filter);
    const ranked = rankedFitting(vehicleId, sort);
    const all = ranked.all;
    // The listing's fitting parts as indexes into `all`, or all of them.
    const at =
      categoryId !== undefined
        ? (ranked.category.get(categoryId) ?? NO_INDEXES)
        : childCategoryId !== undefined
          ? (ranked.child.get(childCategoryId) ?? NO_INDEXES)
          : brandId !== undefined
            ? (ranked.brand.get(brandId) ?? NO_INDEXES)
            : undefined;
    const fitCount = at ? at.length : all.length;
    /** The listing's `j`th fitting part. */
    const fit = at ? (j: number) => all[at[j]!]! : (j: number) => all[j]!;
    const rank = rankOf(sort);
    const total = universal.length + fitCount;
    const end = Math.min(to, total);
    if (from >= end) return { total, ids: NO_IDS };
    // The split of the first `from` kept parts: i universal and from - i fitting, each list's next one after the
    // other's last.
    let lo = Math.max(0, from - fitCount);
    let hi = Math.min(from, universal.length);
    let i = lo;
    while (lo <= hi) {
      i = (lo + hi) >>> 1;
      const j = from - i;
      if (i < universal.length && j > 0 && rank[fit(j - 1)]! > rank[universal[i]!]!) lo = i + 1;
      else if (i > 0 && j < fitCount && rank[universal[i - 1]!]! > rank[fit(j)]!) hi = i - 1;
      else break;
    }
    let j = from - i;
    const out = new Int32Array(end - from);
    for (let k = 0; k < out.length; k++) {
      if (j >= fitCount || (i < universal.length && rank[universal[i]!]! < rank[fit(j)]!))
        out[k] = universal[i++]!;
      else out[k] = fit(j++);
    }
    return { total, ids: out };
  }

  /** The universal parts of a listing, in its order (cached with the lists). */
  function universalOf(sort: ShopSort, filter: ListingFilter): Int32Array {
    const key = `u|${listKey(sort, filter)}`;
    let ids = lists.get(key);
    if (!ids) {
      ids = filtered(view.list(sort, filter), (e) => e.universalFit);
      lists.set(key, ids);
    }
    return ids;
  }

  function filtered(order: Int32Array, keep: (e: CatalogEntry) => boolean): Int32Array {
    const out: number[] = [];
    for (const id of order) {
      const e = slots[id];
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
          everyEntry().map((e) => ({
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
      return count;
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
    byId: (id) => slots[id],
    find(key) {
      return bySku.get(key.toLowerCase()) ?? byPermalink.get(key);
    },
    list(sort, filter) {
      const order = orderOf(sort);
      if (isUnfiltered(filter)) return order;
      const key = listKey(sort, filter);
      let ids = lists.get(key);
      if (!ids) {
        ids = filtered(order, (e) => matches(e, filter));
        lists.set(key, ids);
      }
      return ids;
    },
    search(text, sort, filter) {
      const hits = searchHits(text);
      if (sort === 'relevance' && isUnfiltered(filter)) return hits;
      const key = searchKey(text, sort, filter);
      let ids = lists.get(key);
      if (!ids) {
        if (sort === 'relevance') {
          ids = filtered(hits.ids, (e) => matches(e, filter));
        } else {
          const wanted = new Set(hits.ids);
          ids = filtered(orderOf(sort), (e) => wanted.has(e.id) && matches(e, filter));
        }
        lists.set(key, ids);
      }
      return { ids, ...(hits.corrected !== undefined ? { corrected: hits.corrected } : {}) };
    },
    listWindow(sort, filter, vehicleId, from, to) {
      if (vehicleId !== undefined) {
        const ranked = rankedWindow(sort, filter, vehicleId, from, to);
        if (ranked) return ranked;
      }
      return windowOf(listKey(sort, filter), view.list(sort, filter), vehicleId, from, to);
    },
    searchWindow(text, sort, filter, vehicleId, from, to) {
      const hits = view.search(text, sort, filter);
      return {
        ...windowOf(searchKey(text, sort, filter), hits.ids, vehicleId, from, to),
        ...(hits.corrected !== undefined ? { corrected: hits.corrected } : {}),
      };
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
        const old = slots[e.id];
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
        if (!old) count++;
        slots[e.id] = e;
        bySku.set(e.sku.toLowerCase(), e);
        byPermalink.set(e.permalink, e);
        stamp ^= entryHash(e);
      }
      if (reorder || reindex) {
        orders.clear();
        ranks.clear();
        rankedFittings.clear();
        lists.clear();
        universalBits = null;
        kept.clear();
        keptCounts.clear();
        listFacts.clear();
      } else if (flips) {
        stockGen++;
      }
      if (reindex) {
        index = null;
        searches.clear();
        keptCounts.clear();
        listFacts.clear();
      }
    },
  };
  return view;
}
