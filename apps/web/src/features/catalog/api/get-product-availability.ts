import type { ProductAvailability } from '@store/shared/product-availability';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, envelope, served } from '@/lib/api-client';

/** `GET /api/products/{id}/availability` -> the active locations and the product's units at each (issue 41 §1). */
export function getProductAvailability(
  productId: number,
  signal?: AbortSignal,
): Promise<ProductAvailability> {
  return apiRequest(`/products/${productId}/availability`, envelope(served<ProductAvailability>()), {
    signal,
  });
}

/**
 * The product page's stock lines' data. Not prefetched for the server render: the page renders the catalog's
 * one "In stock" line on the server and at hydration, and the lines per location once this answers.
 */
export function useProductAvailability(productId: number) {
  return useQuery(
    queryOptions({
      queryKey: ['product-availability', productId],
      queryFn: ({ signal }) => getProductAvailability(productId, signal),
      staleTime: 15_000,
    }),
  );
}
