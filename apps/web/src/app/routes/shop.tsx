import { ShopPage } from '@/features/catalog/components/shop-page';

/** /shop (SPEC §2 Shop listing). */
export function ShopRoute() {
  return <ShopPage />;
}
