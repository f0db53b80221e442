/** Test helpers of the card payment page: the API faked at the network edge, and the page in a router. */
import { IDEMPOTENCY_KEY_HEADER } from '@store/shared/order-constants';
import type { StoreConfig } from '@store/shared/store-settings';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { CardPaymentRoute } from '@/app/routes/checkout-stripe-payment';
import { ThankYouRoute } from '@/app/routes/thank-you';
import { makeOrderDetail } from '@/test/order-fixtures';
import { makeStoreConfig } from '@/test/fixtures';

export type Answer = { status: number; body?: unknown } | 'network-error' | Promise<Response>;

export interface PlaceOrderCall {
  body: Record<string, unknown>;
  key: string | null;
}

export interface OtherCall {
  path: string;
  body: unknown;
}

function respond(answer: Answer): Response | Promise<Response> {
  if (answer === 'network-error') throw new TypeError('Failed to fetch');
  if (answer instanceof Promise) return answer;
  return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
    status: answer.status,
  });
}

/**
 * Fakes the API at the network edge: store config always (with `config` over the test defaults),
 * place-order from the queue of answers, any other path from `others` (a path's answer, or a queue of
 * them; 404 when none is left). Every call is recorded.
 */
export function stubApi(
  placeOrderAnswers: Answer[],
  others: Record<string, Answer | Answer[]> = {},
  config: Partial<StoreConfig> = {},
) {
  const calls: PlaceOrderCall[] = [];
  const otherCalls: OtherCall[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/store-config') {
      return new Response(JSON.stringify({ data: makeStoreConfig(config) }), { status: 200 });
    }
    if (url.pathname === '/api/place-order') {
      const headers = new Headers(init?.headers);
      calls.push({
        body: JSON.parse(String(init?.body)) as Record<string, unknown>,
        key: headers.get(IDEMPOTENCY_KEY_HEADER),
      });
      return respond(placeOrderAnswers.shift() ?? { status: 500 });
    }
    otherCalls.push({ path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const entry = others[url.pathname];
    const answer = Array.isArray(entry) ? entry.shift() : entry;
    return respond(answer ?? { status: 404, body: { message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, otherCalls };
}

/** /checkout-stripe-payment in a memory router, with /thank-you, /checkout and / beside it. */
export function renderCardPage() {
  const router = createMemoryRouter(
    [
      { path: '/checkout-stripe-payment', element: <CardPaymentRoute /> },
      { path: '/thank-you', element: <ThankYouRoute /> },
      { path: '/checkout', element: <p>Checkout page</p> },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntries: ['/checkout-stripe-payment'] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer />
    </AppProviders>,
  );
  return { router, user: userEvent.setup() };
}

/** Types a card into the test card form. */
export async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4242424242424242') {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry date'), '1299');
  await user.type(screen.getByLabelText('CVC'), '123');
}

/** A paid order's tax invoice link as place-order signs it for whoever placed the order (decision 0044). */
export const signedInvoiceUrl = (order = makeOrderDetail()) =>
  `/api/orders/${order.id}/tax-invoice?expires=1767225600&signature=c2lnbmVk`;

/** Place-order's 200 with the order and its signed invoice link. */
export const placed = (order = makeOrderDetail()) => ({
  status: 200,
  body: { message: 'Order placed successfully!', data: order, tax_invoice_url: signedInvoiceUrl(order) },
});
