/**
 * Stripe webhook events as payment news (issue 10): the signature is checked by Stripe's own library over the
 * raw body (`stripe.webhooks.constructEvent`, 5-minute tolerance), then the few event types the store acts on
 * are read:
 *
 *   payment_intent.succeeded       -> completed (amount and currency checked against the order)
 *   payment_intent.payment_failed  -> failed (a pending order is cancelled and its stock released)
 *   payment_intent.canceled        -> failed
 *   charge.refunded                -> refunded, or partially_refunded when less than the order's total
 *   charge.dispute.created         -> disputed
 *
 * Anything else is recorded and ignored.
 */
import Stripe from 'stripe';
import { eventNews, type PaymentEventNews } from './process-payment-event';

/** Seconds a signed event stays acceptable (Stripe's default tolerance). */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

/** The signature is missing, wrong or too old: answer 400. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/**
 * Verifies and reads one Stripe event. Throws WebhookSignatureError for a missing or bad `Stripe-Signature`
 * header or a timestamp outside the tolerance.
 */
export function readStripeEvent(
  rawBody: Buffer,
  signature: string | undefined,
  webhookSecret: string,
): PaymentEventNews {
  if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      webhookSecret,
      STRIPE_WEBHOOK_TOLERANCE_SECONDS,
    );
  } catch (err) {
    // Stripe's first sentence says why (no matching signature, timestamp outside the tolerance); the rest is advice.
    const reason =
      err instanceof Error ? (err.message.split(/(?<=\.)\s/)[0] ?? err.message) : 'unknown reason';
    throw new WebhookSignatureError(`The Stripe signature does not verify: ${reason.trim()}`);
  }
  const base = eventNews('stripe', event.id, event.type);
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      const intent = event.data.object;
      return {
        ...base,
        news: event.type === 'payment_intent.succeeded' ? 'completed' : 'failed',
        paymentReference: intent.id,
        orderPublicId: intent.metadata?.order_public_id ?? null,
        amountCents: intent.amount_received || intent.amount,
        currency: intent.currency,
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        ...base,
        news: 'refunded',
        paymentReference: idOf(charge.payment_intent),
        refundedCents: charge.amount_refunded,
      };
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      return { ...base, news: 'disputed', paymentReference: idOf(dispute.payment_intent) };
    }
    default:
      return base;
  }
}

function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === 'string' ? ref : ref.id;
}
