import { usePriceDisplay } from '@/hooks/use-price-display';
import { dismissPriceChanges, useCartPriceChanges } from '@/stores/cart-store';
import { priceChangedMessage } from '@/lib/cart-messages';

/**
 * The cart's polite notice of prices that changed since the products were added (issue: fresh prices):
 * 'The price of {title} changed from $A to $B.', one line per product, until the shopper dismisses it.
 * The live region is always present, so a screen reader hears the notice when it appears. Prices as they are
 * shown (issue 18: including GST).
 */
export function PriceChangeNotices() {
  const changes = useCartPriceChanges();
  const prices = usePriceDisplay();
  return (
    <div className="cart-notices" role="status" aria-live="polite">
      {changes.length > 0 && (
        <div className="cart-notice">
          <svg
            className="cart-notice__icon"
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            focusable="false"
          >
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <ul className="cart-notice__list" role="list">
            {changes.map((c) => (
              <li key={c.id}>
                {priceChangedMessage(c.title, prices.show(c.fromCents), prices.show(c.toCents))}
              </li>
            ))}
          </ul>
          <button type="button" className="cart-notice__dismiss" onClick={dismissPriceChanges}>
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
}
