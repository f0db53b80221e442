/**
 * The PayPal wallet adapter (issue 10; DESIGN §2 payments, §5.2): PayPal Orders v2 called from our server, behind
 * the same WalletPaymentProvider interface as the offline test wallet. Amounts are always the server's own
 * totals in AUD (decision in issue 10: the SPEC's USD script would charge the wrong amount).
 *
 * - `createOrder`: POST /v2/checkout/orders (intent CAPTURE, one purchase unit in AUD) with a PayPal-Request-Id.
 * - `capture`: GET the order and refuse to capture one whose amount or currency is not the server's total,
 *   then POST /v2/checkout/orders/{id}/capture with a PayPal-Request-Id derived from our order, so a capture
 *   retried after a timeout is the same capture at PayPal (never a second charge). 'completed' only when the
 *   capture's status is COMPLETED; PayPal's 4xx answers become 'failed' with the first detail issue (e.g.
 *   PAYEE_ACCOUNT_RESTRICTED, SPEC §8); 5xx answers, timeouts and unreadable answers throw.
 * - `refund` (issue 12): POST /v2/payments/captures/{capture id}/refund with the amount in AUD and the caller's
 *   key as PayPal-Request-Id (the same key is the same refund); COMPLETED is 'succeeded', PENDING 'pending',
 *   a 4xx (e.g. REFUND_AMOUNT_EXCEEDED, CAPTURE_FULLY_REFUNDED) 'failed' with PayPal's description. The key is
 *   also the refund's `custom_id`; `findRefund` (issue 43) reads the PayPal order's details and answers the
 *   refund of its capture with that `custom_id`.
 *
 * `apiBase` (PAYPAL_API_BASE) points the calls at a sandbox, a recording proxy or the tests' local fake.
 * Not yet chosen by choose-payment-providers: it is wired together with the PayPal button (issue 10).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { centsToDecimalString, parseDecimalToCents } from '@store/shared/money';
import type {
  ProviderPaymentState,
  RefundResult,
  WalletCaptureResult,
  WalletPaymentProvider,
} from './payment-provider';

export interface PaypalOptions {
  clientId: string;
  clientSecret: string;
  /** Base URL of PayPal's REST API, without a trailing slash. */
  apiBase: string;
  /** How long one call may take before it counts as unreachable, ms (default 10 000). */
  timeoutMs?: number;
  /** The HTTP client (default: global fetch). */
  fetch?: typeof fetch;
}

const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number() });
const amountSchema = z.object({ currency_code: z.string(), value: z.string() });
const orderAnswer = z.object({
  id: z.string().min(1),
  status: z.string(),
  purchase_units: z
    .array(
      z.object({
        amount: amountSchema.optional(),
        payments: z
          .object({ captures: z.array(z.object({ id: z.string(), status: z.string() })).optional() })
          .optional(),
      }),
    )
    .optional(),
});

/** PayPal capture statuses as our payment states (Orders v2 reference, capture.status). */
const CAPTURE_STATES: Record<string, ProviderPaymentState> = {
  COMPLETED: 'completed',
  PENDING: 'pending',
  DECLINED: 'failed',
  FAILED: 'failed',
  REFUNDED: 'refunded',
  PARTIALLY_REFUNDED: 'partially_refunded',
};
const captureAnswer = z.object({
  id: z.string(),
  status: z.string(),
  purchase_units: z.array(
    z.object({
      payments: z
        .object({ captures: z.array(z.object({ id: z.string(), status: z.string() })).optional() })
        .optional(),
    }),
  ),
});
const errorAnswer = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  details: z.array(z.object({ issue: z.string(), description: z.string().optional() })).optional(),
});

/** PayPal answered a call with an error we cannot treat as a decline (5xx, unreadable): the workflow retries or cancels. */
export class PaypalUnavailableError extends Error {
  override name = 'PaypalUnavailableError';
}

