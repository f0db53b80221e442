import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@store/shared/order-constants';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { CardPaymentRoute } from '@/app/routes/checkout-stripe-payment';
import { ThankYouRoute } from '@/app/routes/thank-you';
import { makeProduct, makeStoreConfig } from '@/test/fixtures';
import { clearCart, getCartLines, initializeCart } from '@/stores/cart-store';
import { makeOrderDetail } from '@/features/orders/order-fixtures';
import { CHECKOUT_STORAGE_KEY, saveCheckoutData } from '../checkout-storage';
import { makeCheckoutData } from '../hooks/use-place-order.fixtures';
import { LAST_ORDER_STORAGE_KEY, readLastOrder } from '../last-order';

type Answer = { status: number; body?: unknown } | 'network-error' | Promise<Response>;

/** Fakes the API at the network edge: store config always, place-order from the queue of answers. */
function stubApi(placeOrderAnswers: Answer[]) {
  const calls: { body: Record<string, unknown>; key: string | null }[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/store-config') {
      return new Response(JSON.stringify({ data: makeStoreConfig() }), { status: 200 });
    }
    if (url.pathname === '/api/place-order') {
      const headers = new Headers(init?.headers);
      calls.push({
        body: JSON.parse(String(init?.body)) as Record<string, unknown>,
        key: headers.get(IDEMPOTENCY_KEY_HEADER),
      });
      const answer = placeOrderAnswers.shift() ?? { status: 500 };
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      if (answer instanceof Promise) return answer;
      return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
        status: answer.status,
      });
    }
    return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

function renderCardPage() {
  const router = createMemoryRouter(
    [
      { path: '/checkout-stripe-payment', element: <CardPaymentRoute /> },
      { path: '/thank-you', element: <ThankYouRoute /> },
      { path: '/checkout', element: <p>Checkout page</p> },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntries: ['/checkout-stripe-payment'] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer />
    </AppProviders>,
  );
  return { router, user: userEvent.setup() };
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4242424242424242') {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry date'), '1299');
  await user.type(screen.getByLabelText('CVC'), '123');
}

const placed = (order = makeOrderDetail()) => ({
  status: 200,
  body: { message: 'Order placed successfully!', data: order },
});

beforeEach(() => {
  sessionStorage.clear();
  initializeCart([
    {
      ...makeProduct(),
      quantity: 2,
    },
  ]);
  saveCheckoutData(makeCheckoutData());
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearCart();
});

