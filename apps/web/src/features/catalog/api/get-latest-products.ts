import type { Product } from '@store/shared/product';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, envelope, served } from '@/lib/api-client';

/** The home page shows the 20 newest products (SPEC §7 latest products). */
export const LATEST_PRODUCTS_COUNT = 20;

const latestProductsSchema = envelope(envelope(served<Product[]>()));

/** `GET /api/latest-products?pagination=N` -> `{ data: { data: Product[] } }`. */
export function getLatestProducts(
  count: number = LATEST_PRODUCTS_COUNT,
  signal?: AbortSignal,
): Promise<Product[]> {
  return apiRequest('/latest-products', latestProductsSchema, { query: { pagination: count }, signal });
}

export function latestProductsQueryOptions(count: number = LATEST_PRODUCTS_COUNT) {
  return queryOptions({
    queryKey: ['products', 'latest', count],
    queryFn: ({ signal }) => getLatestProducts(count, signal),
  });
}

/** The newest products; `enabled: false` holds the request back (a section not near the viewport yet). */
export function useLatestProducts(count: number = LATEST_PRODUCTS_COUNT, { enabled = true } = {}) {
  return useQuery({ ...latestProductsQueryOptions(count), enabled });
}
