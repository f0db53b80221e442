import type { ProductAvailability } from '@store/shared/product-availability';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, envelope, served } from '@/lib/api-client';
import { useServerHtml } from '@/lib/use-server-html';

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
 * The product page's stock lines' data, asked for in the browser only: units on a shelf change by the minute, so the
 * server render (cached, shared by every shopper) shows the catalog's one "In stock" line, as does the hydration
 * render, and the lines per location follow once this answers.
 */
export function useProductAvailability(productId: number) {
  // False in the server render and the hydration render that must match it, then true (in the transition after).
  const inBrowser = !useServerHtml();
  return useQuery(
    queryOptions({
      queryKey: ['product-availability', productId],
      queryFn: ({ signal }) => getProductAvailability(productId, signal),
      staleTime: 15_000,
      enabled: inBrowser,
    }),
  );
}
