import './page-loading.css';

/**
 * Shown while a page's code loads on the first visit. It holds a screen's height, so the footer stays
 * below the fold instead of jumping down when the page arrives (no layout shift).
 */
export function PageLoading() {
  return (
    <div className="container page page-loading" role="status">
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
