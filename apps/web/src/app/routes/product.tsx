import { productQueryOptions } from '@/features/catalog/api/get-product';
import { ProductPage } from '@/features/catalog/components/product-page';
import { ProductFitCheck } from '@/features/garage/components/product-fit-check';
import { VehicleFitmentTab } from '@/features/garage/components/vehicle-fitment-tab';
import { productFitForQueryOptions, productFitmentQueryOptions } from '@/lib/api/get-product-fitment';
import { makesQueryOptions } from '@/lib/api/vehicle-options';
import type { RoutePrefetch } from '../route-prefetch';

/**
 * The product, then what its page shows of it: the Vehicle Fitment tab and, for the shopper's vehicle, how the
 * part stands with it, or without one the "Check it fits" selector's makes. These follow the product's answer
 * (they ask by its SKU; the address has its permalink). An unknown product leaves the rest unasked.
 */
export const prefetch: RoutePrefetch = async ({ queryClient, params, vehicleId }) => {
  const product = await queryClient.fetchQuery(productQueryOptions(params.sku ?? '')).catch(() => null);
  if (!product) return;
  await Promise.all([
    queryClient.prefetchQuery(productFitmentQueryOptions(product.sku)),
    vehicleId === undefined
      ? queryClient.prefetchQuery(makesQueryOptions())
      : queryClient.prefetchQuery(productFitForQueryOptions(product.sku, vehicleId)),
  ]);
};

/** /product/{sku} (SPEC §2 Product page): the catalog's page with the garage's fit check and fitment tab. */
export function ProductRoute() {
  return (
    <ProductPage
      fitCheck={(sku) => <ProductFitCheck sku={sku} />}
      fitmentTab={(sku) => <VehicleFitmentTab sku={sku} />}
    />
  );
}
