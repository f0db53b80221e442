/**
 * One catalog view (decision 0019): the products of a snapshot by id, SKU and permalink, their orders for every
 * sort, filtered lists cached by what was asked, listings by vehicle and the search index. Built by the read model
 * from a full load and updated in place by its polls (`apply`). Listings hold ids and are cut into pages at request
 * time, so a product whose stock changed shows its new stock in every cached list at once.
 *
 * Each cache has one owner and is renewed by the generation it depends on, which `apply` moves:
 * - the order generation (a product added, or a field a sort, a filter or a listing by vehicle reads changed):
 *   the sorts' orders (catalog-orders.ts: moved by the products that changed, decision 0080) and listings by
 *   vehicle (vehicle-windows.ts) are built again;
 * - the search generation (a product added, or a field search reads changed): the search index, its answers and
 *   the suggestions' vocabulary (search-hits.ts) are built again, a slice at a time, the last build answering
 *   searches that will not wait (decision 0074);
 * - the stock generation (a product sold out or came back): in the key of every list that keeps products in
 *   stock (`filterKey`).
 * The filtered lists (here) carry the generations they depend on in their keys; lists of an older generation are
 * never asked for again and leave the bounded cache as new ones come in.
 *
 * Bounded memory: cached lists count at most cachedIdsFor(products) ids in all (4 bytes each); the other caches'
 * bounds are in their modules.
 */
import { LRUCache } from 'lru-cache';
import type { SearchSort, ShopSort } from '@store/shared/listing-sorts';
import type { FitmentIndex } from './catalog-fitments';
import {
  createCatalogOrders,
  sortedFieldsChanged,
  type CatalogOrders,
  type OrderSources,
} from './catalog-orders';
import type { CatalogEntry, CatalogTaxonomy, ReadProduct } from './catalog-snapshot';
import {
  filterKey,
  isAvailable,
  isUnfiltered,
  matchesFilter,
  type IdWindow,
  type ListingFilter,
} from './listing-filter';
import {
  createCatalogSearch,
  SEARCH_TOP_IDS,
  searchableChanged,
  type SearchAnswering,
  type SearchBuild,
  type SearchHits,
  type TopSearchHits,
} from './search-hits';
import { suggestSearches } from './search-suggestions';
import type { ProductJsonCache } from './product-json-cache';
import { runToEnd } from './run-in-slices';
import { createVehicleWindows } from './vehicle-windows';

/**
 * Ids kept in cached lists, in all, for a catalog of `products`: a million (4 MB), or eight per product when that is
 * more (32 MB at a million products). The lists of one sort for every category, child category and brand hold about
 * three ids per product, and searches' lists more: with a fixed million, a catalog of a million products evicted its
 * own unfiltered list to make room for a category's, and every shop page re-filtered the whole catalog (issue 42 §3:
 * 52 pages a second, p99 2 s).
 */
export function cachedIdsFor(products: number): number {
  return Math.max(1_000_000, 8 * products);
}

export interface CatalogViewInit {
  version: number;
  entries: CatalogEntry[];
  taxonomy: CatalogTaxonomy;
  /** Which products fit which vehicles (decision 0032). */
  fitments: FitmentIndex;
  /** The products' answer JSON (decision 0077): the read model's one working set, shared by its views. */
  jsons: ProductJsonCache;
  /** Where the next poll starts looking for changed rows (database clock, ms). */
  sinceMs: number;
  /** The search build of the view this one replaces: answers searches that will not wait until this one's is in. */
  previousSearch?: SearchBuild | null;
  /** Told when a search build made a slice at a time is in (products, ms): the read model logs it. */
  onSearchBuilt?: (products: number, ms: number) => void;
  /**
   * The entries by id, SKU and permalink, made from `entries` by `entryLookupSteps` a slice at a time (a reload);
   * made here at once when absent.
   */
  lookups?: EntryLookups;
  /**
   * Every sort's order of `entries`, made by `catalogOrderSteps` a slice at a time (a reload, decision 0080); a sort
   * is sorted on first use when absent.
   */
  orders?: OrderSources;
}

