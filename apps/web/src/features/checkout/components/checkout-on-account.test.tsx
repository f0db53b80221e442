import type { AddressSuggestion } from '@store/shared/address-lookup';
import { computeCheckoutTotals } from '@store/shared/checkout-totals';
import type { Product } from '@store/shared/product';
import { PAYMENT_METHOD_ACCOUNT } from '@store/shared/order-constants';
import { TRADE_MESSAGES } from '@store/shared/trade-accounts';
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkoutSettingsOf } from '@/lib/checkout-settings';
import { clearCart, getCartLines, initializeCart, type CartLine } from '@/stores/cart-store';
import { resetSessionStoreForTests, startSession } from '@/stores/session-store';
import { json, type ApiTable } from '@/test/fake-api';
import { makeProduct, makeStoreConfig } from '@/test/fixtures';
import { makeOrderDetail } from '@/test/order-fixtures';
import { renderRoute } from '@/test/render-route';
import { makeTradeAccount, TRADE_OWNER } from '@/test/trade-fixtures';
import { readLastOrder } from '../last-order';
import { CheckoutPage } from './checkout-page';

/** Issue 39 §4-5: "On account" and the purchase order number at checkout, for a trade account's members. */

const SETTINGS = checkoutSettingsOf(makeStoreConfig());

/** $79.95 retail; the member's list (Trade Gold) prices it at $63.96: /api/cart-products says so. */
const globes = makeProduct({
  id: 11,
  title: 'Brightline H4 Halogen Globes',
  product_meta: [{ option: '_price', value: '79.95' }],
});
const globesForTrade: Product = { ...globes, trade_price: { price: '63.96', list_name: 'Trade Gold' } };

const guildford: AddressSuggestion = {
  label: 'Guildford NSW 2161',
  street_address: null,
  city: 'Guildford',
  state: 'NSW',
  post_code: '2161',
  place_id: null,
};

function line(product: Product, quantity: number): CartLine {
  return {
    id: product.id,
    title: product.title,
    permalink: product.permalink,
    featured_image: product.featured_image,
    sku: product.sku,
    quantity,
    product_meta: product.product_meta,
    discount_data: product.discount_data,
  };
}

/** The checkout's answers for a signed-in member whose trade account is `account` (no signup discount). */
function tradeApi(account = makeTradeAccount(), more: ApiTable = {}): ApiTable {
  return {
    'GET /api/user': { data: { data: { user: TRADE_OWNER, signup_plans: [], user_membership_plans: [] } } },
    'GET /api/user-addresses': { data: [] },
    'GET /api/trade/account': { data: account },
    'GET /api/cart-products': { data: [globesForTrade] },
    'GET /api/address-suggestions': { data: [guildford] },
    ...more,
  };
}

function renderCheckout(api: ApiTable) {
  return renderRoute('/checkout', {
    routes: [
      { path: '/', element: <h1>Home page</h1> },
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/thank-you', element: <h1>Thank you page</h1> },
      { path: '/checkout-stripe-payment', element: <h1>Card payment page</h1> },
    ],
    api,
    beside: <ToastContainer />,
  });
}

const billing = () => screen.getByRole('region', { name: 'Billing details' });

async function fillBilling(user: ReturnType<typeof userEvent.setup>) {
  const box = (name: string) => within(billing()).getByRole('textbox', { name });
  const combo = (name: string) => within(billing()).getByRole('combobox', { name });
  await user.type(box('First name'), 'Pat');
  await user.type(box('Last name'), 'Mechanic');
  await user.type(box('Email'), 'pat@guildford-auto.example');
  await user.type(box('Phone'), '0412345678');
  await user.type(box('Street address'), '12 Railway Terrace');
  await user.type(combo('City'), 'Guildford');
  await user.keyboard('{Escape}');
  await user.type(combo('State'), 'NSW');
  await user.type(box('Post code'), '2161');
}

const onAccountButton = () => screen.findByRole('button', { name: /On account/ });

beforeEach(() => {
  sessionStorage.clear();
  startSession({ user: TRADE_OWNER, token: 'trade-token', subscription: false });
  initializeCart([line(globes, 2)]);
});

afterEach(() => {
  clearCart();
  sessionStorage.clear();
  localStorage.clear();
  resetSessionStoreForTests();
});

