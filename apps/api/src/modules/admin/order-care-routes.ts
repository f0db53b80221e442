/**
 * The back office's care of one order (issue 36 §4), staff and admins alike, each change audited:
 * `GET`/`POST /api/admin/orders/{public id}/notes` (internal notes, newest first; never shown to the customer),
 * `POST /api/admin/orders/{public id}/resend-mail` (the confirmation or shipping notice again, at most once a
 * minute per mail), `GET`/`PUT /api/admin/orders/{public id}/shipping-address` (corrected only before shipping).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADDRESS_CORRECTION_MESSAGES,
  shippingAddressAnswerSchema,
  shippingAddressCorrectionSchema,
} from '@store/shared/admin-address-correction';
import {
  RESEND_MAIL_MESSAGES,
  RESENDABLE_MAIL_LABELS,
  resendMailRequestSchema,
} from '@store/shared/admin-order-mails';
import {
  ORDER_NOTE_MESSAGES,
  orderNoteRequestSchema,
  orderNotesAnswerSchema,
} from '@store/shared/admin-order-notes';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import { correctShippingAddress, readShippingAddress } from './correct-shipping-address';
import { addOrderNote, listOrderNotes } from './order-notes';
import { adminOrderParams as params } from './order-routes';
import { resendOrderMail } from './resend-order-mail';
import { requireStaff, staffOf } from './require-staff';

const refusals = {
  400: fieldErrorsAnswerSchema,
  401: messageAnswerSchema,
  403: messageAnswerSchema,
  404: messageAnswerSchema,
};

const adminOrderCareRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const guard = requireStaff(app);
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/admin/orders/:publicId/notes',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          "An order's internal notes, newest first, with author and time (staff only; never the customer's)",
        params,
        response: { 200: orderNotesAnswerSchema, ...refusals },
      },
    },
    async (req) => ({ data: await listOrderNotes(app.db, req.params.publicId) }),
  );

  app.post(
    '/admin/orders/:publicId/notes',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Add an internal note to an order (audited; never shown to the customer)',
        params,
        body: orderNoteRequestSchema,
        response: { 201: orderNotesAnswerSchema.extend({ message: z.string() }), ...refusals },
      },
    },
    async (req, reply) => {
      const { staff } = staffOf(req);
      await addOrderNote(app.db, req.params.publicId, req.body.body, staff.id);
      return reply.code(201).send({
        message: ORDER_NOTE_MESSAGES.added,
        data: await listOrderNotes(app.db, req.params.publicId),
      });
    },
  );

  app.post(
    '/admin/orders/:publicId/resend-mail',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          "Send the order confirmation or the shipping notice again to the order's email (audited; once a minute per mail)",
        description:
          'mail: order_confirmation (a paid order; "order received" while the payment is pending) or ' +
          'shipping_notice (shipped with a tracking number). 409 when the order has no such mail, or the same ' +
          'mail was resent less than a minute ago. The mail leaves after the answer (202).',
        params,
        body: resendMailRequestSchema,
        response: { 202: z.object({ message: z.string() }), ...refusals, 409: messageAnswerSchema },
      },
    },
    async (req, reply) => {
      const { staff } = staffOf(req);
      const { email } = await resendOrderMail(
        { db: app.db, mail: app.mail, orderMails: app.orderMails, baseUrl: app.config.publicBaseUrl },
        req.params.publicId,
        req.body.mail,
        staff.id,
      );
      return reply
        .code(202)
        .send({ message: RESEND_MAIL_MESSAGES.sent(RESENDABLE_MAIL_LABELS[req.body.mail], email) });
    },
  );

  app.get(
    '/admin/orders/:publicId/shipping-address',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          "An order's shipping address block and whether it can still be corrected (pending or processing)",
        params,
        response: { 200: shippingAddressAnswerSchema, ...refusals },
      },
    },
    async (req) => readShippingAddress(app.db, req.params.publicId),
  );

  app.put(
    '/admin/orders/:publicId/shipping-address',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          "Correct an unshipped order's shipping address (checkout's address rules; audited with an automatic note)",
        description:
          'Only while the order is pending or processing (409 otherwise, decided under the order row lock). ' +
          "The billing details, the order's email and an issued tax invoice are not changed.",
        params,
        body: shippingAddressCorrectionSchema,
        response: {
          200: shippingAddressAnswerSchema.extend({ message: z.string(), changed: z.boolean() }),
          ...refusals,
          409: messageAnswerSchema,
        },
      },
    },
    async (req) => {
      const { staff } = staffOf(req);
      const { changed, invoiceNumber } = await correctShippingAddress(
        app.db,
        req.params.publicId,
        req.body,
        staff.id,
      );
      return {
        message: changed
          ? ADDRESS_CORRECTION_MESSAGES.corrected(invoiceNumber)
          : ADDRESS_CORRECTION_MESSAGES.unchanged,
        changed,
        ...(await readShippingAddress(app.db, req.params.publicId)),
      };
    },
  );
};

export default adminOrderCareRoutes;
