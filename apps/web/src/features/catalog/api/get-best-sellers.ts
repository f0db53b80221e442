import type { BestSellersAnswer } from '@store/shared/best-sellers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';

/**
 * `GET /api/best-selling-products` (issue 37 §4) -> `{ data, basis, days }`: the best sellers of the last 90 days
 * by units sold, or the featured products (`basis: 'featured'`) while there are too few paid orders.
 */
export function getBestSellers(signal?: AbortSignal): Promise<BestSellersAnswer> {
  return apiRequest('/best-selling-products', served<BestSellersAnswer>(), { signal });
}

export function bestSellersQueryOptions() {
  return queryOptions({
    queryKey: ['products', 'best-sellers'],
    queryFn: ({ signal }) => getBestSellers(signal),
  });
}

export function useBestSellers() {
  return useQuery(bestSellersQueryOptions());
}
