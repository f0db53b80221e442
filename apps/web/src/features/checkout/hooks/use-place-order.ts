/**
 * Placing the order from a payment page (SPEC §4 Order, Card payment, Wallet payment): one attempt at a
 * time, one Idempotency-Key per attempt, and the same ending for both payment methods on success.
 */
import { parseDecimalToCents } from '@store/shared/money';
import { ORDER_MESSAGES } from '@store/shared/order-constants';
import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearCart } from '@/stores/cart-store';
import {
  newIdempotencyKey,
  placeOrder,
  type PlaceOrderBody,
  type PlaceOrderOutcome,
} from '../api/place-order';
import { clearCheckoutData, clearCheckoutDraft, type CheckoutData } from '../checkout-storage';
import { lastOrderOf, saveLastOrder } from '../last-order';

/** How the order is paid: the card form's payment method, or the approved wallet order. */
export type OrderPayment = Pick<
  PlaceOrderBody,
  'payment_method' | 'stripePaymentMethodId' | 'payment_intent_id' | 'payment_method_type'
>;

/** A problem shown under the pay button: the message, an optional second line, and where to go next. */
export interface PaymentProblem {
  message: string;
  /** 'info' for news that is not a failure, such as the shopper cancelling the wallet. */
  tone?: 'error' | 'info';
  detail?: string;
  link?: { to: string; label: string };
}

export interface UsePlaceOrder {
  /** True while an attempt runs (the pay button reads 'Processing...'). */
  isSubmitting: boolean;
  /**
   * Runs one payment attempt (tokenise or approve, then place the order) unless one is already running.
   * The guard is a ref, so a second click in the same frame, before React re-renders the disabled button,
   * is refused too (SPEC §4 "a submitting flag blocks double submits"). Returns false when refused.
   */
  runAttempt(task: () => Promise<void>): Promise<boolean>;
  /**
   * Sends place-order. On 200 it ends the checkout: toast 'Order placed successfully!', cart and checkout
   * data cleared, the order remembered for the thank-you page, and /thank-you. Otherwise returns the outcome
   * for the page to explain.
   */
  place(payment: OrderPayment): Promise<PlaceOrderOutcome>;
  /**
   * The request `place` last sent, with its Idempotency-Key, while that key is still open (the answer was not
   * final): what a redirect to Afterpay or Zip keeps to send again on the way back (issue 40). Null otherwise.
   */
  openRequest(): { idempotencyKey: string; body: PlaceOrderBody } | null;
}

/**
 * Whether the server has given its final word on this attempt's Idempotency-Key. The server replays its
 * stored answer to a repeat with the same key and body, so after any doubt the retry must carry the same
 * key: then it can never place or charge twice. Doubt means no answer (network), a 429 (not processed), a
 * 409 without a code (the first request with this key is still running), or a 5xx without our JSON
 * message (from something in front of the API; the request may or may not have arrived), or a 500 or 503
 * (the server stopped or lost its database before it stored an answer). A held order is
 * not final either: `requires_action` (3-D Secure to complete) and `payment_pending` (the provider is still
 * processing, or could not be asked) are answered again, with the news, to the same key and body. Any other
 * answer is final for that key (a 402 or 502 is even stored against it), so the next try starts anew.
 */
export function isDefinitive(outcome: PlaceOrderOutcome): boolean {
  if (outcome.kind === 'network' || outcome.kind === 'too_many_requests') return false;
  if (outcome.kind === 'requires_action' || outcome.kind === 'payment_pending') return false;
  if (outcome.kind === 'rejected') {
    if (outcome.status === 409) return false;
    // A 500 means the server stopped before it stored an answer: the same key is safe (with no order written
    // the key was freed; with one, the key resumes it). A 503 is the database away mid-way (issue 43 §4): the
    // order may exist, even be charged, so only the same key may follow; the server resumes it, never twice.
    if (outcome.status === 500 || outcome.status === 503) return false;
    if (outcome.status >= 500 && outcome.message === null) return false;
  }
  return true;
}

/**
 * The end of every checkout once the order is placed (card, wallet, or on account, issue 39 §4): the order
 * remembered for the thank-you page, the cart and checkout data cleared, the toast 'Order placed successfully!' (or
 * the server's message), and /thank-you in place of the page (Back must not return to pay for a placed cart).
 */
export function finishOrder(
  outcome: Extract<PlaceOrderOutcome, { kind: 'placed' }>,
  fallbackTotalCents: number,
  navigate: (to: string, options: { replace: boolean }) => void | Promise<void>,
): void {
  const { order } = outcome;
  saveLastOrder({
    ...lastOrderOf(order, outcome.taxInvoiceUrl, outcome.orderPass),
    totalCents: parseDecimalToCents(order.total_amount) ?? fallbackTotalCents,
  });
  clearCart();
  clearCheckoutData();
  // The next checkout starts clean (no comment or address typed for this one).
  clearCheckoutDraft();
  void import('react-toastify').then(({ toast }) => toast.success(outcome.message || ORDER_MESSAGES.placed));
  void navigate('/thank-you', { replace: true });
}

