import { memberTrackOrderPath } from '@store/shared/paths';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import { ORDER_NUMBER_LABEL } from '@store/shared/order-constants';
import { orderStatusWords, paymentStatusWords } from '@store/shared/order-status-words';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { TaxInvoiceButton } from '@/components/order-documents';
import { OrderAgainButton } from '@/components/order-again-button';
import {
  formatOrderDate,
  formatOrderMoney,
  paymentMethodLabel,
  orderHasTaxInvoice,
} from '@/lib/order-fields';
import { usePageTitle } from '@/hooks/use-page-title';
import { useUserOrders, type OrderHistoryRow } from '../api/get-user-orders';
import { AccountCard } from './form-bits';

export const ORDER_HISTORY_COLUMNS = [
  ORDER_NUMBER_LABEL,
  'Date',
  'Total Price',
  'Payment',
  'Payment Status',
  'Order Status',
  'Action',
] as const;

/** The table of SPEC §2 /order-history (dd/mm/yyyy, card shown as Card), or 'No orders found'. */
export function OrderHistoryTable({ orders }: { orders: readonly OrderHistoryRow[] }) {
  if (orders.length === 0) return <p className="account-card__lead">{ACCOUNT_MESSAGES.noOrders}</p>;
  const [invoice, date, total, payment, paymentStatus, status, action] = ORDER_HISTORY_COLUMNS;
  return (
    <table className="order-history">
      <caption className="visually-hidden">Your orders, newest first</caption>
      <thead>
        <tr>
          {ORDER_HISTORY_COLUMNS.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.id}>
            <td data-label={invoice}>{o.invoice_number}</td>
            <td data-label={date}>{formatOrderDate(o.created_at)}</td>
            <td data-label={total}>{formatOrderMoney(o.total_amount)}</td>
            <td data-label={payment}>{paymentMethodLabel(o.payment_method, o.payment_method_type)}</td>
            {/* Issue 37 §2: the SPEC's columns, the shopper's words. */}
            <td data-label={paymentStatus}>{paymentStatusWords(o.payment_status, o.payment_method)}</td>
            <td data-label={status}>{orderStatusWords(o)}</td>
            <td data-label={action}>
              <Link to={memberTrackOrderPath(o.id)} aria-label={`View Order ${o.invoice_number}`}>
                View Order
              </Link>
              {orderHasTaxInvoice(o) && (
                <>
                  {' · '}
                  {/* Decision 0044: a link signed for the member's own order, asked for with their bearer. */}
                  <TaxInvoiceButton orderId={o.id} invoiceNumber={o.invoice_number} />
                </>
              )}
              {' · '}
              {/* Issue 39 §5: the order's lines back into the cart. */}
              <OrderAgainButton
                orderId={o.id}
                invoiceNumber={o.invoice_number}
                className="order-documents__link-button"
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /order-history (SPEC §2): the member's own orders. A failed load is logged and shows the empty list (§8). */
export function OrderHistoryPage({ userId }: { userId: number }) {
  usePageTitle('Order history');
  const orders = useUserOrders(userId);
  useEffect(() => {
    if (orders.error) console.error('Order history failed to load', orders.error);
  }, [orders.error]);
  return (
    <AccountCard title="Order History" wide>
      {orders.isPending ? <p role="status">Loading...</p> : <OrderHistoryTable orders={orders.data ?? []} />}
    </AccountCard>
  );
}
