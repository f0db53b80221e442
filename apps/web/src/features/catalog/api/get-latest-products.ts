import type { Product } from '@store/shared/product';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, envelope, served } from '@/lib/api-client';

/** The home page shows the 20 newest products (SPEC §7 latest products). */
export const LATEST_PRODUCTS_COUNT = 20;

const latestProductsSchema = envelope(envelope(served<Product[]>()));

/**
 * `GET /api/latest-products?pagination=N(&vehicle=ID)` -> `{ data: { data: Product[] } }`; with the chosen
 * vehicle's id, the newest parts that fit it (issue 15 §4).
 */
export function getLatestProducts(
  count: number = LATEST_PRODUCTS_COUNT,
  signal?: AbortSignal,
  vehicle?: number,
): Promise<Product[]> {
  return apiRequest('/latest-products', latestProductsSchema, {
    query: { pagination: count, vehicle },
    signal,
  });
}

/** Without a vehicle the key is the server-rendered home page's, whose data the HTML carries. */
export function latestProductsQueryOptions(count: number = LATEST_PRODUCTS_COUNT, vehicle?: number) {
  return queryOptions({
    queryKey: vehicle === undefined ? ['products', 'latest', count] : ['products', 'latest', count, vehicle],
    queryFn: ({ signal }) => getLatestProducts(count, signal, vehicle),
  });
}

/** The newest products; `enabled: false` holds the request back (a section not near the viewport yet). */
export function useLatestProducts(
  count: number = LATEST_PRODUCTS_COUNT,
  { enabled = true, vehicle }: { enabled?: boolean; vehicle?: number | undefined } = {},
) {
  return useQuery({ ...latestProductsQueryOptions(count, vehicle), enabled });
}
