import type { Product } from '@store/shared/product';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, envelope, served } from '@/lib/api-client';

/** `GET /api/products/{sku}` -> `{ data: Product }`; SKU or permalink, encoded. 404 -> ApiError(404). */
export function getProduct(sku: string, signal?: AbortSignal): Promise<Product> {
  return apiRequest(`/products/${encodeURIComponent(sku)}`, envelope(served<Product>()), { signal });
}

export function productQueryOptions(sku: string) {
  return queryOptions({
    queryKey: ['product', sku],
    queryFn: ({ signal }) => getProduct(sku, signal),
  });
}

export function useProduct(sku: string) {
  return useQuery(productQueryOptions(sku));
}
