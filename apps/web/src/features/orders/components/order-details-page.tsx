import { useSearchParams } from 'react-router';
import { StatusMessage } from '@/components/ui/status-message';
import { useOrderDetail } from '@/lib/api/get-order-detail';
import { ORDER_NOT_FOUND } from '@/lib/order-fields';
import { OrderQueryResult } from './order-query-result';
import './guest-track-order-page.css';

/**
 * One order by its public id from the query string (`param`), read with `GET /api/orders-detail` and shown as
 * guest tracking shows it. Customer details appear when the server sends them (the signed-in owner).
 */
export function OrderByIdPage({ heading, param }: { heading: string; param: string }) {
  const [params] = useSearchParams();
  const id = params.get(param)?.trim() ?? '';
  const lookup = useOrderDetail(id);

  return (
    <div className="container page track-order">
      <h1 className="track-order__title">{heading}</h1>
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

/**
 * The order details page, `/order-details?id={public id}` (SPEC §2 Account screens: Order details page):
 * the same order view as guest tracking. The SPEC's manual invoice-number form is hidden, so there is none.
 */
export function OrderDetailsPage() {
  return <OrderByIdPage heading="Order Details" param="id" />;
}
