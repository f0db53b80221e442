import { Link, Outlet, ScrollRestoration } from 'react-router';
import { storeName, useStoreHead } from '@/features/store/hooks/use-store-head';
import { useStoreConfig } from '@/features/store/api/get-store-config';
import { DEFAULT_MEDIA_BASE_URL, MediaBaseUrlContext } from '@/lib/media';

/** Header, main and footer around every page (SPEC §2); the full header and footer come later. */
export function RootLayout() {
  const config = useStoreConfig();
  const settled = !config.isPending;
  const name = storeName(config.data);
  useStoreHead(config.data, settled);
  // Until the config answers, images wait; if it fails they use the API's default media URL.
  const mediaBase = config.data?.media_base_url ?? (config.isError ? DEFAULT_MEDIA_BASE_URL : null);

  return (
    <MediaBaseUrlContext value={mediaBase}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="container site-header__inner">
          <Link to="/" className="site-header__brand">
            <span className="site-header__logo" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="24" height="24" focusable="false">
                <path
                  fill="currentColor"
                  d="M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7Zm9 4.6v-2.2l-2.4-.5a7 7 0 0 0-.8-1.9l1.3-2-1.6-1.6-2 1.3a7 7 0 0 0-1.9-.8L13.1 3h-2.2l-.5 2.4a7 7 0 0 0-1.9.8l-2-1.3-1.6 1.6 1.3 2a7 7 0 0 0-.8 1.9L3 10.9v2.2l2.4.5c.2.7.4 1.3.8 1.9l-1.3 2 1.6 1.6 2-1.3c.6.4 1.2.6 1.9.8l.5 2.4h2.2l.5-2.4c.7-.2 1.3-.4 1.9-.8l2 1.3 1.6-1.6-1.3-2c.4-.6.6-1.2.8-1.9l2.4-.5Z"
                />
              </svg>
            </span>
            {settled ? (
              <span className="site-header__name">{name}</span>
            ) : (
              <span className="site-header__name skeleton skeleton--name" />
            )}
          </Link>
          <p className="site-header__tagline">Quality auto parts, delivered Australia-wide</p>
        </div>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container">
          <p>
            © {new Date().getFullYear()}
            {settled && ` ${name}`}. All prices in AUD and include GST.
          </p>
        </div>
      </footer>
      <ScrollRestoration />
    </MediaBaseUrlContext>
  );
}
