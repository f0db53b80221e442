import { formatCents } from '@store/shared/money';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ProductImage } from '@/components/ui/product-image';
import { PriceChangeNotices } from '@/features/cart/components/price-change-notices';
// The notices' look is the cart's own.
import '@/features/cart/components/cart.css';
import type { CheckoutSummary } from '../hooks/use-checkout-summary';
import './order-summary.css';
import { CartFitWarning } from '@/features/garage/components/cart-fit-warning';
import { shownLineTotalCents } from '@/features/cart/components/cart-totals';
import { type PriceView, usePriceDisplay } from '@/features/store/hooks/use-price-display';

export interface OrderSummaryProps {
  summary: CheckoutSummary;
  headingId: string;
  /** What follows the totals (the payment choice). */
  children?: ReactNode;
}

/** A figure, or a placeholder while the store's settings load. */
function Amount({ cents }: { cents: number | undefined }) {
  if (cents === undefined) {
    return (
      <span className="skeleton order-summary__amount-skeleton">
        <span className="visually-hidden">Loading</span>
      </span>
    );
  }
  return <>{formatCents(cents)}</>;
}

/**
 * SPEC §9 free delivery: says it is free, or how much more would make it free. The rule reads the subtotal before
 * GST, and says so; the amount still to add is shown as prices are (issue 18), rounded up so that adding it is
 * always enough.
 */
function DeliveryNote({ summary, prices }: { summary: CheckoutSummary; prices: PriceView }) {
  const { totals, settings } = summary;
  if (!totals || !settings || totals.subtotalCents === 0) return null;
  const threshold = settings.freeDeliveryThresholdCents;
  if (totals.deliveryChargeCents === 0) {
    return (
      <p className="order-summary__delivery-note order-summary__delivery-note--free">
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="10" cy="10" r="9" fill="currentColor" />
          <path d="m6 10.3 2.6 2.6L14 7.5" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        </svg>
        Your order qualifies for free delivery.
      </p>
    );
  }
  const missing = threshold - totals.subtotalCents;
  const progress = Math.min(100, Math.round((totals.subtotalCents / threshold) * 100));
  return (
    <div className="order-summary__delivery-note">
      <p>
        Add <strong>{formatCents(prices.show(missing))}</strong> more for free delivery on orders of{' '}
        {formatCents(threshold)} or more{prices.gstPercent > 0 ? ' before GST' : ''}.
      </p>
      <div className="order-summary__progress" aria-hidden="true">
        <span style={{ width: `${progress}%` }} />
      </div>
    </div>
  );
}

/**
 * The order summary (SPEC §2 Checkout): each line with its picture, title × quantity and line total as prices are
 * shown (issue 18: including GST), then the total to pay, prominent, and below it the SPEC §9 breakdown:
 * Subtotal and Delivery charge before GST ('Free' from the free-delivery threshold), GST and Total.
 */
export function OrderSummary({ summary, headingId, children }: OrderSummaryProps) {
  const { lines, totals, settings } = summary;
  const prices = usePriceDisplay();
  const exGst = settings && settings.gstPercent > 0 ? ' (ex. GST)' : '';
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
          const { line, quantity, unitPriceCents } = priced;
          const title = line.title.trim() || 'No Title';
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
                {quantity > 1 && (
                  <p className="order-summary__each">{formatCents(prices.show(unitPriceCents))} each</p>
                )}
                <CartFitWarning sku={line.sku} />
              </div>
              <p className="order-summary__line-total">
                {formatCents(shownLineTotalCents(priced, prices.show))}
              </p>
            </li>
          );
        })}
      </ul>

      <DeliveryNote summary={summary} prices={prices} />

      <p className="order-summary__to-pay">
        <span>
          Total to pay
          {settings && settings.gstPercent > 0 && (
            <span className="order-summary__to-pay-tax"> inc. GST</span>
          )}
        </span>
        <strong>
          <Amount cents={totals?.totalCents} />
        </strong>
      </p>
      <dl className="order-summary__totals" aria-label="Price breakdown">
        <div>
          <dt>Subtotal{exGst}</dt>
          <dd>
            <Amount cents={totals?.subtotalCents} />
          </dd>
        </div>
        {totals && totals.signupDiscountCents > 0 && (
          <div>
            <dt>Signup discount</dt>
            <dd>−{formatCents(totals.signupDiscountCents)}</dd>
          </div>
        )}
        {totals && totals.membershipDiscountCents > 0 && (
          <div>
            <dt>Membership discount</dt>
            <dd>−{formatCents(totals.membershipDiscountCents)}</dd>
          </div>
        )}
        <div>
          <dt>Delivery charge{exGst}</dt>
          <dd>
            {totals && totals.deliveryChargeCents === 0 && totals.subtotalCents > 0 ? (
              <span className="order-summary__free">Free</span>
            ) : (
              <Amount cents={totals?.deliveryChargeCents} />
            )}
          </dd>
        </div>
        <div>
          <dt>GST{settings ? ` (${settings.gstPercent}%)` : ''}</dt>
          <dd>
            <Amount cents={totals?.gstCents} />
          </dd>
        </div>
        <div className="order-summary__total">
          <dt>Total</dt>
          <dd>
            <Amount cents={totals?.totalCents} />
          </dd>
        </div>
      </dl>
      {children}
    </section>
  );
}