describe('checkout on account (issue 39 §4)', () => {
  it('offers On account with the terms and the credit left, and totals the trade prices the server sent', async () => {
    renderCheckout(tradeApi());
    const button = await onAccountButton();
    expect(button.getAttribute('aria-disabled')).toBeNull();
    const description = document.getElementById(button.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(description?.textContent).toBe('Pay on account: 30 days end of month, $3750.00 available credit.');
    // Card and PayPal stay offered beside it; Afterpay is for personal purchases (issue 40 §2), Zip stays.
    const card = screen.getByRole('button', { name: 'Credit Card / Debit Card' });
    await waitFor(() =>
      expect(document.getElementById(card.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'Also Apple Pay, Google Pay and Zip',
      ),
    );

    // The lines are at the member's price (2 × $63.96 inc. GST), shown ex. GST as the member chose.
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(await within(summary).findByText('Trade price · Trade Gold')).toBeTruthy();
    const t = computeCheckoutTotals([{ unitPriceCents: 6396, quantity: 2 }], SETTINGS);
    await waitFor(() =>
      expect(within(summary).getByLabelText('Price breakdown').textContent).toContain(
        `$${(t.totalCents / 100).toFixed(2)}`,
      ),
    );
  });

  it('places the order on account with the purchase order number and goes to the thank-you page', async () => {
    const placed = makeOrderDetail({
      id: 'tr4dEoRd3r000001',
      invoice_number: 'INV-000077',
      payment_method: PAYMENT_METHOD_ACCOUNT,
      total_amount: '127.92',
    });
    const { router, user, api } = renderCheckout(
      tradeApi(makeTradeAccount(), {
        'POST /api/place-order': () => json({ message: 'Order placed successfully!', data: placed }),
      }),
    );
    await onAccountButton();
    await user.type(screen.getByRole('textbox', { name: 'Purchase order number (optional)' }), 'PO-4471');
    await fillBilling(user);
    await user.click(await onAccountButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/thank-you'));
    const [request] = api.requestsTo('/api/place-order');
    expect(request?.body).toMatchObject({
      payment_method: PAYMENT_METHOD_ACCOUNT,
      purchase_order_number: 'PO-4471',
      products: [{ id: 11, quantity: 2, qp_subtotal: 127.92 }],
      total_amount: 127.92,
    });
    expect(request?.body).not.toHaveProperty('stripePaymentMethodId');
    expect(request?.request.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(readLastOrder()?.invoice_number).toBe('INV-000077');
    expect(getCartLines()).toEqual([]);
  });

  it('shows the refusal where the method was chosen and stays on the checkout', async () => {
    const refusal = TRADE_MESSAGES.overLimit('$50.00', '$127.92');
    const { router, user } = renderCheckout(
      tradeApi(makeTradeAccount(), { 'POST /api/place-order': () => json({ message: refusal }, 402) }),
    );
    await onAccountButton();
    await fillBilling(user);
    await user.click(await onAccountButton());

    const aside = screen.getByRole('complementary', { name: 'Order summary and payment' });
    expect((await within(aside).findByText(refusal)).getAttribute('role')).toBe('alert');
    expect(router.state.location.pathname).toBe('/checkout');
    expect(getCartLines()).toHaveLength(1);
  });

  it('shows On account refusing, with the reason, when the account cannot order on account', async () => {
    const blocked = TRADE_MESSAGES.overdue('$420.00');
    const { user, api } = renderCheckout(
      tradeApi(
        makeTradeAccount({ can_order_on_account: false, on_account_blocked: blocked, overdue: '420.00' }),
      ),
    );
    const button = await onAccountButton();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText(blocked)).toBeTruthy();
    await fillBilling(user);
    await user.click(button);
    expect(api.requestsTo('/api/place-order')).toEqual([]);
    // Card still works.
    await user.click(screen.getByRole('button', { name: 'Credit Card / Debit Card' }));
    expect(await screen.findByRole('heading', { name: 'Card payment page' })).toBeTruthy();
  });

  it('offers no On account and no purchase order number to a member without a trade account', async () => {
    renderCheckout(tradeApi(undefined, { 'GET /api/trade/account': { data: null } }));
    expect(await screen.findByRole('button', { name: 'Credit Card / Debit Card' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Billing details' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: /On account/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Purchase order number/ })).toBeNull();
  });
});
