import { computeCheckoutTotals } from '@store/shared/checkout-totals';
import { amountsOfTotals, breakdownRows } from '@store/shared/order-breakdown';
import type { Product } from '@store/shared/product';
import { act, screen, waitFor, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CartRoute } from '@/app/routes/cart';
import { clearCart, getCartLines, initializeCart, type CartLine } from '@/stores/cart-store';
import { resetSessionStoreForTests, startSession } from '@/stores/session-store';
import { json, type ApiBody, type ApiHandler, type ApiTable } from '@/test/fake-api';
import { makeProduct, makeStoreConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { makeTradeAccount, TRADE_OWNER } from '@/test/trade-fixtures';
import { checkoutSettingsOf } from '@/lib/checkout-settings';

/** The store settings the page reads, as the checkout's maths takes them. */
const SETTINGS = checkoutSettingsOf(makeStoreConfig());

const globes = makeProduct({
  id: 11,
  title: 'Brightline H4 Halogen Globes',
  permalink: 'brightline h4/pair',
  product_meta: [{ option: '_price', value: '79.95' }],
});
const battery = makeProduct({
  id: 12,
  title: 'Voltcore NS70 Battery',
  permalink: 'voltcore-ns70',
  product_meta: [{ option: '_price', value: '189.00' }],
  discount_data: { discounted_price: '170.10', discount_value: 10, discount_type: 0 },
});

function lineOf(product: Product, quantity = 1): CartLine {
  const { id, title, permalink, featured_image, sku, product_meta, discount_data } = product;
  return { id, title, permalink, featured_image, sku, quantity, product_meta, discount_data };
}

/**
 * The API the cart page asks. `catalog` is what /api/cart-products sells today (null makes it 404); `categories`
 * the side panel's categories answer.
 */
function cartApi({
  catalog = [globes, battery] as Product[] | null,
  categories = { data: [] } as ApiBody | ApiHandler,
} = {}): ApiTable {
  return {
    'GET /api/categories': categories,
    'GET /api/brands': {
      data: {
        data: [{ id: 1, title: 'Voltcore', permalink: 'voltcore', cover_image: null, logo_image: null }],
        general_settings: { _gst_percentage: 10, _delivery_charges: 15, _free_delivery_threshold: 100 },
      },
    },
    'GET /api/cart-products': ({ url }) => {
      if (catalog === null) return json({ message: 'Not Found' }, 404);
      const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number);
      return json({ data: catalog.filter((p) => ids.includes(p.id)) });
    },
  };
}

/** The cart page at /cart (home at /) over `api`, with the toasts. */
function renderCart(api: ApiTable) {
  return renderRoute('/cart', {
    routes: [
      { path: '/cart', element: <CartRoute /> },
      { path: '/', element: <h1>Home page</h1> },
    ],
    api,
    beside: <ToastContainer />,
  });
}

const rowOf = (title: string) => screen.getByRole('link', { name: title }).closest('tr')!;
const summary = () => screen.getByRole('region', { name: 'Cart totals' });

beforeEach(() => clearCart());

afterEach(() => {
  vi.useRealTimers();
  clearCart();
  sessionStorage.clear();
  // The member's session is kept in local storage (decision 0060): without this it outlives its test.
  localStorage.clear();
  resetSessionStoreForTests();
});

