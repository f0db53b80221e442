import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { useThrottledCallback } from '@/hooks/use-throttled-callback';
import { useCartAdds } from '@/stores/cart-store';
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
 * Whether the cart sidebar is open (SPEC §2 Cart sidebar). It opens when this tab adds a product
 * (`useCartAdds`) anywhere but /cart, and closes on /cart and whenever the shopper moves to another page (a link
 * inside it was followed). It does not open on page load or on navigation: decision 0008.
 */
export function useCartSidebar(): CartSidebarState {
  const { key, pathname } = useLocation();
  const onCartPage = pathname.replace(/\/+$/, '') === CART_PATH;
  const adds = useCartAdds();
  // Open on the page it was opened on: a navigation closes it without an effect.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  // The adds at the last render, to see one happen (React's "adjust state while rendering" pattern). Not the
  // item count: it also rises when a server-rendered page shows the stored cart, and on a slow phone that can
  // come after the shopper's first add (the sidebar then stayed shut).
  const [seenAdds, setSeenAdds] = useState(adds);
  if (adds !== seenAdds) {
    setSeenAdds(adds);
    if (adds > seenAdds && !onCartPage) setOpenedOn(key);
  }

  const toggle = useThrottledCallback(
    useCallback(() => setOpenedOn((was) => (was === key ? null : key)), [key]),
    CART_SIDEBAR_TOGGLE_MS,
  );
  const close = useCallback(() => setOpenedOn(null), []);

  return { open: openedOn === key && !onCartPage, toggle, close };
}
