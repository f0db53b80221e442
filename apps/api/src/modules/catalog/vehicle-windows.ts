/**
 * Listings by vehicle in the catalog view (issue 15 §4, §7; decision 0032): what a vehicle keeps of a listing (a
 * part that fits it or every vehicle), counted and cut into windows without holding the narrowed listing. Owns
 * the caches that depend on which parts are universal and on the sorts' orders: the universal parts' bits, each
 * vehicle's kept-part bits, its fitting parts in each sort's order, long lists' bits and the totals by list and
 * vehicle. An instance serves one order generation of the view (catalog-view.ts makes a new one when a product is
 * added or a field a sort or filter reads changes); totals and list bits are keyed by the list's key, which
 * carries the stock and search generations.
 */
import { LRUCache } from 'lru-cache';
import type { ShopSort } from '@store/shared/listing-sorts';
import type { FitmentIndex } from './catalog-fitments';
import type { CatalogOrders } from './catalog-orders';
import type { CatalogEntry } from './catalog-snapshot';
import type { IdWindow, ListingFilter } from './listing-filter';

/** Bytes of vehicles' kept-part bits, in all (400 vehicles at 100,000 products: 5 MB). */
const MAX_KEPT_BYTES = 16_000_000;
/**
 * Totals of listings by vehicle kept (a list's key and a vehicle each, about 170 bytes of V8 heap with the
 * cache's own share). A total missed is counted again in a few µs (`keptCount` looks up a vehicle's few thousand
 * fitting parts), so this keeps the recent ones only: 100,000 of them held 17 MB of heap at 100,000 products.
 */
const MAX_KEPT_COUNTS = 10_000;
/**
 * Bytes of long lists' bits, in all, at least (63 shop listings at 100,000 products: under 1 MB); with searches by
 * vehicle, room for LIST_FACTS_KEPT lists when that is more. At a million products the bench's 869 searches hold
 * 355 that find more than 31,250 products (21.5 million ids, 86 MB as ids; 44 MB as bits), so each one's bits are
 * kept where its whole list is not (decision 0080).
 */
const MAX_LIST_FACTS_BYTES = 8_000_000;
const LIST_FACTS_KEPT = 400;
/**
 * Bytes of vehicles' fitting parts held in a sort's order (see `rankedFitting`), in all, at least: 24 MB. 400
 * vehicles at 100,000 products hold about 7.5 MB per sort asked for; at a million products (18.8 million
 * fitments) a vehicle's list is about 190 kB (`rankedFittingBytesFor`).
 */
const MAX_RANKED_FITTING_BYTES = 24_000_000;

/**
 * The bytes `rankedFitting` may keep for `pairs` fitting pairs: MAX_RANKED_FITTING_BYTES, or every vehicle's list
 * in one sort and a quarter more when that is more (94 MB at 18.8 million fitments). With 24 MB at a million
 * products two vehicles in three missed, and a page by vehicle ran at 114 a second (decision 0079).
 */
export function rankedFittingBytesFor(pairs: number): number {
  return Math.max(MAX_RANKED_FITTING_BYTES, Math.ceil(4 * pairs * 1.25));
}
/**
 * Vehicles whose fitting parts are counted by category, child category and brand (`fittingCounts`): a few kB each,
 * every vehicle of a large list.
 */
const MAX_COUNTED_VEHICLES = 4_096;
const NO_IDS = new Int32Array(0);

/** A long list as `keptCount` reads it: a bit per id in it, and how many of its ids are universal parts. */
interface ListFacts {
  bits: Uint8Array;
  universal: number;
}

/** A vehicle's fitting parts that are not universal, counted by category, child category and brand id (-1: none). */
interface FittingCounts {
  category: Map<number, number>;
  child: Map<number, number>;
  brand: Map<number, number>;
}

