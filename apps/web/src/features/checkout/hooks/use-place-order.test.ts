import { ORDER_MESSAGES } from '@store/shared/order-constants';
import { describe, expect, it } from 'vitest';
import { cardOrderProblem, isDefinitive, TOO_MANY_ATTEMPTS, walletOrderProblem } from './use-place-order';

describe('isDefinitive: when the next try may use a new Idempotency-Key', () => {
  it('keeps the key while the outcome is in doubt', () => {
    expect(isDefinitive({ kind: 'network' })).toBe(false);
    expect(isDefinitive({ kind: 'too_many_requests' })).toBe(false);
    expect(isDefinitive({ kind: 'rejected', status: 409, message: 'Still being processed' })).toBe(false);
    expect(isDefinitive({ kind: 'rejected', status: 504, message: null })).toBe(false);
    // The API's own 503 (database unavailable, with its message): the order may exist and be charged.
    expect(
      isDefinitive({ kind: 'rejected', status: 503, message: 'The store is busy. Please try again.' }),
    ).toBe(false);
  });

  it('keeps the key while the order is held: 3-D Secure to complete, or the payment not final yet', () => {
    expect(isDefinitive({ kind: 'requires_action', clientSecret: 'pi_test_1_secret_2', orderId: 'o1' })).toBe(
      false,
    );
    expect(isDefinitive({ kind: 'payment_pending', status: 402, message: 'Processing', orderId: 'o1' })).toBe(
      false,
    );
    expect(isDefinitive({ kind: 'payment_pending', status: 502, message: null, orderId: null })).toBe(false);
  });

  it("renews it after the server's final word", () => {
    expect(isDefinitive({ kind: 'payment_refused', message: 'Your card was declined.' })).toBe(true);
    expect(isDefinitive({ kind: 'prices_changed', message: 'Changed', totals: null })).toBe(true);
    expect(isDefinitive({ kind: 'out_of_stock', message: 'Gone', productId: 1 })).toBe(true);
    expect(isDefinitive({ kind: 'rejected', status: 400, message: 'Email is required' })).toBe(true);
    expect(isDefinitive({ kind: 'rejected', status: 422, message: 'Key reused' })).toBe(true);
    expect(isDefinitive({ kind: 'rejected', status: 502, message: 'Payment unavailable' })).toBe(true);
  });
});

describe('SPEC §8 messages for each outcome', () => {
  it('card flow', () => {
    expect(cardOrderProblem({ kind: 'payment_refused', message: 'Your card was declined.' })).toEqual({
      message: 'Payment error: Your card was declined.',
    });
    expect(cardOrderProblem({ kind: 'rejected', status: 500, message: null })).toEqual({
      message: 'Failed to place the order.',
    });
    expect(cardOrderProblem({ kind: 'network' })).toEqual({
      message: 'Error placing the order. Please try again later.',
    });
    expect(cardOrderProblem({ kind: 'too_many_requests' })).toEqual({
      message: 'Failed to place the order.',
      detail: TOO_MANY_ATTEMPTS,
    });
  });

  it("a held payment: the server's message, else ours for still processing (402) or not reached (502)", () => {
    expect(
      cardOrderProblem({ kind: 'payment_pending', status: 402, message: 'Server words', orderId: null }),
    ).toEqual({ message: 'Server words', tone: 'info' });
    expect(cardOrderProblem({ kind: 'payment_pending', status: 402, message: null, orderId: null })).toEqual({
      message: ORDER_MESSAGES.paymentProcessing,
      tone: 'info',
    });
    expect(cardOrderProblem({ kind: 'payment_pending', status: 502, message: null, orderId: null })).toEqual({
      message: ORDER_MESSAGES.paymentUnconfirmed,
    });
    expect(
      walletOrderProblem({ kind: 'payment_pending', status: 502, message: 'Server words', orderId: null }),
    ).toEqual({ message: 'Server words', tone: 'error' });
    expect(
      cardOrderProblem({ kind: 'requires_action', clientSecret: 'pi_1_secret_2', orderId: null }),
    ).toEqual({
      message: ORDER_MESSAGES.paymentNeedsAction,
      tone: 'info',
    });
  });

  it('wallet flow', () => {
    expect(walletOrderProblem({ kind: 'payment_refused', message: null })).toEqual({
      message: 'Error capturing PayPal order. Please try again later.',
    });
    expect(
      walletOrderProblem({
        kind: 'payment_refused',
        message: 'The PayPal account is restricted. Please contact support.',
      }),
    ).toEqual({ message: 'The PayPal account is restricted. Please contact support.' });
    expect(walletOrderProblem({ kind: 'rejected', status: 400, message: 'Email is required' })).toEqual({
      message: 'Order submission failed: Email is required',
    });
    expect(walletOrderProblem({ kind: 'network' })).toEqual({
      message: 'Error submitting order. Please try again later.',
    });
  });
});
