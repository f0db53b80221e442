import type { SearchAnswer } from '@store/shared/catalog-answers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingQuery } from '@/components/ui/listing-query';
import { apiRequest, served } from '@/lib/api-client';

/** SPEC §9: 15 suggestions, 15 results a page, 3 characters before any request. */
export const SEARCH_PAGE_SIZE = 15;
export const SEARCH_MIN_CHARS = 3;

/**
 * `GET /api/search-product?search=&page=&sort=&min_price=&max_price=&in_stock=&pagination=15` -> ranked products
 * (SPEC §7; the sort and filters of issue 13, sent as the address wrote them).
 */
export function searchProducts(
  search: string,
  page = 1,
  listing: ListingQuery = {},
  signal?: AbortSignal,
  vehicle?: number,
): Promise<SearchAnswer> {
  return apiRequest('/search-product', served<SearchAnswer>(), {
    query: { search, page, ...listing, vehicle, pagination: SEARCH_PAGE_SIZE },
    signal,
  });
}

/**
 * The header's suggestions ask without a listing query: the same key as page 1 of the results page. With the
 * chosen vehicle's id (issue 15 §6) the results are the parts that fit it; without, the key is the server-rendered
 * page's.
 */
export function searchProductsQueryOptions(
  search: string,
  page = 1,
  listing: ListingQuery = {},
  vehicle?: number,
) {
  return queryOptions({
    queryKey:
      vehicle === undefined ? ['search', search, page, listing] : ['search', search, page, listing, vehicle],
    queryFn: ({ signal }) => searchProducts(search, page, listing, signal, vehicle),
    enabled: search.trim().length >= SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}

/** The results page's products; the address's price range in shelf prices inc. GST, as the API reads it (issue 34). */
export function useSearchProducts(search: string, page = 1, listing: ListingQuery = {}, vehicle?: number) {
  return useQuery(searchProductsQueryOptions(search, page, listing, vehicle));
}
