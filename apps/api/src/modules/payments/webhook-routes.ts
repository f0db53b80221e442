/**
 * The providers' webhooks (issue 10): `POST /api/payments/stripe/webhook` and `POST /api/payments/paypal/webhook`.
 * Both read the body as raw bytes (signatures are over the bytes), refuse unsigned, badly signed or stale
 * deliveries with 400, and process each event id once. 200 tells the provider the event is handled (also for
 * a duplicate or an event type the store ignores); 503 asks it to deliver again later.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswerSchema } from '@store/shared/error-answers';
import { HttpError } from '../../plugins/error-handling';
import { processPaymentEvent, type PaymentEventNews } from './process-payment-event';
import { readPaypalEvent, readPaypalTransmission } from './read-paypal-event';
import { readStripeEvent, WebhookSignatureError } from './read-stripe-event';

const responses = {
  200: z.object({ received: z.literal(true), duplicate: z.boolean(), outcome: z.string() }),
  400: messageAnswerSchema,
  404: messageAnswerSchema,
  503: messageAnswerSchema,
};

export const WEBHOOK_NOT_CONFIGURED = (provider: string) =>
  `${provider} webhooks are not configured on this store.`;
export const WEBHOOK_TRY_AGAIN = 'The event could not be processed now; please deliver it again.';

const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only inside this plugin: JSON arrives as the exact bytes the provider signed.
  const raw = (_req: unknown, body: Buffer, done: (err: null, body: Buffer) => void) => done(null, body);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, raw);
  // A relay that relabels the body as text still gets its signature checked, not a schema error.
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, raw);
  const tags = ['payments'];
  const rawBody = z.instanceof(Buffer).describe('The event as the provider sent it (JSON)');

  async function handle(read: () => Promise<PaymentEventNews>, log: typeof app.log) {
    let event: PaymentEventNews;
    try {
      event = await read();
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw new HttpError(400, err.message);
      throw err;
    }
    try {
      const processed = await processPaymentEvent(app.db, event, log, app.orderMails);
      return { received: true as const, ...processed };
    } catch (err) {
      log.error({ err, eventId: event.eventId, eventType: event.eventType }, 'payment event not processed');
      throw new HttpError(503, WEBHOOK_TRY_AGAIN);
    }
  }

  app.post(
    '/payments/stripe/webhook',
    {
      schema: {
        tags,
        summary:
          "Stripe's webhook: signed events (Stripe-Signature) update payment statuses, each event once",
        body: rawBody,
        response: responses,
      },
    },
    async (req) => {
      const secret = app.config.stripeWebhookSecret;
      if (!secret || app.payments.card?.name !== 'stripe')
        throw new HttpError(404, WEBHOOK_NOT_CONFIGURED('Stripe'));
      const signature = req.headers['stripe-signature'];
      return handle(
        async () => readStripeEvent(req.body, typeof signature === 'string' ? signature : undefined, secret),
        req.log,
      );
    },
  );

  app.post(
    '/payments/paypal/webhook',
    {
      schema: {
        tags,
        summary:
          "PayPal's webhook: events verified with PayPal's verify-signature call update payment statuses, each once",
        body: rawBody,
        response: responses,
      },
    },
    async (req) => {
      const paypal = app.payments.paypal;
      const webhookId = app.config.paypalWebhookId;
      if (!paypal || !webhookId) throw new HttpError(404, WEBHOOK_NOT_CONFIGURED('PayPal'));
      return handle(async () => {
        const transmission = readPaypalTransmission(req.headers);
        const text = req.body.toString('utf8');
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          throw new WebhookSignatureError('The body is not JSON.');
        }
        const event = readPaypalEvent(parsed);
        let verified: boolean;
        try {
          verified = await paypal.verifyWebhookSignature(transmission, text, webhookId);
        } catch (err) {
          req.log.error({ err }, 'PayPal could not verify a webhook signature');
          throw new HttpError(503, WEBHOOK_TRY_AGAIN);
        }
        if (!verified) throw new WebhookSignatureError('PayPal did not verify the signature of this event.');
        return event;
      }, req.log);
    },
  );
};

export default webhookRoutes;
