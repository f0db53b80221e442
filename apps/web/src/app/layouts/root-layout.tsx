import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useStoreConfig } from '@/features/store/api/get-store-config';
import { storeName, useStoreHead } from '@/features/store/hooks/use-store-head';
import { DEFAULT_MEDIA_BASE_URL, MediaBaseUrlContext } from '@/lib/media';
import { SITEMAP_PATHS } from './nav-links';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './shell.css';

/** The toast container, in its own chunk (react-toastify is about 10 KB gzip). */
const Toasts = lazy(() => import('./toasts'));

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
 */
export function RootLayout() {
  const config = useStoreConfig();
  const settled = !config.isPending;
  const name = storeName(config.data);
  useStoreHead(config.data, settled);
  // Until the config answers, images wait; if it fails they use the API's default media URL.
  const mediaBase = config.data?.media_base_url ?? (config.isError ? DEFAULT_MEDIA_BASE_URL : null);
  const { pathname } = useLocation();
  const bare = SITEMAP_PATHS.has(pathname.replace(/\/+$/, ''));
  const toastsWanted = useFirstInteraction();

  return (
    <MediaBaseUrlContext value={mediaBase}>
      {!bare && (
        <>
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <SiteHeader storeName={name} settled={settled} />
        </>
      )}
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      {!bare && <SiteFooter storeName={name} settled={settled} />}
      {toastsWanted && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
      <ScrollRestoration />
    </MediaBaseUrlContext>
  );
}