describe('/checkout-stripe-payment', () => {
  it("shows the saved checkout: title with total, billing address, items and summary, and 'Pay $X'", async () => {
    stubApi([]);
    renderCardPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Complete Your Payments' })).toBeTruthy();
    const pay = await screen.findByRole('button', { name: 'Pay $175.89' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByText('Test mode — no real card is charged', { exact: false })).toBeTruthy();
    expect(screen.getByText('4242 4242 4242 4242')).toBeTruthy();
    expect(screen.getByText('4000 0000 0000 0002')).toBeTruthy();

    const billing = screen.getByRole('region', { name: 'Billing address' });
    for (const text of [
      'Jordan Smith',
      'jordan@example.com.au',
      '0412345678',
      '12 Railway Terrace',
      '2161',
    ]) {
      expect(within(billing).getByText(text)).toBeTruthy();
    }
    const items = screen.getByRole('region', { name: 'Items in your order' });
    const row = within(items).getByRole('row', { name: /Ceramic Brake Pads Front/ });
    expect(within(row).getByText('$79.95')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByText('$159.90')).toBeTruthy();
    expect((within(row).getByRole('img') as HTMLImageElement).src).toContain(
      '/media/products/brake-pads.jpg',
    );

    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Subtotal').nextSibling?.textContent).toBe('$159.90');
    expect(within(summary).getByText('Shipping cost').nextSibling?.textContent).toBe('$0.00');
    expect(within(summary).getByText('GST').nextSibling?.textContent).toBe('$15.99');
    expect(within(summary).getByText('Total').nextSibling?.textContent).toBe('$175.89');
  });

  it('card fields: number in groups of 4, expiry MM / YY, CVC, with card autocomplete and no postal code', async () => {
    stubApi([]);
    const { user } = renderCardPage();
    await screen.findByLabelText('Card number');
    await fillCard(user);

    const number = screen.getByLabelText('Card number') as HTMLInputElement;
    expect(number.value).toBe('4242 4242 4242 4242');
    expect(number.autocomplete).toBe('cc-number');
    expect(number.name).toBe('');
    const expiry = screen.getByLabelText('Expiry date') as HTMLInputElement;
    expect(expiry.value).toBe('12 / 99');
    expect(expiry.autocomplete).toBe('cc-exp');
    expect((screen.getByLabelText('CVC') as HTMLInputElement).autocomplete).toBe('cc-csc');
    expect(screen.queryByLabelText(/post(al)? code|zip/i)).toBeNull();
  });

  it("reads 'Processing...' while paying and sends only the payment method id, with an Idempotency-Key", async () => {
    let answer: (r: Response) => void = () => {};
    const { calls } = stubApi([new Promise<Response>((resolve) => (answer = resolve))]);
    const { user } = renderCardPage();
    await screen.findByRole('button', { name: 'Pay $175.89' });
    await fillCard(user);

    await user.click(screen.getByRole('button', { name: 'Pay $175.89' }));

    const busy = await screen.findByRole('button', { name: 'Processing...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(calls).toHaveLength(1));
    const [call] = calls;
    expect(call?.body).toMatchObject({
      payment_method: 'Stripe',
      stripePaymentMethodId: 'pm_card_visa',
      f_name: 'Jordan',
      products: [{ id: 1, quantity: 2, qp_subtotal: 159.9 }],
      grand_total: 175.89,
    });
    expect(JSON.stringify(call?.body)).not.toMatch(/4242|1299|12 \/ 99/);
    expect(call?.key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    answer(new Response(JSON.stringify(placed().body), { status: 200 }));
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
  });

  it('a second submit while the first is running sends no second request', async () => {
    const { calls } = stubApi([placed()]);
    const { user } = renderCardPage();
    await screen.findByRole('button', { name: 'Pay $175.89' });
    await fillCard(user);
    const form = screen.getByRole('button', { name: 'Pay $175.89' }).closest('form') as HTMLFormElement;

    // Two submits in the same frame: the button has not re-rendered as disabled in between.
    fireEvent.submit(form);
    fireEvent.submit(form);

    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(calls).toHaveLength(1);
  });

  it('on success: toast, cart and checkout data cleared, order remembered, /thank-you with its numbers', async () => {
    stubApi([placed()]);
    const { user, router } = renderCardPage();
    await screen.findByRole('button', { name: 'Pay $175.89' });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $175.89' }));

    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(router.state.location.pathname).toBe('/thank-you');
    expect(await screen.findByText('Order placed successfully!')).toBeTruthy();
    expect(getCartLines()).toEqual([]);
    expect(sessionStorage.getItem(CHECKOUT_STORAGE_KEY)).toBeNull();
    expect(readLastOrder()).toEqual({
      id: 'q7XkP2mN9vR4tY8w',
      invoice_number: 'INV-000042',
      totalCents: 17589,
    });
    expect(screen.getByText('INV-000042')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Track your order' }).getAttribute('href')).toBe(
      '/guest-track-order?id=q7XkP2mN9vR4tY8w',
    );
  });

  it("a declined card shows 'Payment error: {message}' and keeps the cart and checkout data", async () => {
    stubApi([{ status: 402, body: { message: 'Your card was declined.', code: 'payment_declined' } }]);
    const { user, router } = renderCardPage();
    await screen.findByRole('button', { name: 'Pay $175.89' });
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay $175.89' }));

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toBe('Payment error: Your card was declined.'));
    expect(router.state.location.pathname).toBe('/checkout-stripe-payment');
    expect(getCartLines()).toHaveLength(1);
    expect(sessionStorage.getItem(CHECKOUT_STORAGE_KEY)).not.toBeNull();
    expect(sessionStorage.getItem(LAST_ORDER_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay $175.89' })).toBeTruthy();
  });

  it("a card the form refuses shows 'Payment error: {message}' and sends nothing", async () => {
    const { calls } = stubApi([]);
    const { user } = renderCardPage();
    await screen.findByRole('button', { name: 'Pay $175.89' });
    await fillCard(user, '4242424242424241');
    await user.click(screen.getByRole('button', { name: 'Pay $175.89' }));

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Payment error: Your card number is invalid.'),
    );
    expect(calls).toHaveLength(0);
  });

  it("changed prices: the server's message and a link to review the order at checkout", async () => {
    stubApi([
      {
        status: 409,
        body: { message: 'Prices in your cart have changed.', code: 'prices_changed', data: {} },
      },
    ]);
    const { user } = renderCardPage();
    await screen.findByRole('button', { name: 'Pay $175.89' });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $175.89' }));

    const alert = await screen.findByRole('alert');
    await within(alert).findByText('Prices in your cart have changed.');
    expect(within(alert).getByRole('link', { name: 'Review your order' }).getAttribute('href')).toBe(
      '/checkout',
    );
  });

  it("out of stock: the server's message and a link to the cart", async () => {
    stubApi([
      {
        status: 409,
        body: { message: 'Sorry, "Pads" is out of stock.', code: 'out_of_stock', product_id: 1 },
      },
    ]);
    const { user } = renderCardPage();
    await screen.findByRole('button', { name: 'Pay $175.89' });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $175.89' }));

    const alert = await screen.findByRole('alert');
    await within(alert).findByText('Sorry, "Pads" is out of stock.');
    expect(within(alert).getByRole('link').getAttribute('href')).toBe('/cart');
  });

  it("other refusals read 'Failed to place the order.' with the server's message under it", async () => {
    stubApi([{ status: 400, body: { message: 'Post code 3000 is not in NSW', errors: {} } }]);
    const { user } = renderCardPage();
    await screen.findByRole('button', { name: 'Pay $175.89' });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $175.89' }));

    const alert = await screen.findByRole('alert');
    await within(alert).findByText('Failed to place the order.');
    expect(within(alert).getByText('Post code 3000 is not in NSW')).toBeTruthy();
  });

  it('a network failure asks to try later; the retry reuses the Idempotency-Key, the next attempt gets a new one', async () => {
    const { calls } = stubApi([
      'network-error',
      { status: 402, body: { message: 'Your card was declined.', code: 'payment_declined' } },
      placed(),
    ]);
    const { user } = renderCardPage();
    await screen.findByRole('button', { name: 'Pay $175.89' });
    await fillCard(user);

    await user.click(screen.getByRole('button', { name: 'Pay $175.89' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Error placing the order. Please try again later.'),
    );
    await user.click(screen.getByRole('button', { name: 'Pay $175.89' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Payment error: Your card was declined.'),
    );
    await user.click(screen.getByRole('button', { name: 'Pay $175.89' }));
    await screen.findByRole('heading', { name: 'Thank you for your order!' });

    expect(calls).toHaveLength(3);
    expect(calls[1]?.key).toBe(calls[0]?.key);
    expect(calls[2]?.key).not.toBe(calls[1]?.key);
  });

  it('after an unsure answer the retry resends the same payment method and body, with the card locked', async () => {
    const { calls } = stubApi(['network-error', placed()]);
    const { user } = renderCardPage();
    await screen.findByRole('button', { name: 'Pay $175.89' });
    await fillCard(user);

    await user.click(screen.getByRole('button', { name: 'Pay $175.89' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Error placing the order. Please try again later.'),
    );
    // The first request may have reached the server: the card cannot change under the same key.
    expect((screen.getByLabelText('Card number') as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Pay $175.89' }));
    await screen.findByRole('heading', { name: 'Thank you for your order!' });

    expect(calls).toHaveLength(2);
    expect(calls[1]?.key).toBe(calls[0]?.key);
    expect(calls[1]?.body).toEqual(calls[0]?.body);
    expect(calls[1]?.body.stripePaymentMethodId).toBe('pm_card_visa');
  });

  it('goes to / when the cart is empty, and to /checkout when the checkout data has expired', async () => {
    stubApi([]);
    clearCart();
    const first = renderCardPage();
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/'));

    initializeCart([{ ...makeProduct(), quantity: 2 }]);
    sessionStorage.setItem(
      CHECKOUT_STORAGE_KEY,
      JSON.stringify({ savedAt: Date.now() - 5 * 60 * 1000 - 1, data: makeCheckoutData() }),
    );
    const second = renderCardPage();
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/checkout'));
  });
});