describe('cart page (SPEC §2 Cart page)', () => {
  it('lists each line and totals the priced lines: a discounted and a plain product', async () => {
    const answers = cartApi();
    initializeCart([lineOf(battery, 2), lineOf(globes, 1)]);
    renderCart(answers);

    expect(await screen.findByRole('heading', { level: 1, name: 'Cart' })).toBeTruthy();
    const batteryRow = rowOf('Voltcore NS70 Battery');
    expect(within(batteryRow).getByRole('link', { name: 'Voltcore NS70 Battery' }).getAttribute('href')).toBe(
      '/product/voltcore-ns70',
    );
    // Shelf prices include GST and are shown as they are (issue 34): 2 × $170.10 = $340.20.
    expect(batteryRow.textContent).toContain('$170.10 inc. GST');
    expect(batteryRow.querySelector('s')?.textContent).toBe('Original price $189.00');
    expect(within(batteryRow).getByText('Save 10%')).toBeTruthy();
    expect(within(batteryRow).getByText('$340.20')).toBeTruthy();

    const globesRow = rowOf('Brightline H4 Halogen Globes');
    expect(
      within(globesRow).getByRole('link', { name: 'Brightline H4 Halogen Globes' }).getAttribute('href'),
    ).toBe('/product/brightline%20h4%2Fpair');
    expect(globesRow.querySelector('s')).toBeNull();
    expect(within(globesRow).queryByText(/^Save/)).toBeNull();

    // The line totals as shown add up to the subtotal, the one checkout charges (computeCheckoutTotals).
    const checkout = computeCheckoutTotals(
      [
        { unitPriceCents: 17010, quantity: 2 },
        { unitPriceCents: 7995, quantity: 1 },
      ],
      SETTINGS,
    );
    expect(checkout.subtotalCents).toBe(42015);
    const totals = summary().querySelector('dl')!;
    expect(totals.textContent).toBe('Item count3Subtotal$420.15Total (inc. GST)$420.15');
    // Issue 34 §3: the delivery rule for this subtotal, in the store-promises words.
    expect(await within(summary()).findByText('Your order qualifies for free delivery.')).toBeTruthy();
    expect(
      within(summary()).getByText('*Prices include GST. Shipping may be applied at checkout'),
    ).toBeTruthy();
    expect(within(summary()).getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
    expect(within(summary()).getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
  });

  it('shows a business member who chose ex. GST the prices before GST (issue 18 §2)', async () => {
    const answers = { ...cartApi(), 'GET /api/trade/account': { data: null } };
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
    initializeCart([lineOf(battery, 2), lineOf(globes, 1)]);
    renderCart(answers);

    expect(await screen.findByRole('heading', { level: 1, name: 'Cart' })).toBeTruthy();
    const batteryRow = rowOf('Voltcore NS70 Battery');
    // Each amount less the GST it includes (issue 34): $170.10 − $15.46, $189.00 − $17.18; the line's own
    // GST comes off its total: $340.20 − $30.93 (not 2 × $154.64).
    expect(batteryRow.textContent).toContain('$154.64 ex. GST');
    expect(batteryRow.querySelector('s')?.textContent).toBe('Original price $171.82');
    expect(within(batteryRow).getByText('$309.27')).toBeTruthy();
    expect(within(rowOf('Brightline H4 Halogen Globes')).getAllByText('$72.68')).toHaveLength(2);
    // The lines add up to the subtotal, which is the checkout's ex-GST subtotal row, and the SPEC's note.
    const t = computeCheckoutTotals(
      [
        { unitPriceCents: 17010, quantity: 2 },
        { unitPriceCents: 7995, quantity: 1 },
      ],
      SETTINGS,
    );
    const subtotalRow = breakdownRows(amountsOfTotals(t, SETTINGS), 'ex_gst').find(
      (r) => r.key === 'subtotal',
    );
    expect(subtotalRow?.text).toBe('$381.95');
    expect(summary().querySelector('dl')!.textContent).toBe(
      'Item count3Subtotal$381.95Total (ex. GST)$381.95',
    );
    expect(within(summary()).getByText('*GST and Shipping may be applied at checkout')).toBeTruthy();
    // Issue 40 §3: Afterpay is charged the total inc. GST ($420.15 / 4 = $105.04), and the line says so.
    expect(
      await within(summary()).findByText('or 4 interest-free payments of $105.04 with Afterpay (inc. GST)'),
    ).toBeTruthy();
  });

  it("prices a trade customer's lines at the trade price the server sent, and the totals add up (issue 39 §2)", async () => {
    // /api/cart-products answers this member's price list's prices: the battery at $150.00 against $170.10 on sale.
    const answers = cartApi({
      catalog: [globes, { ...battery, trade_price: { price: '150.00', list_name: 'Trade Gold' } }],
    });
    initializeCart([lineOf(battery, 2), lineOf(globes, 1)]);
    renderCart(answers);

    const batteryRow = await waitFor(() => {
      const row = rowOf('Voltcore NS70 Battery');
      expect(row.textContent).toContain('Trade price');
      return row;
    });
    expect(batteryRow.textContent).toContain('$150.00 inc. GST');
    expect(batteryRow.querySelector('s')?.textContent).toBe('Retail price $170.10');
    expect(within(batteryRow).getByText('Trade Gold')).toBeTruthy();
    expect(within(batteryRow).queryByText(/^Save/)).toBeNull();
    expect(within(batteryRow).getByText('$300.00')).toBeTruthy();
    expect(rowOf('Brightline H4 Halogen Globes').textContent).not.toContain('Trade price');
    // The subtotal is what checkout charges for these lines: 2 × $150.00 + $79.95.
    const t = computeCheckoutTotals(
      [
        { unitPriceCents: 15000, quantity: 2 },
        { unitPriceCents: 7995, quantity: 1 },
      ],
      SETTINGS,
    );
    expect(summary().querySelector('dl')!.textContent).toBe(
      `Item count3Subtotal$${(t.subtotalCents / 100).toFixed(2)}Total (inc. GST)$${(t.totalCents / 100).toFixed(2)}`,
    );
    // The stored line keeps the trade price, so the sidebar and checkout read it too.
    expect(getCartLines().find((l) => l.id === 12)?.trade_price).toEqual({
      price: '150.00',
      list_name: 'Trade Gold',
    });
  });

  it('changes a quantity with the stepper and removes a line', async () => {
    const answers = cartApi();
    initializeCart([lineOf(globes, 1), lineOf(battery, 1)]);
    const { user } = renderCart(answers);
    const row = await waitFor(() => rowOf('Brightline H4 Halogen Globes'));

    expect(within(row).getByRole('button', { name: 'Decrease quantity' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await user.click(within(row).getByRole('button', { name: 'Increase quantity' }));
    // 2 × $79.95 inc. GST; plus the battery's $170.10.
    expect(await within(row).findByText('$159.90')).toBeTruthy();
    expect(summary().querySelector('dl')?.textContent).toContain('Subtotal$330.00');

    await user.click(within(row).getByRole('button', { name: 'Remove Brightline H4 Halogen Globes' }));
    expect(screen.queryByRole('link', { name: 'Brightline H4 Halogen Globes' })).toBeNull();
    expect(getCartLines().map((l) => l.id)).toEqual([12]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Cart' }));
  });

  it('replaces a stale stored price with the fresh one, stores it and says the price changed', async () => {
    const answers = cartApi();
    const stale = lineOf(makeProduct({ ...globes, product_meta: [{ option: '_price', value: '69.95' }] }), 1);
    initializeCart([stale]);
    const { user } = renderCart(answers);

    const notice = await screen.findByText(
      // Shelf prices, GST included, as the catalog has them (issue 34).
      'The price of Brightline H4 Halogen Globes changed from $69.95 to $79.95.',
    );
    expect(notice.closest('[role="status"]')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(table.textContent).toContain('$79.95');
    expect(table.textContent).not.toContain('$69.95');
    expect(summary().textContent).toContain('Total (inc. GST)$79.95');
    // $20.05 short of the $100 threshold (inc. GST), to the cent.
    expect(summary().textContent).toContain('Add $20.05 more for free delivery on orders of $100 or more.');
    expect(getCartLines()[0]?.product_meta).toEqual([{ option: '_price', value: '79.95' }]);

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/^The price of/)).toBeNull();
  });

  it('drops a product that is no longer sold and says so in a toast', async () => {
    const answers = cartApi({ catalog: [globes] });
    initializeCart([lineOf(globes, 1), lineOf(battery, 1)]);
    renderCart(answers);

    expect(
      await screen.findByText('Voltcore NS70 Battery is no longer available and was removed from your cart.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Voltcore NS70 Battery' })).toBeNull();
    expect(getCartLines().map((l) => l.id)).toEqual([11]);
    expect(summary().textContent).toContain('Total (inc. GST)$79.95');
  });

  it('shows the stored prices when the prices cannot be re-read', async () => {
    const answers = cartApi({ catalog: null });
    initializeCart([lineOf(battery, 1)]);
    const { api } = renderCart(answers);

    await waitFor(() =>
      expect(api.requestsTo('/api/cart-products').some((r) => r.url.search.startsWith('?ids=12'))).toBe(true),
    );
    // The stored $170.10, GST included.
    expect(rowOf('Voltcore NS70 Battery').textContent).toContain('$170.10');
    expect(summary().textContent).toContain('Total (inc. GST)$170.10');
    expect(getCartLines()).toHaveLength(1);
  });

  it('lists categories and brands in the side panel, and says when categories fail', async () => {
    const answers = cartApi({ categories: () => json({ message: 'Database unavailable' }, 500) });
    initializeCart([lineOf(globes, 1)]);
    renderCart(answers);

    const panel = screen.getByRole('complementary', { name: 'Keep shopping' });
    expect(await within(panel).findByText('Error loading categories: Database unavailable')).toBeTruthy();
    expect((await within(panel).findByRole('link', { name: 'Voltcore' })).getAttribute('href')).toBe(
      '/brand?page=1&brand=voltcore',
    );
  });

  it('links each category to the shop filtered by it', async () => {
    const answers = cartApi({
      categories: {
        data: [
          {
            id: 1,
            title: 'Batteries',
            sku: 'batteries',
            permalink: 'batteries',
            thumbnail_image: null,
            child_categories: [],
          },
        ],
      },
    });
    initializeCart([lineOf(globes, 1)]);
    renderCart(answers);
    const panel = screen.getByRole('complementary', { name: 'Keep shopping' });
    expect((await within(panel).findByRole('link', { name: 'Batteries' })).getAttribute('href')).toBe(
      '/shop?page=1&category=batteries',
    );
  });

  it("says 'There are no products in the cart.' and goes home after 3 seconds", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answers = cartApi();
    const { router } = renderCart(answers);

    expect(screen.getByText('There are no products in the cart.')).toBeTruthy();
    expect(screen.getByText('Taking you to the home page in 3 seconds…')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(2999);
    });
    expect(router.state.location.pathname).toBe('/cart');

    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeTruthy();
  });
});

describe('the Afterpay instalment line under the cart total (issue 40 §3)', () => {
  const line = () => within(summary()).queryByText(/interest-free payments/);
  /** The delivery note reads the same store settings: once it shows, the line has been decided. */
  const settled = () => within(summary()).findByText(/free delivery/);

  it('offers 4 payments of the total over 4, under the totals', async () => {
    initializeCart([lineOf(battery, 2), lineOf(globes, 1)]);
    renderCart(cartApi());
    // $420.15 / 4 = 10503.75 cents → $105.04.
    const found = await within(summary()).findByText('or 4 interest-free payments of $105.04 with Afterpay');
    // Under the totals, before the Checkout button.
    const totals = summary().querySelector('dl')!;
    expect(totals.compareDocumentPosition(found) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const checkout = within(summary()).getByRole('link', { name: 'Checkout' });
    expect(found.compareDocumentPosition(checkout) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says nothing for a cart over $2,000, Afterpay’s largest order', async () => {
    // 26 × $79.95 = $2,078.70.
    initializeCart([lineOf(globes, 26)]);
    renderCart(cartApi());
    await settled();
    expect(summary().querySelector('dl')!.textContent).toContain('Total (inc. GST)$2078.70');
    expect(line()).toBeNull();
  });

  it('says nothing when the store does not offer Afterpay', async () => {
    initializeCart([lineOf(globes, 1)]);
    renderCart({
      ...cartApi(),
      'GET /api/store-config': { data: makeStoreConfig({ payment_method_types: ['card', 'zip'] }) },
    });
    await settled();
    expect(line()).toBeNull();
  });

  it('says nothing to a member of an approved trade account', async () => {
    startSession({ user: TRADE_OWNER, token: 'trade-token', subscription: false });
    initializeCart([lineOf(globes, 1)]);
    const { queryClient } = renderCart({
      ...cartApi(),
      'GET /api/trade/account': { data: makeTradeAccount() },
    });
    await settled();
    await waitFor(() => expect(queryClient.getQueryData(['account', 'trade', TRADE_OWNER.id])).toBeTruthy());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(line()).toBeNull();
  });
});
