import type { AddressSuggestion } from '@store/shared/address-lookup';
import { CHECKOUT_MESSAGES } from '@store/shared/checkout-form';
import { ORDER_MESSAGES } from '@store/shared/order-constants';
import { addressKindNote, DELIVERY_MESSAGES } from '@store/shared/delivery-rules';
import type { Product } from '@store/shared/product';
import type { StoreConfig } from '@store/shared/store-settings';
import { act, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearCart, initializeCart, type CartLine } from '@/stores/cart-store';
import { json, type ApiTable } from '@/test/fake-api';
import { makeProduct, makeStoreConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { computeCheckoutTotals } from '@store/shared/checkout-totals';
import { amountsOfTotals } from '@store/shared/order-breakdown';
import { parseDecimalToCents } from '@store/shared/money';
import { resetSessionStoreForTests, startSession } from '@/stores/session-store';
import { checkoutSettingsOf } from '@/lib/checkout-settings';

/** The store settings the page reads (makeStoreConfig), as the checkout's maths takes them. */
const SETTINGS = checkoutSettingsOf(makeStoreConfig());

/** A breakdown list's rows as [label, figure] pairs. */
const rowsOf = (list: HTMLElement) =>
  Array.from(list.querySelectorAll('[data-row]')).map((r) => [
    r.querySelector('dt')?.textContent,
    r.querySelector('dd')?.textContent,
  ]);
import { readCheckoutData, saveCheckoutData, type CheckoutData } from '../checkout-storage';
import { CheckoutPage } from './checkout-page';
import { ADDRESS_LOOKUP_DEBOUNCE_MS } from '@/components/form/city-combobox';

const globes = makeProduct({
  id: 11,
  title: 'Brightline H4 Halogen Globes',
  featured_image: 'products/h4.jpg',
  product_meta: [{ option: '_price', value: '79.95' }],
});
const battery = makeProduct({
  id: 12,
  title: 'Voltcore NS70 Battery',
  product_meta: [{ option: '_price', value: '189.00' }],
  discount_data: { discounted_price: '170.10', discount_value: 10, discount_type: 0 },
});

const sticker = makeProduct({
  id: 13,
  title: 'Free sticker',
  product_meta: [{ option: '_price', value: '0' }],
});

const guildford: AddressSuggestion = {
  label: 'Guildford NSW 2161',
  street_address: null,
  city: 'Guildford',
  state: 'NSW',
  post_code: '2161',
  place_id: null,
};
const guildfordWa: AddressSuggestion = {
  ...guildford,
  label: 'Guildford WA 6055',
  state: 'WA',
  post_code: '6055',
};

function cartLine(product: Product, quantity: number): CartLine {
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

interface Api {
  config?: StoreConfig;
  suggestions?: AddressSuggestion[];
  details?: AddressSuggestion;
  /** More answers, or answers in place of these. */
  answers?: ApiTable;
}

/** What this test's fake API answers (set by serveApi before rendering). */
let checkoutApi: ApiTable = {};

/** Serves the checkout's API for this test: the store's settings, the cart's products and the address lookup. */
function serveApi({
  config = makeStoreConfig(),
  suggestions = [guildford, guildfordWa],
  details,
  answers = {},
}: Api = {}) {
  checkoutApi = {
    'GET /api/store-config': { data: config },
    'GET /api/cart-products': ({ url }) => {
      const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number);
      return json({ data: [globes, battery, sticker].filter((p) => ids.includes(p.id)) });
    },
    'GET /api/address-suggestions': { data: suggestions },
    'GET /api/address-details': () =>
      details ? json({ data: details }) : json({ message: 'Not found' }, 404),
    ...answers,
  };
}

/** The checkout page (the pages it leaves for as stand-ins) with the toasts, over the API serveApi set. */
function renderCheckout() {
  const view = renderRoute('/checkout', {
    routes: [
      { path: '/', element: <h1>Home page</h1> },
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/checkout-stripe-payment', element: <h1>Card payment page</h1> },
      { path: '/checkout-paypal-payment', element: <h1>Wallet payment page</h1> },
    ],
    api: checkoutApi,
    beside: <ToastContainer />,
  });
  return { ...view, view };
}

const billing = () => screen.getByRole('region', { name: 'Billing details' });
const textbox = (name: string, within_: HTMLElement = billing()) =>
  within(within_).getByRole('textbox', { name }) as HTMLInputElement;
const combobox = (name: string, within_: HTMLElement = billing()) =>
  within(within_).getByRole('combobox', { name }) as HTMLInputElement;

/** The message shown under a field (the element its aria-describedby points at first). */
function messageOf(control: HTMLElement): string | null {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  const id = ids.find((i) => i.endsWith('-message'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

async function fillBilling(user: ReturnType<typeof userEvent.setup>, region: HTMLElement = billing()) {
  await user.type(textbox('First name', region), 'Mary-Jane');
  await user.type(textbox('Last name', region), "O'Connor");
  await user.type(textbox('Email', region), 'mary@example.com.au');
  await user.type(textbox('Phone', region), '0412345678');
  await user.type(textbox('Street address', region), '12 Example St');
  await user.type(combobox('City', region), 'Guildford');
  await user.keyboard('{Escape}');
  await user.type(combobox('State', region), 'NSW');
  await user.type(textbox('Post code', region), '2161');
}

const cardButton = () => screen.getByRole('button', { name: 'Credit Card / Debit Card' });
const walletButton = () => screen.getByRole('button', { name: 'Paypal' });

beforeEach(() => {
  sessionStorage.clear();
  initializeCart([cartLine(globes, 1)]);
});

afterEach(() => {
  clearCart();
  sessionStorage.clear();
  // The member's session lives in local storage (decision 0060): gone before the store forgets what it read.
  localStorage.clear();
  resetSessionStoreForTests();
});

describe('checkout page (SPEC §2 Checkout)', () => {
  it('sends an empty cart to the home page', async () => {
    serveApi();
    clearCart();
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
  });

  it('labels each field with its autofill token and keyboard', async () => {
    serveApi();
    renderCheckout();
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    const tokens = {
      'First name': 'given-name',
      'Last name': 'family-name',
      'Company (optional)': 'organization',
      Email: 'email',
      Phone: 'tel',
      'Street address': 'address-line1',
      'Post code': 'postal-code',
    };
    for (const [label, token] of Object.entries(tokens)) {
      expect(textbox(label).getAttribute('autocomplete'), label).toBe(token);
    }
    expect(combobox('City').getAttribute('autocomplete')).toBe('address-level2');
    expect(combobox('State').getAttribute('autocomplete')).toBe('address-level1');
    expect(textbox('Phone').getAttribute('inputmode')).toBe('tel');
    expect(textbox('Post code').getAttribute('inputmode')).toBe('numeric');
    expect(textbox('First name').getAttribute('aria-required')).toBe('true');
    expect(textbox('Company (optional)').getAttribute('aria-required')).toBeNull();
  });

  it('shows each SPEC message when a payment method is chosen with an empty form, and focuses the first', async () => {
    serveApi();
    const { router, user } = renderCheckout();
    await user.click(cardButton());

    const expected = {
      'First name': CHECKOUT_MESSAGES.firstNameRequired,
      'Last name': CHECKOUT_MESSAGES.lastNameRequired,
      Email: CHECKOUT_MESSAGES.emailRequired,
      Phone: CHECKOUT_MESSAGES.phoneRequired,
      'Street address': CHECKOUT_MESSAGES.streetRequired,
      'Post code': CHECKOUT_MESSAGES.postCodeRequired,
    };
    await waitFor(() => expect(messageOf(textbox('First name'))).toBe('First name is required'));
    for (const [label, message] of Object.entries(expected)) {
      expect(messageOf(textbox(label)), label).toBe(message);
      expect(textbox(label).getAttribute('aria-invalid'), label).toBe('true');
    }
    expect(messageOf(combobox('City'))).toBe('City is required');
    expect(messageOf(combobox('State'))).toBe('State is required');
    expect(messageOf(textbox('Company (optional)'))).toBeNull();

    expect(document.activeElement).toBe(textbox('First name'));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Please fill in all required fields correctly before proceeding.');
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('refuses a keystroke that breaks the live filter, keeps the value and says why', async () => {
    serveApi();
    const { user } = renderCheckout();
    const first = textbox('First name');
    await user.type(first, 'Jo1');
    expect(first.value).toBe('Jo');
    expect(messageOf(first)).toBe('Only alphabetic characters are allowed');
    expect(first.getAttribute('aria-invalid')).toBe('false');
    await user.type(first, 'e');
    expect(first.value).toBe('Joe');
    expect(messageOf(first)).toBeNull();

    const phone = textbox('Phone');
    await user.type(phone, '+61a');
    expect(phone.value).toBe('+61');
    expect(messageOf(phone)).toBe('Only numeric characters and + are allowed');

    // One phone rule (decision 0059): a number as printed is taken as typed, and stored as its digits.
    await user.clear(phone);
    await user.paste('0412 345 678');
    expect(phone.value).toBe('0412 345 678');
    expect(messageOf(phone)).toBeNull();
  });

  it('accepts the apostrophes and hyphens of real names and places (decision 0010)', async () => {
    serveApi();
    const { user } = renderCheckout();
    await user.type(textbox('Last name'), "O'Connor-Smith");
    expect(textbox('Last name').value).toBe("O'Connor-Smith");
    await user.type(combobox('City'), 'Kippa-Ring');
    expect(combobox('City').value).toBe('Kippa-Ring');
    expect(messageOf(combobox('City'))).toBeNull();
  });

  it('checks the email format, on leaving the field and on choosing a payment method', async () => {
    serveApi();
    const { user } = renderCheckout();
    const email = textbox('Email');
    await user.type(email, 'mary@');
    await user.tab();
    await waitFor(() => expect(messageOf(email)).toBe('Invalid email format'));
    // Leaving an empty field says nothing before the first payment attempt.
    expect(messageOf(textbox('First name'))).toBeNull();

    await user.click(cardButton());
    await waitFor(() => expect(messageOf(textbox('First name'))).toBe('First name is required'));
    expect(messageOf(email)).toBe('Invalid email format');

    // Fixing it clears the message as the shopper types, and the value is never cleared.
    await user.type(email, 'example.com');
    await waitFor(() => expect(messageOf(email)).toBeNull());
    expect(email.value).toBe('mary@example.com');
  });

  it('says when the post code is not in the state', async () => {
    serveApi();
    const { user } = renderCheckout();
    await user.type(combobox('State'), 'VIC');
    await user.type(textbox('Post code'), '2000');
    await user.tab();
    await waitFor(() => expect(messageOf(textbox('Post code'))).toBe('Post code 2000 is not in VIC'));

    await user.clear(combobox('State'));
    await user.type(combobox('State'), 'NSW');
    await user.tab();
    await waitFor(() => expect(messageOf(textbox('Post code'))).toBeNull());
  });

  it('validates the shipping fields only when the tick box is ticked', async () => {
    serveApi();
    const { router, user } = renderCheckout();
    await fillBilling(user);

    const tick = screen.getByRole('checkbox', { name: 'Ship to a different address?' });
    expect(screen.queryByRole('region', { name: 'Shipping address' })).toBeNull();
    await user.click(tick);
    const shipping = screen.getByRole('region', { name: 'Shipping address' });
    expect(textbox('First name', shipping).getAttribute('autocomplete')).toBe('shipping given-name');

    await user.click(cardButton());
    await waitFor(() => expect(messageOf(textbox('First name', shipping))).toBe('First name is required'));
    expect(messageOf(textbox('Post code', shipping))).toBe('Post code is required');
    expect(messageOf(combobox('City', shipping))).toBe('City is required');
    expect(messageOf(textbox('First name'))).toBeNull();
    expect(document.activeElement).toBe(textbox('First name', shipping));
    expect(router.state.location.pathname).toBe('/checkout');

    await user.click(tick);
    await user.click(cardButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout-stripe-payment'));
    expect(readCheckoutData()?.order.s_f_name).toBe('');
  });

  it('counts the comment up to 250 characters', async () => {
    serveApi();
    const { user } = renderCheckout();
    const comment = screen.getByRole('textbox', { name: 'Comment (optional)' }) as HTMLTextAreaElement;
    expect(screen.getByText('0/250')).toBeTruthy();
    await user.type(comment, 'Leave at door');
    expect(screen.getByText('13/250')).toBeTruthy();
    await user.click(comment);
    await user.paste('x'.repeat(300));
    expect(comment.value).toHaveLength(250);
    expect(screen.getByText('250/250')).toBeTruthy();
  });

  it('suggests Australian places in the City field and fills city, state and post code', async () => {
    serveApi();
    const { api, user } = renderCheckout();
    const city = combobox('City');
    await user.type(city, 'G');
    await new Promise((r) => setTimeout(r, ADDRESS_LOOKUP_DEBOUNCE_MS + 50));
    // One character asks for nothing.
    expect(api.requestsTo('/api/address-suggestions')).toHaveLength(0);

    await user.type(city, 'uil');
    const listbox = await screen.findByRole('listbox', { name: 'Places' });
    const asked = api.requestsTo('/api/address-suggestions').map((r) => r.url);
    expect(asked.map((u) => u.searchParams.get('query'))).toEqual(['Guil']);
    expect(city.getAttribute('aria-expanded')).toBe('true');
    expect(city.getAttribute('aria-controls')).toBe(listbox.id);
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Guildford NSW 2161', 'Guildford WA 6055']);
    // GeoNames is credited under its suggestions (store config address_lookup 'geonames').
    expect(screen.getByText(/© GeoNames/)).toBeTruthy();

    await user.click(within(listbox).getByRole('option', { name: 'Guildford NSW 2161' }));
    expect(city.value).toBe('Guildford');
    expect(combobox('State').value).toBe('NSW');
    expect(textbox('Post code').value).toBe('2161');
    expect(city.getAttribute('aria-expanded')).toBe('false');

    // Keyboard: arrows move through the list, Enter picks.
    await user.clear(city);
    await user.type(city, 'Guil');
    await screen.findByRole('listbox', { name: 'Places' });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(city.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: 'Guildford WA 6055' }).id,
    );
    await user.keyboard('{Enter}');
    expect(combobox('State').value).toBe('WA');
    expect(textbox('Post code').value).toBe('6055');
  });

  it('reads the full address of a Google suggestion before filling it in', async () => {
    const place = { ...guildford, label: 'Guildford NSW, Australia', place_id: 'ChIJ-guildford' };
    serveApi({
      config: makeStoreConfig({ address_lookup: 'google' }),
      suggestions: [place],
      details: { ...guildford, street_address: '7 Railway Tce', place_id: 'ChIJ-guildford' },
    });
    const { api, user } = renderCheckout();
    await user.type(combobox('City'), 'Guil');
    await user.click(await screen.findByRole('option', { name: 'Guildford NSW, Australia' }));
    await waitFor(() => expect(textbox('Street address').value).toBe('7 Railway Tce'));
    expect(combobox('City').value).toBe('Guildford');
    expect(textbox('Post code').value).toBe('2161');
    expect(
      api.requests.some(
        (r) => `${r.url.pathname}${r.url.search}` === '/api/address-details?place_id=ChIJ-guildford',
      ),
    ).toBe(true);
    expect(screen.queryByText(/© GeoNames/)).toBeNull();
  });

  it('charges delivery below $100: the rows add up to the total to pay, which includes the GST it states', async () => {
    serveApi();
    renderCheckout();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Brightline H4 Halogen Globes')).toBeTruthy();
    expect(within(summary).getByText('× 1')).toBeTruthy();
    const breakdown = () => within(summary).getByLabelText('Price breakdown');
    await waitFor(() => expect(breakdown().getAttribute('aria-busy')).toBeNull());
    // Issue 34: the shelf price is the line; delivery ($15 inc. GST here) is added below $100 inc. GST.
    expect(summary.querySelector('.order-summary__line-total')?.textContent).toBe('$79.95');
    const t = computeCheckoutTotals([{ unitPriceCents: 7995, quantity: 1 }], SETTINGS);
    expect(rowsOf(breakdown())).toEqual([
      ['Subtotal', '$79.95'],
      ['Delivery', '$15.00'],
      ['Total (inc. GST)', '$94.95'],
      // One-eleventh of each amount: $7.27 of the line, $1.36 of the delivery.
      ['Includes GST (10%) of', '$8.63'],
    ]);
    expect(t.totalCents).toBe(7995 + 1500);
    expect(t.gstCents).toBe(863);
    // The store-promises words, with the amount still missing to the cent.
    expect(within(summary).getByText(/more for free delivery/).textContent).toBe(
      'Add $20.05 more for free delivery on orders of $100 or more.',
    );
  });

  it('waives delivery from $100 and shows it as Free', async () => {
    serveApi();
    initializeCart([cartLine(globes, 2)]);
    renderCheckout();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    const breakdown = () => within(summary).getByLabelText('Price breakdown');
    await waitFor(() => expect(breakdown().getAttribute('aria-busy')).toBeNull());
    expect(rowsOf(breakdown())).toEqual([
      ['Subtotal', '$159.90'],
      ['Delivery', 'Free'],
      ['Total (inc. GST)', '$159.90'],
      ['Includes GST (10%) of', '$14.54'],
    ]);
    expect(within(summary).getByText('Your order qualifies for free delivery.')).toBeTruthy();
  });

  it('lists the delivery options the server quotes, notes a PO box, and totals click & collect with no delivery', async () => {
    const asked: { post_code: string; street_address: string }[] = [];
    serveApi({
      answers: {
        'POST /api/delivery-options': ({ body }) => {
          const b = body as { post_code: string; street_address: string };
          asked.push(b);
          const poBox = b.street_address.startsWith('PO Box');
          return json({
            address_kind: poBox ? 'po_box' : 'street',
            options: [
              {
                option: 'standard',
                name: 'Standard delivery',
                available: !poBox,
                reason: poBox ? DELIVERY_MESSAGES.dangerousToPoBox('Voltcore NS70 Battery', '8') : null,
                charge: poBox ? null : '16.50',
                estimate: poBox ? null : 'Delivered in 5-8 business days',
                source: poBox ? null : 'rule',
              },
              {
                option: 'express',
                name: 'Express delivery',
                available: false,
                reason: DELIVERY_MESSAGES.expressDangerous('Voltcore NS70 Battery', '8'),
                charge: null,
                estimate: null,
                source: null,
              },
              {
                option: 'click_and_collect',
                name: 'Click & collect',
                available: true,
                reason: null,
                charge: '0.00',
                estimate: 'Ready at Guildford warehouse in 1 hour (during opening hours)',
                source: 'collect',
              },
            ],
            locations: [
              {
                id: 1,
                name: 'Guildford warehouse',
                address: '3 Example Rd, Guildford NSW 2161',
                hours: '8 AM to 6 PM AEST, Mon-Sun',
                available: true,
                estimate: 'Ready at Guildford warehouse in 1 hour (during opening hours)',
                reason: null,
              },
            ],
          });
        },
      },
    });
    initializeCart([cartLine(globes, 1)]);
    const { user } = renderCheckout();
    const express = await screen.findByRole<HTMLInputElement>('radio', { name: /Express delivery/ });
    expect(express.disabled).toBe(true);
    expect(screen.getByText(DELIVERY_MESSAGES.expressDangerous('Voltcore NS70 Battery', '8'))).toBeTruthy();

    await user.type(textbox('Street address', billing()), 'PO Box 12');
    expect(screen.getByText(addressKindNote('po_box') ?? '')).toBeTruthy();
    await screen.findByText(DELIVERY_MESSAGES.dangerousToPoBox('Voltcore NS70 Battery', '8'));
    expect(asked.at(-1)?.street_address).toBe('PO Box 12');

    await user.click(screen.getByRole('radio', { name: /Click & collect/ }));
    const summary = screen.getByRole('region', { name: 'Order summary' });
    await waitFor(() =>
      expect(rowsOf(within(summary).getByLabelText('Price breakdown'))).toContainEqual(['Delivery', 'Free']),
    );
    expect((screen.getByRole('radio', { name: /Guildford warehouse/ }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('shows a business member who chose ex. GST each figure less its GST, adding up to the ex-GST total', async () => {
    // The member's details and addresses are not found: the figures come from the session alone (no signup
    // discount), as the total below expects.
    const notFound = () => json({ message: 'Not found' }, 404);
    serveApi({
      answers: {
        'GET /api/user': notFound,
        'GET /api/user-addresses': notFound,
        // Issue 39: a member without a trade account.
        'GET /api/trade/account': { data: null },
      },
    });
    startSession({
      user: {
        id: 8,
        name: 'Jo Fleet',
        email: 'jo@fleet.example',
        phone: '0412345678',
        role_id: 5,
        created_by: 0,
        user_meta: [
          { option: '_b_name', value: 'Fleet Pty Ltd' },
          { option: '_price_display', value: 'ex_gst' },
        ],
      },
      token: 'member-token',
      subscription: false,
    });
    initializeCart([cartLine(globes, 1), cartLine(battery, 2)]);
    renderCheckout();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    const breakdown = () => within(summary).getByLabelText('Price breakdown');
    await waitFor(() => expect(within(breakdown()).queryByText('Total ex. GST')).toBeTruthy());
    const lines = Array.from(summary.querySelectorAll('.order-summary__line-total')).map((l) =>
      parseDecimalToCents(l.textContent!.replace('$', '')),
    );
    const rows = rowsOf(breakdown());
    const cents = (text: string | null | undefined) =>
      text === 'Free' ? 0 : (parseDecimalToCents(text!.replace('$', '').replace('\u2212', '-')) ?? NaN);
    const figure = (label: string) => cents(rows.find(([l]) => l === label)?.[1]);
    // The lines add up to the subtotal, and subtotal, discounts and delivery to the ex-GST total.
    expect(lines.reduce((a, b) => a! + b!, 0)).toBe(figure('Subtotal (ex. GST)'));
    const addsUp = rows
      .filter(([l]) => l !== 'Total ex. GST' && !l!.startsWith('GST') && l !== 'Total (inc. GST)')
      .reduce((sum, [, text]) => sum + cents(text), 0);
    expect(addsUp).toBe(figure('Total ex. GST'));
    expect(figure('Total ex. GST') + figure('GST (10%)')).toBe(figure('Total (inc. GST)'));
    // And the total is what is charged: computeCheckoutTotals' (this member's details are not read here, so
    // without a signup discount).
    const t = computeCheckoutTotals(
      [
        { unitPriceCents: 7995, quantity: 1 },
        { unitPriceCents: 17010, quantity: 2 },
      ],
      SETTINGS,
    );
    expect(figure('Total (inc. GST)')).toBe(t.totalCents);
    expect(figure('GST (10%)')).toBe(t.gstCents);
  });

  it('offers only the payment methods the store takes, and says so when it takes none', async () => {
    serveApi({ config: makeStoreConfig({ card_payments: 'stripe', wallet_payments: 'off' }) });
    const { view } = renderCheckout();
    const aside = screen.getByRole('complementary', { name: 'Order summary and payment' });
    await waitFor(() => expect(within(aside).queryByRole('button', { name: /Paypal/ })).toBeNull());
    expect(within(aside).getByRole('button', { name: /Credit Card \/ Debit Card/ })).toBeTruthy();
    expect(within(aside).queryByText(/Test mode/)).toBeNull();
    view.unmount();

    serveApi({ config: makeStoreConfig({ card_payments: 'off', wallet_payments: 'off' }) });
    renderCheckout();
    expect(await screen.findByText(ORDER_MESSAGES.noPaymentMethods)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Credit Card \/ Debit Card/ })).toBeNull();
  });

  it('names under the card button the other ways the card page takes (issue 40 §2)', async () => {
    serveApi();
    const { view } = renderCheckout();
    // The button keeps the SPEC's words; the line is its description.
    const also = () =>
      document.getElementById(cardButton().getAttribute('aria-describedby') ?? '')?.textContent;
    await waitFor(() => expect(also()).toBe('Also Apple Pay, Google Pay, Afterpay and Zip'));
    expect(walletButton()).toBeTruthy();
    view.unmount();

    // $1,998.75 of globes and $15.00 delivery: the total to pay, $2,013.75, is past Afterpay's $2,000.
    initializeCart([cartLine(globes, 25)]);
    serveApi({ config: makeStoreConfig({ free_delivery_threshold: 5000 }) });
    const second = renderCheckout();
    await waitFor(() => expect(also()).toBe('Also Apple Pay, Google Pay and Zip'));
    second.view.unmount();

    // A store taking cards only: the device wallets pay with a card.
    initializeCart([cartLine(globes, 1)]);
    serveApi({ config: makeStoreConfig({ payment_method_types: ['card'] }) });
    renderCheckout();
    await waitFor(() => expect(also()).toBe('Also Apple Pay and Google Pay'));
  });

  it('links the SPEC policy pages from the summary', async () => {
    serveApi();
    renderCheckout();
    const aside = screen.getByRole('complementary', { name: 'Order summary and payment' });
    expect(
      within(aside)
        .getByRole('link', { name: /Privacy Policy/ })
        .getAttribute('href'),
    ).toBe('/privacy-and-policy');
    expect(
      within(aside)
        .getByRole('link', { name: /Shipping Policy/ })
        .getAttribute('href'),
    ).toBe('/shipping-option');
    expect(
      within(aside)
        .getByRole('link', { name: /Return Policy/ })
        .getAttribute('href'),
    ).toBe('/return-policy');
  });

  it('saves the checkout data and goes to the wallet payment page', async () => {
    serveApi();
    initializeCart([cartLine(globes, 1), cartLine(battery, 2)]);
    const { router, user } = renderCheckout();
    await fillBilling(user);
    await user.type(screen.getByRole('textbox', { name: 'Comment (optional)' }), 'Leave at the side door');
    await waitFor(() => expect(screen.getAllByText('Free').length).toBeGreaterThan(0));
    await user.click(walletButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout-paypal-payment'));

    // Issue 34: exactly computeCheckoutTotals' figures are sent; GST is the GST the total includes.
    const t = computeCheckoutTotals(
      [
        { unitPriceCents: 7995, quantity: 1 },
        { unitPriceCents: 17010, quantity: 2 },
      ],
      SETTINGS,
    );
    const subtotal = t.subtotalCents;
    const gst = t.gstCents;
    expect(subtotal).toBe(42015);
    expect(gst).toBe(727 + 3093);
    expect(readCheckoutData()).toEqual({
      order: {
        f_name: 'Mary-Jane',
        l_name: "O'Connor",
        email: 'mary@example.com.au',
        phone: '0412345678',
        street_address: '12 Example St',
        city: 'Guildford',
        state: 'NSW',
        post_code: '2161',
        company: '',
        suburb: 'Suburbia',
        s_f_name: '',
        s_l_name: '',
        s_email: '',
        s_phone: '',
        s_street_address: '',
        s_city: '',
        s_state: '',
        s_post_code: '',
        s_company: '',
        ship_to_different_address: false,
        comment: 'Leave at the side door',
        products: [
          { id: 11, quantity: 1, qp_subtotal: 79.95 },
          { id: 12, quantity: 2, qp_subtotal: 340.2 },
        ],
        subTotal: subtotal / 100,
        delivery_charges: 0,
        totalGst: gst / 100,
        grand_total: subtotal / 100,
        total_amount: subtotal / 100,
        // Issue 41: the delivery option goes with the order (standard when the options could not be had).
        delivery_option: 'standard',
        collect_location_id: null,
      },
      items: [
        {
          id: 11,
          title: globes.title,
          featured_image: 'products/h4.jpg',
          unitPriceCents: 7995,
          quantity: 1,
          lineCents: 7995,
        },
        {
          id: 12,
          title: battery.title,
          featured_image: battery.featured_image,
          unitPriceCents: 17010,
          quantity: 2,
          lineCents: 34020,
        },
      ],
      totals: { subtotalCents: subtotal, deliveryChargeCents: 0, gstCents: gst, totalCents: subtotal },
      amounts: amountsOfTotals(t, SETTINGS),
    } satisfies CheckoutData);
  });

  it('goes to the card payment page with the shipping address when ticked', async () => {
    serveApi();
    const { router, user } = renderCheckout();
    await fillBilling(user);
    await user.click(screen.getByRole('checkbox', { name: 'Ship to a different address?' }));
    const shipping = screen.getByRole('region', { name: 'Shipping address' });
    await user.type(textbox('First name', shipping), 'Sam');
    await user.type(textbox('Last name', shipping), 'Lee');
    await user.type(textbox('Email', shipping), 'sam@example.com');
    await user.type(textbox('Phone', shipping), '+61298765432');
    await user.type(textbox('Street address', shipping), '1 Bay Rd');
    await user.type(combobox('City', shipping), 'Darwin');
    await user.type(combobox('State', shipping), 'Northern Territory');
    await user.type(textbox('Post code', shipping), '0800');
    await user.click(cardButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout-stripe-payment'));
    expect(readCheckoutData()?.order).toMatchObject({
      ship_to_different_address: true,
      s_f_name: 'Sam',
      s_city: 'Darwin',
      s_state: 'NT',
      s_post_code: '0800',
    });
  });

  it('refuses a zero subtotal with the SPEC message', async () => {
    serveApi();
    initializeCart([cartLine(sticker, 1)]);
    const { router, user } = renderCheckout();
    await user.click(cardButton());
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Subtotal cannot be zero. Please add items to the cart.');
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('refills the form from the checkout data saved on the way to a payment page', async () => {
    serveApi();
    saveCheckoutData({
      order: {
        f_name: 'Ari',
        l_name: 'Ng',
        email: 'ari@example.com',
        phone: '0299998888',
        street_address: '3 Low St',
        city: 'Hobart',
        state: 'TAS',
        post_code: '7000',
        comment: 'Ring twice',
        products: [{ id: 11, quantity: 1, qp_subtotal: 79.95 }],
        subTotal: 79.95,
        delivery_charges: 15,
        totalGst: 8.63,
        grand_total: 94.95,
      },
      items: [],
      totals: { subtotalCents: 7995, deliveryChargeCents: 1500, gstCents: 863, totalCents: 9495 },
      amounts: amountsOfTotals(
        computeCheckoutTotals([{ unitPriceCents: 7995, quantity: 1 }], SETTINGS),
        SETTINGS,
      ),
    });
    renderCheckout();
    expect(textbox('First name').value).toBe('Ari');
    expect(combobox('City').value).toBe('Hobart');
    expect(textbox('Post code').value).toBe('7000');
    expect((screen.getByRole('textbox', { name: 'Comment (optional)' }) as HTMLTextAreaElement).value).toBe(
      'Ring twice',
    );
  });

  it('keeps what was typed when the shopper leaves and comes back in the same session', async () => {
    serveApi();
    const first = renderCheckout();
    await first.user.type(textbox('First name'), 'Mia');
    await first.user.type(textbox('Email'), 'mia@');
    first.view.unmount();

    renderCheckout();
    expect(textbox('First name').value).toBe('Mia');
    expect(textbox('Email').value).toBe('mia@');
  });
});

// The toast container animates with timers; let them finish between tests.
afterEach(async () => {
  await act(async () => {});
});
