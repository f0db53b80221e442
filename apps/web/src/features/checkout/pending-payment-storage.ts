/**
 * The payment attempt a shopper leaves the store to approve (issue 40: Afterpay and Zip approve on their own page,
 * or the offline test provider's approval page): kept in session storage for an hour under its own key, apart from
 * the 5-minute checkout data, so that the return page can send the same place-order again with the same
 * Idempotency-Key (the server resumes the held order, never places a second) and end the checkout as the card flow
 * does. Never any card data: only the payment method id, the client secret of the held payment and the order.
 */
import { isPaymentMethodKind, type PaymentMethodKind } from '@store/shared/payment-method-rules';
import type { PlaceOrderBody } from './api/place-order';
import type { CheckoutData } from './checkout-storage';

export const PENDING_PAYMENT_KEY = 'pending-payment';
/** An approval left for longer than this is not resumed here; the order page tells the rest. */
export const PENDING_PAYMENT_TTL_MS = 60 * 60 * 1000;

/** One attempt waiting for the shopper's approval on the provider's page. */
export interface PendingPayment {
  /** The attempt's Idempotency-Key, sent again on the way back. */
  idempotencyKey: string;
  /** The exact place-order body that was answered `requires_action`. */
  body: PlaceOrderBody;
  /** The checkout as the payment page had it: the thank-you page's total, and the payment page after a decline. */
  checkout: CheckoutData;
  kind: PaymentMethodKind;
  /** The held order's public id (`order_id` of the 402), when the server sent one. */
  orderId: string | null;
  /** The held payment's client secret: Stripe's redirect, or the test provider's approve / decline. */
  clientSecret: string;
}

interface Stored {
  savedAt: number;
  data: PendingPayment;
}

/** Keeps the attempt with the current time (replacing any earlier one). */
export function savePendingPayment(pending: PendingPayment, now = Date.now()): void {
  try {
    globalThis.sessionStorage?.setItem(PENDING_PAYMENT_KEY, JSON.stringify({ savedAt: now, data: pending }));
  } catch {
    // Storage full or blocked: the return page then points to the order page instead.
  }
}

/** The kept attempt, or null when there is none, it is unreadable, or it is more than an hour old. */
export function readPendingPayment(now = Date.now()): PendingPayment | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(PENDING_PAYMENT_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<Stored>;
    const data = stored.data;
    if (
      typeof stored.savedAt !== 'number' ||
      typeof data !== 'object' ||
      data === null ||
      typeof data.idempotencyKey !== 'string' ||
      typeof data.body !== 'object' ||
      typeof data.checkout !== 'object' ||
      typeof data.clientSecret !== 'string' ||
      !isPaymentMethodKind(data.kind)
    ) {
      return null;
    }
    if (now - stored.savedAt > PENDING_PAYMENT_TTL_MS) {
      clearPendingPayment();
      return null;
    }
    return data;
  } catch {
    return null;
  }
}

/** Forgets the attempt once the server's answer is final (paid, declined, refused). */
export function clearPendingPayment(): void {
  try {
    globalThis.sessionStorage?.removeItem(PENDING_PAYMENT_KEY);
  } catch {
    // Nothing to clear.
  }
}
