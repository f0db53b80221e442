import type { OrderDetail } from '@store/shared/order';
import { useState } from 'react';
import { useOrderAgain } from '@/hooks/use-order-again';
import { failureMessage, toastError, toastSuccess } from '@/lib/toast-feedback';
import './order-again-button.css';
import './ui/button-variants.css';

/**
 * "Order again" on the member's order history and order page (issue 39 §5): the order's lines still sold go into the
 * cart, and the cart opens. `order` is the order when the page has it already (no second read).
 */
export function OrderAgainButton({
  orderId,
  invoiceNumber,
  order,
  className = 'button button--quiet',
}: {
  orderId: string;
  invoiceNumber: string;
  order?: Pick<OrderDetail, 'order_items'>;
  className?: string;
}) {
  const orderAgain = useOrderAgain();
  const [busy, setBusy] = useState(false);

  async function onClick() {
    if (busy) return;
    setBusy(true);
    try {
      toastSuccess(await orderAgain(orderId, order));
    } catch (error) {
      toastError(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={className}
      onClick={() => void onClick()}
      disabled={busy}
      aria-label={`Order again: the items of order ${invoiceNumber}`}
    >
      {busy ? 'Adding...' : 'Order again'}
    </button>
  );
}
