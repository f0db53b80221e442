/**
 * Test helpers of the card payment page on the web test kit (issue 35 §4): the page rendered by renderRoute over
 * the fake API (test/fake-api.ts), where a request the test did not answer fails it.
 */
import { IDEMPOTENCY_KEY_HEADER } from '@store/shared/order-constants';
import { PAGES } from '@store/shared/paths';
import type { StoreConfig } from '@store/shared/store-settings';
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach } from 'vitest';
import { CardPaymentRoute } from '@/app/routes/checkout-stripe-payment';
import { PaymentReturnRoute } from '@/app/routes/payment-return';
import { TestPaymentApprovalRoute } from '@/app/routes/test-payment-approval';
import { ThankYouRoute } from '@/app/routes/thank-you';
import { json, type ApiTable } from '@/test/fake-api';
import { makeOrderDetail } from '@/test/order-fixtures';
import { makeStoreConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';

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
  // A refused connection: fetch rejects, as the old stub's thrown TypeError made it.
  if (answer === 'network-error') return Response.error();
  if (answer instanceof Promise) return answer;
  return answer.body === undefined
    ? new Response('', { status: answer.status })
    : json(answer.body, answer.status);
}

/** The table stubApi described, served by the next renderCardPage. */
let table: ApiTable = {};
afterEach(() => {
  table = {};
});

/**
 * Describes the fake API of the next renderCardPage: the store config (with `config` over the test defaults),
 * `POST /api/place-order` from the queue of answers, and `POST` to each path of `others` (a path's answer, or a
 * queue of them). Any other request, or one past the end of its queue, fails the test. Every call is recorded.
 */
export function stubApi(
  placeOrderAnswers: Answer[],
  others: Record<string, Answer | Answer[]> = {},
  config: Partial<StoreConfig> = {},
  /** More answers, as fake-api.ts takes them (a signed-in member's trade account, for issue 40). */
  extra: ApiTable = {},
) {
  const calls: PlaceOrderCall[] = [];
  const otherCalls: OtherCall[] = [];
  table = {
    'GET /api/store-config': { data: makeStoreConfig(config) },
    // The thank-you page beside this one reads its items' pictures (decision 0056); none are needed here.
    'GET /api/cart-products': { data: [] },
    'POST /api/place-order': ({ body, request }) => {
      calls.push({ body: body as Record<string, unknown>, key: request.headers.get(IDEMPOTENCY_KEY_HEADER) });
      const answer = placeOrderAnswers.shift();
      return answer === undefined ? undefined : respond(answer);
    },
    ...extra,
  };
  for (const [path, entry] of Object.entries(others)) {
    table[`POST ${path}` as keyof ApiTable] = ({ url, body }) => {
      otherCalls.push({ path: url.pathname, body: body ?? undefined });
      const answer = Array.isArray(entry) ? entry.shift() : entry;
      return answer === undefined ? undefined : respond(answer);
    };
  }
  return { calls, otherCalls };
}

/**
 * /checkout-stripe-payment (or `path`) over the api stubApi described, with /thank-you, /checkout, / and the pages
 * of a payment approved elsewhere (issue 40: the test approval page, the return page, the guest order page) beside it.
 */
export function renderCardPage(path = '/checkout-stripe-payment') {
  const { router, user } = renderRoute(path, {
    api: table,
    routes: [
      { path: '/checkout-stripe-payment', element: <CardPaymentRoute /> },
      { path: PAGES.testPaymentApproval.path, element: <TestPaymentApprovalRoute /> },
      { path: PAGES.paymentReturn.path, element: <PaymentReturnRoute /> },
      { path: PAGES.guestTrackOrder.path, element: <p>Guest order page</p> },
      { path: '/thank-you', element: <ThankYouRoute /> },
      { path: '/checkout', element: <p>Checkout page</p> },
      { path: '/', element: <p>Home page</p> },
    ],
    beside: <ToastContainer />,
  });
  return { router, user };
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
