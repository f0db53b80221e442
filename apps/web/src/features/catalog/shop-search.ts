/**
 * The shop's address (SPEC §2): /shop?page&category&child_category&brand. Reads it into the API's
 * parameters and builds links that keep the filters.
 */
import type { ShopAnswer, ShopParams } from './api/get-shop-products';

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
  return params;
}

/** `/shop?page=2&category=batteries`: the page first, then the filters that are set. */
export function shopHref(params: ShopParams): string {
  const search = new URLSearchParams({ page: String(params.page) });
  for (const name of FILTERS) {
    const value = params[name];
    if (value) search.set(name, value);
  }
  return `/shop?${search.toString()}`;
}

/** A sidebar filter link: that one filter, back on page 1 (SPEC §2). */
export function shopFilterHref(filter: ShopFilter, value: string): string {
  return shopHref({ page: 1, [filter]: value });
}

/**
 * What follows 'Search Results for': the matched child category (or category), with the brand
 * ('Car Batteries by Voltcore'); the filter as typed when it matched nothing; 'All Products' without filters.
 */
export function shopResultsTitle(params: ShopParams, filters: ShopAnswer['filters'] | undefined): string {
  const range =
    filters?.child_category?.child_title ??
    filters?.category?.title ??
    params.child_category ??
    params.category;
  const brand = filters?.brand?.title ?? params.brand;
  if (range && brand) return `${range} by ${brand}`;
  return range ?? brand ?? 'All Products';
}

/** 'There are N products.' (SPEC §2), in the singular for one. */
export function productCountText(total: number): string {
  return total === 1 ? 'There is 1 product.' : `There are ${total} products.`;
}
