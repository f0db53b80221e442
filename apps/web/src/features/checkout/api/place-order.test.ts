import { IDEMPOTENCY_KEY_PATTERN } from '@store/shared/order-constants';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { makeOrderDetail } from '@/test/order-fixtures';
import { setTooManyRequestsNavigator } from '@/lib/too-many-requests';
import { makeCheckoutData } from '../hooks/use-place-order.fixtures';
import { newIdempotencyKey, placeOrder, type PlaceOrderBody } from './place-order';

const body: PlaceOrderBody = {
  ...makeCheckoutData().order,
  payment_method: 'Stripe',
  stripePaymentMethodId: 'pm_card_visa',
};

/** The fake API answers the order with `status` and `json` (an empty body when none) from now on. */
function answer(status: number, json?: unknown) {
  return fakeApi({
    'POST /api/place-order': () => new Response(json === undefined ? '' : JSON.stringify(json), { status }),
  });
}

describe('placeOrder', () => {
  it('posts the order as JSON with the Idempotency-Key header', async () => {
    const api = answer(200, { message: 'Order placed successfully!', data: makeOrderDetail() });
    const outcome = await placeOrder(body, 'attempt_0001');
    expect(outcome).toEqual({
      kind: 'placed',
      message: 'Order placed successfully!',
      order: makeOrderDetail(),
    });
    expect(api.requests).toHaveLength(1);
    const [sent] = api.requestsTo('/api/place-order');
    expect(sent?.method).toBe('POST');
    const headers = sent!.request.headers;
    expect(headers.get('Idempotency-Key')).toBe('attempt_0001');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
    expect(sent?.body).toEqual(body);
  });

  it('reads each refusal the server explains', async () => {
    answer(402, { message: 'Your card was declined.', code: 'payment_declined' });
    expect(await placeOrder(body, 'attempt_0001')).toEqual({
      kind: 'payment_refused',
      message: 'Your card was declined.',
    });
    const totals = {
      subTotal: '1.00',
      delivery_charges: '0.00',
      totalGst: '0.10',
      grand_total: '1.10',
      products: [],
    };
    answer(409, { message: 'Prices changed', code: 'prices_changed', data: totals });
    expect(await placeOrder(body, 'attempt_0001')).toEqual({
      kind: 'prices_changed',
      message: 'Prices changed',
      totals,
    });
    answer(409, { message: 'Out of stock', code: 'out_of_stock', product_id: 7 });
    expect(await placeOrder(body, 'attempt_0001')).toEqual({
      kind: 'out_of_stock',
      message: 'Out of stock',
      productId: 7,
    });
    answer(400, { message: 'Email is required', errors: {} });
    expect(await placeOrder(body, 'attempt_0001')).toEqual({
      kind: 'rejected',
      status: 400,
      message: 'Email is required',
    });
    answer(502);
    expect(await placeOrder(body, 'attempt_0001')).toEqual({ kind: 'rejected', status: 502, message: null });
  });

  it('reads a held order: 3-D Secure to complete (with its client secret), or a payment not final yet', async () => {
    answer(402, {
      message: 'Your bank needs you to confirm this payment.',
      code: 'requires_action',
      client_secret: 'pi_test_abc123_secret_def456',
      order_id: 'q7XkP2mN9vR4tY8w',
    });
    expect(await placeOrder(body, 'attempt_0001')).toEqual({
      kind: 'requires_action',
      clientSecret: 'pi_test_abc123_secret_def456',
      orderId: 'q7XkP2mN9vR4tY8w',
    });
    answer(402, { message: 'Still processing', code: 'payment_pending', order_id: 'q7XkP2mN9vR4tY8w' });
    expect(await placeOrder(body, 'attempt_0001')).toEqual({
      kind: 'payment_pending',
      status: 402,
      message: 'Still processing',
      orderId: 'q7XkP2mN9vR4tY8w',
    });
    answer(502, { message: 'Could not confirm', code: 'payment_pending', order_id: 'q7XkP2mN9vR4tY8w' });
    expect(await placeOrder(body, 'attempt_0001')).toEqual({
      kind: 'payment_pending',
      status: 502,
      message: 'Could not confirm',
      orderId: 'q7XkP2mN9vR4tY8w',
    });
    // Without its secret the bank's check cannot run here, but the order is held all the same.
    answer(402, { message: 'Confirm it', code: 'requires_action' });
    expect(await placeOrder(body, 'attempt_0001')).toEqual({
      kind: 'payment_pending',
      status: 402,
      message: 'Confirm it',
      orderId: null,
    });
    // A 502 without the code is not a held order (e.g. a proxy's error page).
    answer(502, { message: 'Bad gateway' });
    expect(await placeOrder(body, 'attempt_0001')).toEqual({
      kind: 'rejected',
      status: 502,
      message: 'Bad gateway',
    });
  });

  it('a 429 sends the shopper to /too-many-requests, as every other call does', async () => {
    sessionStorage.clear();
    const navigate = vi.fn();
    const unregister = setTooManyRequestsNavigator(navigate);
    answer(429, { message: 'Too many requests' });
    expect(await placeOrder(body, 'attempt_0001')).toEqual({ kind: 'too_many_requests' });
    expect(navigate).toHaveBeenCalledWith('/too-many-requests', { replace: true });
    unregister();
    sessionStorage.clear();
  });

  it('no answer, an aborted request, or a 200 without the order, counts as a network failure (retry with the same key)', async () => {
    fakeApi({ 'POST /api/place-order': () => Response.error() });
    expect(await placeOrder(body, 'attempt_0001')).toEqual({ kind: 'network' });
    fakeApi({ 'POST /api/place-order': {} });
    expect(await placeOrder(body, 'attempt_0001', AbortSignal.abort())).toEqual({ kind: 'network' });
    answer(200, { message: 'ok' });
    expect(await placeOrder(body, 'attempt_0001')).toEqual({ kind: 'network' });
  });
});

describe('newIdempotencyKey', () => {
  it('makes a fresh key the server accepts each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(a).toHaveLength(32);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
