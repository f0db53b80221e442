/**
 * `GET /api/products/{sku}/fitment` (issue 15 §4): the vehicles a part fits, grouped by make and model, with
 * position, notes and source; `universal` for a part that fits every vehicle; both empty without fitment data.
 * And `GET /api/products/{sku}?vehicle=` for how the part stands with the chosen vehicle.
 */
import type { ProductFitment } from '@store/shared/fitment';
import type { Product } from '@store/shared/product';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, envelope, served } from '@/lib/api-client';

export function productFitmentQueryOptions(sku: string) {
  return queryOptions({
    queryKey: ['product-fitment', sku],
    queryFn: ({ signal }) =>
      apiRequest(`/products/${encodeURIComponent(sku)}/fitment`, envelope(served<ProductFitment>()), {
        signal,
      }),
  });
}

export function useProductFitment(sku: string) {
  return useQuery(productFitmentQueryOptions(sku));
}

/** The product with its `fitment` for `vehicle`; not asked for without a vehicle. */
export function productFitForQueryOptions(sku: string, vehicle: number | undefined) {
  return queryOptions({
    queryKey: ['product', sku, vehicle],
    queryFn: ({ signal }) =>
      apiRequest(`/products/${encodeURIComponent(sku)}`, envelope(served<Product>()), {
        query: { vehicle },
        signal,
      }),
    enabled: vehicle !== undefined,
  });
}

/** The product with its `fitment` for `vehicle`; not asked for without a vehicle. */
export function useProductFitFor(sku: string, vehicle: number | undefined) {
  return useQuery(productFitForQueryOptions(sku, vehicle));
}
