import { bestSellersQueryOptions } from '@/features/catalog/api/get-best-sellers';
import { BestSellingPage } from '@/features/catalog/components/best-selling-page';
import type { RoutePrefetch } from '../route-prefetch';

/** The page's products, for the server's render (issue 37 §4). */
export const prefetch: RoutePrefetch = async ({ queryClient }) => {
  await queryClient.prefetchQuery(bestSellersQueryOptions());
};

/** /best-selling (SPEC §2; issue 37 §4: the best sellers of the last 90 days). */
export function BestSellingRoute() {
  return <BestSellingPage />;
}
