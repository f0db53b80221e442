import { computeCheckoutTotals } from '@store/shared/checkout-totals';
import { centsToDecimalString } from '@store/shared/money';
import { ORDER_MONEY_META } from '@store/shared/order-breakdown';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import { deliveryEstimateSentence, storePromisesOf } from '@store/shared/store-promises';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ThankYouRoute } from './thank-you';
import { lastOrderOf, saveLastOrder } from '@/features/checkout/last-order';
import { getSession } from '@/stores/session-store';
import { json, type ApiTable } from '@/test/fake-api';
import { makeStoreConfig } from '@/test/fixtures';
import { makeOrderDetail } from '@/test/order-fixtures';
import { renderPage } from '@/test/render-route';

/** The page alone over the fake API: it shows what this tab saved (and, with its pass, what the server answers). */
function renderThankYou(api: ApiTable = {}) {
  return renderPage(<ThankYouRoute />, {
    path: '/thank-you',
    api: { 'GET /api/cart-products': { data: [] }, ...api },
  });
}

const PASS = `1767225600.${'a'.repeat(43)}`;

/** The figures of a breakdown list as [label, text] pairs. */
const rowsOf = (list: HTMLElement) =>
  Array.from(list.querySelectorAll('[data-row]')).map((r) => [
    r.querySelector('dt')?.textContent,
    r.querySelector('dd')?.textContent,
  ]);

beforeEach(() => sessionStorage.clear());

