/**
 * Checkout data kept in session storage between /checkout and the payment pages (SPEC §3 Checkout data,
 * §4 "stored in session storage for 5 minutes before navigating to a payment screen", §9 5 minutes).
 * Holds the order payload the payment page will send (billing and shipping fields, comment, lines, the
 * totals the shopper saw) plus a snapshot of the lines for display. Never any card data.
 */
import type { PlaceOrderRequestInput } from '@store/shared/order';

export const CHECKOUT_STORAGE_KEY = 'checkoutData';
/** SPEC §9: stored checkout data expires after 5 minutes. */
export const CHECKOUT_DATA_TTL_MS = 5 * 60 * 1000;

/** A cart line as the payment page's items table shows it (SPEC §2 Payment pages). */
export interface CheckoutItem {
  id: number;
  title: string;
  featured_image: string | null;
  /** Unit price after discount, cents. */
  unitPriceCents: number;
  quantity: number;
}

/** What the checkout page saves: the order payload without payment fields, and the items shown. */
export interface CheckoutData {
  order: Omit<PlaceOrderRequestInput, 'payment_method' | 'payment_intent_id' | 'stripePaymentMethodId'>;
  items: CheckoutItem[];
  /** Totals the shopper saw, cents. */
  totals: { subtotalCents: number; deliveryChargeCents: number; gstCents: number; totalCents: number };
}

interface Stored {
  savedAt: number;
  data: CheckoutData;
}

/** Saves the checkout data with the current time. */
export function saveCheckoutData(data: CheckoutData, now = Date.now()): void {
  try {
    globalThis.sessionStorage?.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify({ savedAt: now, data }));
  } catch {
    // Storage full or blocked: the payment page will send the shopper back to checkout.
  }
}

/** The saved checkout data, or null when there is none, it is unreadable, or older than 5 minutes. */
export function readCheckoutData(now = Date.now()): CheckoutData | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(CHECKOUT_STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<Stored>;
    if (typeof stored.savedAt !== 'number' || typeof stored.data !== 'object' || stored.data === null) {
      return null;
    }
    if (now - stored.savedAt > CHECKOUT_DATA_TTL_MS) {
      clearCheckoutData();
      return null;
    }
    return stored.data;
  } catch {
    return null;
  }
}

export function clearCheckoutData(): void {
  try {
    globalThis.sessionStorage?.removeItem(CHECKOUT_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
