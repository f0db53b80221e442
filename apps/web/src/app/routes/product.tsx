import { ProductPage } from '@/features/catalog/components/product-page';

/** /product/{sku} (SPEC §2 Product page). */
export function ProductRoute() {
  return <ProductPage />;
}
