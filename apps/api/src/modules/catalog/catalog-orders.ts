/**
 * The catalog view's orders (decision 0022: the shop's sorts): every product's id in each sort's order, and each
 * product's position in it. An instance holds one order generation's orders (catalog-view.ts makes a new one when
 * a product is added or a field a sort or filter reads changes).
 *
 * Where an order comes from (decision 0080): a full load sorts every sort a slice at a time before the view answers
 * (`catalogOrderSteps`); a later generation moves the orders of the one before it by the products that changed
 * (`createCatalogOrders`' `previous`), a walk of the old order and a binary search per changed product instead of
 * a sort of the whole catalog. At a million products one sort by name took 5 s of the event loop, and every price
 * change an owner saved made the next shopper of each sort wait for one.
 */
import { SHOP_SORTS, type ShopSort } from '@store/shared/listing-sorts';
import type { CatalogEntry } from './catalog-snapshot';
import { sortedInSteps } from './run-in-slices';

export interface CatalogOrders {
  /** Every product's id, in `sort`'s order. */
  order(sort: ShopSort): Int32Array;
  /** Each product's position in `sort`'s order, by id (-1 for an id that is not a product). */
  rank(sort: ShopSort): Int32Array;
  /** What a later generation's orders start from (see `createCatalogOrders`). */
  readonly sources: OrderSources;
}

/** Per sort, an order made, or the order it is made from and the ids whose place in it may have changed. */
export type OrderSources = Partial<Record<ShopSort, OrderSource>>;
type OrderSource = { order: Int32Array } | { base: Int32Array; changed: ReadonlySet<number> };

const collator = new Intl.Collator('en-AU', { sensitivity: 'base', numeric: true });

function newestFirst(a: CatalogEntry, b: CatalogEntry): number {
  return b.createdMs - a.createdMs || b.id - a.id;
}

/** Each sort's comparison: a total order (ties end on the id), so any way of sorting gives the same order. */
const comparators: Record<ShopSort, (a: CatalogEntry, b: CatalogEntry) => number> = {
  newest: newestFirst,
  price_asc: (a, b) => a.payCents - b.payCents || newestFirst(a, b),
  price_desc: (a, b) => b.payCents - a.payCents || newestFirst(a, b),
  name: (a, b) => collator.compare(a.title, b.title) || newestFirst(a, b),
};

/** Whether a change of a product can move it in a sort's order: the fields `comparators` read. */
export function sortedFieldsChanged(a: CatalogEntry, b: CatalogEntry): boolean {
  return a.payCents !== b.payCents || a.title !== b.title || a.createdMs !== b.createdMs;
}

/**
 * Ids a sliced sort of the orders sorts or merges between two yields: about 2-4 ms of a sort by name (a collator
 * comparison each), where search's 16,384 would hold the event loop for 50 ms.
 */
const ORDER_SORT_STEP = 2_048;
/** Ids copied between two yields. */
const ID_STEP = 65_536;

/**
 * Every sort's order of `entries`, a slice at a time (run-in-slices.ts), for `createCatalogOrders`' `previous`: a
 * full load makes them before its view answers, so no shopper waits for a sort of the whole catalog.
 */
export function* catalogOrderSteps(
  entries: readonly CatalogEntry[],
  byId: (id: number) => CatalogEntry | undefined,
): Generator<void, OrderSources> {
  // A loop, not `Int32Array.from(entries, map)`: that took 200 ms in one piece at a million products.
  const ids = new Int32Array(entries.length);
  for (let k = 0; k < entries.length; k++) {
    ids[k] = (entries[k] as CatalogEntry).id;
    if (k % ID_STEP === ID_STEP - 1) yield;
  }
  const sources: OrderSources = {};
  for (const sort of SHOP_SORTS) {
    const compare = comparators[sort];
    const order = yield* sortedInSteps(
      ids.slice(),
      (a, b) => compare(byId(a) as CatalogEntry, byId(b) as CatalogEntry),
      ORDER_SORT_STEP,
    );
    sources[sort] = { order };
  }
  return sources;
}

