/**
 * Tax invoices and adjustment notes as PDFs (issue 18 §3, decision 0036), keyed by the order's public id:
 * `GET /api/orders/{public id}/tax-invoice`, `GET /api/orders/{public id}/adjustment-notes` (a list)
 * and `GET /api/orders/{public id}/adjustment-notes/{ADJ-000007}`. The public id alone is not enough (issue 43 §5,
 * decision 0044): each answers the order's owner signed in (member bearer), staff (back-office bearer), or a signed
 * link (`?expires=…&signature=…`, order-document-links.ts); anyone else gets 403 with what to do instead.
 * `POST /api/orders/{public id}/document-links` answers signed links to the owner, staff, or whoever gives the
 * order's email in its body. Rate-limited like the other order lookups; answered `private, no-store`. Unknown ids
 * are 404 and unpaid orders 409, as JSON messages.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswerSchema } from '@store/shared/error-answers';
import { centsToDecimalString } from '@store/shared/money';
import {
  adjustmentNoteLinkSchema,
  orderDocumentLinksRequestSchema,
  orderDocumentLinksSchema,
} from '@store/shared/order-documents';
import {
  TAX_INVOICE_MESSAGES as M,
  SIGNED_LINK_EXPIRES_PARAM,
  SIGNED_LINK_SIGNATURE_PARAM,
  adjustmentNotePath,
  formatAdjustmentNoteNumber,
  formatTaxInvoiceNumber,
  parseAdjustmentNoteNumber,
  taxInvoicePath,
} from '@store/shared/tax-invoice';
import type { Database } from '../../db/client';
import { orderLineItems, orders } from '../../db/schema';
import { bearerToken } from '../accounts/authentication';
import { HttpError } from '../../plugins/error-handling';
import { perMinute } from '../../plugins/rate-limit';
import { requireStaff } from '../admin/require-staff';
import { listAdjustmentNotes, type AdjustmentNoteRow } from './issue-adjustment-note';
import { issueTaxInvoice, type TaxInvoiceRow } from './issue-tax-invoice';
import {
  PAGE_LINK_TTL_SECONDS,
  checkSignedLink,
  linkExpiry,
  signDocumentPath,
  type OrderDocumentName,
} from './order-document-links';
import { renderAdjustmentNotePdf, renderTaxInvoicePdf } from './render-tax-invoice-pdf';
import { refundedLinesOf, refundIdOfSource } from './refunded-lines';

/** Public ids are letters and digits (generatePublicOrderId); anything else cannot match one. */
const PUBLIC_ID_SHAPE = /^[A-Za-z0-9]{16,64}$/;
/** Documents a PDF answer (the body is the file's bytes, which fastify sends without serialising). */
const pdfAnswer = z
  .string()
  .meta({ format: 'binary' })
  .describe('The PDF (application/pdf), as an attachment');
const orderParams = z.object({ publicId: z.string().max(200) });
const noteParams = orderParams.extend({ number: z.string().max(40) });
/** A signed link's parameters (decision 0044); without them the caller's bearer must prove the right. */
const signedQuery = z.object({
  [SIGNED_LINK_EXPIRES_PARAM]: z.string().max(20).optional(),
  [SIGNED_LINK_SIGNATURE_PARAM]: z.string().max(200).optional(),
});
const adjustmentNoteListSchema = z.object({ data: z.array(adjustmentNoteLinkSchema) });
const refusals = { 403: messageAnswerSchema, 404: messageAnswerSchema, 429: messageAnswerSchema };

type OrderRow = typeof orders.$inferSelect;

/** The order with this public id, or HttpError 404 (the same answer for a malformed id). */
async function orderOf(db: Database, publicId: string) {
  const [order] = PUBLIC_ID_SHAPE.test(publicId)
    ? await db.select().from(orders).where(eq(orders.publicId, publicId)).limit(1)
    : [];
  if (!order) throw new HttpError(404, M.notFound);
  return order;
}

/** Sends `pdf` as a download named `fileName`, never stored by a browser or proxy cache. */
function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pdf);
}

