import type { Product } from '@store/shared/product';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, envelope, served } from '@/lib/api-client';

/** `GET /api/virtual-products` -> `{ data: Product[] }`: the featured products (SPEC §7). */
export function getFeaturedProducts(signal?: AbortSignal): Promise<Product[]> {
  return apiRequest('/virtual-products', envelope(served<Product[]>()), { signal });
}

export function featuredProductsQueryOptions() {
  return queryOptions({
    queryKey: ['products', 'featured'],
    queryFn: ({ signal }) => getFeaturedProducts(signal),
  });
}

export function useFeaturedProducts() {
  return useQuery(featuredProductsQueryOptions());
}