/** The entries of a view by id, SKU (lower case) and permalink, how many, and the stamp they make. */
export interface EntryLookups {
  /** Indexed by id: an array element costs one memory read where a Map's hash costs several. */
  slots: (CatalogEntry | undefined)[];
  count: number;
  bySku: Map<string, CatalogEntry>;
  byPermalink: Map<string, CatalogEntry>;
  stamp: number;
}

/** Entries between two yields of `entryLookupSteps`: about a millisecond of work. */
const LOOKUP_STEP = 1_000;

/**
 * The lookups of `entries`, a step at a time (run-in-slices.ts): at a million products they are about two seconds
 * of work, which a reload must not take in one piece from the requests the old view answers (decision 0079).
 */
export function* entryLookupSteps(entries: readonly CatalogEntry[]): Generator<void, EntryLookups> {
  const lookups: EntryLookups = {
    slots: [],
    count: 0,
    bySku: new Map(),
    byPermalink: new Map(),
    stamp: 0,
  };
  for (let k = 0; k < entries.length; k++) {
    const e = entries[k] as CatalogEntry;
    if (lookups.slots[e.id] === undefined) lookups.count++;
    lookups.slots[e.id] = e;
    lookups.bySku.set(e.sku.toLowerCase(), e);
    lookups.byPermalink.set(e.permalink, e);
    lookups.stamp ^= entryHash(e);
    if (k % LOOKUP_STEP === LOOKUP_STEP - 1) yield;
  }
  return lookups;
}

export interface CatalogView {
  readonly version: number;
  /** Where the next poll starts looking for changed rows. */
  readonly sinceMs: number;
  readonly size: number;
  readonly taxonomy: CatalogTaxonomy;
  /** Which products fit which vehicles, as of this view's catalog version. */
  readonly fitments: FitmentIndex;
  /** The products' answer JSON, read from the database for those the working set does not hold. */
  readonly jsons: ProductJsonCache;
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
  /**
   * Whether a search in relevance order finds anything, filtered and narrowed to `vehicleId` as `searchWindow`
   * would be: a suggestion's check (issue 37 §4). By vehicle it reads the front of the ranked list until a part
   * the vehicle keeps, where `searchWindow` counts the whole list (decision 0080).
   */
  searchFinds(text: string, filter: ListingFilter, vehicleId: number | undefined): boolean;
  /**
   * "Did you mean …" for a search that found nothing (issue 37 §4): catalog terms near `text`, each of which
   * `finds` (search-suggestions.ts).
   */
  suggest(text: string, finds: (suggestion: string) => boolean): string[];
  /**
   * Resolves when searches answer from this catalog's own search build, or after `maxWaitMs` (ms) when an earlier
   * build can answer meanwhile (search-hits.ts); the search route waits on it before it searches.
   */
  searchReady(maxWaitMs: number): Promise<void>;
  /** The newest finished search build, for the view that replaces this one. */
  readonly searchBuild: SearchBuild | null;
  /** False when the product names a category, child category or brand this view has never seen. */
  knowsTaxonomyOf(entry: CatalogEntry): boolean;
  /** Applies re-read rows (and a re-read taxonomy), and moves the poll's window. */
  apply(changed: readonly ReadProduct[], sinceMs: number, taxonomy?: CatalogTaxonomy): void;
}

function entryHash(e: CatalogEntry): number {
  return (Math.imul(e.id, 2654435761) ^ Math.imul(e.changedMs % 2147483629, 40503)) >>> 0;
}

/** Whether a change of a product changes what a sort, a filter or a listing by vehicle reads of it. */
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

/**
 * A value built on first use and built again once `generation()` has moved on: how a cache owner is renewed
 * (the old one, and all it holds, is left to the garbage collector).
 */
function perGeneration<T>(generation: () => number, build: () => T): () => T {
  let builtFor = -1;
  let value: T | undefined;
  return () => {
    const g = generation();
    if (value === undefined || builtFor !== g) {
      value = build();
      builtFor = g;
    }
    return value;
  };
}

/** The window [from, to) of a whole list, and its length. */
function windowOfList(ids: Int32Array, from: number, to: number): IdWindow {
  return { total: ids.length, ids: ids.subarray(Math.min(from, ids.length), Math.min(to, ids.length)) };
}

