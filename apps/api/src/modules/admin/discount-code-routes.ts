/**
 * The back office's discount codes (issue 34 §5, decision 0047): `GET /api/admin/discount-codes` (paged, searched
 * by code, filtered active or inactive; `data` and `total`), `GET /api/admin/discount-codes/{id}`,
 * `POST /api/admin/discount-codes` (create), `PUT /api/admin/discount-codes/{id}` (edit every field) and
 * `PATCH /api/admin/discount-codes/{id}/active` (deactivate or activate again). Every change audited. Admins only,
 * as products (decision 0018): a `staff` member gets 403.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import {
  ADMIN_DISCOUNT_CODE_MESSAGES,
  adminDiscountCodeActiveSchema,
  adminDiscountCodeAnswerSchema,
  adminDiscountCodeInputSchema,
  adminDiscountCodeListQuerySchema,
  adminDiscountCodeListSchema,
  adminDiscountCodeSchema,
} from '@store/shared/discount-codes';
import { auditEntrySchema } from '@store/shared/admin';
import { HttpError } from '../../plugins/error-handling';
import {
  createDiscountCode,
  getDiscountCode,
  listDiscountCodes,
  setDiscountCodeActive,
  updateDiscountCode,
} from './admin-discount-codes';
import { auditTrail } from './record-audit';
import { requireStaff, staffOf } from './require-staff';

const M = ADMIN_DISCOUNT_CODE_MESSAGES;
const params = z.object({
  id: z.coerce.number({ error: M.notFound }).int(M.notFound).positive(M.notFound),
});
const refusals = {
  400: fieldErrorsAnswerSchema,
  401: messageAnswerSchema,
  403: messageAnswerSchema,
  404: messageAnswerSchema,
};

const adminDiscountCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const guard = requireStaff(app, { roles: ['admin'] });
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/admin/discount-codes',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Discount codes: paged, newest first, searched by code, filtered active or inactive',
        querystring: adminDiscountCodeListQuerySchema,
        response: { 200: adminDiscountCodeListSchema, ...refusals },
      },
    },
    async (req) => listDiscountCodes(app.db, req.query),
  );

  app.get(
    '/admin/discount-codes/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'One discount code and its audit trail',
        params,
        response: {
          200: z.object({ data: adminDiscountCodeSchema, audit: z.array(auditEntrySchema) }),
          ...refusals,
        },
      },
    },
    async (req) => {
      const code = await getDiscountCode(app.db, req.params.id);
      if (!code) throw new HttpError(404, M.notFound);
      return { data: code, audit: await auditTrail(app.db, 'discount_code', String(code.id)) };
    },
  );

  app.post(
    '/admin/discount-codes',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Create a discount code (audited)',
        body: adminDiscountCodeInputSchema,
        response: { 201: adminDiscountCodeAnswerSchema, ...refusals, 409: fieldErrorsAnswerSchema },
      },
    },
    async (req, reply) => {
      const code = await createDiscountCode(app.db, req.body, staffOf(req).staff.id);
      return reply.code(201).send({ data: code, message: M.created(code.code) });
    },
  );

  app.put(
    '/admin/discount-codes/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Edit a discount code: every field (audited)',
        params,
        body: adminDiscountCodeInputSchema,
        response: { 200: adminDiscountCodeAnswerSchema, ...refusals, 409: fieldErrorsAnswerSchema },
      },
    },
    async (req) => {
      const updated = await updateDiscountCode(app.db, req.params.id, req.body, staffOf(req).staff.id);
      if (!updated) throw new HttpError(404, M.notFound);
      return { data: updated.code, message: M.saved(updated.code.code) };
    },
  );

  app.patch(
    '/admin/discount-codes/:id/active',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Deactivate a discount code, or activate it again (audited)',
        params,
        body: adminDiscountCodeActiveSchema,
        response: { 200: adminDiscountCodeAnswerSchema, ...refusals },
      },
    },
    async (req) => {
      const code = await setDiscountCodeActive(app.db, req.params.id, req.body.active, staffOf(req).staff.id);
      if (!code) throw new HttpError(404, M.notFound);
      return { data: code, message: req.body.active ? M.activated(code.code) : M.deactivated(code.code) };
    },
  );
};

export default adminDiscountCodeRoutes;
