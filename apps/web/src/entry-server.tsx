/**
 * Server rendering of the storefront (issue 14, decision 0025): `renderPage(url, options)` renders one page of
 * the SPEC §2 route table to HTML with the same components the browser runs, together with the data it showed,
 * which the browser takes over (main.tsx) so that it hydrates without asking the API again.
 *
 * The page's data is found by rendering: a first render registers every query its components ask for (TanStack
 * Query does not fetch on the server), those are fetched through `options.fetchApi` (the store's own API,
 * answering in the same process), and the page is rendered again with them; a query that only appears once
 * another has answered takes one more pass (at most `MAX_PASSES` renders). A page with a query that failed (an
 * unknown product, the database away) is not rendered here (`failed`): the browser renders it as before, with
 * its own error screens, since an error does not survive the hand-over as the same `ApiError`.
 *
 * Built by `vite build --ssr` into `apps/web/dist-ssr/entry-server.js`; the API loads it
 * (apps/api/src/plugins/render-page.ts).
 */
import { dehydrate, skipToken, type Query } from '@tanstack/react-query';
import type { VehicleAnswer } from '@store/shared/vehicle';
import { vehicleCoversYear } from '@store/shared/vehicle-label';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { routes } from './app/router';
import { setApiTransport } from './lib/api-client';
import { collectServerHead } from './lib/server-head';
import { setSiteOrigin } from './lib/site-origin';
import { storeConfigQueryOptions } from './lib/api/get-store-config';
import { storeName } from './hooks/use-store-head';
import { documentTitle } from './hooks/use-page-title';
import { chosenFromVariant } from './features/garage/chosen-vehicle';
import { setRenderedVehicle, type ChosenVehicle } from './stores/garage-store';

/** Renders per page: the first finds the queries, each further one follows queries that needed an answer first. */
const MAX_PASSES = 3;

export interface RenderPageOptions {
  /** Answers one API request (`/api/...`) without the network. */
  fetchApi: (url: string, init: RequestInit) => Promise<Response>;
  /** The shop's public origin, e.g. `https://shop.example.com.au`: canonical URLs and JSON-LD use it. */
  origin: string;
  /**
   * The shopper's vehicle from the `vehicle` cookie (decision 0034): the page is rendered for it (narrowed
   * listings, the chip). One the vehicle list does not have, or a year it does not cover, renders without.
   */
  vehicle?: { id: number; year: number } | null;
}

export interface RenderedPage {
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  /** The document's title ('{page} | {store name}') and the page's own meta description (null: the store's). */
  head?: { title: string; description: string | null };
  /**
   * JSON for `<script type="application/json" id="ssr-state">` (a data block: never executed, so the CSP's
   * `script-src 'self'` holds): the origin and the dehydrated queries. `<` is escaped so no value ends the element.
   */
  state: string;
  /** Set when the route table answered with a redirect instead of a page. */
  redirect?: { status: number; location: string };
  /** The queries (keys as JSON) that failed, when any did: send the browser-rendered shell instead. */
  failed?: string[];
}

/** What main.tsx reads back from the `ssr-state` data block. */
export interface SsrState {
  origin: string;
  queries: ReturnType<typeof dehydrate>;
  /** The vehicle the page was rendered for, if any: what the page shows until it has hydrated. */
  vehicle?: ChosenVehicle | null;
}

/** The cookie's vehicle as the garage keeps it, or null when the list has no such vehicle in that year. */
async function renderedVehicleOf(
  asked: { id: number; year: number } | null | undefined,
  fetchApi: RenderPageOptions['fetchApi'],
): Promise<ChosenVehicle | null> {
  if (!asked) return null;
  const answer = await fetchApi(`/api/vehicles/${asked.id}`, { method: 'GET' });
  if (!answer.ok) return null;
  const { data } = (await answer.json()) as { data: VehicleAnswer };
  return vehicleCoversYear(data, asked.year) ? chosenFromVariant(data, asked.year) : null;
}

const handler = createStaticHandler(routes);

/**
 * Whether the page would fetch `query` in the browser: `enabled` (a value, or a function of the query, as the
 * component gave it) not false, and a query function that is not `skipToken`. A search box with nothing typed
 * registers its query too, disabled, and must not be fetched here.
 */
function wouldFetch(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  const on = typeof enabled === 'function' ? enabled(query) : enabled !== false;
  return on && query.options.queryFn !== skipToken;
}

/** Renders the page at `url` (absolute). Throws only if rendering itself throws. */
export async function renderPage(url: URL, options: RenderPageOptions): Promise<RenderedPage> {
  setApiTransport(options.fetchApi);
  setSiteOrigin(options.origin);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    return {
      html: '',
      state: '',
      redirect: { status: context.status, location: context.headers.get('location') ?? '/' },
    };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  const vehicle = await renderedVehicleOf(options.vehicle, options.fetchApi);
  // Renders are synchronous: the vehicle is set just before each and cleared after, so two pages rendering at
  // once (each awaiting its data between passes) never see each other's.
  const renderHtml = () => {
    setRenderedVehicle(vehicle);
    try {
      return renderToString(page);
    } finally {
      setRenderedVehicle(null);
    }
  };
  const page = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>
  );
  let noted = collectServerHead();
  let html = renderHtml();
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    const waiting = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && wouldFetch(q));
    if (waiting.length === 0) break;
    await Promise.all(waiting.map((q) => queryClient.prefetchQuery({ ...q.options, queryKey: q.queryKey })));
    noted = collectServerHead();
    html = renderHtml();
  }
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'error')
    .map((q) => `${JSON.stringify(q.queryKey)}: ${q.state.error?.message ?? 'failed'}`);
  if (failed.length > 0) {
    queryClient.clear();
    return { html: '', state: '', failed };
  }
  const config = queryClient.getQueryData(storeConfigQueryOptions().queryKey);
  const head = { title: documentTitle(noted.pageTitle, storeName(config)), description: noted.description };
  const state: SsrState = { origin: options.origin, queries: dehydrate(queryClient), vehicle };
  queryClient.clear();
  return { html, head, state: JSON.stringify(state).replace(/</g, '\\u003c') };
}
