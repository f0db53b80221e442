/**
 * Placing a trade member's order on account from the checkout (issue 39 §4): no payment page, no payment reference;
 * `POST /api/place-order` with `payment_method: 'Account'` and one Idempotency-Key per attempt (kept for a retry of
 * the same order after any doubt, as the payment pages do). Placed, the checkout ends as every checkout does
 * (`finishOrder`: the thank-you page); refused (over the limit, overdue, not approved: TRADE_MESSAGES' words from the
 * server), the message is answered for the page to show beside "On account".
 */
import { ORDER_MESSAGES } from '@store/shared/order-constants';
import { PAYMENT_METHOD_ACCOUNT } from '@store/shared/order-constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { newIdempotencyKey, placeOrder, type PlaceOrderOutcome } from '../api/place-order';
import type { CheckoutData } from '../checkout-storage';
import { finishOrder, isDefinitive, TOO_MANY_ATTEMPTS } from './use-place-order';

/** The words for an order on account that was not placed; null when it was. */
export function accountOrderProblem(outcome: PlaceOrderOutcome): string | null {
  switch (outcome.kind) {
    case 'placed':
      return null;
    case 'too_many_requests':
      return TOO_MANY_ATTEMPTS;
    case 'payment_refused':
    case 'rejected':
      return outcome.message ?? ORDER_MESSAGES.submitError;
    case 'prices_changed':
    case 'out_of_stock':
      return outcome.message;
    case 'requires_action':
    case 'payment_pending':
      return ORDER_MESSAGES.paymentUnconfirmed;
    case 'network':
      return ORDER_MESSAGES.submitError;
  }
}

/**
 * Answers `place(data)`: null once placed (the page is on its way to /thank-you), else the problem in words.
 * `onPlaced` runs just before the cart is emptied, so the checkout does not take the empty cart for a reason to
 * leave for the home page.
 */
export function usePlaceOnAccount(onPlaced: () => void): (data: CheckoutData) => Promise<string | null> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  /** The current attempt's key and the body it was sent with; a different order starts a new attempt. */
  const attempt = useRef<{ key: string; body: string } | null>(null);

  return useCallback(
    async (data: CheckoutData) => {
      const body = { ...data.order, payment_method: PAYMENT_METHOD_ACCOUNT } as const;
      const text = JSON.stringify(body);
      if (attempt.current?.body !== text) attempt.current = { key: newIdempotencyKey(), body: text };
      const outcome = await placeOrder(body, attempt.current.key);
      if (isDefinitive(outcome)) attempt.current = null;
      if (outcome.kind === 'placed') {
        // The balance and available credit changed with this order.
        void queryClient.invalidateQueries({ queryKey: ['account', 'trade'] });
        onPlaced();
        finishOrder(outcome, data.totals.totalCents, navigate);
        return null;
      }
      if (outcome.kind === 'prices_changed') {
        void queryClient.invalidateQueries({ queryKey: ['store-config'] });
        void queryClient.invalidateQueries({ queryKey: ['cart-products'] });
      }
      return accountOrderProblem(outcome);
    },
    [navigate, queryClient, onPlaced],
  );
}