describe('/thank-you', () => {
  it('shows the order just placed: order number, total and a link that tracks it', () => {
    const signedInvoice = '/api/orders/q7XkP2mN9vR4tY8w/tax-invoice?expires=1767225600&signature=abc';
    saveLastOrder({
      id: 'q7XkP2mN9vR4tY8w',
      invoice_number: 'INV-000042',
      totalCents: 17590,
      taxInvoiceUrl: signedInvoice,
    });
    renderThankYou();
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeTruthy();
    expect(screen.getByText('INV-000042')).toBeTruthy();
    expect(screen.getByText('$175.90')).toBeTruthy();
    // Issue 34 §6: the number to keep is the order number, which tracks the order with the email.
    expect(
      screen.getByText(
        'We have received your order. Keep your order number: with your email address, it tracks your order any time.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Track your order' }).getAttribute('href')).toBe(
      '/guest-track-order?id=q7XkP2mN9vR4tY8w',
    );
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
    // Issue 18 §3: the order's tax invoice, through the link the place-order answer signed (decision 0044).
    const invoice = screen.getByRole('link', { name: 'Download tax invoice' });
    expect(invoice.getAttribute('href')).toBe(signedInvoice);
    expect(invoice.hasAttribute('download')).toBe(true);
  });

  it('offers no tax invoice without a signed link (an unpaid order), nor a link that is not our API', () => {
    saveLastOrder({ id: 'q7XkP2mN9vR4tY8w', invoice_number: 'INV-000042', totalCents: 17590 });
    renderThankYou();
    expect(screen.getByText('INV-000042')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download tax invoice' })).toBeNull();
    sessionStorage.setItem(
      'lastOrder',
      JSON.stringify({
        id: 'q7XkP2mN9vR4tY8w',
        invoice_number: 'INV-000042',
        totalCents: 17590,
        taxInvoiceUrl: 'https://evil.example/x.pdf',
      }),
    );
    renderThankYou();
    expect(screen.queryByRole('link', { name: 'Download tax invoice' })).toBeNull();
  });

  it("shows a member's order as charged: its lines, each discount, delivery and the total they add up to", () => {
    // Issue 34 §2: 2 × $115.45 and 1 × $12.34 inc. GST, 10 % member and 5 % plan discounts, free delivery.
    const settings = { gstPercent: 10, deliveryChargeCents: 1650, freeDeliveryThresholdCents: 10000 };
    const t = computeCheckoutTotals(
      [
        { unitPriceCents: 11545, quantity: 2 },
        { unitPriceCents: 1234, quantity: 1 },
      ],
      settings,
      { signupPercent: 10, membershipPercent: 5 },
    );
    const d = centsToDecimalString;
    const order = makeOrderDetail({
      subTotal: d(t.subtotalCents),
      discountedAmount: d(t.discountCents),
      delivery_charges: d(t.deliveryChargeCents),
      totalGst: d(t.gstCents),
      total_amount: d(t.totalCents),
      order_items: [
        {
          id: 1,
          product_id: 1,
          product_title: 'Brake Pads',
          sku: 'BP',
          quantity: 2,
          price: '115.45',
          qp_subtotal: '230.90',
        },
        {
          id: 2,
          product_id: 2,
          product_title: 'Wiper',
          sku: 'WB',
          quantity: 1,
          price: '12.34',
          qp_subtotal: '12.34',
        },
      ],
      order_meta: [
        { option: ORDER_MONEY_META.pricesIncludeGst, value: 'yes' },
        { option: ORDER_MONEY_META.gstPercent, value: '10' },
        { option: ORDER_MONEY_META.signupDiscount, value: d(t.signupDiscountCents) },
        { option: ORDER_MONEY_META.membershipPlan, value: 'Loyalty Member' },
        { option: ORDER_MONEY_META.membershipDiscount, value: d(t.membershipDiscountCents) },
      ],
    });
    saveLastOrder({ ...lastOrderOf(order), totalCents: t.totalCents });
    renderThankYou();
    // Issue 37 §1: each item with its quantity, unit price and line total, apart (never "2$115.45$230.90").
    const items = within(screen.getByRole('region', { name: 'Your order' })).getAllByRole('listitem');
    expect(items.map((i) => Array.from(i.querySelectorAll('p')).map((p) => p.textContent))).toEqual([
      ['Brake Pads', 'Qty 2 × $115.45', 'Item total (inc. GST): $230.90'],
      ['Wiper', 'Qty 1 × $12.34', 'Item total (inc. GST): $12.34'],
    ]);
    const rows = rowsOf(screen.getByLabelText('Order totals'));
    expect(rows).toEqual([
      ['Subtotal', '$243.24'],
      ['Member discount', '\u2212$24.32'],
      ['Loyalty Member discount', '\u2212$12.16'],
      ['Delivery', 'Free'],
      ['Total (inc. GST)', '$206.76'],
      ['Includes GST (10%) of', `$${d(t.gstCents)}`],
    ]);
    // The rows add up to the total charged, which the facts above say too.
    expect(24324 - 2432 - 1216).toBe(t.totalCents);
    expect(screen.getAllByText('$206.76')).toHaveLength(2);
  });

  it('without an order from this tab: a plain thank-you with the same ways on', () => {
    renderThankYou();
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeTruthy();
    expect(screen.queryByText('Invoice number')).toBeNull();
    expect(
      screen.getByText(
        'Your order is with us. You can track it any time with the order number and email address from your confirmation.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Track your order' }).getAttribute('href')).toBe(
      '/guest-track-order',
    );
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download tax invoice' })).toBeNull();
  });

  it('read again with its pass (a reload): the mail address, status, estimate, address, and an account offer', async () => {
    const order = makeOrderDetail({
      id: 'q7XkP2mN9vR4tY8w',
      invoice_number: 'INV-000042',
      payment_status: 'completed',
      f_name: 'Sam',
      l_name: 'Lee',
      email: 'sam@example.com',
      street_address: '12 Smith St',
      city: 'Parramatta',
      state: 'NSW',
      post_code: '2150',
    });
    saveLastOrder({ ...lastOrderOf(order, undefined, PASS), totalCents: 17590 });
    const account = { ok: false };
    const { api } = renderThankYou({
      'POST /api/orders/:id/confirmation': () =>
        json({ data: order, account: account.ok ? 'owner' : 'none' }),
      'POST /api/orders/:id/account': () => {
        account.ok = true;
        return json({
          message: 'Your account is ready and this order is in it.',
          token: 'new-token',
          subscription: false,
          user: {
            id: 7,
            name: 'Sam Lee',
            email: 'sam@example.com',
            phone: '0412345678',
            role_id: 5,
            created_by: 0,
            user_meta: [],
          },
        });
      },
    });
    expect(await screen.findByText('sam@example.com', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText(/We.ve emailed a confirmation to/)).toBeTruthy();
    expect(screen.getByText('Paid — being prepared')).toBeTruthy();
    const promises = storePromisesOf(makeStoreConfig());
    expect(screen.getByText(deliveryEstimateSentence(promises))).toBeTruthy();
    const address = within(screen.getByRole('region', { name: 'Delivering to' }));
    expect(address.getByText(/12 Smith St/).textContent).toContain('Parramatta NSW 2150');
    // The pass goes in the body, never in the address.
    const read = api.requestsTo('/api/orders/q7XkP2mN9vR4tY8w/confirmation')[0];
    expect(read?.body).toEqual({ pass: PASS });
    expect(read?.url.search).toBe('');

    const user = userEvent.setup();
    const offer = screen.getByRole('region', { name: 'Create an account with this order' });
    const password = within(offer).getByLabelText(/Password/);
    await user.type(password, 'short');
    await user.click(within(offer).getByRole('button', { name: 'Create my account' }));
    expect(within(offer).getByText(ACCOUNT_MESSAGES.passwordTooShort)).toBeTruthy();
    expect(api.requestsTo('/api/orders/q7XkP2mN9vR4tY8w/account')).toEqual([]);
    await user.clear(password);
    await user.type(password, 'New!Account1');
    await user.click(within(offer).getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(getSession()?.token).toBe('new-token'));
    expect(api.requestsTo('/api/orders/q7XkP2mN9vR4tY8w/account')[0]?.body).toEqual({
      pass: PASS,
      password: 'New!Account1',
    });
    // Read again: the order is the member's now, so the offer goes and tracking opens the member's page.
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Create an account with this order' })).toBeNull(),
    );
    expect(screen.getByRole('link', { name: 'Track your order' }).getAttribute('href')).toMatch(
      /^\/track-order/,
    );
  });

  it('an email that has an account: says so and offers sign in, no form', async () => {
    const order = makeOrderDetail({ id: 'q7XkP2mN9vR4tY8w', email: 'member@example.com', f_name: 'Sam' });
    saveLastOrder({ ...lastOrderOf(order, undefined, PASS), totalCents: 17590 });
    renderThankYou({ 'POST /api/orders/:id/confirmation': { data: order, account: 'exists' } });
    const panel = await screen.findByRole('region', { name: 'You already have an account' });
    expect(within(panel).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
    expect(screen.queryByRole('button', { name: 'Create my account' })).toBeNull();
  });
});
