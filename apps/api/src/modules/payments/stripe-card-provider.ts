/**
 * The Stripe card adapter (issue 10; DESIGN §2 payments, §5.1–5.2): the official `stripe` SDK behind the same
 * CardPaymentProvider interface as the offline test card.
 *
 * - `charge`: POST /v1/payment_intents with `confirm: true` for the payment method the Payment Element made in
 *   the browser, the server's own amount in AUD cents, only the payment method type the order's rules allowed
 *   (issue 40: card — Apple Pay and Google Pay included — Afterpay or Zip), `use_stripe_sdk` so that 3-D Secure
 *   comes back as `requires_action` with the client secret for `stripe.handleNextAction`, and the Idempotency-Key
 *   derived from our order: a charge retried after a timeout is the same PaymentIntent at Stripe, never a second
 *   one. Afterpay and Zip also answer `requires_action` (a `redirect_to_url`): `handleNextAction` takes the
 *   shopper to them and back to `return_url`, the store's return page for the order.
 * - `check`: GET the PaymentIntent after the browser finished 3-D Secure (or while it is `processing`);
 *   one left in `requires_confirmation` is confirmed by the server.
 * - `paymentState`: reconciliation reads the PaymentIntent with its latest charge (refunds, disputes).
 * - `refund` (issue 12): POST /v1/refunds for the PaymentIntent and amount with the caller's Idempotency-Key;
 *   Stripe's refusal (more than is left, already refunded) is 'failed' with its message. Our key is kept in the
 *   refund's metadata (`store_refund_key`); `findRefund` (issue 43) lists the PaymentIntent's refunds
 *   (GET /v1/refunds?payment_intent=) and answers the one with that key.
 *
 * A card error (HTTP 402, `card_error`) is a decline with Stripe's message; a request Stripe refuses as invalid
 * (e.g. an unknown payment method) is a decline too, since retrying it cannot help. Connection failures,
 * timeouts, Stripe's 5xx, rate limits and authentication failures throw StripeUnavailableError: the order
 * stays pending and the same request can be retried safely.
 *
 * `apiBase` (STRIPE_API_BASE) points the SDK at stripe-mock, a recording proxy or the tests' local fake.
 */
import type { StripePaymentMethodType } from '@store/shared/payment-method-rules';
import Stripe from 'stripe';
import type {
  CardChargeRequest,
  CardChargeResult,
  CardPaymentProvider,
  ProviderPaymentState,
  RefundRequest,
  RefundResult,
} from './payment-provider';

export interface StripeOptions {
  secretKey: string;
  /** Base URL of Stripe's API without a trailing slash (default https://api.stripe.com). */
  apiBase?: string;
  /** How long one call may take before it counts as unreachable, ms (default 20 000). */
  timeoutMs?: number;
  /** The SDK's own retries of a failed connection, with the same Idempotency-Key (default 1). */
  maxNetworkRetries?: number;
  /** The payment method types switched on for the store in Stripe's dashboard (STRIPE_PAYMENT_METHODS). */
  methodTypes?: readonly StripePaymentMethodType[];
}

/** Stripe could not be reached or answered something we cannot treat as a decline. */
export class StripeUnavailableError extends Error {
  override name = 'StripeUnavailableError';
}

/** Said when Stripe refuses a request as invalid without a message of its own. */
export const STRIPE_REFUSED_MESSAGE =
  'The card could not be charged. Please check the card details and try again.';

/** The SDK client for `options`: host, port and protocol from `apiBase`. */
export function createStripeClient(options: StripeOptions): Stripe {
  const base = new URL(options.apiBase ?? 'https://api.stripe.com');
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(options.secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: options.timeoutMs ?? 20_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
    telemetry: false,
    appInfo: { name: 'auto-parts-store' },
  });
}

/** A PaymentIntent's status as a charge result. */
function resultOf(intent: Stripe.PaymentIntent): CardChargeResult {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', paymentId: intent.id };
    case 'requires_action':
      if (intent.client_secret) {
        return { status: 'requires_action', paymentId: intent.id, clientSecret: intent.client_secret };
      }
      throw new StripeUnavailableError('Stripe asked for an action without a client secret');
    case 'processing':
    case 'requires_confirmation':
    case 'requires_capture':
      return { status: 'processing', paymentId: intent.id };
    default:
      // requires_payment_method (declined or authentication failed) or canceled.
      return {
        status: 'declined',
        paymentId: intent.id,
        message: intent.last_payment_error?.message ?? 'Your card was declined.',
      };
  }
}

/** Stripe's errors: a decline for card errors and invalid requests, thrown for everything else. */
function declineOrThrow(err: unknown): CardChargeResult {
  if (err instanceof Stripe.errors.StripeCardError) {
    const paymentId = err.payment_intent?.id;
    return {
      status: 'declined',
      message: err.message || 'Your card was declined.',
      ...(paymentId ? { paymentId } : {}),
    };
  }
  if (
    err instanceof Stripe.errors.StripeInvalidRequestError &&
    err.code !== 'idempotency_key_in_use' &&
    err.code !== 'lock_timeout'
  ) {
    return { status: 'declined', message: err.message || STRIPE_REFUSED_MESSAGE };
  }
  const reason = err instanceof Stripe.errors.StripeError ? err.type : (err as Error).name;
  throw new StripeUnavailableError(`Stripe could not be reached or refused the call (${reason})`, {
    cause: err,
  });
}

