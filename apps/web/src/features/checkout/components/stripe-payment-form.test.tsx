import { ORDER_MESSAGES } from '@store/shared/order-constants';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCart, initializeCart } from '@/stores/cart-store';
import { makeProduct } from '@/test/fixtures';
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

function fakeStripe() {
  const handlers = new Map<string, Set<Handler>>();
  const card = {
    mount: vi.fn(),
    update: vi.fn(),
    destroy: vi.fn(),
    on(event: string, handler: Handler) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)?.add(handler);
      return card;
    },
    off(event: string, handler: Handler) {
      handlers.get(event)?.delete(handler);
      return card;
    },
    /** What Stripe.js does inside its iframe: 'ready' once drawn, 'change' as the shopper types. */
    emit(event: string, payload?: unknown) {
      act(() => handlers.get(event)?.forEach((handler) => handler(payload)));
    },
  };
  const elements = {
    create: vi.fn((_type: string, _options: unknown) => card),
    getElement: vi.fn((type: unknown) =>
      type === 'card' || (type as { __elementType?: string } | null)?.__elementType === 'card' ? card : null,
    ),
    update: vi.fn(),
  };
  const stripe = {
    elements: vi.fn(() => elements),
    createToken: vi.fn(),
    confirmCardPayment: vi.fn(),
    createPaymentMethod: vi.fn(async (_params: unknown): Promise<unknown> => ({
      paymentMethod: { id: 'pm_1RealCard' },
    })),
    handleNextAction: vi.fn(async (_params: unknown): Promise<unknown> => ({
      paymentIntent: { status: 'requires_confirmation' },
    })),
  };
  return { stripe, elements, card };
}

/** Each test its own key: the page keeps one Stripe.js per key for its whole life, as a real page does. */
let keyCount = 0;
function stripeConfig() {
  keyCount += 1;
  return { card_payments: 'stripe' as const, stripe_publishable_key: `pk_test_store${keyCount}` };
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
});

/** Renders the card page for a Stripe store and waits for Stripe's card field to be created. */
async function renderStripePage(placeOrderAnswers: Parameters<typeof stubApi>[0] = []) {
  const fake = fakeStripe();
  stripeJs.loadStripe.mockResolvedValue(fake.stripe);
  const config = stripeConfig();
  const api = stubApi(placeOrderAnswers, {}, config);
  const page = renderCardPage();
  await waitFor(() => expect(fake.elements.create).toHaveBeenCalled());
  return { ...fake, ...api, ...page, config };
}

describe('/checkout-stripe-payment with Stripe (issue 10)', () => {
  it("loads Stripe.js with the store's publishable key, once; the card field has no postal code and no Link; Pay waits for Stripe and the field", async () => {
    const { elements, card, config } = await renderStripePage();

    expect(stripeJs.loadStripe).toHaveBeenCalledTimes(1);
    expect(stripeJs.loadStripe).toHaveBeenCalledWith(config.stripe_publishable_key);
    expect(elements.create).toHaveBeenCalledTimes(1);
    const [type, options] = elements.create.mock.calls[0] ?? [];
    expect(type).toBe('card');
    expect(options).toMatchObject({ hidePostalCode: true, disableLink: true, disabled: false });
    expect(card.mount).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/test mode/i)).toBeNull();

    const pay = screen.getByRole('button', { name: 'Pay $175.90' }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    card.emit('ready');
    await waitFor(() => expect(pay.disabled).toBe(false));
  });

  it('pays: a Stripe payment method from the card field with the billing details, and its id to place-order', async () => {
    const { stripe, card, calls, user } = await renderStripePage([placed()]);
    card.emit('ready');
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));

    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({
      type: 'card',
      card,
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
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({ payment_method: 'Stripe', stripePaymentMethodId: 'pm_1RealCard' });
  });

  it("a card Stripe refuses reads 'Payment error: {Stripe's message}' and sends nothing", async () => {
    const { stripe, card, calls, user } = await renderStripePage();
    stripe.createPaymentMethod.mockResolvedValueOnce({
      error: { type: 'validation_error', message: 'Your card number is incomplete.' },
    });
    card.emit('ready');
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Payment error: Your card number is incomplete.'),
    );
    expect(calls).toHaveLength(0);
  });

  it("shows Stripe's own words about the card as it is typed", async () => {
    const { card } = await renderStripePage();
    card.emit('ready');
    card.emit('change', { complete: false, error: { message: 'Your card number is invalid.' } });
    expect(await screen.findByText('Your card number is invalid.')).toBeTruthy();
  });

  it('3-D Secure: handleNextAction with the client secret, the card locked meanwhile, then the same order with the same key', async () => {
    const clientSecret = 'pi_3Real_secret_abc';
    const { stripe, card, calls, user } = await renderStripePage([
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
    card.emit('ready');
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));

    await waitFor(() => expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret }));
    expect(card.update).toHaveBeenCalledWith({ disabled: true });
    expect(calls).toHaveLength(1);
    await act(async () => finishAuthentication({ paymentIntent: { status: 'requires_confirmation' } }));

    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(calls).toHaveLength(2);
    expect(calls[1]?.key).toBe(calls[0]?.key);
    expect(calls[1]?.body).toEqual(calls[0]?.body);
    expect(stripe.createPaymentMethod).toHaveBeenCalledTimes(1);
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