/**
 * Whether the request's bearer is the order's owner (a member's order, never a guest's: user 0) or a staff member
 * the back office admits (requireStaff's rules: role, password changed, two-step set up). Database failures throw.
 */
async function isOwnerOrStaff(app: FastifyInstance, req: FastifyRequest, order: OrderRow): Promise<boolean> {
  if (!bearerToken(req.headers.authorization)) return false;
  const member = await req.member();
  if (member) return order.userId !== 0 && member.userId === order.userId;
  try {
    await requireStaff(app)(req);
    return true;
  } catch (err) {
    if (err instanceof HttpError) return false;
    throw err;
  }
}

/**
 * Throws HttpError 403 unless the request may read `document` of `order` (decision 0044): a valid signed link for
 * exactly that order and document, or the owner's or staff's bearer. An expired true link says so.
 */
async function authorise(
  app: FastifyInstance,
  req: FastifyRequest,
  query: z.infer<typeof signedQuery>,
  order: OrderRow,
  document: OrderDocumentName,
): Promise<void> {
  const expires = query[SIGNED_LINK_EXPIRES_PARAM];
  const signature = query[SIGNED_LINK_SIGNATURE_PARAM];
  const link =
    expires === undefined && signature === undefined
      ? null
      : await checkSignedLink(app.db, order.publicId, document, expires, signature);
  if (link === 'valid' || (await isOwnerOrStaff(app, req, order))) return;
  throw new HttpError(403, link === 'expired' ? M.linkExpired : M.forbidden);
}

/** The notes as listed, each with a link signed until `expires` (seconds since 1970). */
function noteLinks(
  db: Database,
  order: OrderRow,
  invoice: TaxInvoiceRow,
  notes: readonly AdjustmentNoteRow[],
  expires: number,
) {
  return Promise.all(
    notes.map(async (n) => {
      const number = formatAdjustmentNoteNumber(n.number);
      return {
        number,
        kind: n.kind,
        tax_invoice_number: formatTaxInvoiceNumber(invoice.number),
        issued_at: n.issuedAt.toISOString(),
        amount: centsToDecimalString(n.amountCents),
        gst: centsToDecimalString(n.gstCents),
        url: await signDocumentPath(
          db,
          adjustmentNotePath(order.publicId, number),
          order.publicId,
          number,
          expires,
        ),
      };
    }),
  );
}

