import type { Product } from '@store/shared/product';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RootLayout } from '@/app/layouts/root-layout';
import { clearCart, getCartLines, initializeCart, type CartLine } from '@/stores/cart-store';
import { json, type ApiTable } from '@/test/fake-api';
import { makeProduct } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { useAddToCart } from '@/hooks/use-add-to-cart';

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
const catalog = [globes, battery];

function lineOf(product: Product, quantity = 1): CartLine {
  const { id, title, permalink, featured_image, sku, product_meta, discount_data } = product;
  return { id, title, permalink, featured_image, sku, quantity, product_meta, discount_data };
}

/** The API at the network edge: the shell's calls (the kit's), and /api/cart-products answering from `catalog`. */
const CART_API: ApiTable = {
  'GET /api/cart-products': ({ url }) => {
    const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number);
    return json({ data: catalog.filter((p) => ids.includes(p.id)) });
  },
};

function ShopPage() {
  const add = useAddToCart();
  return (
    <>
      <h1>Shop page</h1>
      <button type="button" onClick={() => add(battery)}>
        Add battery
      </button>
      <button type="button" onClick={() => add(globes)}>
        Add globes
      </button>
    </>
  );
}

function renderShell(path = '/') {
  return renderRoute(path, {
    routes: [
      {
        element: <RootLayout />,
        children: [
          { index: true, element: <ShopPage /> },
          { path: 'cart', element: <h1>Cart page</h1> },
          { path: 'checkout', element: <h1>Checkout page</h1> },
          { path: 'product/:sku', element: <h1>Product page</h1> },
        ],
      },
    ],
    api: CART_API,
  });
}

const cartIcon = () => within(screen.getByRole('banner')).getByRole('link', { name: /^Cart, / });
// The sidebar's code loads on the first interaction: the first test to open it waits for the import.
const findSidebar = () => screen.findByRole('dialog', { name: /^Cart/ }, { timeout: 5000 });

beforeEach(() => {
  clearCart();
});

afterEach(() => {
  clearCart();
  document.body.style.overflow = '';
});

