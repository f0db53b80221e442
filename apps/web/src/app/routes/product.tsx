import { ProductPage } from '@/features/catalog/components/product-page';
import { ProductFitCheck } from '@/features/garage/components/product-fit-check';
import { VehicleFitmentTab } from '@/features/garage/components/vehicle-fitment-tab';

/** /product/{sku} (SPEC §2 Product page): the catalog's page with the garage's fit check and fitment tab. */
export function ProductRoute() {
  return (
    <ProductPage
      fitCheck={(sku) => <ProductFitCheck sku={sku} />}
      fitmentTab={(sku) => <VehicleFitmentTab sku={sku} />}
    />
  );
}
