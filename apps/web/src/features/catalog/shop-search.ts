/**
 * The shop's address (SPEC §2): /shop?page&category&child_category&brand, then the sort, price range and in
 * stock only (issue 13). Reads it into the API's parameters and builds links that keep the filters.
 */
import { pickListingQuery, readListingQuery, type ListingQuery } from '@/components/ui/listing-query';
import { shopPath } from '@store/shared/paths';
import type { ShopFilters } from '@store/shared/catalog-answers';
import type { ShopParams } from './api/get-shop-products';

export type ShopFilter = 'category' | 'child_category' | 'brand';
const FILTERS: readonly ShopFilter[] = ['category', 'child_category', 'brand'];

/** Page defaults to 1 (SPEC §9); anything that is not a whole number above 0 counts as 1. */
export function readShopParams(search: URLSearchParams): ShopParams {
  const raw = search.get('page')?.trim() ?? '';
  const page = /^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
  const params: ShopParams = { page };
  for (const name of FILTERS) {
    const value = search.get(name)?.trim();
    if (value) params[name] = value;
  }
  return { ...params, ...readListingQuery(search) };
}

/**
 * A sidebar filter link: that one filter, back on page 1 (SPEC §2), keeping the sort, price range and in stock
 * only the shopper chose (issue 13).
 */
export function shopFilterHref(filter: ShopFilter, value: string, listing: ListingQuery = {}): string {
  return shopPath({ page: 1, [filter]: value, ...pickListingQuery(listing) });
}

/** The shop's address on page 1 with its category and brand filters and another listing query. */
export function shopListingHref(params: ShopParams, listing: ListingQuery): string {
  const { category, child_category, brand } = params;
  return shopPath({ page: 1, category, child_category, brand, ...pickListingQuery(listing) });
}

/** The shop's address without one of its category, child category and brand filters (page 1, the rest kept). */
export function shopWithoutFilterHref(params: ShopParams, filter: ShopFilter): string {
  return shopPath({ ...params, page: 1, [filter]: undefined });
}

/**
 * What follows 'Search Results for': the matched child category (or category), with the brand
 * ('Car Batteries by Voltcore'); the filter as typed when it matched nothing; 'All Products' without filters.
 */
export function shopResultsTitle(params: ShopParams, filters: ShopFilters | undefined): string {
  const range =
    filters?.child_category?.child_title ??
    filters?.category?.title ??
    params.child_category ??
    params.category;
  const brand = filters?.brand?.title ?? params.brand;
  if (range && brand) return `${range} by ${brand}`;
  return range ?? brand ?? 'All Products';
}

/**
 * A listing page's meta description (issue 14: one per page, for search engines and link previews):
 * 'Batteries at Southside Auto Parts: 48 products, delivered Australia-wide.'
 */
export function listingDescription(subject: string, total: number, store: string): string {
  const count = total === 1 ? '1 product' : `${total} products`;
  return `${subject} at ${store}: ${count}, delivered Australia-wide.`;
}

/** 'There are N products.' (SPEC §2), in the singular for one. */
export function productCountText(total: number): string {
  return total === 1 ? 'There is 1 product.' : `There are ${total} products.`;
}
