/**
 * The back office's return requests (issue 12), for staff and admins: `GET /api/admin/returns` (paged, newest
 * first, filtered by status, searched by email, name or order reference; `data` and `total`),
 * `GET /api/admin/returns/{id}`, `GET /api/admin/returns/{id}/file` (the customer's file as a download, never
 * rendered), and `POST /api/admin/returns/{id}/approve` / `reject` — one decision per request, mailed to the
 * customer after the answer.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import {
  ADMIN_RETURN_MESSAGES as M,
  adminReturnApproveSchema,
  adminReturnDecisionAnswerSchema,
  adminReturnDetailSchema,
  adminReturnListQuerySchema,
  adminReturnListSchema,
  adminReturnRejectSchema,
} from '@store/shared/admin-returns';
import { REFUND_STATUS_FAILED } from '@store/shared/admin-orders';
import { centsToDecimalString, formatCents, parseDecimalToCents } from '@store/shared/money';
import { refunds } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { mailStoreOf } from '../mail/mail-store';
import { renderMail } from '../mail/render-mail';
import { ReturnDecisionMail, returnDecisionSubject } from '../mail/templates/return-decision-mail';
import {
  decideReturn,
  getAdminReturn,
  listAdminReturns,
  parseReturnId,
  returnFileOf,
  type DecidedReturn,
  type ReturnDecision,
} from './admin-returns';
import { refundOrder } from './refund-order';
import { requireStaff, staffOf } from './require-staff';

/** Any text: what is not a return's id is answered 404, like an id nobody has (a traversal attempt too). */
const params = z.object({ id: z.string().max(200) });