/** The Stripe card provider for `options` (see the module comment). */
export function createStripeCardProvider(options: StripeOptions): CardPaymentProvider {
  const stripe = createStripeClient(options);
  return {
    name: 'stripe',
    mode: 'live',
    methodTypes: options.methodTypes ?? ['card'],
    async charge(request: CardChargeRequest): Promise<CardChargeResult> {
      try {
        const methodType = request.methodType ?? 'card';
        const redirects = methodType !== 'card';
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency.toLowerCase(),
            payment_method: request.paymentMethodId,
            // Only the type the order's rules allowed (issue 40): a payment method of another type is refused.
            allowed_payment_method_types: [methodType],
            confirm: true,
            use_stripe_sdk: true,
            description: request.description,
            metadata: { order_public_id: request.orderPublicId },
            // Afterpay and Zip approve on their own site and send the shopper back here; Afterpay wants the
            // delivery address with the payment.
            ...(redirects && request.returnUrl ? { return_url: request.returnUrl } : {}),
            ...(redirects && request.shipping ? { shipping: request.shipping } : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return resultOf(intent);
      } catch (err) {
        return declineOrThrow(err);
      }
    },

    async check(paymentId: string): Promise<CardChargeResult> {
      try {
        let intent = await stripe.paymentIntents.retrieve(paymentId);
        if (intent.status === 'requires_confirmation') {
          intent = await stripe.paymentIntents.confirm(
            paymentId,
            { use_stripe_sdk: true },
            { idempotencyKey: `confirm-${paymentId}` },
          );
        }
        return resultOf(intent);
      } catch (err) {
        return declineOrThrow(err);
      }
    },

    async cancel(paymentId) {
      try {
        const intent = await stripe.paymentIntents.cancel(paymentId, { cancellation_reason: 'abandoned' });
        return intent.status === 'canceled';
      } catch (err) {
        // Stripe refuses to cancel a PaymentIntent that succeeded or is processing: it stays as it is.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return false;
        throw new StripeUnavailableError('Stripe could not be reached', { cause: err });
      }
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      // Two requests with one key at the same moment: Stripe answers the second 409 idempotency_key_in_use
      // until the first is done; waiting a little gets the first one's answer.
      for (let attempt = 1; ; attempt++) {
        try {
          const refund = await stripe.refunds.create(
            {
              payment_intent: request.paymentId,
              amount: request.amountCents,
              reason: 'requested_by_customer',
              // Our key kept with the refund, so findRefund can find it when this answer is lost (issue 43).
              metadata: {
                [STRIPE_REFUND_KEY_METADATA]: request.idempotencyKey,
                ...(request.reason ? { note: request.reason.slice(0, 500) } : {}),
              },
            },
            { idempotencyKey: request.idempotencyKey },
          );
          return refundResultOf(refund);
        } catch (err) {
          const inUse =
            err instanceof Stripe.errors.StripeError &&
            (err.code === 'idempotency_key_in_use' || err.code === 'lock_timeout');
          if (inUse && attempt < 5) {
            await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
            continue;
          }
          if (err instanceof Stripe.errors.StripeInvalidRequestError && !inUse) {
            return { status: 'failed', message: err.message || 'Stripe refused the refund.' };
          }
          const reason = err instanceof Stripe.errors.StripeError ? err.type : (err as Error).name;
          throw new StripeUnavailableError(`Stripe could not be reached for a refund (${reason})`, {
            cause: err,
          });
        }
      }
    },

    async findRefund({ paymentId, idempotencyKey }) {
      try {
        // GET /v1/refunds?payment_intent=…: every refund of the payment, newest first, page after page.
        for await (const refund of stripe.refunds.list({ payment_intent: paymentId, limit: 100 })) {
          if (refund.metadata?.[STRIPE_REFUND_KEY_METADATA] === idempotencyKey) return refundResultOf(refund);
        }
        return null;
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw new StripeUnavailableError('Stripe could not be reached to find a refund', { cause: err });
      }
    },

    async paymentState({ paymentId, orderPublicId }) {
      let intent: Stripe.PaymentIntent | undefined;
      try {
        if (paymentId) {
          intent = await stripe.paymentIntents.retrieve(paymentId, { expand: ['latest_charge'] });
        } else {
          // The create call's answer never arrived: look for it by the order it was made for.
          const found = await stripe.paymentIntents.search({
            query: `metadata['order_public_id']:'${orderPublicId.replace(/[^A-Za-z0-9]/g, '')}'`,
            expand: ['data.latest_charge'],
          });
          intent = found.data[0];
        }
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) {
          return { state: 'unknown' };
        }
        throw new StripeUnavailableError('Stripe could not be reached', { cause: err });
      }
      return intent ? { state: stateOf(intent), paymentId: intent.id } : { state: 'unknown' };
    },
  };
}

/** The metadata field that keeps our refund key on a Stripe refund (issue 43: findRefund). */
export const STRIPE_REFUND_KEY_METADATA = 'store_refund_key';

/** A Stripe refund as our RefundResult: failed or canceled is 'failed'; pending, requires_action 'pending'. */
function refundResultOf(refund: Stripe.Refund): RefundResult {
  if (refund.status === 'failed' || refund.status === 'canceled') {
    return {
      status: 'failed',
      message: `Stripe could not refund the payment (${refund.failure_reason ?? refund.status}).`,
    };
  }
  return { status: refund.status === 'succeeded' ? 'succeeded' : 'pending', refundId: refund.id };
}

/** A PaymentIntent (with its latest charge expanded) as our payment state. */
export function stateOf(intent: Stripe.PaymentIntent): ProviderPaymentState {
  if (intent.status !== 'succeeded') {
    return intent.status === 'canceled' || intent.status === 'requires_payment_method' ? 'failed' : 'pending';
  }
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  if (charge?.disputed) return 'disputed';
  if (charge && charge.amount_refunded > 0) {
    return charge.amount_refunded >= charge.amount ? 'refunded' : 'partially_refunded';
  }
  return 'completed';
}