/** The PayPal transmission headers a webhook delivery carries (lower-case names, as Node gives them). */
export interface PaypalTransmission {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

/** The PayPal wallet provider plus the webhook signature check that needs its credentials. */
export interface PaypalWalletProvider extends WalletPaymentProvider {
  /**
   * Asks PayPal whether `rawBody` was signed by PayPal for webhook `webhookId`
   * (POST /v1/notifications/verify-webhook-signature; the event is passed as the exact bytes received, since
   * re-serialised JSON may not verify). True only for verification_status SUCCESS. Throws
   * PaypalUnavailableError when PayPal cannot be reached.
   */
  verifyWebhookSignature(
    transmission: PaypalTransmission,
    rawBody: string,
    webhookId: string,
  ): Promise<boolean>;
}

const refundAnswer = z.object({ id: z.string().min(1), status: z.string() });

/** GET /v2/checkout/orders/{id}, read for its refunds only (findRefund). */
const orderRefundsAnswer = z.object({
  purchase_units: z.array(
    z.object({
      payments: z
        .object({ refunds: z.array(refundAnswer.extend({ custom_id: z.string().optional() })).optional() })
        .optional(),
    }),
  ),
});

/** A PayPal refund as our RefundResult: COMPLETED 'succeeded', PENDING 'pending', anything else 'failed'. */
function refundResultOf(refund: z.infer<typeof refundAnswer>): RefundResult {
  if (refund.status === 'COMPLETED') return { status: 'succeeded', refundId: refund.id };
  if (refund.status === 'PENDING') return { status: 'pending', refundId: refund.id };
  return { status: 'failed', message: `PayPal left the refund ${refund.status.toLowerCase()}.` };
}

const verifyAnswer = z.object({ verification_status: z.string() });

/** The PayPal wallet provider for `options` (see the module comment). */
export function createPaypalWalletProvider(options: PaypalOptions): PaypalWalletProvider {
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  let token: { value: string; expiresAt: number } | null = null;

  async function call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await send(`${options.apiBase}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new PaypalUnavailableError(`PayPal could not be reached (${(err as Error).name})`, {
        cause: err,
      });
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const res = await call('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const parsed = tokenAnswer.safeParse(await res.json().catch(() => null));
    if (!res.ok || !parsed.success)
      throw new PaypalUnavailableError(`PayPal refused the credentials (${res.status})`);
    token = { value: parsed.data.access_token, expiresAt: Date.now() + parsed.data.expires_in * 1000 };
    return token.value;
  }

  async function api(
    path: string,
    method: 'GET' | 'POST',
    requestId?: string,
    body?: unknown,
    rawBody?: string,
  ) {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await accessToken()}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    };
    if (requestId) headers['paypal-request-id'] = requestId;
    const res = await call(path, {
      method,
      headers,
      ...(rawBody !== undefined
        ? { body: rawBody }
        : body === undefined
          ? {}
          : { body: JSON.stringify(body) }),
    });
    const json: unknown = await res.json().catch(() => null);
    if (res.status >= 500) throw new PaypalUnavailableError(`PayPal answered ${res.status}`);
    return { status: res.status, ok: res.ok, json };
  }

  return {
    name: 'paypal',
    mode: 'live',
    async createOrder({ amountCents, currency }) {
      const res = await api('/v2/checkout/orders', 'POST', randomUUID(), {
        intent: 'CAPTURE',
        purchase_units: [{ amount: { currency_code: currency, value: centsToDecimalString(amountCents) } }],
      });
      const order = orderAnswer.safeParse(res.json);
      if (!res.ok || !order.success)
        throw new PaypalUnavailableError(`PayPal did not create the order (${res.status})`);
      return { walletOrderId: order.data.id };
    },

    async capture({ walletOrderId, expectedAmountCents, idempotencyKey }): Promise<WalletCaptureResult> {
      const path = `/v2/checkout/orders/${encodeURIComponent(walletOrderId)}`;
      const found = await api(path, 'GET');
      if (!found.ok) return failure(found.json, 'The PayPal order could not be found.');
      const order = orderAnswer.safeParse(found.json);
      if (!order.success) throw new PaypalUnavailableError('PayPal answered an order we cannot read');
      const amount = order.data.purchase_units?.[0]?.amount;
      if (
        !amount ||
        amount.currency_code !== 'AUD' ||
        parseDecimalToCents(amount.value) !== expectedAmountCents
      ) {
        return {
          status: 'failed',
          message: 'The PayPal order is not for this amount.',
          issue: 'AMOUNT_MISMATCH',
        };
      }
      // Derived from our order: a retried capture is the same capture at PayPal, never a second charge, and
      // another order naming this wallet order gets ORDER_ALREADY_CAPTURED.
      const captured = await api(`${path}/capture`, 'POST', idempotencyKey, {});
      if (!captured.ok) return failure(captured.json, 'PayPal did not capture the payment.');
      const result = captureAnswer.safeParse(captured.json);
      const capture = result.success ? result.data.purchase_units[0]?.payments?.captures?.[0] : undefined;
      if (!capture) throw new PaypalUnavailableError('PayPal answered a capture we cannot read');
      return capture.status === 'COMPLETED'
        ? { status: 'completed', captureId: capture.id }
        : { status: 'failed', message: `PayPal left the payment ${capture.status.toLowerCase()}.` };
    },

    async verifyWebhookSignature(transmission, rawBody, webhookId) {
      const fields = JSON.stringify({
        auth_algo: transmission.authAlgo,
        cert_url: transmission.certUrl,
        transmission_id: transmission.transmissionId,
        transmission_sig: transmission.transmissionSig,
        transmission_time: transmission.transmissionTime,
        webhook_id: webhookId,
      });
      // The event goes in as received, byte for byte (rawBody is JSON: the route parsed it first).
      const payload = `${fields.slice(0, -1)},"webhook_event":${rawBody}}`;
      const res = await api(
        '/v1/notifications/verify-webhook-signature',
        'POST',
        undefined,
        undefined,
        payload,
      );
      const parsed = verifyAnswer.safeParse(res.json);
      if (!res.ok || !parsed.success) return false;
      return parsed.data.verification_status === 'SUCCESS';
    },

    async refund({ paymentId, amountCents, currency, idempotencyKey, reason }): Promise<RefundResult> {
      const res = await api(
        `/v2/payments/captures/${encodeURIComponent(paymentId)}/refund`,
        'POST',
        idempotencyKey,
        {
          amount: { currency_code: currency, value: centsToDecimalString(amountCents) },
          // Our key kept with the refund, so findRefund can find it when this answer is lost (issue 43).
          custom_id: idempotencyKey,
          ...(reason ? { note_to_payer: reason.slice(0, 255) } : {}),
        },
      );
      if (!res.ok) {
        const failed = failure(res.json, 'PayPal did not refund the payment.');
        return { status: 'failed', message: failed.status === 'failed' ? failed.message : '' };
      }
      const refund = refundAnswer.safeParse(res.json);
      if (!refund.success) throw new PaypalUnavailableError('PayPal answered a refund we cannot read');
      return refundResultOf(refund.data);
    },

    async findRefund({ walletOrderId, idempotencyKey }) {
      if (!walletOrderId) return null;
      // The order's details list its capture's refunds (purchase_units[].payments.refunds), each with custom_id.
      const found = await api(`/v2/checkout/orders/${encodeURIComponent(walletOrderId)}`, 'GET');
      if (found.status === 404) return null;
      const order = orderRefundsAnswer.safeParse(found.json);
      if (!found.ok || !order.success) throw new PaypalUnavailableError(`PayPal answered ${found.status}`);
      const refund = order.data.purchase_units
        .flatMap((unit) => unit.payments?.refunds ?? [])
        .find((r) => r.custom_id === idempotencyKey);
      return refund ? refundResultOf(refund) : null;
    },

    async paymentState(walletOrderId) {
      const found = await api(`/v2/checkout/orders/${encodeURIComponent(walletOrderId)}`, 'GET');
      if (found.status === 404) return { state: 'unknown' };
      const order = orderAnswer.safeParse(found.json);
      if (!found.ok || !order.success) throw new PaypalUnavailableError(`PayPal answered ${found.status}`);
      const capture = order.data.purchase_units?.[0]?.payments?.captures?.[0];
      if (capture) return { state: CAPTURE_STATES[capture.status] ?? 'pending', captureId: capture.id };
      return { state: order.data.status === 'VOIDED' ? 'failed' : 'pending' };
    },
  };
}

/** A PayPal 4xx as a failed capture, with the first detail issue (SPEC §8 PAYEE_ACCOUNT_RESTRICTED). */
function failure(json: unknown, fallback: string): WalletCaptureResult {
  const parsed = errorAnswer.safeParse(json);
  const detail = parsed.success ? parsed.data.details?.[0] : undefined;
  return {
    status: 'failed',
    message: detail?.description ?? (parsed.success ? parsed.data.message : undefined) ?? fallback,
    ...(detail ? { issue: detail.issue } : {}),
  };
}
