/**
 * Test helpers of the wallet payment page on the web test kit (issue 35 §4): the page rendered by renderRoute over
 * the fake API (test/fake-api.ts), where a request the test did not answer fails it.
 */
import { IDEMPOTENCY_KEY_HEADER } from '@store/shared/order-constants';
import type { StoreConfig } from '@store/shared/store-settings';
import { afterEach } from 'vitest';
import { WalletPaymentRoute } from '@/app/routes/checkout-paypal-payment';
import { ThankYouRoute } from '@/app/routes/thank-you';
import { json, type ApiTable } from '@/test/fake-api';
import { makeOrderDetail } from '@/test/order-fixtures';
import { makeStoreConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';

export type Answer = { status: number; body?: unknown } | 'network-error';

export interface Call {
  path: string;
  body: unknown;
  key: string | null;
}

/** The table stubApi described, served by the next renderWalletPage. */
let table: ApiTable = {};
afterEach(() => {
  table = {};
});

/**
 * Describes the fake API of the next renderWalletPage: the store config (with `config` over the test defaults),
 * and each of `answers` (a path's answer, or a queue of them), keyed `'/api/path'` for a POST or
 * `'GET /api/path'`. Any other request, or one past the end of its queue, fails the test. Every call but the
 * store config is recorded.
 */
export function stubApi(answers: Record<string, Answer | Answer[]> = {}, config: Partial<StoreConfig> = {}) {
  const calls: Call[] = [];
  // The thank-you page beside this one reads its items' pictures (decision 0056); none are needed here.
  table = {
    'GET /api/store-config': { data: makeStoreConfig(config) },
    'GET /api/cart-products': { data: [] },
  };
  for (const [path, entry] of Object.entries(answers)) {
    // A bare path is a POST, as most of the payment calls are; a GET says so ('GET /api/…').
    const key = (path.startsWith('/') ? `POST ${path}` : path) as keyof ApiTable;
    table[key] = ({ url, body, request }) => {
      calls.push({
        path: url.pathname,
        body: body ?? undefined,
        key: request.headers.get(IDEMPOTENCY_KEY_HEADER),
      });
      const answer = Array.isArray(entry) ? entry.shift() : entry;
      if (answer === undefined) return undefined;
      // A refused connection: fetch rejects, as the old stub's thrown TypeError made it.
      if (answer === 'network-error') return Response.error();
      return json(answer.body ?? {}, answer.status);
    };
  }
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

/** /checkout-paypal-payment over the api stubApi described, with /thank-you, /checkout and / beside it. */
export function renderWalletPage() {
  return renderRoute('/checkout-paypal-payment', {
    api: table,
    routes: [
      { path: '/checkout-paypal-payment', element: <WalletPaymentRoute /> },
      { path: '/thank-you', element: <ThankYouRoute /> },
      { path: '/checkout', element: <p>Checkout page</p> },
      { path: '/', element: <p>Home page</p> },
    ],
  }).router;
}