export interface VehicleWindows {
  /**
   * The window [from, to) of a search narrowed to `vehicleId`, from the front of its ranked list (`front`, of
   * `total` ids in all; all of them when `front.length === total`): the page is walked in the front, the total
   * counted from the list's bits (kept by `key`). `whole()` gives the whole list, asked for only when neither
   * holds what is needed: the bits of a list not counted yet, or a page past what the front holds for the vehicle.
   */
  frontWindow(
    key: string,
    front: Int32Array,
    total: number,
    whole: () => Int32Array,
    vehicleId: number,
    from: number,
    to: number,
  ): IdWindow;
  /** Whether `vehicleId` keeps any of `ids` (a part that fits it or every vehicle); stops at the first. */
  keepsAny(ids: Int32Array, vehicleId: number): boolean;
  /** The window [from, to) of `ids` (a list cached under `key`) narrowed to what `vehicleId` keeps, and its total. */
  window(key: string, ids: Int32Array, vehicleId: number, from: number, to: number): IdWindow;
  /**
   * The window [from, to) of a listing by vehicle filtered by at most one of category, child category and brand,
   * given the listing's universal parts in its order; undefined for any other filter (use `window`).
   */
  rankedWindow(
    sort: ShopSort,
    filter: ListingFilter,
    vehicleId: number,
    from: number,
    to: number,
    universalOf: () => Int32Array,
  ): IdWindow | undefined;
}

export interface VehicleWindowsInit {
  /** The products by id, as the view holds them. */
  byId(id: number): CatalogEntry | undefined;
  /** Every product, in id order. */
  entries(): CatalogEntry[];
  /** The highest product id. */
  maxId(): number;
  fitments: FitmentIndex;
  /** The orders of the same generation. */
  orders: CatalogOrders;
}

