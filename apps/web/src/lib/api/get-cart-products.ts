import type { Product } from '@store/shared/product';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, envelope, served } from '@/lib/api-client';

/**
 * `GET /api/cart-products?ids=1,2,3` -> `{ data: Product[] }`: the current catalog entries of the cart's
 * products (ids no longer sold are absent). Never cached: the cart shows today's prices.
 */
export function getCartProducts(ids: readonly number[], signal?: AbortSignal): Promise<Product[]> {
  return apiRequest('/cart-products', envelope(served<Product[]>()), {
    query: { ids: ids.join(',') },
    signal,
  });
}

/**
 * Query options for the cart's products, keyed by the sorted ids. Read afresh each time a cart view mounts,
 * and not kept once no view shows them: an old answer laid over a line re-added since would show, and
 * store, an older price.
 */
export function cartProductsQueryOptions(ids: readonly number[]) {
  const sorted = [...ids].sort((a, b) => a - b);
  return queryOptions({
    queryKey: ['cart-products', sorted],
    queryFn: ({ signal }) => getCartProducts(sorted, signal),
    enabled: sorted.length > 0,
    staleTime: 0,
    gcTime: 0,
  });
}
