import { centsToFreeDelivery } from '@store/shared/checkout-totals';
import { freeDeliveryProgressText, type DeliverySettings } from '@store/shared/store-promises';
import './free-delivery-note.css';

export interface FreeDeliveryNoteProps {
  /** The items' subtotal, cents inc. GST after product discounts (what the delivery rule reads). */
  subtotalCents: number;
  /** The store's delivery rule, GST-inclusive cents; null while the settings load (nothing is shown). */
  rule: DeliverySettings | null;
}

/**
 * The cart's and checkout's delivery note (issue 34 §3): "Your order qualifies for free delivery." or "Add $5.61
 * more for free delivery on orders of $100 or more.", worded by store-promises.ts from the same settings and
 * subtotal `computeCheckoutTotals` charges delivery by, with a bar of the way to the threshold.
 */
export function FreeDeliveryNote({ subtotalCents, rule }: FreeDeliveryNoteProps) {
  if (!rule) return null;
  const text = freeDeliveryProgressText(subtotalCents, rule);
  if (text === null) return null;
  const missing = centsToFreeDelivery(subtotalCents, { gstPercent: 0, ...rule });
  if (missing === 0 || rule.deliveryChargeCents === 0) {
    return (
      <p className="delivery-note delivery-note--free">
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="10" cy="10" r="9" fill="currentColor" />
          <path d="m6 10.3 2.6 2.6L14 7.5" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {text}
      </p>
    );
  }
  const progress = Math.min(100, Math.round((subtotalCents / rule.freeDeliveryThresholdCents) * 100));
  return (
    <div className="delivery-note">
      <p>{text}</p>
      <div className="delivery-note__progress" aria-hidden="true">
        <span style={{ width: `${progress}%` }} />
      </div>
    </div>
  );
}