/** Builds a view over a full load. */
export function createCatalogView(init: CatalogViewInit): CatalogView {
  /**
   * The entries indexed by id, the only index by id: a page reads 15 to 100 of them scattered over the catalog,
   * and an array element costs one memory read where a Map's hash costs several (V8 keeps a sparse array as a
   * dictionary). A Map beside it was about 4 MB more at 100,000 products (decision 0040).
   */
  const lookups = init.lookups ?? runToEnd(entryLookupSteps(init.entries));
  const { slots, bySku, byPermalink } = lookups;
  /** How many entries `slots` holds. */
  let count = lookups.count;
  /** Every entry, in id order (`filter` skips the holes). */
  const everyEntry = (): CatalogEntry[] => slots.filter((e) => e !== undefined);
  let stamp = lookups.stamp;
  let taxonomy = init.taxonomy;
  let categoriesJson = categoriesJsonOf(taxonomy);
  let sinceMs = init.sinceMs;
  let orderGeneration = 0;
  let searchGeneration = 0;
  let stockGeneration = 0;
  /** The orders last made, and the ids added or moved in a sort since (decision 0080). */
  let lastOrders: CatalogOrders | null = null;
  let movedSince = new Set<number>();
  const orders = perGeneration(
    () => orderGeneration,
    () => {
      const sources = lastOrders?.sources ?? init.orders;
      lastOrders = createCatalogOrders({
        entries: everyEntry,
        byId: (id) => slots[id],
        ...(sources ? { previous: { sources, changed: movedSince } } : {}),
      });
      movedSince = new Set();
      return lastOrders;
    },
  );
  const vehicles = perGeneration(
    () => orderGeneration,
    () =>
      createVehicleWindows({
        byId: (id) => slots[id],
        entries: everyEntry,
        maxId: () => slots.length - 1,
        fitments: init.fitments,
        orders: orders(),
      }),
  );
  const search = createCatalogSearch({
    entries: everyEntry,
    generation: () => searchGeneration,
    previous: init.previousSearch ?? null,
    ...(init.onSearchBuilt ? { onBuilt: init.onSearchBuilt } : {}),
  });
  // Built from now on, off the request path: the first search finds it ready.
  search.start();
  /** Filtered lists, universal parts of listings and searches' lists, keyed by what they depend on. */
  const lists = new LRUCache<string, Int32Array>({
    maxSize: cachedIdsFor(init.entries.length),
    sizeCalculation: (ids) => ids.length + 1,
  });

  const listKey = (sort: ShopSort, filter: ListingFilter) =>
    `l|${orderGeneration}|${sort}|${filterKey(filter, stockGeneration)}`;
  const searchKey = (build: SearchBuild, text: string, sort: SearchSort, filter: ListingFilter) =>
    `s|${orderGeneration}|${build.key}|${text.trim().toLowerCase()}|${sort}|${filterKey(filter, stockGeneration)}`;

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

  /**
   * A search's ids in `sort` order, filtered. An earlier build's ids (`fresh` false) are always filtered: they may
   * name products this catalog no longer has.
   */
  function searchWith(
    answering: SearchAnswering,
    text: string,
    sort: SearchSort,
    filter: ListingFilter,
  ): SearchHits {
    const hits = answering.build.hits(text);
    if (sort === 'relevance' && isUnfiltered(filter) && answering.fresh) return hits;
    const key = searchKey(answering.build, text, sort, filter);
    let ids = lists.get(key);
    if (!ids) {
      if (sort === 'relevance') {
        ids = filtered(hits.ids, (e) => matchesFilter(e, filter));
      } else {
        const wanted = new Set(hits.ids);
        ids = filtered(orders().order(sort), (e) => wanted.has(e.id) && matchesFilter(e, filter));
      }
      lists.set(key, ids);
    }
    return { ids, ...(hits.corrected !== undefined ? { corrected: hits.corrected } : {}) };
  }

  function filtered(order: Int32Array, keep: (e: CatalogEntry) => boolean): Int32Array {
    const out: number[] = [];
    for (const id of order) {
      const e = slots[id];
      if (e && keep(e)) out.push(id);
    }
    return Int32Array.from(out);
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
    get jsons() {
      return init.jsons;
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
      const order = orders().order(sort);
      if (isUnfiltered(filter)) return order;
      const key = listKey(sort, filter);
      let ids = lists.get(key);
      if (!ids) {
        ids = filtered(order, (e) => matchesFilter(e, filter));
        lists.set(key, ids);
      }
      return ids;
    },
    search(text, sort, filter) {
      return searchWith(search.current(), text, sort, filter);
    },
    listWindow(sort, filter, vehicleId, from, to) {
      if (vehicleId === undefined) return windowOfList(view.list(sort, filter), from, to);
      const ranked = vehicles().rankedWindow(sort, filter, vehicleId, from, to, () =>
        universalOf(sort, filter),
      );
      if (ranked) return ranked;
      return vehicles().window(listKey(sort, filter), view.list(sort, filter), vehicleId, from, to);
    },
    searchWindow(text, sort, filter, vehicleId, from, to) {
      const answering = search.current();
      if (sort === 'relevance' && isUnfiltered(filter) && answering.fresh) {
        const corrected = (top: TopSearchHits) =>
          top.corrected !== undefined ? { corrected: top.corrected } : {};
        if (vehicleId === undefined) {
          // The page reads the front of the ranked list only: its kept first ids do (decision 0079).
          const top = answering.build.top(text, to);
          return {
            total: top.total,
            ids: top.ids.subarray(Math.min(from, top.ids.length), Math.min(to, top.ids.length)),
            ...corrected(top),
          };
        }
        // By vehicle: the page from the kept front too, the total from the list's bits (decision 0080).
        const top = answering.build.top(text, SEARCH_TOP_IDS);
        const window = vehicles().frontWindow(
          searchKey(answering.build, text, sort, filter),
          top.ids,
          top.total,
          () => answering.build.hits(text).ids,
          vehicleId,
          from,
          to,
        );
        return { ...window, ...corrected(top) };
      }
      const hits = searchWith(answering, text, sort, filter);
      return {
        ...(vehicleId === undefined
          ? windowOfList(hits.ids, from, to)
          : vehicles().window(searchKey(answering.build, text, sort, filter), hits.ids, vehicleId, from, to)),
        ...(hits.corrected !== undefined ? { corrected: hits.corrected } : {}),
      };
    },
    searchFinds(text, filter, vehicleId) {
      const answering = search.current();
      if (isUnfiltered(filter) && answering.fresh) {
        const top = answering.build.top(text, SEARCH_TOP_IDS);
        if (vehicleId === undefined) return top.total > 0;
        if (vehicles().keepsAny(top.ids, vehicleId)) return true;
        // The whole list was read: nothing in it fits.
        if (top.ids.length >= top.total) return false;
      }
      return view.searchWindow(text, 'relevance', filter, vehicleId, 0, 1).total > 0;
    },
    suggest(text, finds) {
      return suggestSearches(search.current().build.vocabulary, text, finds);
    },
    searchReady(maxWaitMs) {
      return search.ready(maxWaitMs);
    },
    get searchBuild() {
      return search.latest;
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
      for (const { entry: e, json } of changed) {
        const old = slots[e.id];
        // A row re-read unchanged (polls look back CHANGE_WINDOW_MS); one the working set no longer holds counts
        // as unchanged when its changed_at is, as its JSON is read afresh when asked for.
        const held = init.jsons.peek(e.id);
        if (old && old.changedMs === e.changedMs && (!held || held.json.equals(json.json))) continue;
        init.jsons.put(e.id, json);
        if (old) {
          stamp ^= entryHash(old);
          if (bySku.get(old.sku.toLowerCase()) === old) bySku.delete(old.sku.toLowerCase());
          if (byPermalink.get(old.permalink) === old) byPermalink.delete(old.permalink);
          reorder ||= orderChanged(old, e);
          if (sortedFieldsChanged(old, e)) movedSince.add(e.id);
          reindex ||= searchableChanged(old, e);
          flips ||= isAvailable(old) !== isAvailable(e);
        } else {
          reorder = true;
          reindex = true;
          movedSince.add(e.id);
        }
        if (!old) count++;
        slots[e.id] = e;
        bySku.set(e.sku.toLowerCase(), e);
        byPermalink.set(e.permalink, e);
        stamp ^= entryHash(e);
      }
      // Each cache is renewed by its own generation (see the module's comment).
      if (reorder) orderGeneration++;
      if (reindex) {
        searchGeneration++;
        search.start();
      }
      if (flips) stockGeneration++;
    },
  };
  return view;
}
