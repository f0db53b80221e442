import { useSearchParams } from 'react-router';
import { StatusMessage } from '@/components/ui/status-message';
import { useOrderDetail } from '@/features/orders/api/get-order-detail';
import { OrderQueryResult } from '@/features/orders/components/order-query-result';
import { ORDER_NOT_FOUND } from '@/features/orders/order-fields';
import { usePageTitle } from '@/features/store/hooks/use-page-title';
import '@/features/orders/components/guest-track-order-page.css';

/**
 * /track-order?order_id= (SPEC §2 route table: signed-in tracking): the member's own order, read with their
 * bearer, so Customer details show.
 */
export function MemberTrackOrderPage() {
  usePageTitle('Track order');
  const [params] = useSearchParams();
  const id = params.get('order_id')?.trim() ?? '';
  const lookup = useOrderDetail(id);
  return (
    <div className="container page track-order">
      <h1 className="track-order__title">Track Order</h1>
      {id === '' ? (
        <StatusMessage image="not-found" title={ORDER_NOT_FOUND} headingLevel={2} />
      ) : lookup.isPending ? (
        <p role="status">Loading...</p>
      ) : (
        <OrderQueryResult order={lookup.data} error={lookup.error} />
      )}
    </div>
  );
}
