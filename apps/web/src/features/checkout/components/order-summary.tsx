import { formatCents } from '@store/shared/money';
import { breakdownRows } from '@store/shared/order-breakdown';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ProductImage } from '@/components/ui/product-image';
import { PriceChangeNotices } from '@/components/cart/price-change-notices';
// The notices' look is the cart's own.
import '@/components/cart/cart.css';
import type { CheckoutSummary } from '../hooks/use-checkout-summary';
import './order-summary.css';
import { CartFitWarning } from '@/components/cart/cart-fit-warning';
import { FreeDeliveryNote } from '@/components/cart/free-delivery-note';
import { MoneyBreakdown } from '@/components/money-breakdown';
import { usePriceDisplay } from '@/hooks/use-price-display';

export interface OrderSummaryProps {
  summary: CheckoutSummary;
  headingId: string;
  /** What follows the totals (the payment choice). */
  children?: ReactNode;
}

/**
 * The order summary (SPEC §2 Checkout, issue 34 §1-2): each line with its picture, title × quantity, unit price
 * and line total as this shopper sees prices, the delivery note, then the breakdown every order screen shows
 * (`breakdownRows`: subtotal, each discount, delivery, the total to pay and the GST it includes, or for "ex. GST"
 * the ex-GST total, GST and total). The figures are `computeCheckoutTotals`', the ones place-order is sent, so the
 * rows add up to the total charged.
 */
export function OrderSummary({ summary, headingId, children }: OrderSummaryProps) {
  const { lines, totals, settings, amounts } = summary;
  const prices = usePriceDisplay();
  const itemCount = lines.reduce((n, l) => n + l.quantity, 0);
  return (
    <section
      className="order-summary checkout-card"
      aria-labelledby={headingId}
      // Today's prices are being read; the figures may still change.
      aria-busy={summary.isRefreshing || undefined}
    >
      <header className="order-summary__head">
        <h2 id={headingId} className="checkout-card__title">
          Order summary
        </h2>
        <Link to="/cart" className="order-summary__edit">
          Edit cart
        </Link>
      </header>
      <p className="order-summary__count">
        {itemCount} {itemCount === 1 ? 'item' : 'items'}
      </p>
      {/* Prices are re-read on the way in; a change since the products were added is said here. */}
      <PriceChangeNotices />
      <ul className="order-summary__lines">
        {lines.map((priced) => {
          const { line, quantity } = priced;
          const title = line.title.trim() || 'No Title';
          const shown = prices.showLine(priced.unitPriceCents, priced.lineSubtotalCents);
          return (
            <li key={line.id} className="order-summary__line">
              <ProductImage
                className="order-summary__image"
                src={line.featured_image}
                image={line.image}
                alt=""
                width={56}
                height={56}
              />
              <div className="order-summary__item">
                <p className="order-summary__title">
                  {title} <span className="order-summary__quantity">× {quantity}</span>
                </p>
                {quantity > 1 && <p className="order-summary__each">{formatCents(shown.unitCents)} each</p>}
                {priced.tradeListName !== null && (
                  // Issue 39 §2: the line is at the trade customer's price.
                  <p className="order-summary__each">Trade price · {priced.tradeListName}</p>
                )}
                <CartFitWarning sku={line.sku} />
              </div>
              <p className="order-summary__line-total">{formatCents(shown.lineCents)}</p>
            </li>
          );
        })}
      </ul>

      <FreeDeliveryNote subtotalCents={totals?.subtotalCents ?? 0} rule={settings} />

      <MoneyBreakdown
        className="order-summary__totals"
        rows={amounts ? breakdownRows(amounts, prices.display) : null}
      />
      {children}
    </section>
  );
}
