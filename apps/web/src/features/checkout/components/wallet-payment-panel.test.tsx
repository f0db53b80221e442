import { IDEMPOTENCY_KEY_PATTERN, ORDER_MESSAGES } from '@store/shared/order-constants';
import { notifyManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCart, getCartLines, initializeCart } from '@/stores/cart-store';
import { makeProduct } from '@/test/fixtures';
import { CHECKOUT_STORAGE_KEY, saveCheckoutData } from '../checkout-storage';
import { makeCheckoutData } from '../hooks/use-place-order.fixtures';
import { WALLET_CHECKOUT_DATA_TTL_MS, WALLET_PAGE_TIMEOUT_MS } from './wallet-payment-panel';
import { PLACED, renderWalletPage, stubApi, WALLET_ORDER, type Answer } from './wallet-payment-page.fixtures';

const happyPath = (): Record<string, Answer | Answer[]> => ({
  '/api/payments/wallet-orders': { status: 200, body: WALLET_ORDER },
  '/api/payments/test-wallet/WO-TEST-1/approve': { status: 200, body: { message: 'Approved' } },
  '/api/payments/test-wallet/WO-TEST-1/cancel': { status: 200, body: { message: 'Cancelled' } },
  '/api/place-order': PLACED,
});

beforeEach(() => {
  sessionStorage.clear();
  initializeCart([{ ...makeProduct(), quantity: 2 }]);
  saveCheckoutData(makeCheckoutData());
});

afterEach(() => {
  vi.useRealTimers();
  clearCart();
});

describe('/checkout-paypal-payment', () => {
  it('shows the same layout with the test wallet, clearly marked', async () => {
    stubApi();
    renderWalletPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Complete Your Payments' })).toBeTruthy();
    expect(screen.getAllByText('$175.90').length).toBeGreaterThan(0);
    expect(await screen.findByRole('button', { name: 'Pay with test wallet' })).toBeTruthy();
    expect(screen.getByText('Test wallet (test mode)', { exact: false })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Billing address' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Items in your order' })).toBeTruthy();
  });

  it("a total of zero: 'Total amount must be greater than zero.' and no wallet order", async () => {
    saveCheckoutData(
      makeCheckoutData({ subtotalCents: 0, deliveryChargeCents: 0, gstCents: 0, totalCents: 0 }),
    );
    const calls = stubApi(happyPath());
    renderWalletPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay with test wallet' }));

    expect(screen.getByRole('alert').textContent).toBe('Total amount must be greater than zero.');
    expect(calls).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('approve: the wallet order is approved, then the order is placed with it as payment_intent_id', async () => {
    const calls = stubApi(happyPath());
    const router = renderWalletPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay with test wallet' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Approve payment of $175.90 to Southern Cross Auto Parts?',
    });
    expect(calls.map((c) => c.path)).toEqual(['/api/payments/wallet-orders']);
    expect(calls[0]?.body).toEqual({ products: [{ id: 1, quantity: 2 }] });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Approve' }));

    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(router.state.location.pathname).toBe('/thank-you');
    expect(calls.map((c) => c.path)).toEqual([
      '/api/payments/wallet-orders',
      '/api/payments/test-wallet/WO-TEST-1/approve',
      '/api/place-order',
    ]);
    const placeOrder = calls[2];
    expect(placeOrder?.body).toMatchObject({
      payment_method: 'Paypal',
      payment_intent_id: 'WO-TEST-1',
      email: 'jordan@example.com.au',
    });
    expect(placeOrder?.key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(getCartLines()).toEqual([]);
    expect(sessionStorage.getItem(CHECKOUT_STORAGE_KEY)).toBeNull();
  });

  it('cancel: says so, keeps the cart and places no order', async () => {
    const calls = stubApi(happyPath());
    const router = renderWalletPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay with test wallet' }));
    const dialog = await screen.findByRole('dialog');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Payment cancelled. Your cart is unchanged.');
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toEqual([
        '/api/payments/wallet-orders',
        '/api/payments/test-wallet/WO-TEST-1/cancel',
      ]),
    );
    expect(getCartLines()).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/checkout-paypal-payment');
    expect(screen.getByRole('button', { name: 'Pay with test wallet' })).toBeTruthy();
  });

  it('Escape closes the approval window as Cancel does', async () => {
    stubApi(happyPath());
    renderWalletPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay with test wallet' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Payment cancelled. Your cart is unchanged.');
  });

  it("a refused capture shows the server's message and keeps the cart", async () => {
    stubApi({
      ...happyPath(),
      '/api/place-order': {
        status: 402,
        body: { message: 'Error capturing PayPal order. Please try again later.', code: 'payment_failed' },
      },
    });
    renderWalletPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay with test wallet' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Error capturing PayPal order. Please try again later.',
      ),
    );
    expect(getCartLines()).toHaveLength(1);
  });

  it("a wallet that cannot start reads 'An error occurred with PayPal. Please try again later.'", async () => {
    stubApi({ '/api/payments/wallet-orders': { status: 500, body: { message: 'Internal Server Error' } } });
    renderWalletPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay with test wallet' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'An error occurred with PayPal. Please try again later.',
      ),
    );
  });

  it("the server's zero-total refusal is shown as it words it", async () => {
    stubApi({
      '/api/payments/wallet-orders': {
        status: 400,
        body: { message: 'Total amount must be greater than zero.' },
      },
    });
    renderWalletPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay with test wallet' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Total amount must be greater than zero.'),
    );
  });

  it('after a network failure the retry places the same approved wallet order with the same key', async () => {
    const calls = stubApi({ ...happyPath(), '/api/place-order': ['network-error', PLACED] });
    renderWalletPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay with test wallet' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Error submitting order. Please try again later.'),
    );

    await user.click(screen.getByRole('button', { name: 'Pay with test wallet' }));

    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(calls.map((c) => c.path)).toEqual([
      '/api/payments/wallet-orders',
      '/api/payments/test-wallet/WO-TEST-1/approve',
      '/api/place-order',
      '/api/place-order',
    ]);
    expect(calls[3]?.key).toBe(calls[2]?.key);
    expect(calls[3]?.body).toMatchObject({ payment_intent_id: 'WO-TEST-1' });
  });
});