/**
 * `Content-Disposition: attachment` for a name the customer chose (RFC 6266): an ASCII fallback with everything
 * outside plain printable ASCII (and quotes, backslashes, percent signs) replaced, and the full name as
 * `filename*` in UTF-8 percent-encoding.
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_').trim() || 'attachment';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

function idOf(text: string): number {
  const id = parseReturnId(text);
  if (id === null) throw new HttpError(404, M.notFound);
  return id;
}

const adminReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const guard = requireStaff(app);
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/admin/returns',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Return requests: paged, newest first, filtered by status, searched by email, name or order',
        querystring: adminReturnListQuerySchema,
        response: {
          200: adminReturnListSchema,
          400: fieldErrorsAnswerSchema,
          401: messageAnswerSchema,
          403: messageAnswerSchema,
        },
      },
    },
    async (req) => listAdminReturns(app.db, req.query),
  );

  app.get(
    '/admin/returns/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          "One return request: its text, its file's name, type and size, the linked order, the decision",
        params,
        response: {
          200: z.object({ data: adminReturnDetailSchema }),
          400: fieldErrorsAnswerSchema,
          401: messageAnswerSchema,
          403: messageAnswerSchema,
          404: messageAnswerSchema,
        },
      },
    },
    async (req) => {
      const found = await getAdminReturn(app.db, idOf(req.params.id));
      if (!found) throw new HttpError(404, M.notFound);
      return { data: found };
    },
  );

  app.get(
    '/admin/returns/:id/file',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          "A return request's file, as a download (application/octet-stream, attachment; never inline)",
        params,
        response: {
          400: fieldErrorsAnswerSchema,
          401: messageAnswerSchema,
          403: messageAnswerSchema,
          404: messageAnswerSchema,
        },
      },
    },
    async (req, reply) => {
      const file = await returnFileOf(app.db, app.config.privateUploadsDir, idOf(req.params.id));
      // Opened before any header is sent, so a file that has gone is a clean 404.
      const handle = await open(file.path, 'r').catch(() => null);
      if (!handle) throw new HttpError(404, M.fileMissing);
      const { size } = await handle.stat();
      // The stream is the body as it is; the typed reply knows only the JSON answers.
      return (
        (reply as FastifyReply)
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', attachmentDisposition(file.name))
          .header('content-length', String(size))
          .header('x-content-type-options', 'nosniff')
          // Opened by itself in a tab anyway, the file may run nothing.
          .header('content-security-policy', 'sandbox')
          .send(createReadStream('', { fd: handle, autoClose: true }))
      );
    },
  );

  /** Mails the customer the decision (after the answer). */
  async function mailDecision({ row, order }: DecidedReturn) {
    const store = await mailStoreOf(app.db, app.config.publicBaseUrl);
    const common = {
      store,
      fName: row.fName,
      returnId: row.id,
      invoiceNumber: order?.invoiceNumber ?? null,
    };
    const decision = row.status === 'approved' ? 'approved' : 'rejected';
    const mail =
      decision === 'approved'
        ? ReturnDecisionMail({
            ...common,
            decision,
            refund: row.refundCents ? formatCents(row.refundCents) : null,
            note: row.decisionNote,
          })
        : ReturnDecisionMail({ ...common, decision, reason: row.decisionNote });
    app.mail.deliver(
      `return ${decision}`,
      renderMail(mail).then((parts) => ({
        to: row.email,
        subject: returnDecisionSubject(store.name, row.id, decision),
        ...parts,
      })),
    );
  }

  async function decide(id: number, decision: ReturnDecision, staffId: number) {
    const decided = await app.db.transaction((tx) => decideReturn(tx, id, decision, staffId));
    await mailDecision(decided);
    const data = await getAdminReturn(app.db, id);
    if (!data) throw new HttpError(404, M.notFound);
    return { decided, data };
  }

  const decisionResponses = {
    200: adminReturnDecisionAnswerSchema,
    400: fieldErrorsAnswerSchema,
    401: messageAnswerSchema,
    403: messageAnswerSchema,
    404: messageAnswerSchema,
    409: messageAnswerSchema,
  };

  app.post(
    '/admin/returns/:id/approve',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Approve an open return request with the refund amount in dollars (0 for none): a linked order is ' +
          'refunded through its payment provider, the decision made with the refund reserved (key return-{id}); ' +
          'the customer is mailed',
        params,
        body: adminReturnApproveSchema,
        response: {
          ...decisionResponses,
          402: messageAnswerSchema,
          422: messageAnswerSchema,
          502: messageAnswerSchema,
        },
      },
    },
    async (req) => {
      const id = idOf(req.params.id);
      const refundCents = parseDecimalToCents(req.body.refund_amount);
      if (refundCents === null) throw new HttpError(400, M.refundAmount);
      const { staff } = staffOf(req);
      const current = await getAdminReturn(app.db, id);
      if (!current) throw new HttpError(404, M.notFound);
      // A fast answer for a decided request; the decision itself is conditional on the request being open.
      if (current.status !== 'open') throw new HttpError(409, M.alreadyDecided(current.status));
      const decision: ReturnDecision = { status: 'approved', refundCents, note: req.body.note ?? '' };
      if (!current.order || refundCents === 0) {
        const { data } = await decide(id, decision, staff.id);
        return { message: M.approved(id, centsToDecimalString(refundCents)), data };
      }
      // The decision is made in the refund's reservation (one transaction, the order locked), so of two
      // approvals, or an approval and a rejection, at once, one decides and at most one refund is reserved.
      // A refused refund reopens the request (refund-order.ts); an unanswered one leaves it approved with its
      // refund pending until reconciliation settles it. Each attempt after a refused one gets its own key.
      const refused = await app.db
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.returnId, id), eq(refunds.status, REFUND_STATUS_FAILED)));
      const made: { decided?: DecidedReturn } = {};
      try {
        const outcome = await refundOrder(
          // `config` (no `mail`): MAIL_FROM for a tax invoice the refund's adjustment note may issue.
          { db: app.db, payments: app.payments, log: req.log, config: app.config },
          {
            orderPublicId: current.order.public_id,
            amountCents: refundCents,
            reason: `Return #${id}`,
            idempotencyKey:
              refused.length === 0 ? `return-${id}` : `return-${id}-attempt-${refused.length + 1}`,
            staffId: staff.id,
            returnId: id,
          },
          async (tx) => {
            made.decided = await decideReturn(tx, id, decision, staff.id);
          },
        );
        // The key's refund was made by an earlier approval: this one decided nothing.
        if (outcome.replayed || !made.decided) throw new HttpError(409, M.alreadyDecided('approved'));
      } catch (err) {
        // refundOrder names its field `amount`; here it is `refund_amount`.
        if (err instanceof HttpError && err.statusCode === 400) {
          throw new HttpError(400, err.message, [{ field: 'refund_amount', message: err.message }]);
        }
        throw err;
      }
      if (made.decided) await mailDecision(made.decided);
      const data = await getAdminReturn(app.db, id);
      if (!data) throw new HttpError(404, M.notFound);
      return { message: M.approved(id, centsToDecimalString(refundCents)), data };
    },
  );

  app.post(
    '/admin/returns/:id/reject',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Reject an open return request with a reason; the customer is mailed the reason',
        params,
        body: adminReturnRejectSchema,
        response: decisionResponses,
      },
    },
    async (req) => {
      const id = idOf(req.params.id);
      const { staff } = staffOf(req);
      const { data } = await decide(id, { status: 'rejected', reason: req.body.reason }, staff.id);
      return { message: M.rejected(id), data };
    },
  );
};

export default adminReturnRoutes;
