import { ORDER_MESSAGES } from '@store/shared/order-constants';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCart, initializeCart } from '@/stores/cart-store';
import type { ApiTable } from '@/test/fake-api';
import { makeProduct } from '@/test/fixtures';
import { makeTradeAccount, TRADE_OWNER } from '@/test/trade-fixtures';
import { resetSessionStoreForTests, startSession } from '@/stores/session-store';
import { PENDING_PAYMENT_KEY, readPendingPayment } from '../pending-payment-storage';
import { saveCheckoutData } from '../checkout-storage';
import { makeCheckoutData } from '../hooks/use-place-order.fixtures';
import { placed, renderCardPage, stubApi } from './card-payment-page.fixtures';

/**
 * Stripe.js is a remote script (js.stripe.com): that is the network edge, so `loadStripe` is faked and
 * answers a stand-in for the Stripe object with the calls react-stripe-js and the card form make.
 */
const stripeJs = vi.hoisted(() => ({ loadStripe: vi.fn() }));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripeJs.loadStripe }));

type Handler = (payload?: unknown) => void;

/** A Stripe payment method as `createPaymentMethod` answers it (only the fields the page reads). */
function stripeMethod(id: string, type: string, wallet: string | null = null) {
  return {
    paymentMethod: { id, type, card: type === 'card' ? { wallet: wallet ? { type: wallet } : null } : null },
  };
}

function fakeStripe() {
  const handlers = new Map<string, Set<Handler>>();
  const element = {
    mount: vi.fn(),
    update: vi.fn(),
    destroy: vi.fn(),
    on(event: string, handler: Handler) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)?.add(handler);
      return element;
    },
    off(event: string, handler: Handler) {
      handlers.get(event)?.delete(handler);
      return element;
    },
    /** What Stripe.js does inside its iframe: 'ready' once drawn, 'change' as the shopper types. */
    emit(event: string, payload?: unknown) {
      act(() => handlers.get(event)?.forEach((handler) => handler(payload)));
    },
  };
  const elements = {
    create: vi.fn((_type: string, _options: unknown) => element),
    getElement: vi.fn((type: unknown) =>
      type === 'payment' || (type as { __elementType?: string } | null)?.__elementType === 'payment'
        ? element
        : null,
    ),
    update: vi.fn(),
    submit: vi.fn(async (): Promise<unknown> => ({})),
  };
  const stripe = {
    elements: vi.fn((_options: unknown) => elements),
    // react-stripe-js tells a Stripe object by these.
    createToken: vi.fn(),
    confirmCardPayment: vi.fn(),
    createPaymentMethod: vi.fn(async (_params: unknown): Promise<unknown> =>
      stripeMethod('pm_1RealCard', 'card'),
    ),
    handleNextAction: vi.fn(async (_params: unknown): Promise<unknown> => ({
      paymentIntent: { status: 'requires_confirmation' },
    })),
  };
  return { stripe, elements, element };
}

/** Each test its own key: the page keeps one Stripe.js per key for its whole life, as a real page does. */
let keyCount = 0;
function stripeConfig() {
  keyCount += 1;
  return {
    card_payments: 'stripe' as const,
    stripe_publishable_key: `pk_test_store${keyCount}`,
    payment_method_types: ['card' as const, 'afterpay_clearpay' as const, 'zip' as const],
  };
}

beforeEach(() => {
  sessionStorage.clear();
  initializeCart([{ ...makeProduct(), quantity: 2 }]);
  saveCheckoutData(makeCheckoutData());
  stripeJs.loadStripe.mockReset();
});

afterEach(() => {
  vi.restoreAllMocks();
  clearCart();
  resetSessionStoreForTests();
});

/** Renders the card page for a Stripe store and waits for Stripe's Payment Element to be created. */
async function renderStripePage(placeOrderAnswers: Parameters<typeof stubApi>[0] = [], extra: ApiTable = {}) {
  const fake = fakeStripe();
  stripeJs.loadStripe.mockResolvedValue(fake.stripe);
  const config = stripeConfig();
  const api = stubApi(placeOrderAnswers, {}, config, extra);
  const page = renderCardPage();
  await waitFor(() => expect(fake.elements.create).toHaveBeenCalled());
  return { ...fake, ...api, ...page, config };
}