describe('cart sidebar (SPEC §2 Cart sidebar, decision 0008)', () => {
  it('does not open on page load or on navigation, even with items in the cart', async () => {
    initializeCart([lineOf(globes, 2)]);
    const { router, user } = renderShell();
    expect(await screen.findByRole('heading', { name: 'Shop page' })).toBeTruthy();
    expect(cartIcon().getAttribute('aria-label')).toBe('Cart, 2 items');

    // An interaction loads the sidebar's code; it still must not open by itself.
    await user.click(screen.getByRole('heading', { name: 'Shop page' }));
    await router.navigate('/product/brightline');
    await router.navigate('/');
    await screen.findByRole('heading', { name: 'Shop page' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens when a product is added, with the line, its discounted price and the totals', async () => {
    const { user } = renderShell();
    await user.click(await screen.findByRole('button', { name: 'Add battery' }));

    const sidebar = await findSidebar();
    expect(sidebar.getAttribute('aria-modal')).toBe('true');
    expect(sidebar.contains(document.activeElement)).toBe(true);
    expect(document.body.style.overflow).toBe('hidden');
    expect(screen.getByRole('main').hasAttribute('inert')).toBe(true);

    const line = within(sidebar).getByRole('listitem');
    expect(within(line).getByRole('link', { name: 'Voltcore NS70 Battery' }).getAttribute('href')).toBe(
      '/product/voltcore-ns70',
    );
    // Shelf prices include GST, shown as they are (issue 34): $170.10, struck $189.00.
    expect(line.textContent).toContain('$170.10');
    expect(line.querySelector('s')?.textContent).toContain('$189.00');

    const totals = sidebar.querySelector('dl');
    expect(totals?.textContent).toContain('Item count1');
    expect(totals?.textContent).toContain('Subtotal$170.10');
    expect(totals?.textContent).toContain('Shipping$0.00');
    expect(totals?.textContent).toContain('TaxGST included');
    expect(totals?.textContent).toContain('Total (inc. GST)$170.10');
    expect(
      within(sidebar).getByText('*Prices include GST. Shipping may be applied at checkout'),
    ).toBeTruthy();
    // Issue 40 §3: Afterpay's line under the total, $170.10 / 4 = 4252.5 cents → $42.53.
    expect(
      await within(sidebar).findByText('or 4 interest-free payments of $42.53 with Afterpay'),
    ).toBeTruthy();
    expect(within(sidebar).getByRole('link', { name: 'View Cart' }).getAttribute('href')).toBe('/cart');
    expect(within(sidebar).getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
  });

  it('closes with Escape and gives focus back to the cart icon that opened it', async () => {
    const { user } = renderShell();
    await user.click(await screen.findByRole('heading', { name: 'Shop page' }));
    await user.click(cartIcon());
    expect(await findSidebar()).toBeTruthy();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(cartIcon());
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on a tap on the dimmed page, and with its close button', async () => {
    initializeCart([lineOf(globes)]);
    const { user } = renderShell();
    await user.click(await screen.findByRole('heading', { name: 'Shop page' }));

    await user.click(cartIcon());
    await findSidebar();
    await user.click(document.querySelector<HTMLElement>('.cart-sidebar__backdrop')!);
    expect(screen.queryByRole('dialog')).toBeNull();

    // The icon's toggle is throttled to once a second; wait it out rather than fake the clock.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await user.click(cartIcon());
    const sidebar = await findSidebar();
    await user.click(within(sidebar).getByRole('button', { name: 'Close cart' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(cartIcon());
  });

  it('toggles once for a double click on the cart icon (throttled to 1000 ms)', async () => {
    const { user } = renderShell();
    await user.click(await screen.findByRole('heading', { name: 'Shop page' }));
    await user.dblClick(cartIcon());
    expect(await findSidebar()).toBeTruthy();
    expect(cartIcon().getAttribute('aria-expanded')).toBe('true');
  });

  it('closes when the path becomes /cart, and adding there does not open it', async () => {
    const { router, user } = renderShell();
    await user.click(await screen.findByRole('button', { name: 'Add globes' }));
    const sidebar = await findSidebar();

    await user.click(within(sidebar).getByRole('link', { name: 'View Cart' }));
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/cart');
    expect(screen.getByRole('main').hasAttribute('inert')).toBe(false);
  });

  it('changes quantities with plus and minus (minus disabled at 1), removes lines, then says it is empty', async () => {
    const { user } = renderShell();
    await user.click(await screen.findByRole('button', { name: 'Add globes' }));
    const sidebar = await findSidebar();
    const line = within(sidebar).getByRole('listitem');
    const minus = within(line).getByRole('button', { name: 'Decrease quantity' });
    const plus = within(line).getByRole('button', { name: 'Increase quantity' });

    expect(minus.getAttribute('aria-disabled')).toBe('true');
    await user.click(minus);
    expect(getCartLines()[0]?.quantity).toBe(1);

    await user.click(plus);
    await user.click(plus);
    expect(getCartLines()[0]?.quantity).toBe(3);
    expect(minus.getAttribute('aria-disabled')).toBe('false');
    // 3 × $79.95 inc. GST.
    expect(line.textContent).toContain('× 3 = $239.85');
    expect(within(sidebar).getByRole('heading', { name: 'Cart (3 items)' })).toBeTruthy();

    await user.click(minus);
    expect(getCartLines()[0]?.quantity).toBe(2);

    await user.click(within(line).getByRole('button', { name: 'Remove Brightline H4 Halogen Globes' }));
    expect(getCartLines()).toEqual([]);
    expect(within(sidebar).getByText('There are no products in the cart.')).toBeTruthy();
    expect(within(sidebar).queryByRole('link', { name: 'Checkout' })).toBeNull();
    // Focus stays inside the dialog when its button goes.
    expect(sidebar.contains(document.activeElement)).toBe(true);
  });

  it('stops plus at 100', async () => {
    initializeCart([lineOf(globes, 99)]);
    const { user } = renderShell();
    await user.click(await screen.findByRole('heading', { name: 'Shop page' }));
    await user.click(cartIcon());
    const sidebar = await findSidebar();
    const plus = within(sidebar).getByRole('button', { name: 'Increase quantity' });

    await user.click(plus);
    expect(getCartLines()[0]?.quantity).toBe(100);
    expect(plus.getAttribute('aria-disabled')).toBe('true');
    await user.click(plus);
    expect(getCartLines()[0]?.quantity).toBe(100);
  });
});
