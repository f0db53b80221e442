import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { useThrottledCallback } from '@/hooks/use-throttled-callback';
import { useServerHtml } from '@/lib/use-server-html';
import { useCartCount } from '@/stores/cart-store';
import { CART_PATH } from '@/lib/cart-messages';

/** SPEC §9: the cart icon toggles the sidebar at most once every 1000 ms. */
export const CART_SIDEBAR_TOGGLE_MS = 1000;

export interface CartSidebarState {
  open: boolean;
  /** The cart icon's toggle, throttled to once a second (SPEC §2 Header, §9). */
  toggle: () => void;
  /** Closes at once (close button, Escape, the dimmed page). */
  close: () => void;
}

/**
 * Whether the cart sidebar is open (SPEC §2 Cart sidebar). It opens when a product is added (the cart's
 * item count goes up) anywhere but /cart, and closes on /cart and whenever the shopper moves to another
 * page (a link inside it was followed). It does not open on page load or on navigation: decision 0008.
 */
export function useCartSidebar(): CartSidebarState {
  const { key, pathname } = useLocation();
  const onCartPage = pathname.replace(/\/+$/, '') === CART_PATH;
  const count = useCartCount();
  const serverHtml = useServerHtml();
  // Open on the page it was opened on: a navigation closes it without an effect.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  // The count at the last render, to see an add happen (React's "adjust state while rendering" pattern).
  // A server-rendered page hydrates with an empty cart and then shows the stored one: that jump (the render
  // after the hydrating one) is the cart appearing, not an add.
  const [seen, setSeen] = useState({ count, serverHtml });
  if (count !== seen.count || serverHtml !== seen.serverHtml) {
    setSeen({ count, serverHtml });
    if (count > seen.count && !seen.serverHtml && !onCartPage) setOpenedOn(key);
  }

  const toggle = useThrottledCallback(
    useCallback(() => setOpenedOn((was) => (was === key ? null : key)), [key]),
    CART_SIDEBAR_TOGGLE_MS,
  );
  const close = useCallback(() => setOpenedOn(null), []);

  return { open: openedOn === key && !onCartPage, toggle, close };
}
