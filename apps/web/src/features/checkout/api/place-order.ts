/**
 * `POST /api/place-order` (SPEC §7), the one call of the payment pages whose error answers carry more than
 * a message: 402 says the payment was refused, or that the bank wants the shopper to confirm it (3-D
 * Secure, with the client secret), or that the provider is still processing it; 409 says prices changed
 * (with the server's totals) or a product ran out; 502 `payment_pending` says the provider could not be
 * asked. It goes through the api client like every call (429 handling included) and reads those answers from
 * the `ApiError`'s parsed body (types from the shared schemas, decision 0005).
 */
import {
  type OrderDetail,
  type OrderError,
  type PlaceOrderResponse,
  type ServerTotals,
} from '@store/shared/order';
import {
  IDEMPOTENCY_KEY_HEADER,
  type PAYMENT_METHOD_ACCOUNT,
  type PaymentMethod,
} from '@store/shared/order-constants';
import type { PaymentMethodKind } from '@store/shared/payment-method-rules';
import { ApiError, apiRequest, served, TOO_MANY_REQUESTS_STATUS } from '@/lib/api-client';
import type { CheckoutData } from '../checkout-storage';

/** The saved order payload plus how it is paid: a card payment method, or an approved wallet order. */
export type PlaceOrderBody = CheckoutData['order'] & {
  /** A card, a wallet, or (issue 39 §4) the member's trade account: 'Account', with no payment reference. */
  payment_method: PaymentMethod | typeof PAYMENT_METHOD_ACCOUNT;
  /** Card flow: the payment method id the card form created (never card details). */
  stripePaymentMethodId?: string;
  /** Card flow (issue 40): how the shopper paid with it; the server takes 'card' when absent. */
  payment_method_type?: PaymentMethodKind;
  /** Wallet flow: the approved wallet order id. */
  payment_intent_id?: string;
};

/** Everything the server can answer, and the request failing before any answer arrives. */
export type PlaceOrderOutcome =
  /** `taxInvoiceUrl`: a paid order's invoice, signed for a day for whoever placed it (decision 0044). */
  | { kind: 'placed'; message: string; order: OrderDetail; taxInvoiceUrl?: string; orderPass?: string }
  /** 402: the card was declined or the wallet capture failed; nothing was charged, no order kept. */
  | { kind: 'payment_refused'; message: string | null }
  /**
   * 402 `requires_action`: the order is held while the card's bank asks the shopper to confirm (3-D Secure).
   * The page completes that with `clientSecret`, then sends the same request with the same key again.
   */
  | { kind: 'requires_action'; clientSecret: string; orderId: string | null }
  /**
   * `payment_pending`: the order is held and the payment's fate is not known yet: 402 while the provider is
   * still processing it, 502 when the provider could not be reached. The same request with the same key
   * asks again, and can never charge twice.
   */
  | { kind: 'payment_pending'; status: number; message: string | null; orderId: string | null }
  /** 409 prices_changed: the server repriced the cart; `totals` are its figures. */
  | { kind: 'prices_changed'; message: string; totals: ServerTotals | null }
  /** 409 out_of_stock. */
  | { kind: 'out_of_stock'; message: string; productId: number | null }
  /** 429: the rate limit; the shopper has been sent to /too-many-requests (SPEC §8) unless one just happened. */
  | { kind: 'too_many_requests' }
  /** Any other answer that is not 200; `message` is the server's, when it sent one. */
  | { kind: 'rejected'; status: number; message: string | null }
  /** No answer: offline, DNS, connection reset, or a body that is not JSON. */
  | { kind: 'network' };

/** The server's error body, as far as it is there (a proxy's HTML error page has none of it). */
function readError(body: unknown): Partial<OrderError> {
  if (typeof body !== 'object' || body === null) return {};
  const b = body as Record<string, unknown>;
  return {
    message: typeof b.message === 'string' && b.message.trim() !== '' ? b.message : undefined,
    code: typeof b.code === 'string' ? (b.code as OrderError['code']) : undefined,
    data: typeof b.data === 'object' && b.data !== null ? (b.data as ServerTotals) : undefined,
    product_id: typeof b.product_id === 'number' ? b.product_id : undefined,
    client_secret:
      typeof b.client_secret === 'string' && b.client_secret !== '' ? b.client_secret : undefined,
    order_id: typeof b.order_id === 'string' ? b.order_id : undefined,
  };
}

function isPlaced(body: unknown): body is PlaceOrderResponse {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return typeof b.data === 'object' && b.data !== null && typeof (b.data as { id?: unknown }).id === 'string';
}

/**
 * Places the order. `idempotencyKey` identifies this checkout attempt: sending the same key again (after a
 * network failure) can never create a second order or charge. Never throws; see `PlaceOrderOutcome`.
 */
export async function placeOrder(
  body: PlaceOrderBody,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<PlaceOrderOutcome> {
  let json: unknown;
  try {
    json = await apiRequest('/place-order', served<unknown>(), {
      method: 'POST',
      body,
      // A signed-in member's order is theirs, with their discounts (server side): the client sends the bearer.
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      signal,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'network' };
    return refusal(error);
  }
  // A 2xx without the order would leave the shopper unsure; treat it like no answer, so the retry (same key)
  // gets the order back from the server's idempotency record.
  if (!isPlaced(json)) return { kind: 'network' };
  const placed = {
    kind: 'placed',
    message: json.message,
    order: json.data,
    // Decision 0056: the pass with which the thank-you page reads the order again and offers an account.
    ...(json.order_pass ? { orderPass: json.order_pass } : {}),
  } as const;
  return json.tax_invoice_url ? { ...placed, taxInvoiceUrl: json.tax_invoice_url } : placed;
}

/** What an error answer says; the api client has already sent a 429 to /too-many-requests (SPEC §8). */
function refusal(answer: ApiError): PlaceOrderOutcome {
  if (answer.status === TOO_MANY_REQUESTS_STATUS) return { kind: 'too_many_requests' };
  const error = readError(answer.body);
  const orderId = error.order_id ?? null;
  if (answer.status === 402 && error.code === 'requires_action' && error.client_secret) {
    return { kind: 'requires_action', clientSecret: error.client_secret, orderId };
  }
  // A 3-D Secure request without its secret cannot be completed here, but the order is held all the same:
  // asking again with the same key is the safe way on.
  if (
    (answer.status === 402 || answer.status === 502) &&
    (error.code === 'payment_pending' || error.code === 'requires_action')
  ) {
    return { kind: 'payment_pending', status: answer.status, message: error.message ?? null, orderId };
  }
  if (answer.status === 402) {
    return { kind: 'payment_refused', message: error.message ?? null };
  }
  if (answer.status === 409 && error.message && error.code === 'prices_changed') {
    return { kind: 'prices_changed', message: error.message, totals: error.data ?? null };
  }
  if (answer.status === 409 && error.message && error.code === 'out_of_stock') {
    return { kind: 'out_of_stock', message: error.message, productId: error.product_id ?? null };
  }
  return { kind: 'rejected', status: answer.status, message: error.message ?? null };
}

/**
 * A new Idempotency-Key: 128 random bits as 32 hex characters, inside the server's `[A-Za-z0-9_-]{8,100}`.
 * `getRandomValues` rather than `randomUUID`, which browsers offer only on https or localhost.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