describe('/checkout-stripe-payment with Stripe (issue 10, issue 40 Payment Element)', () => {
  it("loads Stripe.js once; a deferred-intent Payment Element for this order's amount and types, no address, wallets on; Pay waits for Stripe and the element", async () => {
    const { stripe, elements, element, config } = await renderStripePage();

    expect(stripeJs.loadStripe).toHaveBeenCalledTimes(1);
    expect(stripeJs.loadStripe).toHaveBeenCalledWith(config.stripe_publishable_key);
    expect(stripe.elements).toHaveBeenCalledWith(
      expect.objectContaining({
        mode: 'payment',
        amount: 17590,
        currency: 'aud',
        paymentMethodCreation: 'manual',
        paymentMethodTypes: ['card', 'afterpay_clearpay', 'zip'],
        locale: 'en-AU',
        appearance: expect.objectContaining({ theme: 'stripe' }),
      }),
    );
    expect(elements.create).toHaveBeenCalledTimes(1);
    const [type, options] = elements.create.mock.calls[0] ?? [];
    expect(type).toBe('payment');
    expect(options).toMatchObject({
      fields: { billingDetails: { address: 'never' } },
      wallets: { applePay: 'auto', googlePay: 'auto' },
      readOnly: false,
    });
    expect(element.mount).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/test mode/i)).toBeNull();

    const pay = screen.getByRole('button', { name: 'Pay $175.90' }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    element.emit('ready');
    await waitFor(() => expect(pay.disabled).toBe(false));
  });

  it('an order over $2,000 is not offered Afterpay (its limit), Zip still is', async () => {
    saveCheckoutData(makeCheckoutData({ totalCents: 250_000 }));
    const { stripe } = await renderStripePage();
    expect(stripe.elements).toHaveBeenCalledWith(
      expect.objectContaining({ amount: 250_000, paymentMethodTypes: ['card', 'zip'] }),
    );
  });

  it("a member of an approved trade account is not offered Afterpay (the rules' business purchase)", async () => {
    startSession({ user: TRADE_OWNER, token: 'trade-token', subscription: false });
    const { stripe } = await renderStripePage([], {
      'GET /api/trade/account': { data: makeTradeAccount() },
    });
    expect(stripe.elements).toHaveBeenCalledTimes(1);
    expect(stripe.elements).toHaveBeenCalledWith(
      expect.objectContaining({ paymentMethodTypes: ['card', 'zip'] }),
    );
  });

  it('pays: the element submitted, a payment method with the billing details (full address), its id and kind to place-order', async () => {
    const { stripe, elements, element, calls, user } = await renderStripePage([placed()]);
    element.emit('ready');
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));

    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(elements.submit).toHaveBeenCalledTimes(1);
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({
      elements,
      params: {
        billing_details: {
          name: 'Jordan Smith',
          email: 'jordan@example.com.au',
          phone: '0412345678',
          address: {
            line1: '12 Railway Terrace',
            city: 'Guildford',
            state: 'NSW',
            postal_code: '2161',
            country: 'AU',
          },
        },
      },
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({
      payment_method: 'Stripe',
      stripePaymentMethodId: 'pm_1RealCard',
      payment_method_type: 'card',
    });
  });

  it.each([
    ['apple_pay', 'apple_pay'],
    ['google_pay', 'google_pay'],
  ])('a card from the device wallet (%s) is sent as that kind', async (wallet, kind) => {
    const { stripe, element, calls, user } = await renderStripePage([placed()]);
    stripe.createPaymentMethod.mockResolvedValueOnce(stripeMethod('pm_1Wallet', 'card', wallet));
    element.emit('ready');
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(calls[0]?.body).toMatchObject({ stripePaymentMethodId: 'pm_1Wallet', payment_method_type: kind });
  });

  it("a card Stripe refuses reads 'Payment error: {Stripe's message}' and sends nothing", async () => {
    const { elements, stripe, element, calls, user } = await renderStripePage();
    elements.submit.mockResolvedValueOnce({
      error: { type: 'validation_error', message: 'Your card number is incomplete.' },
    });
    element.emit('ready');
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Payment error: Your card number is incomplete.'),
    );
    expect(stripe.createPaymentMethod).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it("a payment method Stripe cannot make reads 'Payment error: {Stripe's message}' and sends nothing", async () => {
    const { stripe, element, calls, user } = await renderStripePage();
    stripe.createPaymentMethod.mockResolvedValueOnce({
      error: { type: 'card_error', message: 'Your card has expired.' },
    });
    element.emit('ready');
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Payment error: Your card has expired.'),
    );
    expect(calls).toHaveLength(0);
  });

  it('3-D Secure: handleNextAction with the client secret, the element read-only meanwhile, then the same order with the same key', async () => {
    const clientSecret = 'pi_3Real_secret_abc';
    const { stripe, element, calls, user } = await renderStripePage([
      {
        status: 402,
        body: {
          message: ORDER_MESSAGES.paymentNeedsAction,
          code: 'requires_action',
          client_secret: clientSecret,
        },
      },
      placed(),
    ]);
    let finishAuthentication: (result: unknown) => void = () => {};
    stripe.handleNextAction.mockImplementationOnce(
      () => new Promise((resolve) => (finishAuthentication = resolve)),
    );
    element.emit('ready');
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));

    await waitFor(() => expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret }));
    expect(element.update).toHaveBeenCalledWith(expect.objectContaining({ readOnly: true }));
    expect(calls).toHaveLength(1);
    await act(async () => finishAuthentication({ paymentIntent: { status: 'requires_confirmation' } }));

    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(calls).toHaveLength(2);
    expect(calls[1]?.key).toBe(calls[0]?.key);
    expect(calls[1]?.body).toEqual(calls[0]?.body);
    expect(stripe.createPaymentMethod).toHaveBeenCalledTimes(1);
  });

  it('Afterpay: the attempt is kept for the way back (key, body, kind, order, client secret), then Stripe redirects to approve it', async () => {
    const clientSecret = 'pi_3Afterpay_secret_xyz';
    const { stripe, element, calls, user } = await renderStripePage([
      {
        status: 402,
        body: {
          message: ORDER_MESSAGES.paymentNeedsAction,
          code: 'requires_action',
          client_secret: clientSecret,
          order_id: 'INV-001042',
        },
      },
    ]);
    stripe.createPaymentMethod.mockResolvedValueOnce(stripeMethod('pm_1Afterpay', 'afterpay_clearpay'));
    // Stripe leaves the page: its promise never settles here.
    stripe.handleNextAction.mockImplementationOnce(() => new Promise(() => {}));
    element.emit('ready');
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));

    await waitFor(() => expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret }));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({
      stripePaymentMethodId: 'pm_1Afterpay',
      payment_method_type: 'afterpay_clearpay',
    });
    expect(sessionStorage.getItem(PENDING_PAYMENT_KEY)).not.toBeNull();
    const kept = readPendingPayment();
    expect(kept).toMatchObject({
      idempotencyKey: calls[0]?.key,
      body: calls[0]?.body,
      kind: 'afterpay_clearpay',
      orderId: 'INV-001042',
      clientSecret,
      checkout: { totals: { totalCents: 17590 } },
    });
  });

  it('a Stripe.js that cannot load is logged (SPEC §8), the page says cards are unavailable, and Pay stays disabled', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stripeJs.loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    stubApi([], {}, stripeConfig());
    renderCardPage();

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to load Stripe.js'));
    expect(await screen.findByText(ORDER_MESSAGES.cardPaymentsOff)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pay with PayPal instead' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Pay $175.90' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a store in test mode never loads Stripe.js', async () => {
    stubApi([]);
    renderCardPage();
    await screen.findByLabelText('Card number');
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });

  it('card payments off: the notice in the shared words, with the way to PayPal', async () => {
    stubApi([], {}, { card_payments: 'off' });
    renderCardPage();
    expect(await screen.findByText(ORDER_MESSAGES.cardPaymentsOff)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pay with PayPal instead' }).getAttribute('href')).toBe(
      '/checkout-paypal-payment',
    );
    expect((screen.getByRole('button', { name: 'Pay $175.90' }) as HTMLButtonElement).disabled).toBe(true);
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });
});
