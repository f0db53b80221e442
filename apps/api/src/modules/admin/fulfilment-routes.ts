/**
 * The warehouse's back-office calls (issue 36 §4, decision 0054), for staff and admins, answered `no-store`:
 * `POST /api/admin/orders/packing-slips` and `POST /api/admin/orders/pick-list` (PDFs of the selected orders),
 * `POST /api/admin/orders/batch-status` (each order moved by the single move's rule, refused ones reported and
 * skipped, each shipped one mailed its notice) and `POST /api/admin/low-stock-report` (the daily report, now).
 * Printing is audited on each order printed; the moves by the moves themselves; the report as `stock.report`.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FULFILMENT_MESSAGES,
  adminBatchStatusAnswerSchema,
  adminBatchStatusRequestSchema,
  fulfilmentOrdersRequestSchema,
  lowStockReportAnswerSchema,
} from '@store/shared/admin-fulfilment';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import type { Database } from '../../db/client';
import { getStoreSettings, storePromisesOfRow } from '../content/content-service';
import { batchMoveOrderStatus } from './batch-move-order-status';
import { pickListOf, readFulfilmentOrders, type FulfilmentOrder } from './fulfilment-documents';
import { sendLowStockReport } from './low-stock-report';
import { recordAudit } from './record-audit';
import { renderPackingSlipsPdf, renderPickListPdf } from './render-fulfilment-pdf';
import { requireStaff, staffOf } from './require-staff';
import { sendShippingNotice } from './send-shipping-notice';

/** Documents a PDF answer (the body is the file's bytes). */
const pdfAnswer = z
  .string()
  .meta({ format: 'binary' })
  .describe('The PDF (application/pdf), as an attachment');

const refusals = {
  400: fieldErrorsAnswerSchema,
  401: messageAnswerSchema,
  403: messageAnswerSchema,
};

/** The PDF as a download named `fileName`, stored by no cache. */
function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .send(pdf);
}

/** One audit row per order printed: who printed which document, so the order's trail shows it. */
async function auditPrinted(db: Database, staffId: number, action: string, printed: FulfilmentOrder[]) {
  await db.transaction(async (tx) => {
    for (const { order } of printed) {
      await recordAudit(tx, {
        staffId,
        action,
        entityType: 'order',
        entityId: order.publicId,
        before: null,
        after: { status: order.status, orders_printed_together: printed.length },
      });
    }
  });
}

/** "2026-12-02" in Sydney, for file names. */
const sydneyDate = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(d);

const fulfilmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const guard = requireStaff(app);
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });

  const storeOf = async () => {
    const s = await getStoreSettings(app.db);
    return {
      name: s.storeName,
      address: s.businessAddress,
      phone: s.phone,
      // The address customers may write to; MAIL_FROM is often a no-reply one, so it is not printed.
      email: s.salesEmail,
      promises: storePromisesOfRow(s),
    };
  };

  app.post(
    '/admin/orders/packing-slips',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Packing slips of the selected orders as one PDF, a page per order (no prices)',
        description:
          'orders: 1 to 100 public ids, printed in that order. Each slip has the store, the order number and date, ' +
          'the ship-to address and every line item (SKU, title, quantity) with a tick box. 404 names ids that ' +
          'match no order (nothing is printed). Audited on each order as order.packing_slip.',
        body: fulfilmentOrdersRequestSchema,
        response: { 200: pdfAnswer, ...refusals, 404: messageAnswerSchema },
      },
    },
    async (req, reply) => {
      const { staff } = staffOf(req);
      const selected = await readFulfilmentOrders(app.db, req.body.orders);
      const pdf = await renderPackingSlipsPdf(await storeOf(), selected);
      await auditPrinted(app.db, staff.id, 'order.packing_slip', selected);
      return sendPdf(reply as FastifyReply, pdf, `packing-slips-${sydneyDate(new Date())}.pdf`);
    },
  );

  app.post(
    '/admin/orders/pick-list',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Pick list of the selected orders as a PDF: their items summed per SKU, grouped by category',
        description:
          'orders: 1 to 100 public ids. One row per SKU with the title, the units to pick and which order numbers ' +
          'need it, grouped by the product category (decision 0054: no stock locations yet). 404 names ids that ' +
          'match no order. Audited on each order as order.pick_list.',
        body: fulfilmentOrdersRequestSchema,
        response: { 200: pdfAnswer, ...refusals, 404: messageAnswerSchema },
      },
    },
    async (req, reply) => {
      const { staff } = staffOf(req);
      const selected = await readFulfilmentOrders(app.db, req.body.orders);
      const rows = await pickListOf(app.db, selected);
      const pdf = await renderPickListPdf(await storeOf(), selected, rows);
      await auditPrinted(app.db, staff.id, 'order.pick_list', selected);
      return sendPdf(reply as FastifyReply, pdf, `pick-list-${sydneyDate(new Date())}.pdf`);
    },
  );

  app.post(
    '/admin/orders/batch-status',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Move several orders at once (e.g. mark shipped, each with its carrier and tracking number)',
        description:
          'moves: 1 to 100 of { order, status, carrier, carrier_name, tracking_number, note }, each order once, ' +
          'each with the single move\'s rules (shipped needs carrier and tracking number; carrier "Other" needs ' +
          'carrier_name). Each order is moved in its own transaction under its lock by the one transition rule; ' +
          'a move that is not allowed is reported in results with its reason and skipped, the others are done ' +
          '(200 either way). Each order shipped gets the shipping notice mail.',
        body: adminBatchStatusRequestSchema,
        response: { 200: adminBatchStatusAnswerSchema, ...refusals },
      },
    },
    async (req) => {
      const { staff } = staffOf(req);
      const { results, moved } = await batchMoveOrderStatus(app.db, req.body.moves, staff.id, app.config);
      for (const order of moved) sendShippingNotice(app, order);
      return {
        message: FULFILMENT_MESSAGES.batchMoved(moved.length, results.length),
        moved: moved.length,
        results,
      };
    },
  );

  app.post(
    '/admin/low-stock-report',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Send the low-stock report to the store now (the daily report, on demand)',
        description:
          "Mails every product at or below its reorder level to the store's sales address (sales_email, else " +
          "MAIL_FROM); sends nothing when nothing is low. Does not count as the day's scheduled report. Audited " +
          'as stock.report.',
        response: { 200: lowStockReportAnswerSchema, 401: messageAnswerSchema, 403: messageAnswerSchema },
      },
    },
    async (req) => {
      const { staff } = staffOf(req);
      const { products, to } = await sendLowStockReport(app);
      await recordAudit(app.db, {
        staffId: staff.id,
        action: 'stock.report',
        entityType: 'catalog',
        entityId: 'low-stock',
        before: null,
        after: { products, sent: products > 0 },
      });
      return products === 0
        ? { message: FULFILMENT_MESSAGES.lowStockNothing, sent: false, products }
        : { message: FULFILMENT_MESSAGES.lowStockSent(products, to), sent: true, products };
    },
  );
};

export default fulfilmentRoutes;
