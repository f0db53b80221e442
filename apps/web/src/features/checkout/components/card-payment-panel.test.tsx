import { IDEMPOTENCY_KEY_PATTERN, ORDER_MESSAGES } from '@store/shared/order-constants';
import { TEST_CARD_MESSAGES } from '@store/shared/test-payments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeProduct } from '@/test/fixtures';
import { clearCart, getCartLines, initializeCart } from '@/stores/cart-store';
import { CHECKOUT_STORAGE_KEY, saveCheckoutData } from '../checkout-storage';
import { makeCheckoutData } from '../hooks/use-place-order.fixtures';
import { LAST_ORDER_STORAGE_KEY, readLastOrder } from '../last-order';
import { fillCard, placed, renderCardPage, signedInvoiceUrl, stubApi } from './card-payment-page.fixtures';
import { MAX_AUTHENTICATION_ROUNDS } from './card-payment-panel';

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
  clearCart();
});

describe('/checkout-stripe-payment', () => {
  it("shows the saved checkout: title with total, billing address, items and summary, and 'Pay $X'", async () => {
    stubApi([]);
    renderCardPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Complete Your Payments' })).toBeTruthy();
    const pay = await screen.findByRole('button', { name: 'Pay $175.90' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByText('Test mode — no real card is charged', { exact: false })).toBeTruthy();
    expect(screen.getByText('4242 4242 4242 4242')).toBeTruthy();
    expect(screen.getByText('4000 0000 0000 0002')).toBeTruthy();

    const billing = screen.getByRole('region', { name: 'Billing address' });
    for (const text of [
      'Jordan Smith',
      'jordan@example.com.au',
      '0412 345 678',
      '12 Railway Terrace',
      '2161',
    ]) {
      expect(within(billing).getByText(text)).toBeTruthy();
    }
    const items = screen.getByRole('region', { name: 'Items in your order' });
    const row = within(items).getByRole('row', { name: /Ceramic Brake Pads Front/ });
    // Items at their shelf prices inc. GST (issue 34): 2 × $87.95 = $175.90.
    expect(within(row).getByText('$87.95')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByText('$175.90')).toBeTruthy();
    expect((within(row).getByRole('img') as HTMLImageElement).src).toContain(
      '/media/products/brake-pads.jpg',
    );

    const summary = screen.getByRole('region', { name: 'Order summary' });
    // Issue 34 §2: the checkout's breakdown rows; the lines and delivery add up to the total, which includes GST.
    const figure = (label: string) => within(summary).getByText(label).nextSibling?.textContent;
    expect(figure('Subtotal')).toBe('$175.90');
    expect(figure('Delivery')).toBe('Free');
    expect(figure('Total (inc. GST)')).toBe('$175.90');
    expect(figure('Includes GST (10%) of')).toBe('$15.99');
    expect(document.querySelector('.payment-page__total')?.textContent).toBe('Total inc. GST $175.90');
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
    expect(screen.queryByLabelText(/post(al)? code|zip code/i)).toBeNull();
  });

  it("reads 'Processing...' while paying and sends only the payment method id, with an Idempotency-Key", async () => {
    let answer: (r: Response) => void = () => {};
    const { calls } = stubApi([new Promise<Response>((resolve) => (answer = resolve))]);
    const { user } = renderCardPage();
    await screen.findByRole('button', { name: 'Pay $175.90' });
    await fillCard(user);

    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));

    const busy = await screen.findByRole('button', { name: 'Processing...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(calls).toHaveLength(1));
    const [call] = calls;
    expect(call?.body).toMatchObject({
      payment_method: 'Stripe',
      stripePaymentMethodId: 'pm_card_visa',
      payment_method_type: 'card',
      f_name: 'Jordan',
      products: [{ id: 1, quantity: 2, qp_subtotal: 175.9 }],
      grand_total: 175.9,
    });
    expect(JSON.stringify(call?.body)).not.toMatch(/4242|1299|12 \/ 99/);
    expect(call?.key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    answer(new Response(JSON.stringify(placed().body), { status: 200 }));
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
  });

  it('a second submit while the first is running sends no second request', async () => {
    const { calls } = stubApi([placed()]);
    const { user } = renderCardPage();
    await screen.findByRole('button', { name: 'Pay $175.90' });
    await fillCard(user);
    const form = screen.getByRole('button', { name: 'Pay $175.90' }).closest('form') as HTMLFormElement;

    // Two submits in the same frame: the button has not re-rendered as disabled in between.
    fireEvent.submit(form);
    fireEvent.submit(form);

    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(calls).toHaveLength(1);
  });

  it('on success: toast, cart and checkout data cleared, order remembered, /thank-you with its numbers', async () => {
    stubApi([placed()]);
    const { user, router } = renderCardPage();
    await screen.findByRole('button', { name: 'Pay $175.90' });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));

    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(router.state.location.pathname).toBe('/thank-you');
    expect(await screen.findByText('Order placed successfully!')).toBeTruthy();
    expect(getCartLines()).toEqual([]);
    expect(sessionStorage.getItem(CHECKOUT_STORAGE_KEY)).toBeNull();
    expect(readLastOrder()).toMatchObject({
      id: 'q7XkP2mN9vR4tY8w',
      invoice_number: 'INV-000042',
      totalCents: 17590,
      taxInvoiceUrl: signedInvoiceUrl(),
      // Issue 34 §2: the stored order's money and lines, for the thank-you page's breakdown.
      money: { subTotal: '175.90', total_amount: '175.90', totalGst: '15.99' },
      items: [
        { product_title: 'Ceramic Brake Pads Front', quantity: 2, price: '87.95', qp_subtotal: '175.90' },
      ],
    });
    expect(screen.getByText('INV-000042')).toBeTruthy();
    // The thank-you page shows the order's rows as charged, and they add up to its total.
    const rows = screen.getByLabelText('Order totals');
    expect(rows.textContent).toBe(
      'Subtotal$175.90DeliveryFreeTotal (inc. GST)$175.90Includes GST (10%) of$15.99',
    );
    expect(screen.getByRole('link', { name: 'Download tax invoice' }).getAttribute('href')).toBe(
      signedInvoiceUrl(),
    );
    expect(screen.getByRole('link', { name: 'Track your order' }).getAttribute('href')).toBe(
      '/guest-track-order?id=q7XkP2mN9vR4tY8w',
    );
  });

  it("a declined card shows 'Payment error: {message}' and keeps the cart and checkout data", async () => {
    stubApi([{ status: 402, body: { message: 'Your card was declined.', code: 'payment_declined' } }]);
    const { user, router } = renderCardPage();
    await screen.findByRole('button', { name: 'Pay $175.90' });
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toBe('Payment error: Your card was declined.'));
    expect(router.state.location.pathname).toBe('/checkout-stripe-payment');
    expect(getCartLines()).toHaveLength(1);
    expect(sessionStorage.getItem(CHECKOUT_STORAGE_KEY)).not.toBeNull();
    expect(sessionStorage.getItem(LAST_ORDER_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay $175.90' })).toBeTruthy();
  });

  it("a card the form refuses shows 'Payment error: {message}' and sends nothing", async () => {
    const { calls } = stubApi([]);
    const { user } = renderCardPage();
    await screen.findByRole('button', { name: 'Pay $175.90' });
    await fillCard(user, '4242424242424241');
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));

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
    await screen.findByRole('button', { name: 'Pay $175.90' });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));

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
    await screen.findByRole('button', { name: 'Pay $175.90' });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));

    const alert = await screen.findByRole('alert');
    await within(alert).findByText('Sorry, "Pads" is out of stock.');
    expect(within(alert).getByRole('link').getAttribute('href')).toBe('/cart');
  });

  it("other refusals read 'Failed to place the order.' with the server's message under it", async () => {
    stubApi([{ status: 400, body: { message: 'Post code 3000 is not in NSW', errors: {} } }]);
    const { user } = renderCardPage();
    await screen.findByRole('button', { name: 'Pay $175.90' });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));

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
    await screen.findByRole('button', { name: 'Pay $175.90' });
    await fillCard(user);

    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Error placing the order. Please try again later.'),
    );
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Payment error: Your card was declined.'),
    );
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));
    await screen.findByRole('heading', { name: 'Thank you for your order!' });

    expect(calls).toHaveLength(3);
    expect(calls[1]?.key).toBe(calls[0]?.key);
    expect(calls[2]?.key).not.toBe(calls[1]?.key);
  });

  it('after an unsure answer the retry resends the same payment method and body, with the card locked', async () => {
    const { calls } = stubApi(['network-error', placed()]);
    const { user } = renderCardPage();
    await screen.findByRole('button', { name: 'Pay $175.90' });
    await fillCard(user);

    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Error placing the order. Please try again later.'),
    );
    // The first request may have reached the server: the card cannot change under the same key.
    expect((screen.getByLabelText('Card number') as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));
    await screen.findByRole('heading', { name: 'Thank you for your order!' });

    expect(calls).toHaveLength(2);
    expect(calls[1]?.key).toBe(calls[0]?.key);
    expect(calls[1]?.body).toEqual(calls[0]?.body);
    expect(calls[1]?.body.stripePaymentMethodId).toBe('pm_card_visa');
  });

  it("a total refusal's key is spent, but a held order's is not: payment_pending keeps the card locked, and the next Pay press resends the same payment method with the same key", async () => {
    const { calls } = stubApi([
      {
        status: 402,
        body: {
          message: ORDER_MESSAGES.paymentProcessing,
          code: 'payment_pending',
          order_id: 'q7XkP2mN9vR4tY8w',
        },
      },
      {
        status: 502,
        body: {
          message: ORDER_MESSAGES.paymentUnconfirmed,
          code: 'payment_pending',
          order_id: 'q7XkP2mN9vR4tY8w',
        },
      },
      placed(),
    ]);
    const { user } = renderCardPage();
    await screen.findByRole('button', { name: 'Pay $175.90' });
    await fillCard(user);

    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ORDER_MESSAGES.paymentProcessing));
    expect((screen.getByLabelText('Card number') as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(ORDER_MESSAGES.paymentUnconfirmed),
    );
    expect((screen.getByLabelText('Card number') as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));
    await screen.findByRole('heading', { name: 'Thank you for your order!' });

    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.key)).size).toBe(1);
    expect(calls[1]?.body).toEqual(calls[0]?.body);
    expect(calls[2]?.body).toEqual(calls[0]?.body);
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

