/**
 * The shop's own origin (`https://shop.example.com.au`) for absolute links a page carries: canonical URLs and
 * JSON-LD. The server renders with the store's public address (PUBLIC_BASE_URL) and hands it to the browser
 * with the page, so that hydration builds the same URLs; a page the browser renders alone uses its own origin.
 */
let origin: string | null = null;

/** Sets the origin pages are rendered for (the server, or the browser from the server's hand-over). */
export function setSiteOrigin(value: string): void {
  origin = value.replace(/\/+$/, '');
}

/** The origin set by `setSiteOrigin`, else the browser's, else '' (tests without a window). */
export function siteOrigin(): string {
  return origin ?? (typeof window !== 'undefined' ? window.location.origin : '');
}