describe('a capture the provider has not confirmed yet (payment_pending, issue 10)', () => {
  it("shows the server's message; the next press sends the same approved wallet order with the same key", async () => {
    const calls = stubApi({
      ...happyPath(),
      '/api/place-order': [
        {
          status: 402,
          body: {
            message: ORDER_MESSAGES.paymentProcessing,
            code: 'payment_pending',
            order_id: 'q7XkP2mN9vR4tY8w',
          },
        },
        PLACED,
      ],
    });
    renderWalletPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay with test wallet' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ORDER_MESSAGES.paymentProcessing));

    await user.click(screen.getByRole('button', { name: 'Pay with test wallet' }));

    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(screen.queryByRole('dialog')).toBeNull();
    const placeOrders = calls.filter((c) => c.path === '/api/place-order');
    expect(placeOrders).toHaveLength(2);
    expect(placeOrders[1]?.key).toBe(placeOrders[0]?.key);
    expect(placeOrders[1]?.body).toMatchObject({ payment_intent_id: 'WO-TEST-1' });
    expect(calls.filter((c) => c.path === '/api/payments/wallet-orders')).toHaveLength(1);
  });
});

describe('wallet page timers (SPEC §4, §9)', () => {
  beforeEach(() => {
    // Fake clocks for the page's timers; `shouldAdvanceTime` lets the zero-delay timeouts of Testing
    // Library and TanStack Query run, so each check below leaves a second of slack for that drift.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    notifyManager.setScheduler(queueMicrotask);
  });

  afterEach(() => {
    notifyManager.setScheduler((callback) => setTimeout(callback, 0));
  });

  it('removes the saved checkout data 5 seconds after the wallet loads, and the page keeps working', async () => {
    const calls = stubApi(happyPath());
    renderWalletPage();
    await screen.findByRole('button', { name: 'Pay with test wallet' });

    await act(() => vi.advanceTimersByTimeAsync(WALLET_CHECKOUT_DATA_TTL_MS - 1000));
    expect(sessionStorage.getItem(CHECKOUT_STORAGE_KEY)).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(sessionStorage.getItem(CHECKOUT_STORAGE_KEY)).toBeNull();

    // Everything the page needs was read when it opened: it still shows and still pays.
    expect(screen.getByRole('region', { name: 'Billing address' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay with test wallet' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(calls.find((c) => c.path === '/api/place-order')?.body).toMatchObject({
      f_name: 'Jordan',
      payment_intent_id: 'WO-TEST-1',
    });
  });

  it('sends the shopper back to /checkout after 5 minutes on the page', async () => {
    stubApi(happyPath());
    const router = renderWalletPage();
    await screen.findByRole('button', { name: 'Pay with test wallet' });

    await act(() => vi.advanceTimersByTimeAsync(WALLET_PAGE_TIMEOUT_MS - 1000));
    expect(router.state.location.pathname).toBe('/checkout-paypal-payment');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(router.state.location.pathname).toBe('/checkout');
    expect(screen.getByText('Checkout page')).toBeTruthy();
  });
});
