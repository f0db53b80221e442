/**
 * PayPal webhook events as payment news (issue 10). PayPal signs a delivery with its transmission headers;
 * the signature is checked by PayPal's verify-signature call (PaypalWalletProvider.verifyWebhookSignature) over
 * the raw body, after this module has refused an unsigned or stale delivery. The event types the store acts on
 * (PayPal Webhooks event names reference):
 *
 *   PAYMENT.CAPTURE.COMPLETED              -> completed (amount checked against the order)
 *   PAYMENT.CAPTURE.DENIED / DECLINED      -> failed
 *   PAYMENT.CAPTURE.REFUNDED / REVERSED    -> refunded, or partially_refunded when less than the order's total
 *   CUSTOMER.DISPUTE.CREATED               -> disputed
 *
 * Anything else is recorded and ignored.
 */
import { z } from 'zod';
import { parseDecimalToCents } from '@store/shared/money';
import type { PaypalTransmission } from './paypal-wallet-provider';
import { eventNews, type PaymentEventNews } from './process-payment-event';
import { WebhookSignatureError } from './read-stripe-event';

/** How old (or how far in the future) a delivery's transmission time may be, ms. */
export const PAYPAL_WEBHOOK_TOLERANCE_MS = 5 * 60_000;

const money = z.object({ currency_code: z.string(), value: z.string() });
const eventSchema = z.object({
  id: z.string().min(1),
  event_type: z.string().min(1),
  resource: z
    .looseObject({
      id: z.string().optional(),
      amount: money.optional(),
      supplementary_data: z
        .object({ related_ids: z.object({ order_id: z.string().optional() }).optional() })
        .optional(),
      seller_payable_breakdown: z.object({ total_refunded_amount: money.optional() }).optional(),
      links: z.array(z.object({ rel: z.string(), href: z.string() })).optional(),
      disputed_transactions: z.array(z.object({ seller_transaction_id: z.string().optional() })).optional(),
    })
    .optional(),
});

/**
 * The transmission headers of a delivery. Throws WebhookSignatureError when one is missing or the
 * transmission time is not within PAYPAL_WEBHOOK_TOLERANCE_MS of `now` (ms).
 */
export function readPaypalTransmission(
  headers: Record<string, string | string[] | undefined>,
  now: number = Date.now(),
): PaypalTransmission {
  const header = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' && value !== '' ? value : null;
  };
  const t = {
    authAlgo: header('paypal-auth-algo'),
    certUrl: header('paypal-cert-url'),
    transmissionId: header('paypal-transmission-id'),
    transmissionSig: header('paypal-transmission-sig'),
    transmissionTime: header('paypal-transmission-time'),
  };
  if (!t.authAlgo || !t.certUrl || !t.transmissionId || !t.transmissionSig || !t.transmissionTime) {
    throw new WebhookSignatureError('The PayPal transmission headers are missing: the event is not signed.');
  }
  const sent = Date.parse(t.transmissionTime);
  if (!Number.isFinite(sent) || Math.abs(now - sent) > PAYPAL_WEBHOOK_TOLERANCE_MS) {
    throw new WebhookSignatureError('The PayPal transmission time is too old or not a time.');
  }
  return {
    authAlgo: t.authAlgo,
    certUrl: t.certUrl,
    transmissionId: t.transmissionId,
    transmissionSig: t.transmissionSig,
    transmissionTime: t.transmissionTime,
  };
}

/** Reads a verified PayPal event. Throws WebhookSignatureError when the body is not a PayPal event. */
export function readPaypalEvent(body: unknown): PaymentEventNews {
  const parsed = eventSchema.safeParse(body);
  if (!parsed.success) throw new WebhookSignatureError('The body is not a PayPal webhook event.');
  const { id, event_type: type, resource } = parsed.data;
  const base = eventNews('paypal', id, type);
  if (!resource) return base;
  switch (type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED':
      return {
        ...base,
        news: type === 'PAYMENT.CAPTURE.COMPLETED' ? 'completed' : 'failed',
        paymentReference: resource.id ?? null,
        walletOrderId: resource.supplementary_data?.related_ids?.order_id ?? null,
        amountCents: resource.amount ? parseDecimalToCents(resource.amount.value) : null,
        currency: resource.amount?.currency_code ?? null,
      };
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.CAPTURE.REVERSED': {
      // The resource is the refund; its 'up' link is the capture it gave money back from.
      const up = resource.links?.find((l) => l.rel === 'up')?.href ?? '';
      const captureId = /\/captures\/([^/?#]+)/.exec(up)?.[1] ?? null;
      // PayPal states the capture's total refunded so far; the order's total decides whether that is all.
      const refunded = resource.seller_payable_breakdown?.total_refunded_amount ?? resource.amount;
      return {
        ...base,
        news: 'refunded',
        paymentReference: captureId,
        refundedCents: refunded ? parseDecimalToCents(refunded.value) : null,
      };
    }
    case 'CUSTOMER.DISPUTE.CREATED':
      return {
        ...base,
        news: 'disputed',
        paymentReference: resource.disputed_transactions?.[0]?.seller_transaction_id ?? null,
      };
    default:
      return base;
  }
}
