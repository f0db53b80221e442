import type { ListingParam, ListingQuery } from '@/components/ui/listing-query';

/** SPEC §2: products open at /product/{permalink}, encoded. */
export function productHref(permalink: string): string {
  return `/product/${encodeURIComponent(permalink)}`;
}

/** LISTING_PARAMS, written here so that the header's search box does not load the listing module. */
const LISTING_ORDER = [
  'sort',
  'min_price',
  'max_price',
  'in_stock',
] as const satisfies readonly ListingParam[];

/**
 * SPEC §2 Search results: /search-results?query={text}, with &page={n} for a given page, then the sort, price
 * range and in stock only (issue 13; listing-query.ts's LISTING_PARAMS order) when set.
 */
export function searchResultsHref(text: string, page?: number, listing: ListingQuery = {}): string {
  let href = `/search-results?query=${encodeURIComponent(text)}`;
  if (page !== undefined) href += `&page=${page}`;
  for (const name of LISTING_ORDER) {
    const value = listing[name];
    if (value) href += `&${name}=${encodeURIComponent(value)}`;
  }
  return href;
}