/** Windows of listings by vehicle over one order generation of the view. */
export function createVehicleWindows(init: VehicleWindowsInit): VehicleWindows {
  /** A walk's working ids, kept between calls (a page is built synchronously, one at a time). */
  let walkScratch = new Int32Array(4096);
  /** `walkScratch`, grown to hold at least `n` ids. */
  const scratch = (n: number): Int32Array => {
    if (walkScratch.length < n) walkScratch = new Int32Array(Math.max(n, walkScratch.length * 2));
    return walkScratch;
  };
  /** A bit per product id, set for the universal parts: what every vehicle's bits start from. */
  let universalBits: Uint8Array | null = null;
  /** Per vehicle: a bit per product id, set for the parts it keeps (see `keptBits`). */
  const kept = new LRUCache<number, Uint8Array>({
    maxSize: MAX_KEPT_BYTES,
    sizeCalculation: (bits) => bits.length + 64,
  });
  /** Long lists' ids as bits and their universal parts' count, by the list's key (see `keptCount`). */
  const listFacts = new LRUCache<string, ListFacts>({
    maxSize: Math.max(MAX_LIST_FACTS_BYTES, LIST_FACTS_KEPT * ((Math.max(0, init.maxId()) >>> 3) + 65)),
    sizeCalculation: (facts) => facts.bits.length + 64,
  });
  /** How many ids of a cached list or search a vehicle keeps, by the list's key and the vehicle. */
  const keptCounts = new LRUCache<string, number>({ max: MAX_KEPT_COUNTS });
  /** A vehicle's fitting parts that are not universal, in a sort's order, by sort and vehicle. */
  const rankedFittings = new LRUCache<string, Int32Array>({
    maxSize: rankedFittingBytesFor(init.fitments.pairs),
    sizeCalculation: (ids) => ids.byteLength + 64,
  });
  /** How many of a vehicle's fitting parts that are not universal each category, child category and brand has. */
  const counted = new LRUCache<number, FittingCounts>({ max: MAX_COUNTED_VEHICLES });

  /**
   * What a listing by `vehicleId` keeps (a part that fits it or every vehicle), as a bit per product id: one read
   * per id narrows a list to the vehicle. 12.5 kB per vehicle at 100,000 products, kept while the orders hold.
   */
  function universalBitsOf(): Uint8Array {
    if (!universalBits) {
      const maxId = Math.max(0, init.maxId());
      universalBits = new Uint8Array((maxId >>> 3) + 1);
      for (const e of init.entries()) if (e.universalFit) universalBits[e.id >>> 3]! |= 1 << (e.id & 7);
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
    return factsCount(listFactsOf(key, ids), vehicleId);
  }

  /** How many ids of a list (`facts`: its bits and universal parts) the vehicle keeps. */
  function factsCount(facts: ListFacts, vehicleId: number): number {
    const fitting = init.fitments.fitting(vehicleId);
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
   * The window [from, to) of `ids` (cached under `key`), narrowed to `vehicleId`. Issue 15 §7: a
   * listing by vehicle is walked, never stored: its total once per list and vehicle (cached), then only as far
   * into the list as the window, from whichever end is nearer. 400 vehicles times every filter and search were
   * too many lists to keep, and each one computed walked the whole listing.
   */
  function windowOf(key: string, ids: Int32Array, vehicleId: number, from: number, to: number): IdWindow {
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

  /**
   * `vehicleId`'s fitting parts that are not universal, in `sort`'s order (cached). Only the whole list is kept per
   * vehicle: narrowing it per category, child category and brand as well (three maps of index lists) made each
   * vehicle's entry take 20-40 ms and 10 bytes a part at a million products, so most of 400 vehicles missed the
   * cache and a page by vehicle waited seconds (decision 0079).
   */
  function rankedFitting(vehicleId: number, sort: ShopSort): Int32Array {
    const key = `${sort}|${vehicleId}`;
    let all = rankedFittings.get(key);
    if (!all) {
      const rank = init.orders.rank(sort);
      const order = init.orders.order(sort);
      const fitting = init.fitments.fitting(vehicleId);
      const positions = new Int32Array(fitting.length);
      let n = 0;
      for (const id of fitting) {
        const e = init.byId(id);
        if (e && !e.universalFit && id < rank.length && rank[id]! >= 0) positions[n++] = rank[id]!;
      }
      // Positions sort as numbers, with no comparator to call.
      all = positions
        .subarray(0, n)
        .sort()
        .map((position) => order[position]!);
      rankedFittings.set(key, all);
    }
    return all;
  }

  /** Each product's category, child category and brand ids by product id (-1 for none), made at first use. */
  let taxonomyIds: { category: Int32Array; child: Int32Array; brand: Int32Array } | null = null;
  /**
   * `taxonomyIds`: a narrowing walk reads three numbers from arrays instead of a product object scattered over the
   * heap per part (at a million products the objects' reads were four fifths of a page by vehicle, decision 0079).
   * 12 bytes a product id; kept while the orders hold (a change of a product's taxonomy makes new ones).
   */
  function taxonomyById(): { category: Int32Array; child: Int32Array; brand: Int32Array } {
    if (!taxonomyIds) {
      const n = Math.max(0, init.maxId()) + 1;
      const ids = {
        category: new Int32Array(n).fill(-1),
        child: new Int32Array(n).fill(-1),
        brand: new Int32Array(n).fill(-1),
      };
      for (const e of init.entries()) {
        ids.category[e.id] = e.categoryId ?? -1;
        ids.child[e.id] = e.childCategoryId ?? -1;
        ids.brand[e.id] = e.brandId ?? -1;
      }
      taxonomyIds = ids;
    }
    return taxonomyIds;
  }

  /** `vehicleId`'s fitting parts that are not universal, counted by category, child category and brand (cached). */
  function fittingCounts(vehicleId: number): FittingCounts {
    let counts = counted.get(vehicleId);
    if (!counts) {
      const { category, child, brand } = taxonomyById();
      counts = { category: new Map(), child: new Map(), brand: new Map() };
      const add = (map: Map<number, number>, id: number) => map.set(id, (map.get(id) ?? 0) + 1);
      // The parts `rankedFitting` keeps: in the catalog and not universal.
      for (const id of init.fitments.fitting(vehicleId)) {
        const e = init.byId(id);
        if (!e || e.universalFit) continue;
        add(counts.category, category[id]!);
        add(counts.child, child[id]!);
        add(counts.brand, brand[id]!);
      }
      counted.set(vehicleId, counts);
    }
    return counts;
  }

  /**
   * The first `count` of `rankedFitting` narrowed to the one category, child category or brand `filter` names
   * (all of it when it names none), and how many it has in all. The walk stops at the page's end: a page's window
   * and the merge with the universal parts read no further than `to`, and the total comes from `fittingCounts`
   * (decision 0080: keeping every narrowed list cost 24 MB, and each one missed walked the vehicle's whole list,
   * 36 % of a page by vehicle at a million products).
   */
  function rankedFittingOf(
    vehicleId: number,
    sort: ShopSort,
    filter: ListingFilter,
    count: number,
  ): { ids: Int32Array; total: number } {
    const { categoryId, childCategoryId, brandId } = filter;
    const all = rankedFitting(vehicleId, sort);
    if (categoryId === undefined && childCategoryId === undefined && brandId === undefined)
      return { ids: all, total: all.length };
    const counts = fittingCounts(vehicleId);
    const { category, child, brand } = taxonomyById();
    // One of the three arrays, read once per part walked.
    const [of, value, total] =
      categoryId !== undefined
        ? [category, categoryId, counts.category.get(categoryId) ?? 0]
        : childCategoryId !== undefined
          ? [child, childCategoryId, counts.child.get(childCategoryId) ?? 0]
          : [brand, brandId as number, counts.brand.get(brandId as number) ?? 0];
    const want = Math.min(count, total);
    const ids = new Int32Array(want);
    let n = 0;
    for (let k = 0; n < want && k < all.length; k++) {
      const id = all[k]!;
      if (of[id] === value) ids[n++] = id;
    }
    return { ids: n === want ? ids : ids.subarray(0, n), total };
  }

  /**
   * The window [from, to) of a listing by vehicle filtered by at most one of category, child category and brand
   * (the shop, category, child category and brand pages as linked), or undefined for any other filter. Issue 15 §7:
   * the listing's universal parts (`universalOf`, cached with the view's lists) and the vehicle's fitting parts of
   * that listing (cached per vehicle and sort, see `rankedFitting`) are two short lists in the listing's order; the
   * page is where they meet, found by a binary search, then `to - from` steps of their merge, instead of a walk of
   * the whole listing up to the page (about 2,700 ids to page 20 at 100,000 products).
   */
  function rankedWindow(
    sort: ShopSort,
    filter: ListingFilter,
    vehicleId: number,
    from: number,
    to: number,
    universalOf: () => Int32Array,
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
    const universal = universalOf();
    // The merge below reads the fitting parts before `to` only.
    const narrowed = rankedFittingOf(vehicleId, sort, filter, to);
    const fits = narrowed.ids;
    const fitCount = narrowed.total;
    /** The listing's `j`th fitting part. */
    const fit = (j: number) => fits[j]!;
    const rank = init.orders.rank(sort);
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

  function frontWindow(
    key: string,
    front: Int32Array,
    total: number,
    whole: () => Int32Array,
    vehicleId: number,
    from: number,
    to: number,
  ): IdWindow {
    if (front.length >= total) return windowOf(key, front, vehicleId, from, to);
    const keeps = keeperOf(vehicleId);
    const countKey = `${key}|${vehicleId}`;
    let kept = keptCounts.get(countKey);
    if (kept === undefined) {
      const facts = listFacts.get(key);
      kept = facts ? factsCount(facts, vehicleId) : keptCount(key, whole(), vehicleId, keptBits(vehicleId));
      keptCounts.set(countKey, kept);
    }
    const end = Math.min(to, kept);
    if (from >= end) return { total: kept, ids: NO_IDS };
    const walked = scratch(end);
    let seen = 0;
    for (let i = 0; seen < end && i < front.length; i++) {
      const id = front[i]!;
      walked[seen] = id;
      if (keeps(id)) seen++;
    }
    // The front holds too few of the vehicle's parts for this page: the whole list's walk.
    if (seen < end) return windowOf(key, whole(), vehicleId, from, to);
    return { total: kept, ids: walked.slice(from, end) };
  }

  function keepsAny(ids: Int32Array, vehicleId: number): boolean {
    const keeps = keeperOf(vehicleId);
    for (let i = 0; i < ids.length; i++) if (keeps(ids[i]!)) return true;
    return false;
  }

  /**
   * Whether `vehicleId` keeps an id, for a walk that stops early (a page from a search's front, a suggestion's
   * check): the vehicle's bits when kept, else a universal part's bit or a binary search of its fitting parts. A
   * few hundred look-ups cost less than making the bits (a copy of the universal parts' bits and a bit per fitting
   * part: 125 kB and 47,000 writes at a million products, 13 % of searches by vehicle when most vehicles missed).
   */
  function keeperOf(vehicleId: number): (id: number) => boolean {
    const bits = kept.get(vehicleId);
    if (bits) return (id) => ((bits[id >>> 3]! >>> (id & 7)) & 1) === 1;
    const universal = universalBitsOf();
    const fitting = init.fitments.fitting(vehicleId);
    return (id) => {
      if (((universal[id >>> 3]! >>> (id & 7)) & 1) === 1) return true;
      let lo = 0;
      let hi = fitting.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (fitting[mid]! < id) lo = mid + 1;
        else hi = mid;
      }
      return lo < fitting.length && fitting[lo] === id;
    };
  }

  return { window: windowOf, rankedWindow, frontWindow, keepsAny };
}