/** Emails compare as their owner typed them, trimmed, ignoring case (as sign-in and return forms do). */
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const taxInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['orders'];
  const config = { rateLimit: perMinute(app.config.rateLimits.orderLookupsPerMinute) };
  const taxConfig = { mailFrom: app.config.mailFrom };
  const who =
    "For the order's owner signed in (member bearer), staff (back-office bearer) or a signed link " +
    '(expires, signature: from the confirmation mail or POST …/document-links); 403 otherwise (decision 0044).';

  app.get(
    '/orders/:publicId/tax-invoice',
    {
      config,
      schema: {
        tags,
        summary: "An order's tax invoice as a PDF download (application/pdf), by the order's public id",
        description:
          'Issued once per paid order (number TI-000123, decision 0036). A store with GST 0% issues an "Invoice" ' +
          `without GST. ${who} 404 for an unknown id, 409 while the order is not paid.`,
        params: orderParams,
        querystring: signedQuery,
        response: { 200: pdfAnswer, ...refusals, 409: messageAnswerSchema },
      },
    },
    async (req, reply) => {
      const order = await orderOf(app.db, req.params.publicId);
      await authorise(app, req, req.query, order, 'tax-invoice');
      const invoice = await issueTaxInvoice(app.db, order.id, taxConfig);
      if (!invoice) throw new HttpError(409, M.notPaid);
      const [items, notes] = await Promise.all([
        app.db
          .select()
          .from(orderLineItems)
          .where(eq(orderLineItems.orderId, order.id))
          .orderBy(asc(orderLineItems.id)),
        listAdjustmentNotes(app.db, order.id),
      ]);
      const pdf = await renderTaxInvoicePdf({ invoice, order, items, notes });
      return sendPdf(reply as FastifyReply, pdf, `tax-invoice-${formatTaxInvoiceNumber(invoice.number)}.pdf`);
    },
  );

  app.get(
    '/orders/:publicId/adjustment-notes',
    {
      config,
      schema: {
        tags,
        summary:
          "An order's adjustment notes (refunds, cancellation), oldest first, with signed addresses of their PDFs",
        description: who,
        params: orderParams,
        querystring: signedQuery,
        response: { 200: adjustmentNoteListSchema, ...refusals },
      },
    },
    async (req, reply) => {
      const order = await orderOf(app.db, req.params.publicId);
      await authorise(app, req, req.query, order, 'adjustment-notes');
      const invoice = await issueTaxInvoice(app.db, order.id, taxConfig);
      const notes = invoice ? await listAdjustmentNotes(app.db, order.id) : [];
      reply.header('cache-control', 'private, no-store');
      return {
        data: invoice
          ? await noteLinks(app.db, order, invoice, notes, linkExpiry(PAGE_LINK_TTL_SECONDS))
          : [],
      };
    },
  );

  app.get(
    '/orders/:publicId/adjustment-notes/:number',
    {
      config,
      schema: {
        tags,
        summary:
          'One adjustment note as a PDF download (application/pdf), e.g. …/adjustment-notes/ADJ-000007',
        description: who,
        params: noteParams,
        querystring: signedQuery,
        response: { 200: pdfAnswer, ...refusals },
      },
    },
    async (req, reply) => {
      const order = await orderOf(app.db, req.params.publicId);
      const wanted = parseAdjustmentNoteNumber(req.params.number);
      // Signed for the note's canonical number; anything that is not one can open nothing.
      await authorise(app, req, req.query, order, wanted === null ? '' : formatAdjustmentNoteNumber(wanted));
      const invoice = await issueTaxInvoice(app.db, order.id, taxConfig);
      const note = invoice
        ? (await listAdjustmentNotes(app.db, order.id)).find((n) => n.number === wanted)
        : undefined;
      if (!invoice || !note) throw new HttpError(404, M.noteNotFound);
      const refundId = refundIdOfSource(note.source);
      const refunded = refundId === null ? undefined : await refundedLinesOf(app.db, refundId);
      const pdf = await renderAdjustmentNotePdf({ note, invoice, order, refunded });
      return sendPdf(
        reply as FastifyReply,
        pdf,
        `adjustment-note-${formatAdjustmentNoteNumber(note.number)}.pdf`,
      );
    },
  );

  app.post(
    '/orders/:publicId/document-links',
    {
      config,
      schema: {
        tags,
        summary: "Signed links to an order's tax invoice and adjustment notes, valid for a day",
        description:
          "For the order's owner signed in, staff, or whoever gives the order's email in the body (never in the " +
          'address). 403 with a message for a missing or wrong email, 404 for an unknown order (decision 0044).',
        params: orderParams,
        body: orderDocumentLinksRequestSchema,
        response: { 200: orderDocumentLinksSchema, 400: messageAnswerSchema, ...refusals },
      },
    },
    async (req, reply) => {
      const order = await orderOf(app.db, req.params.publicId);
      const email = req.body.email ?? '';
      const byEmail = email !== '' && sameEmail(email, order.email);
      if (!byEmail && !(await isOwnerOrStaff(app, req, order))) {
        throw new HttpError(403, email === '' ? M.emailRequired : M.emailMismatch);
      }
      const expires = linkExpiry(PAGE_LINK_TTL_SECONDS);
      const invoice = await issueTaxInvoice(app.db, order.id, taxConfig);
      const notes = invoice ? await listAdjustmentNotes(app.db, order.id) : [];
      reply.header('cache-control', 'private, no-store');
      return {
        data: {
          tax_invoice: invoice
            ? {
                number: formatTaxInvoiceNumber(invoice.number),
                url: await signDocumentPath(
                  app.db,
                  taxInvoicePath(order.publicId),
                  order.publicId,
                  'tax-invoice',
                  expires,
                ),
              }
            : null,
          adjustment_notes: invoice ? await noteLinks(app.db, order, invoice, notes, expires) : [],
          expires_at: new Date(expires * 1000).toISOString(),
        },
      };
    },
  );
};

export default taxInvoiceRoutes;
