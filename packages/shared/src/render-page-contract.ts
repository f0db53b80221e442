/**
 * The contract between the API and the web build's server bundle (issue 14, decision 0025; issue 35 §3): the
 * API (apps/api/src/plugins/render-page.ts) loads `<web dist>/ssr/entry-server.js` and calls its `renderPage`
 * export; the web (apps/web/src/entry-server.tsx) implements it. Declared once so that neither side restates it.
 */

/** A vehicle from the `vehicle` cookie (decision 0034): its id in the vehicle list and the year chosen. */
export interface RenderVehicle {
  id: number;
  year: number;
}

/** What the API hands the renderer with each page. */
export interface RenderPageOptions {
  /** Answers one API request (`/api/...`) without the network. */
  fetchApi: (url: string, init: RequestInit) => Promise<Response>;
  /** The shop's public origin, e.g. `https://shop.example.com.au`: canonical URLs and JSON-LD use it. */
  origin: string;
  /**
   * The shopper's vehicle from the `vehicle` cookie (decision 0034): the page is rendered for it (narrowed
   * listings, the chip). One the vehicle list does not have, or a year it does not cover, renders without.
   */
  vehicle?: RenderVehicle | null;
}

/** The document's title ('{page} | {store name}') and the page's own meta description (null: the store's). */
export interface RenderedPageHead {
  title: string;
  description: string | null;
}

/** What the renderer answers for one page. */
export interface RenderedPage {
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  head?: RenderedPageHead;
  /**
   * JSON for `<script type="application/json" id="ssr-state">` (a data block: never executed, so the CSP's
   * `script-src 'self'` holds): the origin and the dehydrated queries. `<` is escaped so no value ends the
   * element.
   */
  state: string;
  /** Set when the route table answered with a redirect instead of a page. */
  redirect?: { status: number; location: string };
  /** The queries (keys as JSON) that failed, when any did: send the browser-rendered shell instead. */
  failed?: string[];
  /**
   * The queries (keys as JSON) the page asked for that its routes' loaders did not prefetch, when any: the page
   * shows them loading and the browser fetches them. Never expected; the API logs it (a loader is missing one).
   */
  unloaded?: string[];
}

/** The server bundle's `renderPage`: renders the page at `url` (absolute). Rejects only if rendering throws. */
export type RenderPage = (url: URL, options: RenderPageOptions) => Promise<RenderedPage>;

/** The server bundle's exports, as the API loads them. */
export interface PageRendererModule {
  renderPage: RenderPage;
}

/** True when a loaded module has the server bundle's `renderPage` export (a build that lacks it is broken). */
export function isPageRendererModule(value: unknown): value is PageRendererModule {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<PageRendererModule>).renderPage === 'function'
  );
}
