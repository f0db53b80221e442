import { PAYMENT_METHOD_MESSAGES } from '@store/shared/payment-method-rules';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCart, getCartLines, initializeCart } from '@/stores/cart-store';
import { resetSessionStoreForTests, startSession } from '@/stores/session-store';
import { makeProduct } from '@/test/fixtures';
import { makeTradeAccount, TRADE_OWNER } from '@/test/trade-fixtures';
import { CHECKOUT_STORAGE_KEY, readCheckoutData, saveCheckoutData } from '../checkout-storage';
import { makeCheckoutData } from '../hooks/use-place-order.fixtures';
import { PENDING_PAYMENT_KEY, readPendingPayment, savePendingPayment } from '../pending-payment-storage';
import { placed, renderCardPage, stubApi } from './card-payment-page.fixtures';
import { RETURN_PAGE_RETRY_MS, RETURN_PAGE_TRIES } from './payment-return-page';
import { testWalletKind } from './test-payment-form';

const CLIENT_SECRET = 'pi_test_b2c3d4_secret_e5f6g7';
const AUTHENTICATE = '/api/payments/test-card/pi_test_b2c3d4/authenticate';
const FAIL = '/api/payments/test-card/pi_test_b2c3d4/fail';
const ORDER_ID = 'q7XkP2mN9vR4tY8w';
const requiresAction = {
  status: 402,
  body: {
    message: 'Approve the payment to finish your order.',
    code: 'requires_action',
    client_secret: CLIENT_SECRET,
    order_id: ORDER_ID,
  },
};

beforeEach(() => {
  sessionStorage.clear();
  initializeCart([{ ...makeProduct(), quantity: 2 }]);
  saveCheckoutData(makeCheckoutData());
});

afterEach(() => {
  vi.useRealTimers();
  clearCart();
  resetSessionStoreForTests();
});

const methods = () => screen.getByRole('group', { name: 'Payment method' });

describe('the test payment form offers the ways to pay (issue 40)', () => {
  it('test mode: the wallet button on top, then Card, Afterpay with its instalments, and Zip as a radio group', async () => {
    stubApi([]);
    renderCardPage();
    expect(await screen.findByRole('button', { name: 'Google Pay (test)' })).toBeTruthy();
    expect(screen.getByText('Test mode — no real card is charged', { exact: false })).toBeTruthy();
    const group = methods();
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['card', 'afterpay_clearpay', 'zip']);
    expect((within(group).getByRole('radio', { name: /^Card/ }) as HTMLInputElement).checked).toBe(true);
    // $175.90 in 4: $43.98 (Afterpay rounds each to the cent).
    const afterpay = within(group).getByRole('radio', { name: /^Afterpay/ });
    expect(afterpay.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(group).getByText(/or 4 interest-free payments of \$43\.98 with Afterpay/)).toBeTruthy();
    expect(
      within(group).getAllByText(/approve the payment on .*'s page \(test mode\) and come back here/),
    ).toHaveLength(2);
    // The card form shows only while Card is chosen.
    expect(screen.getByLabelText('Card number')).toBeTruthy();
  });

  it('an order over $2,000 is not offered Afterpay; Zip still is', async () => {
    saveCheckoutData(makeCheckoutData({ totalCents: 250_000 }));
    stubApi([]);
    renderCardPage();
    await screen.findByRole('button', { name: 'Google Pay (test)' });
    expect(within(methods()).queryByRole('radio', { name: /^Afterpay/ })).toBeNull();
    expect(within(methods()).getByRole('radio', { name: /^Zip/ })).toBeTruthy();
  });

  it.each(['approved', 'suspended'] as const)(
    'a member of a %s trade account is not offered Afterpay',
    async (status) => {
      startSession({ user: TRADE_OWNER, token: 'trade-token', subscription: false });
      stubApi([], {}, {}, { 'GET /api/trade/account': { data: makeTradeAccount({ status }) } });
      renderCardPage();
      await screen.findByRole('button', { name: 'Google Pay (test)' });
      expect(within(methods()).queryByRole('radio', { name: /^Afterpay/ })).toBeNull();
      expect(within(methods()).getByRole('radio', { name: /^Zip/ })).toBeTruthy();
    },
  );

  it('a member whose trade application is still pending is offered Afterpay', async () => {
    startSession({ user: TRADE_OWNER, token: 'trade-token', subscription: false });
    stubApi([], {}, {}, { 'GET /api/trade/account': { data: makeTradeAccount({ status: 'pending' }) } });
    renderCardPage();
    await screen.findByRole('button', { name: 'Google Pay (test)' });
    expect(within(methods()).getByRole('radio', { name: /^Afterpay/ })).toBeTruthy();
  });

  it('only the types the store takes: none of Afterpay and Zip when the config offers cards only', async () => {
    stubApi([], {}, { payment_method_types: ['card'] });
    renderCardPage();
    await screen.findByRole('button', { name: 'Google Pay (test)' });
    expect(within(methods()).getAllByRole('radio')).toHaveLength(1);
  });

  it('the wallet button pays at once with the test wallet, as the device wallet it stands for', async () => {
    const { calls } = stubApi([placed()]);
    const { user } = renderCardPage();
    await user.click(await screen.findByRole('button', { name: 'Google Pay (test)' }));
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({
      payment_method: 'Stripe',
      stripePaymentMethodId: 'pm_test_wallet',
      payment_method_type: 'google_pay',
    });
  });

  it('the wallet is Apple Pay in Apple browsers, Google Pay in Chrome and on Android', () => {
    const safariIphone = {
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      vendor: 'Apple Computer, Inc.',
    };
    const chromeMac = {
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      vendor: 'Google Inc.',
    };
    const chromeAndroid = {
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      vendor: 'Google Inc.',
    };
    expect(testWalletKind(safariIphone)).toBe('apple_pay');
    expect(testWalletKind(chromeMac)).toBe('google_pay');
    expect(testWalletKind(chromeAndroid)).toBe('google_pay');
  });
});

