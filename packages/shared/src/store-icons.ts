/**
 * The store's icons (decision 0088): a tab's icon and the picture a phone puts on its home screen, both PNG copies of
 * `apps/web/public/favicon.svg` made by `apps/api/scripts/rasterise-store-icons.mjs` (`npm run icons -w @store/api`).
 *
 * Raster, not the SVG itself: Chromium draws an SVG icon as a document of its own on the page's main thread (a task
 * of 12-78 ms on this project's machine, four times that on Lighthouse's simulated phone), where a PNG is decoded
 * off it. `index.html`'s head names the same files (`store-icons.test.ts` checks it).
 */

/** A PNG copy of the drawing, square, `size` px a side. */
export interface StoreIcon {
  readonly path: string;
  readonly size: number;
}

/** The tab's icon: 32 px, the size browsers draw it at on a 2x screen's tab strip. */
export const STORE_ICON: StoreIcon = { path: '/favicon.png', size: 32 };

/** The home-screen icon (`apple-touch-icon`), 180 px; also the logo of the store's schema.org `Organization`. */
export const STORE_TOUCH_ICON: StoreIcon = { path: '/apple-touch-icon.png', size: 180 };

/** Both icons' `<link>` elements, for a page's head. */
export function storeIconLinks(): string {
  return (
    `<link rel="icon" href="${STORE_ICON.path}" type="image/png" sizes="${STORE_ICON.size}x${STORE_ICON.size}" />\n` +
    `<link rel="apple-touch-icon" href="${STORE_TOUCH_ICON.path}" />`
  );
}
