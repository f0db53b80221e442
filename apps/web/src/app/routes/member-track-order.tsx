import { OrderByIdPage } from '@/features/orders/components/order-details-page';
import { usePageTitle } from '@/hooks/use-page-title';

/**
 * /track-order?order_id= (SPEC §2 route table: signed-in tracking): the member's order, read with their
 * bearer, so Customer details show: the orders feature's page under the account's title.
 */
export function MemberTrackOrderPage() {
  usePageTitle('Track order');
  return <OrderByIdPage heading="Track Order" param="order_id" />;
}
