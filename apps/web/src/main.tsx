import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './app/providers';
import { createRouter, routes } from './app/router';
import type { SsrState } from './entry-server';
import { adoptRenderedVehicle } from './features/garage/adopt-rendered-vehicle';
import { setSiteOrigin } from './lib/site-origin';
import { beginHydration, endHydration } from './lib/use-server-html';
import { yieldToMain } from './lib/yield-to-main';
import { setRenderedVehicle, syncVehicleCookie } from './stores/garage-store';
// The shop's colours (packages/shared/src/brand-colours.ts, made into CSS by vite.config.ts), then the styles.
import 'virtual:brand-colours.css';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** The server's hand-over (entry-server.tsx), present when the server rendered this page. */
function readSsrState(): SsrState | null {
  const block = document.getElementById('ssr-state');
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as SsrState;
  } catch {
    return null;
  }
}

/**
 * The page's data as of now, its arrival: the server sends a stored page only while everything it shows is
 * unchanged (decision 0027), so its data is as fresh as the page is, however long ago it was rendered. Left
 * with the render's time, a page rendered more than a minute ago (the queries' staleTime) would ask the API
 * again for everything it carries.
 */
function asOfArrival(state: DehydratedState): DehydratedState {
  const now = Date.now();
  return {
    ...state,
    queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
  };
}

/**
 * Loads the code of the routes this address shows, so that the router starts with the page already there and
 * the first render matches the server's HTML (a lazy route would otherwise render its loading state first).
 */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

/**
 * Marks `<html data-app="ready">` once the app's first render (or hydration) has committed: the page's buttons
 * and forms act from then on. The journeys wait for it (e2e/support/test.ts).
 */
function AppReady({ children }: { children: ReactNode }) {
  useEffect(() => {
    // The last effect of the first commit (this component is the outermost): hydration is over.
    endHydration();
    document.documentElement.dataset.app = 'ready';
  }, []);
  return children;
}

/**
 * Starts the app in several tasks rather than one (decision 0070): the entry's own evaluation, then the server's
 * hand-over and the page's route modules (their evaluation), then the router, then hydration (itself in slices,
 * as a transition). Each step ends with the main thread given back, so a tap or a frame waits for one step at
 * most.
 */
async function start(): Promise<void> {
  await yieldToMain();
  const ssr = readSsrState();
  const queryClient = createQueryClient();
  // A vehicle chosen before the app ran (the server set its cookie, decision 0055) is the one to shop for.
  if (ssr?.vehicle) adoptRenderedVehicle(ssr.vehicle);
  syncVehicleCookie();
  if (ssr) {
    setSiteOrigin(ssr.origin);
    setRenderedVehicle(ssr.vehicle ?? null);
    hydrate(queryClient, asOfArrival(ssr.queries));
    await loadMatchedRoutes();
    await yieldToMain();
  }
  const router = createRouter(ssr !== null);
  await yieldToMain();
  const app = (
    <StrictMode>
      <AppReady>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </AppReady>
    </StrictMode>
  );
  // A transition lets React render (or hydrate) the first page in short slices instead of one long task, so a
  // phone's main thread stays free for input (Total Blocking Time).
  startTransition(() => {
    if (ssr && root) {
      beginHydration();
      hydrateRoot(root, app);
    } else if (root) createRoot(root).render(app);
  });
}

void start();
