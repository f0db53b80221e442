/**
 * Server rendering of the storefront (issue 14, decision 0025): `renderPage(url, options)` renders one page of
 * the SPEC §2 route table to HTML with the same components the browser runs, together with the data it showed,
 * which the browser takes over (main.tsx) so that it hydrates without asking the API again.
 *
 * The page's data comes from its routes' loaders (app/route-prefetch.ts, issue 35 §3): the shell's and the
 * matched page's `prefetch` put every query the page asks for into the query client, through
 * `options.fetchApi` (the store's own API, answering in the same process), and the page is then rendered once
 * (TanStack Query does not fetch on the server). A page with a query that failed (an unknown product, the
 * database away) is not rendered here (`failed`): the browser renders it as before, with its own error
 * screens, since an error does not survive the hand-over as the same `ApiError`. A query the page asked for
 * that no loader prefetched (`unloaded`) renders in its loading state and is fetched by the browser; the
 * server logs it, since it means a loader is missing something.
 *
 * Built by `vite build --ssr` into `apps/web/dist/ssr/entry-server.js`; the API loads it
 * (apps/api/src/plugins/render-page.ts) under the contract of @store/shared/render-page-contract.
 */
import { dehydrate, skipToken, type Query } from '@tanstack/react-query';
import type { RenderPage, RenderPageOptions } from '@store/shared/render-page-contract';
import type { VehicleAnswer } from '@store/shared/vehicle';
import { vehicleCoversYear } from '@store/shared/vehicle-label';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { prefetchOf } from './app/route-prefetch';
import { routes } from './app/router';
import { setApiTransport } from './lib/api-client';
import { collectServerHead } from './lib/server-head';
import { setSiteOrigin } from './lib/site-origin';
import { storeConfigQueryOptions } from './lib/api/get-store-config';
import { storeName } from './hooks/use-store-head';
import { documentTitle } from './hooks/use-page-title';
import { chosenFromVariant } from './features/garage/chosen-vehicle';
import { setRenderedVehicle, type ChosenVehicle } from './stores/garage-store';

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
 * registers its query too, disabled, and is not one a loader misses.
 */
function wouldFetch(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  const on = typeof enabled === 'function' ? enabled(query) : enabled !== false;
  return on && query.options.queryFn !== skipToken;
}

/** Renders the page at `url` (absolute) once, after its routes' loaders. Throws only if rendering throws. */
export const renderPage: RenderPage = async (url, options) => {
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
  // The shell's loader and the page's, at once (the static handler has loaded the matched routes' modules).
  await Promise.all(
    context.matches.map((match) =>
      prefetchOf(match.route.handle)?.({
        queryClient,
        params: match.params,
        searchParams: url.searchParams,
        vehicleId: vehicle?.vehicle_id,
      }),
    ),
  );
  const page = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>
  );
  const noted = collectServerHead();
  // The render is synchronous: the vehicle is set just before it and cleared after, so two pages rendering at
  // once (each awaiting its loaders before) never see each other's.
  setRenderedVehicle(vehicle);
  let html: string;
  try {
    html = renderToString(page);
  } finally {
    setRenderedVehicle(null);
  }
  const queries = queryClient.getQueryCache().getAll();
  const failed = queries
    .filter((q) => q.state.status === 'error')
    .map((q) => `${JSON.stringify(q.queryKey)}: ${q.state.error?.message ?? 'failed'}`);
  if (failed.length > 0) {
    queryClient.clear();
    return { html: '', state: '', failed };
  }
  const unloaded = queries
    .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && wouldFetch(q))
    .map((q) => JSON.stringify(q.queryKey));
  const config = queryClient.getQueryData(storeConfigQueryOptions().queryKey);
  const head = { title: documentTitle(noted.pageTitle, storeName(config)), description: noted.description };
  const state: SsrState = { origin: options.origin, queries: dehydrate(queryClient), vehicle };
  queryClient.clear();
  return {
    html,
    head,
    state: JSON.stringify(state).replace(/</g, '\\u003c'),
    ...(unloaded.length > 0 ? { unloaded } : {}),
  };
};
