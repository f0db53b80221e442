/**
 * Order calls of SPEC §7 under /api: POST /place-order, POST /guest/track-order, GET /orders-detail?id=.
 * Thin: schema, one call, answer. Every answer is `Cache-Control: no-store` (an order is one person's).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldErrorSchema, messageAnswerSchema } from '@store/shared/error-answers';
import {
  orderDetailQuerySchema,
  orderDetailSchema,
  orderErrorSchema,
  placeOrderRequestSchema,
  placeOrderResponseSchema,
  trackOrderRequestSchema,
} from '@store/shared/order';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  ORDER_MESSAGES,
} from '@store/shared/order-constants';
import { HttpError } from '../../plugins/error-handling';
import { ausPostRatesFor } from '../delivery/auspost-rates';
import { perMinute } from '../../plugins/rate-limit';
import {
  accountFromOrderRequestSchema,
  accountFromOrderResponseSchema,
  ORDER_CONFIRMATION_MESSAGES,
  orderConfirmationRequestSchema,
  orderConfirmationResponseSchema,
} from '@store/shared/order-confirmation';
import { createAccountFromOrder, readOrderConfirmation, withOrderPass } from './order-confirmation';
import { withTaxInvoiceLink } from './order-document-links';
import { findOrderByPublicId, findTrackedOrder, trackingKeyOf } from './order-service';
import { perOrderNumberLimit } from './per-order-number-limit';
import { placeOrder, resumePlacedOrder } from './place-order';
import { withIdempotencyKey } from './with-idempotency-key';

/** Every 4xx/5xx of place-order; 400s from schema validation also list `errors` per field. */
const orderErrorResponse = orderErrorSchema.extend({
  errors: z.array(fieldErrorSchema).optional(),
});
const orderDetailAnswer = z.object({ data: orderDetailSchema });
const placeOrderResponses = {
  200: placeOrderResponseSchema,
  400: orderErrorResponse,
  401: messageAnswerSchema,
  402: orderErrorResponse,
  409: orderErrorResponse,
  422: orderErrorResponse,
  429: messageAnswerSchema,
  502: orderErrorResponse,
};
const isPlaceOrderStatus = (code: number): code is keyof typeof placeOrderResponses =>
  code in placeOrderResponses;

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['orders'];
  const lookupLimit = { rateLimit: perMinute(app.config.rateLimits.orderLookupsPerMinute) };
  // Issue 34 §6: the same limit per order number too, whichever addresses the lookups come from.
  const orderNumberLimit = perOrderNumberLimit(app, app.config.rateLimits.orderLookupsPerMinute);

  app.post(
    '/place-order',
    {
      config: { rateLimit: perMinute(app.config.rateLimits.placeOrdersPerMinute) },
      preHandler: app.rejectDeadBearer,
      schema: {
        tags,
        summary:
          'Place an order: reprice, reserve stock, take the payment (repeat-safe with Idempotency-Key)',
        description:
          'The server reprices every line and answers 409 prices_changed with its own figures when any client ' +
          'figure differs. With an Idempotency-Key header, a repeat of the same request gets the first answer ' +
          '(header Idempotent-Replayed: true); the same key with another body gets 422.',
        headers: z.looseObject({
          [IDEMPOTENCY_KEY_HEADER]: z
            .string()
            .regex(IDEMPOTENCY_KEY_PATTERN, ORDER_MESSAGES.idempotencyKey)
            .optional(),
        }),
        body: placeOrderRequestSchema,
        response: placeOrderResponses,
      },
    },
    async (req, reply) => {
      const key = req.headers[IDEMPOTENCY_KEY_HEADER];
      // A bearer makes the order the member's (whatever user_id the body says) and applies their discounts.
      const member = await req.member();
      const deps = {
        db: app.db,
        payments: app.payments,
        log: req.log,
        member,
        mails: app.orderMails,
        publicBaseUrl: app.config.publicBaseUrl,
        auspost: ausPostRatesFor(app.config),
      };
      // The key covers who placed the order too: the same key and body from another account is another order.
      const hashed = { body: req.body, userId: member?.userId ?? 0 };
      const answer = await withIdempotencyKey(
        app.db,
        key,
        hashed,
        (claim) => placeOrder(deps, req.body, claim),
        {},
        // A held order (3-D Secure, provider unreachable) is carried on, never placed a second time.
        (orderId) => resumePlacedOrder(deps, orderId, req.body),
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      if (!isPlaceOrderStatus(answer.statusCode)) throw new Error(`unexpected status ${answer.statusCode}`);
      // Decision 0044: a paid order's answer carries a signed link to its tax invoice, for the thank-you page.
      // Decision 0056: and the order's pass, with which the thank-you page reads it again and makes an account.
      const body = await withOrderPass(app.db, await withTaxInvoiceLink(app.db, answer.body));
      return reply.code(answer.statusCode).send(body);
    },
  );

  app.post(
    '/guest/track-order',
    {
      config: lookupLimit,
      schema: {
        tags,
        summary: 'Track an order by its order number and email, or by its public id (guests)',
        description:
          '`id` is the order number (INV-001001; any case, spaces and the INV- prefix optional) with `email`, the ' +
          "order's email in any case; or the public id from the order mail's link, which needs no email. A wrong " +
          'email answers 404 like an unknown number. Limited per client address and per order number.',
        body: trackOrderRequestSchema,
        response: {
          200: orderDetailAnswer,
          400: orderErrorResponse,
          404: messageAnswerSchema,
          429: messageAnswerSchema,
        },
      },
    },
    async (req, reply) => {
      const key = trackingKeyOf(req.body);
      if (key === 'email required') {
        const message = ORDER_MESSAGES.trackEmailRequired;
        throw new HttpError(400, message, [{ field: 'email', message }]);
      }
      if (key === null) throw new HttpError(404, ORDER_MESSAGES.notFound);
      if ('orderNumber' in key) await orderNumberLimit(req, reply, key.orderNumber);
      const order = await findTrackedOrder(app.db, key, (await req.member())?.userId ?? null);
      if (!order) throw new HttpError(404, ORDER_MESSAGES.notFound);
      return { data: order };
    },
  );

  app.get(
    '/orders-detail',
    {
      config: lookupLimit,
      schema: {
        tags,
        summary: 'One order by its public id (order details page)',
        querystring: orderDetailQuerySchema,
        response: {
          200: orderDetailAnswer,
          400: orderErrorResponse,
          404: messageAnswerSchema,
          429: messageAnswerSchema,
        },
      },
    },
    async (req) => {
      const order = await findOrderByPublicId(app.db, req.query.id, (await req.member())?.userId ?? null);
      if (!order) throw new HttpError(404, ORDER_MESSAGES.notFound);
      return { data: order };
    },
  );
  const publicIdParams = z.object({ publicId: z.string().max(200) });

  app.post(
    '/orders/:publicId/confirmation',
    {
      config: lookupLimit,
      schema: {
        tags,
        summary: "The order just placed, for the thank-you page (with the place-order answer's pass)",
        description:
          "`pass` is the place-order answer's `order_pass` (a day); the order's owner signed in needs none. Answers " +
          "the order with the buyer's name, email and phone, and `account`: none (the email has no account), " +
          'exists (it has one: sign in) or owner (the order is in an account). 403 without a valid pass (decision 0056).',
        params: publicIdParams,
        body: orderConfirmationRequestSchema,
        response: {
          200: orderConfirmationResponseSchema,
          400: orderErrorResponse,
          403: messageAnswerSchema,
          404: messageAnswerSchema,
          429: messageAnswerSchema,
        },
      },
    },
    async (req) =>
      readOrderConfirmation(app.db, req.params.publicId, req.body.pass, (await req.member())?.userId ?? null),
  );

  app.post(
    '/orders/:publicId/account',
    {
      // As many as sign-up allows: it makes an account.
      config: { rateLimit: perMinute(10) },
      schema: {
        tags,
        summary:
          'Create an account with a guest order: a password for its email; the order joins it; signs in',
        description:
          "`pass` is the place-order answer's `order_pass`. The account takes the order's name, email and phone; " +
          'only this order joins it (decision 0056). 409 when the order is already in an account or an account ' +
          'has its email (sign in instead); 403 without a valid pass.',
        params: publicIdParams,
        body: accountFromOrderRequestSchema,
        response: {
          200: accountFromOrderResponseSchema,
          400: orderErrorResponse,
          403: messageAnswerSchema,
          404: messageAnswerSchema,
          409: messageAnswerSchema,
          429: messageAnswerSchema,
        },
      },
    },
    async (req) => ({
      ...(await createAccountFromOrder(app.db, req.params.publicId, req.body)),
      message: ORDER_CONFIRMATION_MESSAGES.accountCreated,
    }),
  );
};

export default orderRoutes;
