/** Test helpers of the wallet payment page: the API faked at the network edge, and the page in a router. */
import { IDEMPOTENCY_KEY_HEADER } from '@store/shared/order-constants';
import type { StoreConfig } from '@store/shared/store-settings';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { WalletPaymentRoute } from '@/app/routes/checkout-paypal-payment';
import { ThankYouRoute } from '@/app/routes/thank-you';
import { makeOrderDetail } from '@/test/order-fixtures';
import { makeStoreConfig } from '@/test/fixtures';

export type Answer = { status: number; body?: unknown } | 'network-error';

export interface Call {
  path: string;
  body: unknown;
  key: string | null;
}

/**
 * Fakes the API at the network edge: the store config (with `config` over the test defaults), and any other
 * path from `answers` (a path's answer, or a queue of them; 404 when none is left). Every call but the
 * store config is recorded.
 */
export function stubApi(answers: Record<string, Answer | Answer[]> = {}, config: Partial<StoreConfig> = {}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/store-config') {
      return new Response(JSON.stringify({ data: makeStoreConfig(config) }), { status: 200 });
    }
    calls.push({
      path: url.pathname,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      key: new Headers(init?.headers).get(IDEMPOTENCY_KEY_HEADER),
    });
    const entry = answers[url.pathname];
    const answer = (Array.isArray(entry) ? entry.shift() : entry) ?? {
      status: 404,
      body: { message: 'Not found' },
    };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

export const WALLET_ORDER = { data: { wallet_order_id: 'WO-TEST-1', amount: '175.90', currency: 'AUD' } };

/** Place-order's 200 with a wallet-paid order. */
export const PLACED: Answer = {
  status: 200,
  body: {
    message: 'Order placed successfully!',
    data: makeOrderDetail({ payment_method: 'Paypal', payment_status: 'completed' }),
  },
};

/** /checkout-paypal-payment in a memory router, with /thank-you, /checkout and / beside it. */
export function renderWalletPage() {
  const router = createMemoryRouter(
    [
      { path: '/checkout-paypal-payment', element: <WalletPaymentRoute /> },
      { path: '/thank-you', element: <ThankYouRoute /> },
      { path: '/checkout', element: <p>Checkout page</p> },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntries: ['/checkout-paypal-payment'] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}
