/**
 * The catalog view's orders (decision 0022: the shop's sorts): every product's id in each sort's order, and each
 * product's position in it, built on first use. An instance holds one catalog's orders; the view makes a new one
 * when a product is added or a field a sort or filter reads changes (catalog-view.ts, its order generation).
 */
import type { ShopSort } from '@store/shared/listing-sorts';
import type { CatalogEntry } from './catalog-snapshot';

export interface CatalogOrders {
  /** Every product's id, in `sort`'s order. */
  order(sort: ShopSort): Int32Array;
  /** Each product's position in `sort`'s order, by id (-1 for an id that is not a product). */
  rank(sort: ShopSort): Int32Array;
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

/** The orders of the products `entries()` returns (called once per sort, when that sort is first asked for). */
export function createCatalogOrders(entries: () => CatalogEntry[]): CatalogOrders {
  const orders = new Map<ShopSort, Int32Array>();
  const ranks = new Map<ShopSort, Int32Array>();
  const order = (sort: ShopSort): Int32Array => {
    let ids = orders.get(sort);
    if (!ids) {
      ids = Int32Array.from(entries().sort(comparators[sort]), (e) => e.id);
      orders.set(sort, ids);
    }
    return ids;
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
  };
}
