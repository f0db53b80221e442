import { guestTrackOrderPath, PAGES } from '@store/shared/paths';
import { formatCents } from '@store/shared/money';
import { amountsOfOrder, breakdownRows, type OrderMoneyFields } from '@store/shared/order-breakdown';
import { ORDER_NUMBER_LABEL } from '@store/shared/order-constants';
import { Link } from 'react-router';
import { usePriceDisplay } from '@/hooks/use-price-display';
import { MoneyBreakdown } from '@/components/money-breakdown';
import { OrderLines, type OrderLineFields } from './order-lines';
import './order-confirmation.css';

export interface ConfirmedOrder {
  /** Public order id, the one guest tracking asks for. */
  id: string;
  invoice_number: string;
  totalCents: number;
  /** The tax invoice, signed for a day for whoever placed the order (decision 0044); absent while unpaid. */
  taxInvoiceUrl?: string;
  /** The order's money as place-order answered it (the stored record); absent: only the total is shown. */
  money?: OrderMoneyFields;
  /** The order's lines as charged. */
  items?: readonly OrderLineFields[];
}

/** The order's items and money as charged (issue 34 §2), the same rows as the order page, mail and invoice. */
function ConfirmedMoney({ money, items }: { money: OrderMoneyFields; items: readonly OrderLineFields[] }) {
  const prices = usePriceDisplay();
  const amounts = amountsOfOrder(money);
  return (
    <section className="order-confirmation__money" aria-labelledby="order-confirmation-money">
      <h2 id="order-confirmation-money" className="order-confirmation__money-title">
        Your order
      </h2>
      <OrderLines items={items} amounts={amounts} display={prices.display} />
      <MoneyBreakdown label="Order totals" rows={breakdownRows(amounts, prices.display)} />
    </section>
  );
}

/** A parcel with a tick: the order is in. Decorative; the heading says it in words. */
function ConfirmationImage() {
  return (
    <svg
      className="order-confirmation__image"
      viewBox="0 0 160 120"
      width="160"
      height="120"
      aria-hidden="true"
      focusable="false"
    >
      <ellipse cx="80" cy="108" rx="54" ry="7" fill="#e2e6ec" />
      <path d="M34 44 80 26l46 18v50L80 112 34 94z" fill="#f6d7b8" />
      <path d="M34 44 80 62v50L34 94z" fill="#e9b888" />
      <path d="M80 62l46-18v50L80 112z" fill="#f1c79d" />
      <path d="M34 44 80 26l46 18-46 18z" fill="#fbe6cf" />
      <path d="M57 35l46 18v14l-10 4V57L47 39z" fill="#c9874b" opacity="0.55" />
      <circle cx="118" cy="34" r="26" fill="#1f8a4c" />
      <circle cx="118" cy="34" r="26" fill="none" stroke="#fff" strokeWidth="4" />
      <path
        d="M106 34.5l8 8 16-17"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The thank-you page's content (SPEC §2 /thank-you: a confirmation image after an order). With the order
 * just placed: its order number, order id and total, its items and the breakdown of what was charged, and a link
 * that tracks it. Without one (a later visit, another tab): a plain thank-you with the same ways on.
 */
export function OrderConfirmation({ order }: { order: ConfirmedOrder | null }) {
  return (
    <div className="container page order-confirmation">
      <ConfirmationImage />
      <h1 className="order-confirmation__title">Thank you for your order!</h1>
      {order ? (
        <>
          <p className="order-confirmation__lead">
            {/* Issue 34 §6: the order number (with the order's email) is what finds an order on Track Order. */}
            We have received your order and payment. Keep your order number: with the email address you gave,
            it tracks your order any time.
          </p>
          <dl className="order-confirmation__facts">
            <div>
              <dt>{ORDER_NUMBER_LABEL}</dt>
              <dd>{order.invoice_number}</dd>
            </div>
            <div>
              <dt>Order id</dt>
              <dd className="order-confirmation__id">{order.id}</dd>
            </div>
            <div>
              <dt>Total (inc. GST)</dt>
              <dd>{formatCents(order.totalCents)}</dd>
            </div>
          </dl>
          {order.money && order.items && <ConfirmedMoney money={order.money} items={order.items} />}
        </>
      ) : (
        <p className="order-confirmation__lead">
          Your order is with us. You can track it any time with the order number and email address from your
          confirmation.
        </p>
      )}
      <div className="order-confirmation__actions">
        <Link className="button" to={order ? guestTrackOrderPath(order.id) : PAGES.guestTrackOrder.path}>
          Track your order
        </Link>
        {order?.taxInvoiceUrl && (
          // Issue 18 §3: the order's tax invoice (PDF), issued once its payment is received.
          <a className="button order-confirmation__secondary" href={order.taxInvoiceUrl} download>
            Download tax invoice
          </a>
        )}
        <Link className="button order-confirmation__secondary" to="/">
          Continue shopping
        </Link>
      </div>
    </div>
  );
}
