import type { OrderDetail } from '@store/shared/order';
import { Link } from 'react-router';
import { formatOrderDate } from '@/lib/order-fields';
import './order-returns.css';

export interface OrderReturnsProps {
  order: OrderDetail;
  /** The email the order was found with (guest tracking), handed to the return form in the link's state. */
  lookupEmail?: string;
}

/**
 * The order's "Returns" section (issue 37 §3), below the order on the member's order page and the guest tracking
 * result: each request with its number, items and its step in the shopper's words as the back office moves it
 * (`shopperReturnStatusText`), and the link that starts a return of this order's items.
 */
export function OrderReturns({ order, lookupEmail }: OrderReturnsProps) {
  const returns = order.returns ?? [];
  return (
    <section className="order-returns" aria-labelledby="order-returns-title">
      <h2 id="order-returns-title" className="order-returns__title">
        Returns
      </h2>
      {returns.length > 0 && (
        <ul className="order-returns__list">
          {returns.map((r) => (
            <li key={r.number} className="order-returns__item">
              <span>
                <strong>{r.number}</strong>{' '}
                <span className="order-returns__meta">sent {formatOrderDate(r.created_at)}</span>
              </span>
              <span className="order-returns__status">{r.status_text}</span>
              {r.lines.length > 0 && (
                <span className="order-returns__meta">
                  {r.lines.map((l) => `${l.quantity} × ${l.product_title}`).join(', ')}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link
          to={`/return-order?order_id=${encodeURIComponent(order.id)}`}
          state={lookupEmail ? { email: lookupEmail } : undefined}
        >
          Return items from this order
        </Link>
      </p>
    </section>
  );
}
