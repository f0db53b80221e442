import type { Product } from '@store/shared/product';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';

/** SPEC §9: 15 suggestions, 15 results a page, 3 characters before any request. */
export const SEARCH_PAGE_SIZE = 15;
export const SEARCH_MIN_CHARS = 3;

export interface SearchAnswer {
  data: Product[];
  total: number;
  last_page: number;
  current_page: number;
  per_page: number;
  /** The words searched for after spelling correction, when they differ from the query. */
  corrected_query?: string;
}

/** `GET /api/search-product?search=&page=&pagination=15` -> ranked products (SPEC §7). */
export function searchProducts(search: string, page = 1, signal?: AbortSignal): Promise<SearchAnswer> {
  return apiRequest('/search-product', served<SearchAnswer>(), {
    query: { search, page, pagination: SEARCH_PAGE_SIZE },
    signal,
  });
}

export function searchProductsQueryOptions(search: string, page = 1) {
  return queryOptions({
    queryKey: ['search', search, page],
    queryFn: ({ signal }) => searchProducts(search, page, signal),
    enabled: search.trim().length >= SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}

export function useSearchProducts(search: string, page = 1) {
  return useQuery(searchProductsQueryOptions(search, page));
}
