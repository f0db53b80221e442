/**
 * Tax invoices and adjustment notes as PDFs (issue 18 §3, decision 0036), keyed by the order's public id as order
 * tracking is: `GET /api/orders/{public id}/tax-invoice`, `GET /api/orders/{public id}/adjustment-notes` (a list)
 * and `GET /api/orders/{public id}/adjustment-notes/{ADJ-000007}`. Rate-limited like the other order lookups;
 * answered `private, no-store` as downloads. Unknown ids are 404 and unpaid orders 409, as JSON messages.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { centsToDecimalString } from '@store/shared/money';
import {
  TAX_INVOICE_MESSAGES as M,
  formatAdjustmentNoteNumber,
  formatTaxInvoiceNumber,
  parseAdjustmentNoteNumber,
  taxInvoicePath,
} from '@store/shared/tax-invoice';
import type { Database } from '../../db/client';
import { orderLineItems, orders } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { perMinute } from '../../plugins/rate-limit';
import { listAdjustmentNotes } from './issue-adjustment-note';
import { issueTaxInvoice } from './issue-tax-invoice';
import { renderAdjustmentNotePdf, renderTaxInvoicePdf } from './render-tax-invoice-pdf';

/** Public ids are letters and digits (generatePublicOrderId); anything else cannot match one. */
const PUBLIC_ID_SHAPE = /^[A-Za-z0-9]{16,64}$/;
const messageSchema = z.object({ message: z.string() });
/** Documents a PDF answer (the body is the file's bytes, which fastify sends without serialising). */
const pdfAnswer = z
  .string()
  .meta({ format: 'binary' })
  .describe('The PDF (application/pdf), as an attachment');
const orderParams = z.object({ publicId: z.string().max(200) });
const noteParams = orderParams.extend({ number: z.string().max(40) });
const adjustmentNoteListSchema = z.object({
  data: z.array(
    z.object({
      number: z.string(),
      kind: z.enum(['refund', 'cancellation']),
      tax_invoice_number: z.string(),
      issued_at: z.string(),
      amount: z.string(),
      gst: z.string(),
      url: z.string(),
    }),
  ),
});

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

const taxInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['orders'];
  const config = { rateLimit: perMinute(app.config.rateLimits.orderLookupsPerMinute) };
  const taxConfig = { storeAbn: app.config.storeAbn, mailFrom: app.config.mailFrom };

  app.get(
    '/orders/:publicId/tax-invoice',
    {
      config,
      schema: {
        tags,
        summary: "An order's tax invoice as a PDF download (application/pdf), by the order's public id",
        description:
          'Issued once per paid order (number TI-000123, decision 0036). A store with GST 0% issues an "Invoice" ' +
          'without GST. 404 for an unknown id, 409 while the order is not paid.',
        params: orderParams,
        response: { 200: pdfAnswer, 404: messageSchema, 409: messageSchema, 429: messageSchema },
      },
    },
    async (req, reply) => {
      const order = await orderOf(app.db, req.params.publicId);
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
          "An order's adjustment notes (refunds, cancellation), oldest first, with their PDF addresses",
        params: orderParams,
        response: { 200: adjustmentNoteListSchema, 404: messageSchema, 429: messageSchema },
      },
    },
    async (req, reply) => {
      const order = await orderOf(app.db, req.params.publicId);
      const invoice = await issueTaxInvoice(app.db, order.id, taxConfig);
      const notes = invoice ? await listAdjustmentNotes(app.db, order.id) : [];
      reply.header('cache-control', 'private, no-store');
      return {
        data: notes.map((n) => ({
          number: formatAdjustmentNoteNumber(n.number),
          kind: n.kind,
          tax_invoice_number: invoice ? formatTaxInvoiceNumber(invoice.number) : '',
          issued_at: n.issuedAt.toISOString(),
          amount: centsToDecimalString(n.amountCents),
          gst: centsToDecimalString(n.gstCents),
          url: `${taxInvoicePath(order.publicId).replace(/tax-invoice$/, 'adjustment-notes')}/${formatAdjustmentNoteNumber(n.number)}`,
        })),
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
        params: noteParams,
        response: { 200: pdfAnswer, 404: messageSchema, 429: messageSchema },
      },
    },
    async (req, reply) => {
      const order = await orderOf(app.db, req.params.publicId);
      const wanted = parseAdjustmentNoteNumber(req.params.number);
      const invoice = await issueTaxInvoice(app.db, order.id, taxConfig);
      const note = invoice
        ? (await listAdjustmentNotes(app.db, order.id)).find((n) => n.number === wanted)
        : undefined;
      if (!invoice || !note) throw new HttpError(404, M.noteNotFound);
      const pdf = await renderAdjustmentNotePdf({ note, invoice, order });
      return sendPdf(
        reply as FastifyReply,
        pdf,
        `adjustment-note-${formatAdjustmentNoteNumber(note.number)}.pdf`,
      );
    },
  );
};

export default taxInvoiceRoutes;
