import { act } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/test/fixtures';
import type * as CartStore from '@/stores/cart-store';
import type { hydrate as Hydrate } from '@/test/hydrate';
import type { useCartSidebar as UseCartSidebar } from './use-cart-sidebar';

// Each test is a page load: the cart store's count of adds starts at 0 as a tab's does, so the modules that keep
// it (the store, the hydration flag, the hook) are loaded afresh for every test.
let store: typeof CartStore;
let hydrate: typeof Hydrate;
let useCartSidebar: typeof UseCartSidebar;
beforeEach(async () => {
  localStorage.clear();
  vi.resetModules();
  store = await import('@/stores/cart-store');
  ({ hydrate } = await import('@/test/hydrate'));
  ({ useCartSidebar } = await import('./use-cart-sidebar'));
});

const battery = makeProduct({ id: 12, title: 'Voltcore NS70 Battery', permalink: 'voltcore-ns70' });
const globes = makeProduct({ id: 11, title: 'Brightline H4 Halogen Globes', permalink: 'brightline-h4' });

function Sidebar() {
  const { open, close } = useCartSidebar();
  return (
    <button type="button" onClick={close}>
      {open ? 'open' : 'shut'}
    </button>
  );
}

/** A server-rendered page at `path` with the sidebar's state, hydrated as main.tsx does. */
const page = (path = '/') => (
  <MemoryRouter initialEntries={[path]}>
    <Sidebar />
  </MemoryRouter>
);

describe('useCartSidebar on a server-rendered page (SPEC §2 Cart sidebar, decision 0008)', () => {
  it('stays shut when the stored cart appears after hydration', async () => {
    store.initializeCart([store.cartLineOf(globes, 2)]);
    const { container, unmount } = await hydrate(page());
    expect(container.textContent).toBe('shut');
    unmount();
  });

  it('opens for an add made before the page has turned into the browser’s own (a slow phone)', async () => {
    store.initializeCart([store.cartLineOf(globes, 1)]);
    const { container, unmount } = await hydrate(page(), () => store.addToCart(battery));
    expect(container.textContent).toBe('open');
    unmount();
  });

  it('opens for an add after hydration, and again when the line is already at 100', async () => {
    const { container, unmount } = await hydrate(page());
    act(() => store.addToCart(battery, 100));
    expect(container.textContent).toBe('open');
    act(() => container.querySelector('button')?.click());
    expect(container.textContent).toBe('shut');
    act(() => store.addToCart(battery));
    expect(store.getCartLines()[0]?.quantity).toBe(100);
    expect(container.textContent).toBe('open');
    unmount();
  });

  it('stays shut when a saved cart is merged in, and opens when another tab adds', async () => {
    const { container, unmount } = await hydrate(page());
    act(() => store.initializeCart([store.cartLineOf(battery, 3), store.cartLineOf(globes, 1)]));
    expect(container.textContent).toBe('shut');
    act(() => {
      localStorage.setItem(store.CART_STORAGE_KEY, JSON.stringify([store.cartLineOf(battery, 3)]));
      window.dispatchEvent(new StorageEvent('storage', { key: store.CART_STORAGE_KEY }));
    });
    expect(container.textContent).toBe('shut');
    act(() => {
      localStorage.setItem(store.CART_STORAGE_KEY, JSON.stringify([store.cartLineOf(battery, 4)]));
      window.dispatchEvent(new StorageEvent('storage', { key: store.CART_STORAGE_KEY }));
    });
    expect(container.textContent).toBe('open');
    unmount();
  });

  it('stays shut for an add on /cart', async () => {
    const { container, unmount } = await hydrate(page('/cart'));
    act(() => store.addToCart(battery));
    expect(container.textContent).toBe('shut');
    unmount();
  });
});
