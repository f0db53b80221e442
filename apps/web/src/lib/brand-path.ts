import type { ListingParam, ListingQuery } from '@/components/ui/listing-query';

/** LISTING_PARAMS, written here so that the home page's brand strip does not load the listing module. */
const LISTING_ORDER = [
  'sort',
  'min_price',
  'max_price',
  'in_stock',
] as const satisfies readonly ListingParam[];

/**
 * SPEC §2: a brand's products are at /brand?page=1&brand={permalink}; without a brand, all brands. The sort,
 * price range and in stock only follow when set (issue 13).
 */
export function brandPagePath(permalink: string | undefined, page = 1, listing: ListingQuery = {}): string {
  const params = new URLSearchParams({ page: String(page) });
  if (permalink) params.set('brand', permalink);
  for (const name of LISTING_ORDER) {
    const value = listing[name];
    if (value) params.set(name, value);
  }
  return `/brand?${params.toString()}`;
}
