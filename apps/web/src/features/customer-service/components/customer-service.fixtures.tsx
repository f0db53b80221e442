/** Test helpers for the customer-service pages: the page in a router with the app's providers and toasts. */
import type { PublicUser } from '@store/shared/account';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { ToastContainer } from 'react-toastify';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { setTooManyRequestsNavigator } from '@/lib/too-many-requests';
import type { ApiRequest, ApiTable } from '@/test/fake-api';
import { makeStoreConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { resetSessionStoreForTests } from '@/stores/session-store';
import { ReturnSentPage } from './return-sent-page';

export const member: PublicUser = {
  id: 7,
  name: 'Sam Van Der Berg',
  email: 'sam@example.com',
  phone: '0412345678',
  role_id: 5,
  created_by: 0,
  user_meta: [],
};

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Fakes the API at the network edge: the store config (the page's meta description reads it) and, for any
 * other call, `answer`. `calls()` lists the calls other than the store config's, as [url, init].
 */
export function stubFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) =>
    input.startsWith('/api/store-config') ? json({ data: makeStoreConfig() }) : answer(input, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls: () => fetchMock.mock.calls.filter(([url]) => !url.startsWith('/api/store-config')),
  };
}

/** A fetch answer the test releases when it wants, to see the page while the request is in flight. */
export function heldAnswer() {
  let release: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/**
 * Renders `Component` at `path` (React StrictMode, as main.tsx does), with a /too-many-requests page that
 * the 429 redirect can reach through the router. Returns the router and a user-event session; call
 * `resetPageTest()` after each test.
 */
export function renderPage(path: string, Component: React.ComponentType) {
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0], Component },
      { path: '/too-many-requests', Component: () => <h1>Too many requests page</h1> },
      { path: '/return-order/sent', Component: ReturnSentPage },
      { path: '/', Component: () => <h1>Home page</h1> },
    ],
    { initialEntries: [path] },
  );
  unregisterNavigator = setTooManyRequestsNavigator((to, options) => void router.navigate(to, options));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
        <ToastContainer />
      </AppProviders>
    </StrictMode>,
  );
  return { router, user: userEvent.setup() };
}

/**
 * Renders `Component` at `path` on the web test kit (issue 35 §4): renderRoute over the fake API serving `api`
 * (any other request fails the test), the page under React StrictMode (as main.tsx renders it), toasts beside,
 * and a /too-many-requests page that the 429 redirect reaches through the router. Call `resetPageTest()` after
 * each test.
 */
export function renderServicePage(path: string, Component: React.ComponentType, api: ApiTable) {
  const rendered = renderRoute(path, {
    api,
    routes: [
      {
        path: path.split('?')[0],
        element: (
          <StrictMode>
            <Component />
          </StrictMode>
        ),
      },
      { path: '/too-many-requests', Component: () => <h1>Too many requests page</h1> },
      { path: '/', Component: () => <h1>Home page</h1> },
    ],
    beside: <ToastContainer />,
  });
  const { router } = rendered;
  unregisterNavigator = setTooManyRequestsNavigator((to, options) => void router.navigate(to, options));
  return rendered;
}

/** The requests a page sent, but the store config's (the frame's, not the page's). */
export const pageRequests = (requests: readonly ApiRequest[]) =>
  requests.filter((r) => r.url.pathname !== '/api/store-config');

let unregisterNavigator: (() => void) | null = null;

/** After each test: the fetch fake, the navigator, the session and the 429 cool-down go. */
export function resetPageTest() {
  unregisterNavigator?.();
  unregisterNavigator = null;
  vi.unstubAllGlobals();
  sessionStorage.clear();
  resetSessionStoreForTests();
}