describe('Afterpay and Zip approved on the (test) provider page, then the return page (issue 40 §4)', () => {
  it('Afterpay approved: kept attempt, the approval page, authenticate, the same order again with the same key, /thank-you', async () => {
    const { calls, otherCalls } = stubApi([requiresAction, placed()], {
      [AUTHENTICATE]: { status: 200, body: { message: 'Authenticated.' } },
    });
    const { user, router } = renderCardPage();
    await user.click(await screen.findByRole('radio', { name: /^Afterpay/ }));
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));

    await screen.findByRole('heading', { name: 'Afterpay (test mode)' });
    expect(router.state.location.pathname).toBe('/checkout/test-payment-approval');
    expect(calls[0]?.body).toMatchObject({
      stripePaymentMethodId: 'pm_test_afterpay',
      payment_method_type: 'afterpay_clearpay',
    });
    expect(readPendingPayment()).toMatchObject({ idempotencyKey: calls[0]?.key, orderId: ORDER_ID });
    expect(screen.getByText('$175.90')).toBeTruthy();
    expect(screen.getByText('or 4 interest-free payments of $43.98 with Afterpay')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(otherCalls).toEqual([{ path: AUTHENTICATE, body: { client_secret: CLIENT_SECRET } }]);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.key).toBe(calls[0]?.key);
    expect(calls[1]?.body).toEqual(calls[0]?.body);
    expect(sessionStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
    expect(getCartLines()).toHaveLength(0);
  });

  it("Zip declined: the fail route, then back on the card page with 'Payment error: {message}', the cart and checkout kept", async () => {
    const declined = PAYMENT_METHOD_MESSAGES.declined('zip');
    const { calls, otherCalls } = stubApi(
      [requiresAction, { status: 402, body: { message: declined, code: 'payment_declined' } }],
      { [FAIL]: { status: 200, body: { message: 'Failed.' } } },
    );
    const { user, router } = renderCardPage();
    await user.click(await screen.findByRole('radio', { name: /^Zip/ }));
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));
    await screen.findByRole('heading', { name: 'Zip (test mode)' });
    // Zip's rules have no instalment line.
    expect(screen.queryByText(/interest-free/)).toBeNull();
    // Longer than the checkout data's 5 minutes on the provider's page: the kept attempt brings it back.
    sessionStorage.removeItem(CHECKOUT_STORAGE_KEY);

    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout-stripe-payment'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(`Payment error: ${declined}`));
    expect(otherCalls).toEqual([{ path: FAIL, body: { client_secret: CLIENT_SECRET } }]);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.key).toBe(calls[0]?.key);
    expect(getCartLines()).toHaveLength(1);
    expect(readCheckoutData()?.totals.totalCents).toBe(17590);
    expect(sessionStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
    await screen.findByRole('button', { name: 'Pay $175.90' });
  });

  it('the return page without a kept attempt says the payment is being confirmed and links to the order', async () => {
    stubApi([]);
    renderCardPage(`/checkout/payment-return?order=${ORDER_ID}&redirect_status=succeeded`);
    expect(await screen.findByRole('heading', { name: 'Your payment is being confirmed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check your order' }).getAttribute('href')).toBe(
      `/guest-track-order?id=${ORDER_ID}`,
    );
  });

  it(`no final word yet: asks ${RETURN_PAGE_TRIES} times, then says so and keeps the attempt for a reload`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const checkout = makeCheckoutData();
    savePendingPayment({
      idempotencyKey: 'k'.repeat(32),
      body: {
        ...checkout.order,
        payment_method: 'Stripe',
        stripePaymentMethodId: 'pm_test_zip',
        payment_method_type: 'zip',
      },
      checkout,
      kind: 'zip',
      orderId: ORDER_ID,
      clientSecret: CLIENT_SECRET,
    });
    const pending = { status: 402, body: { message: null, code: 'payment_pending', order_id: ORDER_ID } };
    const { calls } = stubApi(Array.from({ length: RETURN_PAGE_TRIES }, () => pending));
    renderCardPage(`/checkout/payment-return?order=${ORDER_ID}&redirect_status=succeeded`);
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeTruthy();
    for (let i = 1; i < RETURN_PAGE_TRIES; i++) await vi.advanceTimersByTimeAsync(RETURN_PAGE_RETRY_MS);

    expect(await screen.findByRole('heading', { name: 'We are still confirming your payment' })).toBeTruthy();
    expect(calls).toHaveLength(RETURN_PAGE_TRIES);
    expect(new Set(calls.map((call) => call.key))).toEqual(new Set(['k'.repeat(32)]));
    expect(readPendingPayment()?.orderId).toBe(ORDER_ID);
  });
});