export interface CatalogOrdersInit {
  /** Every product, in any order. */
  entries(): CatalogEntry[];
  /** A product by id, as the view holds it now. */
  byId(id: number): CatalogEntry | undefined;
  /**
   * The orders this generation starts from (`sources` of the generation before, or `catalogOrderSteps`), and the
   * ids of the products added or moved since (`sortedFieldsChanged`); a sort without a source is sorted in full
   * when first asked for.
   */
  previous?: { sources: OrderSources; changed: ReadonlySet<number> };
}

/**
 * More changed products than this share of the catalog sort the whole catalog again: each costs a binary search
 * (about 20 comparisons at a million products) where a full sort costs about that per product.
 */
const MOVE_SHARE_LIMIT = 0.125;

/** The orders of one generation (each sort's made on first use from its source, see `CatalogOrdersInit`). */
export function createCatalogOrders(init: CatalogOrdersInit): CatalogOrders {
  const sources: OrderSources = {};
  if (init.previous) {
    const { changed } = init.previous;
    for (const sort of SHOP_SORTS) {
      const source = init.previous.sources[sort];
      if (!source) continue;
      if ('order' in source) sources[sort] = changed.size ? { base: source.order, changed } : source;
      else sources[sort] = { base: source.base, changed: new Set([...source.changed, ...changed]) };
    }
  }
  const ranks = new Map<ShopSort, Int32Array>();
  const order = (sort: ShopSort): Int32Array => {
    const source = sources[sort];
    if (source && 'order' in source) return source.order;
    const compare = comparators[sort];
    const made =
      source && source.changed.size <= MOVE_SHARE_LIMIT * source.base.length
        ? movedOrder(source.base, source.changed, init.byId, compare)
        : Int32Array.from(init.entries().sort(compare), (e) => e.id);
    sources[sort] = { order: made };
    return made;
  };
  return {
    order,
    rank(sort) {
      let rank = ranks.get(sort);
      if (!rank) {
        const ids = order(sort);
        let maxId = 0;
        for (let i = 0; i < ids.length; i++) if (ids[i]! > maxId) maxId = ids[i]!;
        rank = new Int32Array(maxId + 1).fill(-1);
        for (let i = 0; i < ids.length; i++) rank[ids[i]!] = i;
        ranks.set(sort, rank);
      }
      return rank;
    },
    get sources() {
      return sources;
    },
  };
}

/**
 * `base` (an order of the products as they were) with each of `changed` taken out and put back where `compare`
 * places it now. The products not changed keep their places
 * relative to each other, so this is the order a full sort gives.
 */
function movedOrder(
  base: Int32Array,
  changed: ReadonlySet<number>,
  byId: (id: number) => CatalogEntry | undefined,
  compare: (a: CatalogEntry, b: CatalogEntry) => number,
): Int32Array {
  const moved: CatalogEntry[] = [];
  for (const id of changed) {
    const e = byId(id);
    if (e) moved.push(e);
  }
  moved.sort(compare);
  // A byte per id read in the walk below, where a Set's hash per id of a million cost several times as much.
  let maxChanged = 0;
  for (const id of changed) if (id > maxChanged) maxChanged = id;
  const isChanged = new Uint8Array(maxChanged + 1);
  for (const id of changed) if (id >= 0) isChanged[id] = 1;
  const kept = new Int32Array(base.length);
  let n = 0;
  // A view never drops a product (a product gone from the catalog comes with a new catalog version and a new view),
  // so every unchanged id of `base` is still there.
  for (let i = 0; i < base.length; i++) {
    const id = base[i]!;
    // `isChanged[id]` is undefined past its end: not changed.
    if (isChanged[id] !== 1) kept[n++] = id;
  }
  const out = new Int32Array(n + moved.length);
  let from = 0;
  let k = 0;
  for (const e of moved) {
    // The first kept product that sorts after `e`: the moved ones are in order, so the search starts where the
    // last one went in.
    let lo = from;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(byId(kept[mid]!) as CatalogEntry, e) < 0) lo = mid + 1;
      else hi = mid;
    }
    out.set(kept.subarray(from, lo), k);
    k += lo - from;
    out[k++] = e.id;
    from = lo;
  }
  out.set(kept.subarray(from, n), k);
  return out;
}