/** `checkout` is the saved checkout data the page read when it opened (it may be gone from storage since). */
export function usePlaceOrder(checkout: CheckoutData): UsePlaceOrder {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const submittingRef = useRef(false);
  /** Set once the order is placed: the page is on its way to /thank-you and must not pay again. */
  const placedRef = useRef(false);
  const [isSubmitting, setSubmitting] = useState(false);
  /** The current attempt's key; null when the next request starts a new attempt. */
  const keyRef = useRef<string | null>(null);
  const lastBodyRef = useRef<PlaceOrderBody | null>(null);

  const runAttempt = useCallback(async (task: () => Promise<void>) => {
    if (submittingRef.current) return false;
    submittingRef.current = true;
    setSubmitting(true);
    try {
      await task();
    } finally {
      // After a success the button stays on 'Processing...' until /thank-you has loaded.
      if (!placedRef.current) {
        submittingRef.current = false;
        setSubmitting(false);
      }
    }
    return true;
  }, []);

  const place = useCallback(
    async (payment: OrderPayment) => {
      keyRef.current ??= newIdempotencyKey();
      const body: PlaceOrderBody = { ...checkout.order, ...payment };
      const outcome = await placeOrder(body, keyRef.current);
      lastBodyRef.current = body;
      if (isDefinitive(outcome)) keyRef.current = null;
      if (outcome.kind === 'prices_changed') {
        // The shopper goes back to checkout: it must recompute with today's settings and prices, not the
        // copies this browser cached (store settings are kept 10 minutes).
        void queryClient.invalidateQueries({ queryKey: ['store-config'] });
        void queryClient.invalidateQueries({ queryKey: ['cart-products'] });
      }

      if (outcome.kind === 'placed') {
        placedRef.current = true;
        finishOrder(outcome, checkout.totals.totalCents, navigate);
      }
      return outcome;
    },
    [checkout, navigate, queryClient],
  );

  const openRequest = useCallback(() => {
    const idempotencyKey = keyRef.current;
    const body = lastBodyRef.current;
    return idempotencyKey && body ? { idempotencyKey, body } : null;
  }, []);

  return { isSubmitting, runAttempt, place, openRequest };
}

/** Problems both payment methods explain the same way: the server repriced the cart, or stock ran out. */
function cartProblem(outcome: PlaceOrderOutcome): PaymentProblem | null {
  if (outcome.kind === 'prices_changed') {
    // Checkout recomputes its totals from today's prices, so the shopper sees what they will pay.
    return { message: outcome.message, link: { to: '/checkout', label: 'Review your order' } };
  }
  if (outcome.kind === 'out_of_stock') {
    return { message: outcome.message, link: { to: '/cart', label: 'Update your cart' } };
  }
  return null;
}

/**
 * A held order (`payment_pending`): the server's message, else ours for a provider still processing
 * (402) or not reached (502). Either way the next Pay press asks again with the same key.
 */
function pendingProblem(outcome: { status: number; message: string | null }): PaymentProblem {
  if (outcome.message) return { message: outcome.message, tone: outcome.status === 402 ? 'info' : 'error' };
  return outcome.status === 402
    ? { message: ORDER_MESSAGES.paymentProcessing, tone: 'info' }
    : { message: ORDER_MESSAGES.paymentUnconfirmed };
}

/** Shown if a 429 did not lead to the waiting page (one was shown less than 45 s ago). */
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';

/** SPEC §8 card-flow messages for a place-order outcome; null when there is nothing to explain. */
export function cardOrderProblem(outcome: PlaceOrderOutcome): PaymentProblem | null {
  switch (outcome.kind) {
    case 'placed':
      return null;
    case 'too_many_requests':
      return { message: ORDER_MESSAGES.cardFailed, detail: TOO_MANY_ATTEMPTS };
    case 'payment_refused':
      return { message: ORDER_MESSAGES.paymentError(outcome.message ?? ORDER_MESSAGES.cardDeclined) };
    case 'requires_action':
      // Only after the page gave up asking the bank (three rounds): the next Pay press starts a round again.
      return { message: ORDER_MESSAGES.paymentNeedsAction, tone: 'info' };
    case 'payment_pending':
      return pendingProblem(outcome);
    case 'prices_changed':
    case 'out_of_stock':
      return cartProblem(outcome);
    case 'rejected':
      return outcome.message
        ? { message: ORDER_MESSAGES.cardFailed, detail: outcome.message }
        : { message: ORDER_MESSAGES.cardFailed };
    case 'network':
      return { message: ORDER_MESSAGES.cardRequestError };
  }
}

/**
 * SPEC §8 wallet-flow messages for a place-order outcome (the step after the wallet approved): a refused
 * capture gives the server's message ('Error capturing PayPal order...' or the restricted-account one);
 * other refusals the SPEC's 'Order submission failed: {message}' / 'Error submitting order...'.
 */
export function walletOrderProblem(outcome: PlaceOrderOutcome): PaymentProblem | null {
  switch (outcome.kind) {
    case 'placed':
      return null;
    case 'too_many_requests':
      return { message: ORDER_MESSAGES.submissionFailed(TOO_MANY_ATTEMPTS) };
    case 'payment_refused':
      return { message: outcome.message ?? ORDER_MESSAGES.walletCaptureError };
    case 'requires_action':
    case 'payment_pending':
      // A wallet has no 3-D Secure step; a held capture is asked again like a card payment.
      return pendingProblem({ status: 402, message: null, ...outcome });
    case 'prices_changed':
    case 'out_of_stock':
      return cartProblem(outcome);
    case 'rejected':
      return {
        message: outcome.message
          ? ORDER_MESSAGES.submissionFailed(outcome.message)
          : ORDER_MESSAGES.submitError,
      };
    case 'network':
      return { message: ORDER_MESSAGES.submitError };
  }
}
