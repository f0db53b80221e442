/**
 * Checkout data kept in session storage between /checkout and the payment pages (SPEC §3 Checkout data,
 * §4 "stored in session storage for 5 minutes before navigating to a payment screen", §9 5 minutes).
 * Holds the order payload the payment page will send (billing and shipping fields, comment, lines, the
 * totals the shopper saw) plus a snapshot of the lines for display. Never any card data.
 *
 * Beside it, the checkout draft: what the shopper has typed so far, kept for the browser session so that
 * leaving /checkout (to the cart, a policy page, a payment page) never loses it.
 */
import type { PlaceOrderRequestInput } from '@store/shared/order';
import type { OrderAmounts } from '@store/shared/order-breakdown';
import type { ProductImage } from '@store/shared/product';

export const CHECKOUT_STORAGE_KEY = 'checkoutData';
/** SPEC §9: stored checkout data expires after 5 minutes. */
export const CHECKOUT_DATA_TTL_MS = 5 * 60 * 1000;

/** A cart line as the payment page's items table shows it (SPEC §2 Payment pages). */
export interface CheckoutItem {
  id: number;
  title: string;
  featured_image: string | null;
  /** The featured image's size and WebP widths (absent in data saved before they were kept). */
  image?: ProductImage | null;
  /** Unit price after the product discount, cents inc. GST. */
  unitPriceCents: number;
  quantity: number;
  /** Line total as charged (unit × quantity), cents inc. GST; absent in data saved before issue 34. */
  lineCents?: number;
}

/** What the checkout page saves: the order payload without payment fields, and the items shown. */
export interface CheckoutData {
  order: Omit<
    PlaceOrderRequestInput,
    'payment_method' | 'payment_intent_id' | 'stripePaymentMethodId' | 'payment_method_type'
  > & {
    /** Issue 39 §5: a trade member's purchase order number (up to 40 characters), printed on the invoice. */
    purchase_order_number?: string;
  };
  items: CheckoutItem[];
  /** Totals the shopper saw, cents. */
  totals: {
    subtotalCents: number;
    deliveryChargeCents: number;
    gstCents: number;
    totalCents: number;
    /** A member's signup and membership plan discounts (SPEC §9), cents. */
    signupDiscountCents?: number;
    membershipDiscountCents?: number;
  };
  /**
   * The breakdown the checkout showed (`amountsOfTotals`, issue 34 §2), for the payment page's rows. Data saved
   * without it (before issue 34, ex-GST figures) is not read: the shopper goes back to checkout.
   */
  amounts: OrderAmounts;
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

/**
 * The saved checkout data, or null when there is none, it is unreadable or without the breakdown amounts (saved
 * before issue 34), or older than 5 minutes.
 */
export function readCheckoutData(now = Date.now()): CheckoutData | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(CHECKOUT_STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<Stored>;
    if (
      typeof stored.savedAt !== 'number' ||
      typeof stored.data !== 'object' ||
      stored.data === null ||
      typeof stored.data.amounts !== 'object' ||
      stored.data.amounts === null
    ) {
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

/** Removes the saved checkout data (the payment pages call this once the order is placed). */
export function clearCheckoutData(): void {
  try {
    globalThis.sessionStorage?.removeItem(CHECKOUT_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

export const CHECKOUT_DRAFT_KEY = 'checkoutDraft';
/** Longest text kept per field; the form's own limits are far below it. */
const DRAFT_VALUE_MAX = 500;

/** The checkout form's values as typed, by field name (text fields, and the ship-elsewhere tick box). */
export type CheckoutDraft = Record<string, string | boolean>;

/** Keeps the form's values as typed for this browser session (text and tick boxes only). */
export function saveCheckoutDraft(values: Readonly<Record<string, unknown>>): void {
  const draft: CheckoutDraft = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'boolean' || (typeof value === 'string' && value.length <= DRAFT_VALUE_MAX)) {
      draft[name] = value;
    }
  }
  try {
    globalThis.sessionStorage?.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the form still works, it just starts empty next time.
  }
}

/** The draft saved earlier in this session, or null; anything that is not text or a tick is dropped. */
export function readCheckoutDraft(): CheckoutDraft | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(CHECKOUT_DRAFT_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const draft: CheckoutDraft = {};
    for (const [name, value] of Object.entries(parsed)) {
      if (typeof value === 'boolean' || (typeof value === 'string' && value.length <= DRAFT_VALUE_MAX)) {
        draft[name] = value;
      }
    }
    return draft;
  } catch {
    return null;
  }
}

/** Forgets the draft (e.g. after an order is placed, so the next checkout starts without its comment). */
export function clearCheckoutDraft(): void {
  try {
    globalThis.sessionStorage?.removeItem(CHECKOUT_DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}
