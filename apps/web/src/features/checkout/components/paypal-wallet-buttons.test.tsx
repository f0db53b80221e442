import { ORDER_MESSAGES } from '@store/shared/order-constants';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCart, initializeCart } from '@/stores/cart-store';
import { makeProduct } from '@/test/fixtures';
import { saveCheckoutData } from '../checkout-storage';
import { makeCheckoutData } from '../hooks/use-place-order.fixtures';
import { PLACED, renderWalletPage, stubApi, type Answer } from './wallet-payment-page.fixtures';

/**
 * PayPal's JavaScript SDK is a remote script (www.paypal.com/sdk/js): that is the network edge. The page's
 * loader adds the script tag as it would in a browser; this stand-in answers for PayPal's server, putting a
 * `paypal` object on the window and firing the tag's load event, and keeps the options of each
 * `paypal.Buttons(...)` so a test can press the button the way PayPal's iframe would call back.
 */
interface FakePayPalSdk {
  /** URLs of the PayPal script tags the page added. */
  scripts: URL[];
  /** The options of the last `paypal.Buttons(...)`: the page's callbacks. */
  buttons: () => ButtonsOptions;
  stop: () => void;
}

type ButtonsOptions = Record<string, (...args: unknown[]) => unknown>;

function fakePayPalSdk(outcome: 'loads' | 'fails' = 'loads'): FakePayPalSdk {
  const scripts: URL[] = [];
  let lastButtons: ButtonsOptions | null = null;
  const observer = new MutationObserver((records) => {
    for (const node of records.flatMap((r) => Array.from(r.addedNodes))) {
      if (!(node instanceof HTMLScriptElement) || !node.src.startsWith('https://www.paypal.com/sdk/js'))
        continue;
      scripts.push(new URL(node.src));
      if (outcome === 'fails') {
        node.dispatchEvent(new Event('error'));
        continue;
      }
      Object.assign(window, {
        paypal: {
          Buttons(options: ButtonsOptions) {
            lastButtons = options;
            return {
              isEligible: () => true,
              render: async (container: HTMLElement) => {
                const button = document.createElement('button');
                button.textContent = 'PayPal';
                container.append(button);
              },
              close: async () => {},
            };
          },
        },
      });
      node.dispatchEvent(new Event('load'));
    }
  });
  observer.observe(document.head, { childList: true });
  return {
    scripts,
    buttons: () => {
      if (!lastButtons) throw new Error('PayPal buttons were not rendered');
      return lastButtons;
    },
    stop: () => observer.disconnect(),
  };
}

const CLIENT_ID = 'AZ-sb_PayPalClient-Id';
const PAYPAL_ORDER_ID = '5O190127TN364715T';
const PAYPAL = { wallet_payments: 'paypal' as const };

const happyPath = (): Record<string, Answer | Answer[]> => ({
  'GET /api/encrypted-paypal-keys': { status: 200, body: { key: btoa(CLIENT_ID) } },
  '/api/payments/wallet-orders': {
    status: 200,
    body: { data: { wallet_order_id: PAYPAL_ORDER_ID, amount: '175.90', currency: 'AUD' } },
  },
  '/api/place-order': PLACED,
});

/** What PayPal's button does when the shopper presses it: onClick, then createOrder if it may go on. */
async function pressPayPal(sdk: FakePayPalSdk): Promise<{ rejected: boolean; orderId: string | null }> {
  const buttons = sdk.buttons();
  let rejected = false;
  await act(async () => {
    await buttons.onClick?.(
      {},
      {
        resolve: async () => {},
        reject: async () => {
          rejected = true;
        },
      },
    );
  });
  if (rejected) return { rejected, orderId: null };
  let orderId: string | null = null;
  await act(async () => {
    orderId = (await buttons.createOrder?.({}, {})) as string;
  });
  return { rejected, orderId };
}

let sdk: FakePayPalSdk;

beforeEach(() => {
  sessionStorage.clear();
  initializeCart([{ ...makeProduct(), quantity: 2 }]);
  saveCheckoutData(makeCheckoutData());
});

afterEach(() => {
  sdk?.stop();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  Reflect.deleteProperty(window, 'paypal');
  vi.restoreAllMocks();
  clearCart();
});

