import { shopProductsQueryOptions } from '@/features/catalog/api/get-shop-products';
import { ShopPage } from '@/features/catalog/components/shop-page';
import { readShopParams } from '@/features/catalog/shop-search';
import type { RoutePrefetch } from '../route-prefetch';

/** The page of products the address asks for (for the shopper's vehicle), as ShopPage asks for it. */
export const prefetch: RoutePrefetch = ({ queryClient, searchParams, vehicleId }) =>
  queryClient.prefetchQuery(shopProductsQueryOptions(readShopParams(searchParams), vehicleId));

/** /shop (SPEC §2 Shop listing). */
export function ShopRoute() {
  return <ShopPage />;
}
