/**
 * The back office's return requests (issue 12), for staff and admins: `GET /api/admin/returns` (paged, newest
 * first, filtered by status, searched by email, name or order reference; `data` and `total`),
 * `GET /api/admin/returns/{id}`, `GET /api/admin/returns/{id}/file` (the customer's file as a download, never
 * rendered), and `POST /api/admin/returns/{id}/approve` / `reject` — one decision per request, mailed to the
 * customer after the answer.
 */
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
  adminReturnReceiveSchema,
  adminReturnRejectSchema,
  adminReturnReplaceSchema,
  raNumberText,
  RETURN_CONDITION_LABELS,
} from '@store/shared/admin-returns';
import { REFUND_STATUS_FAILED } from '@store/shared/admin-orders';
import { formatCents, parseDecimalToCents } from '@store/shared/money';
import { refunds } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { mailStoreOf } from '../mail/mail-store';
import { renderMail } from '../mail/render-mail';
import {
  ReturnStepMail,
  returnStepSubject,
  type ReturnStepMailProps,
} from '../mail/templates/return-step-mail';
import {
  approveReturn,
  getAdminReturn,
  listAdminReturns,
  markReturnRefunded,
  parseReturnId,
  receiveReturn,
  rejectReturn,
  replaceReturn,
  returnFileOf,
  type DecidedReturn,
} from './admin-returns';
import { mailRefundNotice, refundOrder } from './refund-order';
import type { Database } from '../../db/client';
import { adminLineRefundRequestSchema } from '@store/shared/refund-lines';
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
      const file = await returnFileOf(app.db, idOf(req.params.id));
      // Streamed through the store from the private folder or bucket (decision 0061: no signed URL to leak), and
      // opened before any header is sent, so a file that has gone is a clean 404.
      const stored = await app.files.private.stream(file.key);
      if (!stored) throw new HttpError(404, M.fileMissing);
      // The stream is the body as it is; the typed reply knows only the JSON answers.
      return (
        (reply as FastifyReply)
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', attachmentDisposition(file.name))
          .header('content-length', String(stored.size))
          .header('x-content-type-options', 'nosniff')
          // Opened by itself in a tab anyway, the file may run nothing.
          .header('content-security-policy', 'sandbox')
          .send(stored.body)
      );
    },
  );

  /** Mails the customer the step just made (after the answer; the mail service retries and never throws). */
  async function mailStep({ row, order }: DecidedReturn) {
    if (row.status === 'open' || row.status === 'refunded') return;
    const step = row.status;
    const store = await mailStoreOf(app.db, app.config.publicBaseUrl);
    const ra = row.raNumber === null ? null : raNumberText(row.raNumber);
    const common = {
      store,
      fName: row.fName,
      returnId: row.id,
      invoiceNumber: order?.invoiceNumber ?? null,
      ra,
    };
    let props: ReturnStepMailProps;
    if (step === 'received') {
      const detail = await getAdminReturn(app.db, row.id);
      props = {
        ...common,
        step,
        lines: (detail?.lines ?? []).flatMap((l) =>
          l.quantity_received !== null && l.condition !== null
            ? [
                {
                  title: l.product_title,
                  quantity: l.quantity_received,
                  condition: RETURN_CONDITION_LABELS[l.condition],
                },
              ]
            : [],
        ),
      };
    } else if (step === 'rejected') props = { ...common, step, reason: row.decisionNote };
    else props = { ...common, step, note: row.decisionNote };
    app.mail.deliver(
      `return ${step}`,
      renderMail(ReturnStepMail(props)).then((parts) => ({
        to: row.email,
        subject: returnStepSubject(store.name, step, row.id, ra),
        ...parts,
      })),
    );
  }

  /** Runs step `run` in one transaction, mails the customer, and answers the return as it now is. */
  async function step(id: number, run: (tx: Database) => Promise<DecidedReturn>) {
    const done = await app.db.transaction(run);
    await mailStep(done);
    const data = await getAdminReturn(app.db, id);
    if (!data) throw new HttpError(404, M.notFound);
    return { done, data };
  }

  const stepResponses = {
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
          'Approve a requested return: it gets a return authorisation number (RA-000123) and the customer is ' +
          'mailed it with the return instructions (where to send, what to include, the returns window)',
        params,
        body: adminReturnApproveSchema,
        response: stepResponses,
      },
    },
    async (req) => {
      const id = idOf(req.params.id);
      const { staff } = staffOf(req);
      const { done, data } = await step(id, (tx) => approveReturn(tx, id, staff.id, req.body.note ?? ''));
      return { message: M.approvedRa(id, raNumberText(done.row.raNumber ?? 0)), data };
    },
  );

  app.post(
    '/admin/returns/:id/receive',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Record an approved return as received and inspected: per order line, the units that came back and ' +
          'their condition, and a note; the customer is mailed',
        params,
        body: adminReturnReceiveSchema,
        response: stepResponses,
      },
    },
    async (req) => {
      const id = idOf(req.params.id);
      const { staff } = staffOf(req);
      const { data } = await step(id, (tx) => receiveReturn(tx, id, staff.id, req.body));
      return { message: M.receivedDone(id), data };
    },
  );

  app.post(
    '/admin/returns/:id/replace',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Replace a received return: the units received leave the stock as the replacement, and the customer ' +
          'is mailed the note (409 when too few are in stock; nothing is written)',
        params,
        body: adminReturnReplaceSchema,
        response: stepResponses,
      },
    },
    async (req) => {
      const id = idOf(req.params.id);
      const { staff } = staffOf(req);
      const { data } = await step(id, (tx) => replaceReturn(tx, id, staff.id, req.body.note));
      return { message: M.replacedDone(id), data };
    },
  );

  app.post(
    '/admin/returns/:id/refund',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          "Refund a received return through the order's refund by line items (restock per line, delivery, a " +
          "reason); the step is made in the refund's reservation (key return-{id}); the customer is mailed the refund",
        params,
        body: adminLineRefundRequestSchema,
        response: {
          ...stepResponses,
          402: messageAnswerSchema,
          422: messageAnswerSchema,
          502: messageAnswerSchema,
        },
      },
    },
    async (req) => {
      const id = idOf(req.params.id);
      const { staff } = staffOf(req);
      const current = await getAdminReturn(app.db, id);
      if (!current) throw new HttpError(404, M.notFound);
      // A fast answer; the step itself is conditional on the return still being received.
      if (current.status !== 'received') throw new HttpError(409, M.illegalStep(current.status, 'refunded'));
      if (!current.order) throw new HttpError(409, M.noOrder);
      // The step is made in the refund's reservation (one transaction, the order locked), so of two refunds of
      // one return at once, one steps and at most one refund is reserved. A refused refund puts the return back
      // to received (refund-order.ts); each attempt after a refused one gets its own key.
      const refused = await app.db
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.returnId, id), eq(refunds.status, REFUND_STATUS_FAILED)));
      const made: { done?: DecidedReturn } = {};
      const outcome = await refundOrder(
        { db: app.db, payments: app.payments, log: req.log, config: app.config, catalog: app.catalog },
        {
          orderPublicId: current.order.public_id,
          amountCents: 0,
          itemised: {
            lines: req.body.lines.map((l) => ({
              lineId: l.line_id,
              quantity: l.quantity,
              restock: l.restock,
            })),
            shippingCents: parseDecimalToCents(req.body.shipping) ?? 0,
          },
          reason: req.body.reason,
          idempotencyKey:
            refused.length === 0 ? `return-${id}` : `return-${id}-attempt-${refused.length + 1}`,
          staffId: staff.id,
          returnId: id,
        },
        async (tx, refund) => {
          made.done = await markReturnRefunded(tx, id, staff.id, refund.amountCents, req.body.reason);
        },
      );
      // The key's refund was made by an earlier request: this one stepped nothing.
      if (outcome.replayed || !made.done) throw new HttpError(409, M.illegalStep('refunded', 'refunded'));
      mailRefundNotice(
        { db: app.db, payments: app.payments, mail: app.mail, config: app.config },
        outcome,
        current.ra_number,
      );
      const data = await getAdminReturn(app.db, id);
      if (!data) throw new HttpError(404, M.notFound);
      return { message: M.refundedDone(id, formatCents(outcome.refund.amountCents)), data };
    },
  );

  app.post(
    '/admin/returns/:id/reject',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Reject a return (requested, approved or received) with a reason; the customer is mailed the reason',
        params,
        body: adminReturnRejectSchema,
        response: stepResponses,
      },
    },
    async (req) => {
      const id = idOf(req.params.id);
      const { staff } = staffOf(req);
      const { data } = await step(id, (tx) => rejectReturn(tx, id, staff.id, req.body.reason));
      return { message: M.rejected(id), data };
    },
  );
};

export default adminReturnRoutes;