describe('3-D Secure with the test card 4000 0025 0000 3155 (issue 10)', () => {
  const CLIENT_SECRET = 'pi_test_a1b2c3_secret_d4e5f6';
  const AUTHENTICATE = '/api/payments/test-card/pi_test_a1b2c3/authenticate';
  const FAIL = '/api/payments/test-card/pi_test_a1b2c3/fail';
  const requiresAction = {
    status: 402,
    body: {
      message: ORDER_MESSAGES.paymentNeedsAction,
      code: 'requires_action',
      client_secret: CLIENT_SECRET,
      order_id: 'q7XkP2mN9vR4tY8w',
    },
  };
  const authenticationFailed = {
    status: 402,
    body: { message: TEST_CARD_MESSAGES.authenticationFailed, code: 'payment_declined' },
  };

  async function payWithTheAuthenticationCard() {
    const { user, router } = renderCardPage();
    await screen.findByRole('button', { name: 'Pay $175.90' });
    await fillCard(user, '4000002500003155');
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));
    return { user, router };
  }

  it("Complete authentication: the bank's window, then the same order again with the same key and payment method, and /thank-you", async () => {
    const { calls, otherCalls } = stubApi([requiresAction, placed()], {
      [AUTHENTICATE]: { status: 200, body: { message: 'Authenticated' } },
    });
    await payWithTheAuthenticationCard();

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    expect(within(dialog).getByText('Test 3-D Secure (test mode)', { exact: false })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(ORDER_MESSAGES.paymentNeedsAction);
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Complete authentication' }),
    );
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete authentication' }));

    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(otherCalls).toEqual([{ path: AUTHENTICATE, body: { client_secret: CLIENT_SECRET } }]);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.body.stripePaymentMethodId).toBe('pm_card_authenticationRequired');
    expect(calls[1]?.key).toBe(calls[0]?.key);
    expect(calls[1]?.body).toEqual(calls[0]?.body);
  });

  it("Fail authentication: the server's decline reads 'Payment error: ...', nothing is placed, and the next attempt starts anew", async () => {
    const { calls, otherCalls } = stubApi([requiresAction, authenticationFailed, placed()], {
      [FAIL]: { status: 200, body: { message: 'Failed' } },
    });
    const { user, router } = await payWithTheAuthenticationCard();

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fail authentication' }));

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        ORDER_MESSAGES.paymentError(TEST_CARD_MESSAGES.authenticationFailed),
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(otherCalls).toEqual([{ path: FAIL, body: { client_secret: CLIENT_SECRET } }]);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.key).toBe(calls[0]?.key);
    expect(router.state.location.pathname).toBe('/checkout-stripe-payment');
    expect(getCartLines()).toHaveLength(1);
    expect(sessionStorage.getItem(LAST_ORDER_STORAGE_KEY)).toBeNull();

    // The decline was final: the card can change, and the next Pay press is a new attempt.
    const number = screen.getByLabelText('Card number') as HTMLInputElement;
    expect(number.disabled).toBe(false);
    await user.clear(number);
    await user.type(number, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $175.90' }));
    await screen.findByRole('heading', { name: 'Thank you for your order!' });
    expect(calls[2]?.key).not.toBe(calls[1]?.key);
    expect(calls[2]?.body.stripePaymentMethodId).toBe('pm_card_visa');
  });

  it('closing the window with Escape counts as failing it', async () => {
    const { calls, otherCalls } = stubApi([requiresAction, authenticationFailed], {
      [FAIL]: { status: 200, body: { message: 'Failed' } },
    });
    const { user } = await payWithTheAuthenticationCard();
    await screen.findByRole('dialog', { name: 'Confirm your payment' });

    await user.keyboard('{Escape}');

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        ORDER_MESSAGES.paymentError(TEST_CARD_MESSAGES.authenticationFailed),
      ),
    );
    expect(otherCalls.map((c) => c.path)).toEqual([FAIL]);
    expect(calls).toHaveLength(2);
  });

  it(`asks the bank at most ${MAX_AUTHENTICATION_ROUNDS} times per Pay press, then says so and keeps the key`, async () => {
    const { calls, otherCalls } = stubApi(
      Array.from({ length: 6 }, () => requiresAction),
      {
        [AUTHENTICATE]: { status: 200, body: { message: 'Authenticated' } },
      },
    );
    await payWithTheAuthenticationCard();

    for (let round = 1; round <= MAX_AUTHENTICATION_ROUNDS; round++) {
      const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Complete authentication' }));
      await waitFor(() => expect(calls).toHaveLength(round + 1));
    }

    await screen.findByRole('button', { name: 'Pay $175.90' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(ORDER_MESSAGES.paymentNeedsAction);
    expect(otherCalls).toHaveLength(MAX_AUTHENTICATION_ROUNDS);
    expect(calls).toHaveLength(MAX_AUTHENTICATION_ROUNDS + 1);
    expect(new Set(calls.map((c) => c.key)).size).toBe(1);
    expect((screen.getByLabelText('Card number') as HTMLInputElement).disabled).toBe(true);
  });
});