describe("/checkout-paypal-payment with PayPal's button (issue 10)", () => {
  it("loads PayPal's script with the client id the server gave, in AUD, to capture, buttons only, card and pay later off", async () => {
    sdk = fakePayPalSdk();
    const calls = stubApi(happyPath(), PAYPAL);
    renderWalletPage();

    expect(await screen.findByRole('button', { name: 'PayPal' })).toBeTruthy();
    expect(sdk.scripts).toHaveLength(1);
    const params = sdk.scripts[0]?.searchParams;
    expect(params?.get('client-id')).toBe(CLIENT_ID);
    expect(params?.get('currency')).toBe('AUD');
    expect(params?.get('intent')).toBe('capture');
    expect(params?.get('components')).toBe('buttons');
    expect(params?.get('disable-funding')).toBe('card,paylater');
    expect(calls.map((c) => c.path)).toEqual(['/api/encrypted-paypal-keys']);
    expect(screen.queryByText(/test mode/i)).toBeNull();
  });

  it("createOrder answers our server's wallet order for the cart; approving places the order with it", async () => {
    sdk = fakePayPalSdk();
    const calls = stubApi(happyPath(), PAYPAL);
    const router = renderWalletPage();
    await screen.findByRole('button', { name: 'PayPal' });

    const { orderId } = await pressPayPal(sdk);
    expect(orderId).toBe(PAYPAL_ORDER_ID);
    expect(calls.find((c) => c.path === '/api/payments/wallet-orders')?.body).toEqual({
      products: [{ id: 1, quantity: 2 }],
    });

    await act(async () => {
      await sdk.buttons().onApprove?.({ orderID: PAYPAL_ORDER_ID }, {});
    });
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(router.state.location.pathname).toBe('/thank-you');
    expect(calls.find((c) => c.path === '/api/place-order')?.body).toMatchObject({
      payment_method: 'Paypal',
      payment_intent_id: PAYPAL_ORDER_ID,
      email: 'jordan@example.com.au',
    });
  });

  it('the shopper closing PayPal says the cart is unchanged; a PayPal error says to try later', async () => {
    sdk = fakePayPalSdk();
    const calls = stubApi(happyPath(), PAYPAL);
    renderWalletPage();
    await screen.findByRole('button', { name: 'PayPal' });

    await pressPayPal(sdk);
    act(() => void sdk.buttons().onCancel?.({ orderID: PAYPAL_ORDER_ID }, {}));
    expect(screen.getByRole('alert').textContent).toBe(ORDER_MESSAGES.walletCancelled);
    expect(screen.getByRole('alert').className).toContain('payment-problem--info');

    act(() => void sdk.buttons().onError?.({ message: 'Popup blocked' }));
    expect(screen.getByRole('alert').textContent).toBe(ORDER_MESSAGES.walletError);
    expect(calls.some((c) => c.path === '/api/place-order')).toBe(false);
  });

  it("a total of zero stops PayPal before it opens: 'Total amount must be greater than zero.'", async () => {
    saveCheckoutData(
      makeCheckoutData({ subtotalCents: 0, deliveryChargeCents: 0, gstCents: 0, totalCents: 0 }),
    );
    sdk = fakePayPalSdk();
    const calls = stubApi(happyPath(), PAYPAL);
    renderWalletPage();
    await screen.findByRole('button', { name: 'PayPal' });

    expect((await pressPayPal(sdk)).rejected).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe(ORDER_MESSAGES.walletTotalZero);
    expect(calls.some((c) => c.path === '/api/payments/wallet-orders')).toBe(false);
  });

  it("a wallet order the server refuses shows the server's reason, not PayPal's generic error after it", async () => {
    sdk = fakePayPalSdk();
    stubApi(
      {
        ...happyPath(),
        '/api/payments/wallet-orders': { status: 400, body: { message: ORDER_MESSAGES.walletTotalZero } },
      },
      PAYPAL,
    );
    renderWalletPage();
    await screen.findByRole('button', { name: 'PayPal' });

    await expect(pressPayPal(sdk)).rejects.toThrow(ORDER_MESSAGES.walletTotalZero);
    // PayPal reports a createOrder that threw to onError.
    act(() => void sdk.buttons().onError?.({ message: 'createOrder failed' }));
    expect(screen.getByRole('alert').textContent).toBe(ORDER_MESSAGES.walletTotalZero);
  });

  it('a capture not confirmed yet (payment_pending): the approved order is sent again with the same key, without PayPal again', async () => {
    sdk = fakePayPalSdk();
    const calls = stubApi(
      {
        ...happyPath(),
        '/api/place-order': [
          {
            status: 502,
            body: {
              message: ORDER_MESSAGES.paymentUnconfirmed,
              code: 'payment_pending',
              order_id: 'q7XkP2mN9vR4tY8w',
            },
          },
          PLACED,
        ],
      },
      PAYPAL,
    );
    renderWalletPage();
    await screen.findByRole('button', { name: 'PayPal' });
    await pressPayPal(sdk);
    await act(async () => {
      await sdk.buttons().onApprove?.({ orderID: PAYPAL_ORDER_ID }, {});
    });

    expect(screen.getByRole('alert').textContent).toBe(ORDER_MESSAGES.paymentUnconfirmed);
    expect(screen.queryByRole('button', { name: 'PayPal' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay $175.90' }));

    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    const placeOrders = calls.filter((c) => c.path === '/api/place-order');
    expect(placeOrders).toHaveLength(2);
    expect(placeOrders[1]?.key).toBe(placeOrders[0]?.key);
    expect(placeOrders[1]?.body).toEqual(placeOrders[0]?.body);
    expect(calls.filter((c) => c.path === '/api/payments/wallet-orders')).toHaveLength(1);
  });

  it("without PayPal's client id, or without its script, the page says PayPal is unavailable", async () => {
    sdk = fakePayPalSdk();
    stubApi(
      { 'GET /api/encrypted-paypal-keys': { status: 404, body: { message: 'PayPal is not configured' } } },
      PAYPAL,
    );
    renderWalletPage();
    expect(await screen.findByText(ORDER_MESSAGES.walletError)).toBeTruthy();
    expect(sdk.scripts).toHaveLength(0);
  });

  it("PayPal's script failing to load says PayPal is unavailable", async () => {
    sdk = fakePayPalSdk('fails');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi(happyPath(), PAYPAL);
    renderWalletPage();
    expect(await screen.findByText(ORDER_MESSAGES.walletError)).toBeTruthy();
    expect(sdk.scripts).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Pay by card instead' }).getAttribute('href')).toBe(
      '/checkout-stripe-payment',
    );
  });

  it('wallet payments off: the notice in the shared words, with the way to pay by card', async () => {
    stubApi({}, { wallet_payments: 'off' });
    renderWalletPage();
    expect(await screen.findByText(ORDER_MESSAGES.walletPaymentsOff)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pay by card instead' }).getAttribute('href')).toBe(
      '/checkout-stripe-payment',
    );
  });
});
