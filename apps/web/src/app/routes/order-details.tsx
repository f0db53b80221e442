import { OrderDetailsPage } from '@/features/orders/components/order-details-page';
import { usePageTitle } from '@/hooks/use-page-title';

/** /order-details?id= (SPEC §2 Account screens: Order details page). */
export function OrderDetailsRoute() {
  usePageTitle('Order Details');
  return <OrderDetailsPage />;
}
