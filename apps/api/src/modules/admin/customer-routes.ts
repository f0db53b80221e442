/**
 * The back office's customers, contact messages and newsletter subscribers (issue 12).
 * Admins only: `GET /api/admin/customers`, `GET /api/admin/customers/{id}` (with its audit trail),
 * `PUT` / `DELETE /api/admin/customers/{id}/membership-plans/{planId}` (grant / remove a plan, issue 34 §4),
 * `GET /api/admin/subscribers`, `GET /api/admin/subscribers.csv` (the active subscribers as a CSV download).
 * Staff and admins: `GET /api/admin/messages`, `POST /api/admin/messages/{id}/handled`.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import {
  ADMIN_CUSTOMER_MESSAGES as M,
  adminCustomerAnswerSchema,
  adminCustomerPlanChangeSchema,
  adminCustomerListQuerySchema,
  adminCustomerListSchema,
  adminMessageHandledSchema,
  adminMessageListQuerySchema,
  adminMessageListSchema,
  adminMessageRowSchema,
  adminSubscriberListQuerySchema,
  adminSubscriberListSchema,
  subscribersCsvFileName,
} from '@store/shared/admin-customers';
import { HttpError } from '../../plugins/error-handling';
import {
  getAdminCustomer,
  listAdminCustomers,
  listAdminMessages,
  listAdminSubscribers,
  setCustomerPlan,
  setMessageHandled,
  subscribersCsv,
} from './admin-customers';
import { auditTrail } from './record-audit';
import { requireStaff, staffOf } from './require-staff';

/** Any text: what is not a row id is answered 404, like an id nobody has. */
const params = z.object({ id: z.string().max(200) });
const planParams = params.extend({ planId: z.string().max(200) });
const guarded = { 401: messageAnswerSchema, 403: messageAnswerSchema };

/** A row id from its path segment; anything else is `notFound` (404). */
function rowId(text: string, notFound: string): number {
  if (!/^[1-9]\d{0,8}$/.test(text)) throw new HttpError(404, notFound);
  return Number(text);
}

const adminCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const adminsOnly = requireStaff(app, { roles: ['admin'] });
  const staffAndAdmins = requireStaff(app);
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/admin/customers',
    {
      preHandler: adminsOnly,
      schema: {
        tags,
        summary:
          'Customers (admins only): members with orders count, total spent and last order; searched by name or email',
        querystring: adminCustomerListQuerySchema,
        response: { 200: adminCustomerListSchema, 400: fieldErrorsAnswerSchema, ...guarded },
      },
    },
    async (req) => listAdminCustomers(app.db, req.query),
  );

  app.get(
    '/admin/customers/:id',
    {
      preHandler: adminsOnly,
      schema: {
        tags,
        summary:
          'One customer (admins only): details, membership plans, saved addresses, orders and the audit trail',
        params,
        response: {
          200: adminCustomerAnswerSchema,
          400: fieldErrorsAnswerSchema,
          ...guarded,
          404: messageAnswerSchema,
        },
      },
    },
    async (req) => customerAnswer(rowId(req.params.id, M.customerNotFound)),
  );

  /** The customer and their trail as they are now; 404 when there is no such customer. */
  async function customerAnswer(id: number) {
    const found = await getAdminCustomer(app.db, id);
    if (!found) throw new HttpError(404, M.customerNotFound);
    return { data: found, audit: await auditTrail(app.db, 'customer', String(id)) };
  }

  // Issue 34 §4: a membership plan is offered at checkout only to the customers who hold it.
  for (const held of [true, false]) {
    app.route({
      method: held ? 'PUT' : 'DELETE',
      url: '/admin/customers/:id/membership-plans/:planId',
      preHandler: adminsOnly,
      schema: {
        tags,
        summary: held
          ? 'Grant a membership plan to a customer (admins only; audited; granting a held plan changes nothing)'
          : 'Remove a membership plan from a customer (admins only; audited; orders already placed keep it)',
        params: planParams,
        response: {
          200: adminCustomerPlanChangeSchema,
          400: fieldErrorsAnswerSchema,
          ...guarded,
          404: messageAnswerSchema,
          ...(held ? { 409: messageAnswerSchema } : {}),
        },
      },
      handler: async (req) => {
        const id = rowId(req.params.id, M.customerNotFound);
        const planId = rowId(req.params.planId, M.planNotFound);
        const { staff } = staffOf(req);
        const { changed, planName } = await setCustomerPlan(app.db, id, planId, held, staff.id);
        const message = held
          ? changed
            ? M.planGranted(planName)
            : M.planAlreadyHeld(planName)
          : changed
            ? M.planRemoved(planName)
            : M.planNotHeld(planName);
        return { message, ...(await customerAnswer(id)) };
      },
    });
  }

  app.get(
    '/admin/messages',
    {
      preHandler: staffAndAdmins,
      schema: {
        tags,
        summary: 'Contact messages: paged, newest first, filtered by handled or unhandled',
        querystring: adminMessageListQuerySchema,
        response: { 200: adminMessageListSchema, 400: fieldErrorsAnswerSchema, ...guarded },
      },
    },
    async (req) => listAdminMessages(app.db, req.query),
  );

  app.post(
    '/admin/messages/:id/handled',
    {
      preHandler: staffAndAdmins,
      schema: {
        tags,
        summary: 'Mark a contact message handled or not handled',
        params,
        body: adminMessageHandledSchema,
        response: {
          200: z.object({ message: z.string(), data: adminMessageRowSchema }),
          400: fieldErrorsAnswerSchema,
          ...guarded,
          404: messageAnswerSchema,
        },
      },
    },
    async (req) => {
      const id = rowId(req.params.id, M.messageNotFound);
      const { staff } = staffOf(req);
      const data = await setMessageHandled(app.db, id, req.body.handled, staff.id);
      return { message: req.body.handled ? M.markedHandled(id) : M.markedNotHandled(id), data };
    },
  );

  app.get(
    '/admin/subscribers',
    {
      preHandler: adminsOnly,
      schema: {
        tags,
        summary:
          'Newsletter subscribers (admins only): email, consent date and source; active ones by default',
        querystring: adminSubscriberListQuerySchema,
        response: { 200: adminSubscriberListSchema, 400: fieldErrorsAnswerSchema, ...guarded },
      },
    },
    async (req) => listAdminSubscribers(app.db, req.query),
  );

  app.get(
    '/admin/subscribers.csv',
    {
      preHandler: adminsOnly,
      schema: {
        tags,
        summary:
          'The active newsletter subscribers as a CSV download (email, consent_at, consent_source; admins only)',
        response: guarded,
      },
    },
    async (_req, reply) => {
      const day = new Date().toLocaleDateString('en-CA', { timeZone: 'Australia/Sydney' });
      // The stream is the body as it is; the typed reply knows only the JSON answers.
      return (reply as FastifyReply)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${subscribersCsvFileName(day)}"`)
        .header('x-content-type-options', 'nosniff')
        .send(subscribersCsv(app.db));
    },
  );
};

export default adminCustomerRoutes;
