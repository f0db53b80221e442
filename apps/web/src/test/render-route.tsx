/**
 * Rendering the web app in component tests (issue 35 §4): the real router at a path, a fresh query client made the
 * way the app makes it (retries off, so an error shows at once), and the fake API (fake-api.ts) serving the test's
 * table, where any other request fails the test.
 *
 *   const { api, user } = renderRoute('/brand?page=1&brand=voltcore', { api: { 'GET /api/shop': answer } });
 *   expect(api.requestsTo('/api/shop')[0]?.url.searchParams.get('brand')).toBe('voltcore');
 */
import type { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders, createQueryClient } from '@/app/providers';
import { routes as appRoutes } from '@/app/router';
import { fakeApi, type ApiTable, type FakeApi } from './fake-api';

export interface RenderRouteOptions {
  /** The answers the page needs (see fake-api.ts); the store's settings are served unless given. */
  api?: ApiTable;
  /** Routes other than the app's, for a component tested in a page of its own (`[{ path: '/', element }]`). */
  routes?: RouteObject[];
  /** Pages visited before `path`, oldest first: the router's history starts with them, so Back goes to the last. */
  before?: string[];
  /** Rendered beside the router inside the app's providers, e.g. `<ToastContainer />`. */
  beside?: ReactNode;
  /** user-event's options, e.g. `{ advanceTimers: vi.advanceTimersByTime }` under fake timers. */
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

export interface RenderedRoute extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
  api: FakeApi;
  user: UserEvent;
}

/** A query client as the app's (createQueryClient), without retries. */
export function makeAppQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return queryClient;
}

/** Renders the app's router (or `options.routes`) at `path` over the fake API; see the module's note. */
export function renderRoute(path: string, options: RenderRouteOptions = {}): RenderedRoute {
  const api = fakeApi(options.api);
  const before = options.before ?? [];
  const router = createMemoryRouter(options.routes ?? appRoutes, {
    initialEntries: [...before, path],
    initialIndex: before.length,
  });
  const queryClient = makeAppQueryClient();
  const user = userEvent.setup(options.userOptions);
  const rendered = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
      {options.beside}
    </AppProviders>,
  );
  return { ...rendered, router, queryClient, api, user };
}

/** Renders `ui` alone as the page at `path` (default '/') over the fake API: renderRoute with one route. */
export function renderPage(
  ui: ReactNode,
  options: Omit<RenderRouteOptions, 'routes'> & { path?: string } = {},
): RenderedRoute {
  const path = options.path ?? '/';
  const pattern = new URL(path, 'http://localhost').pathname;
  return renderRoute(path, { ...options, routes: [{ path: pattern, element: ui }] });
}
