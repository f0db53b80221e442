import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { useCartSidebar } from '@/features/cart/hooks/use-cart-sidebar';
import { useStoreConfig } from '@/lib/api/get-store-config';
import { storeName, useStoreHead } from '@/hooks/use-store-head';
import { DEFAULT_MEDIA_BASE_URL, MediaBaseUrlContext } from '@/lib/media';
import { setTooManyRequestsNavigator, TOO_MANY_REQUESTS_PATH } from '@/lib/too-many-requests';
import { setSignInNavigator, subscribeToSession, getSessionToken } from '@/stores/session-store';
import { useQueryClient } from '@tanstack/react-query';
import { SITEMAP_PATHS } from './nav-links';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './shell.css';

/** The toast container, in its own chunk (react-toastify is about 10 KB gzip). */
const Toasts = lazy(() => import('./toasts'));

/** The cart sidebar, in its own chunk: it can only open after a tap or key press, which loads it. */
const CartSidebar = lazy(() =>
  import('@/features/cart/components/cart-sidebar').then((m) => ({ default: m.CartSidebar })),
);

/**
 * Pages that may raise a toast before the shopper has touched anything: the cart and checkout re-read the
 * cart's products on arrival and toast any that are no longer sold. Their toast container loads at once.
 */
const TOASTS_AT_ONCE = new Set(['/cart', '/checkout']);

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * True from the shopper's first tap, click, key press or focus. Every toast follows one of those, so the
 * toast container loads then and stays out of the first page's JavaScript; a toast raised earlier waits in
 * react-toastify's queue and shows as soon as the container is there.
 */
function useFirstInteraction(): boolean {
  const [interacted, setInteracted] = useState(false);
  useEffect(() => {
    if (interacted) return;
    const onInteraction = () => setInteracted(true);
    for (const type of INTERACTIONS) {
      window.addEventListener(type, onInteraction, { capture: true, once: true, passive: true });
    }
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, { capture: true });
    };
  }, [interacted]);
  return interacted;
}

/**
 * Header, main and footer around every page (SPEC §2), except the sitemap pages, which show only their
 * content. The toast container (react-toastify's defaults: top right, 5 s) is there from the first interaction.
 * Every new page starts at the top (pathname or query change); Back and Forward restore where the shopper was.
 * It also holds the cart sidebar (SPEC §2 Cart sidebar), making the rest of the page inert while it is open,
 * and registers the router as the way a 429 answer reaches /too-many-requests (SPEC §8), whose overlay makes
 * the header and footer inert too.
 */
export function RootLayout() {
  const config = useStoreConfig();
  const settled = !config.isPending;
  const name = storeName(config.data);
  useStoreHead(config.data, settled);
  // Until the config answers, images wait; if it fails they use the API's default media URL.
  const mediaBase = config.data?.media_base_url ?? (config.isError ? DEFAULT_MEDIA_BASE_URL : null);
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '') || '/';
  const bare = SITEMAP_PATHS.has(path);
  const interacted = useFirstInteraction();
  const toastsWanted = interacted || TOASTS_AT_ONCE.has(path);

  const navigate = useNavigate();
  useEffect(
    () => setTooManyRequestsNavigator((to, { replace }) => void navigate(to, { replace })),
    [navigate],
  );
  useEffect(() => setSignInNavigator((to) => void navigate(to, { replace: true })), [navigate]);
  // A member's answers are theirs alone: when the session changes hands, forget them.
  const queryClient = useQueryClient();
  useEffect(() => {
    let token = getSessionToken();
    return subscribeToSession(() => {
      const next = getSessionToken();
      if (next !== token) queryClient.removeQueries({ queryKey: ['account'] });
      token = next;
    });
  }, [queryClient]);

  const cart = useCartSidebar();
  const cartSidebarId = useId();
  const cartLinkRef = useRef<HTMLAnchorElement>(null);
  const waiting = path === TOO_MANY_REQUESTS_PATH;
  // While the drawer or the waiting overlay covers the page, what is under it takes no focus or clicks.
  const shellInert = cart.open || waiting;

  return (
    <MediaBaseUrlContext value={mediaBase}>
      {!bare && (
        <div className="site-shell-top" inert={shellInert}>
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <SiteHeader
            storeName={name}
            settled={settled}
            memberDiscountPercent={config.data?.member_discount_percent}
            cart={{
              expanded: cart.open,
              controls: cart.open ? cartSidebarId : undefined,
              onToggle: cart.toggle,
              ref: cartLinkRef,
            }}
          />
        </div>
      )}
      <main id="main" className="site-main" tabIndex={-1} inert={cart.open}>
        <Outlet />
      </main>
      {!bare && (
        <div className="site-shell-bottom" inert={shellInert}>
          <SiteFooter storeName={name} settled={settled} />
        </div>
      )}
      {!bare && (interacted || cart.open) && (
        <Suspense fallback={null}>
          <CartSidebar
            id={cartSidebarId}
            open={cart.open}
            onClose={cart.close}
            returnFocusRef={cartLinkRef}
          />
        </Suspense>
      )}
      {toastsWanted && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
      <ScrollRestoration />
    </MediaBaseUrlContext>
  );
}
