/**
 * What a listing of the catalog view keeps (decision 0022: the shop's filters), and the window of a listing a page
 * shows. Pure helpers shared by the view's caches (catalog-view.ts, vehicle-windows.ts).
 */
import type { CatalogEntry } from './catalog-snapshot';

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

/** Can be bought now: stock above 0, or stock not tracked. */
export function isAvailable(e: CatalogEntry): boolean {
  return e.stock === null || e.stock > 0;
}

/**
 * The filter as a cache key. `stockGeneration` stands for the stock of every product: it is in the key only when
 * the filter keeps products in stock, so a product selling out renews only the lists that depend on it.
 */
export function filterKey(f: ListingFilter, stockGeneration: number): string {
  return [
    f.categoryId ?? '',
    f.childCategoryId ?? '',
    f.brandId ?? '',
    f.minCents ?? '',
    f.maxCents ?? '',
    f.inStock ? `s${stockGeneration}` : '',
    f.featured ? 'f' : '',
  ].join('|');
}

/** True when the filter keeps every product. */
export function isUnfiltered(f: ListingFilter): boolean {
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

/** True when the filter keeps the product. */
export function matchesFilter(e: CatalogEntry, f: ListingFilter): boolean {
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
