/**
 * The back office's exports and sales report (issue 36 §4). Admins only, answered `Cache-Control: no-store`,
 * each download audited ('export.<kind>', entity 'export'):
 * `GET /api/admin/orders.csv` (the orders list's filters: status, payment_status, from, to, q),
 * `GET /api/admin/products.csv`, `GET /api/admin/customers.csv` (members and guest buyers),
 * `GET /api/admin/reports/sales` (the report as JSON: period, totals, by product, by category, by day) and
 * `GET /api/admin/reports/sales.csv?section=totals|products|categories|days`.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transform } from 'node:stream';
import { exportFileName, type ExportKind } from '@store/shared/admin-exports';
import { adminOrderListQuerySchema } from '@store/shared/admin-orders';
import {
  salesReportCsvQuerySchema,
  salesReportQuerySchema,
  salesReportSchema,
  sydneyDay,
} from '@store/shared/admin-reports';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import { adminOrderListCondition } from './admin-orders';
import { csvStream, customersCsv, ordersCsv, productsCsv } from './admin-exports';
import { recordAudit } from './record-audit';
import { requireStaff, staffOf } from './require-staff';
import { REPORT_CSV_COLUMNS, reportSectionRecords, salesReport } from './sales-figures';

const guarded = { 400: fieldErrorsAnswerSchema, 401: messageAnswerSchema, 403: messageAnswerSchema };

/** The orders export's filters: the list's, without paging and sorting. */
const orderExportQuerySchema = adminOrderListQuerySchema.pick({
  status: true,
  payment_status: true,
  from: true,
  to: true,
  q: true,
});

const adminReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const adminsOnly = requireStaff(app, { roles: ['admin'] });
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  /** Audits the download, then sends `body` as `name`. */
  async function sendCsv(
    reply: FastifyReply,
    staffId: number,
    kind: ExportKind | `sales-${string}`,
    filters: Record<string, unknown>,
    body: () => Transform,
  ) {
    const name = exportFileName(kind, sydneyDay());
    await recordAudit(app.db, {
      staffId,
      action: `export.${kind}`,
      entityType: 'export',
      entityId: kind,
      before: null,
      after: { file: name, ...filters },
    });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('x-content-type-options', 'nosniff')
      .send(body());
  }

  app.get(
    '/admin/orders.csv',
    {
      preHandler: adminsOnly,
      schema: {
        tags,
        summary:
          "Orders as CSV for the accountant's BAS (admins only): the list's filters; money and GST per order as charged",
        querystring: orderExportQuerySchema,
        response: guarded,
      },
    },
    async (req, reply) =>
      sendCsv(reply as FastifyReply, staffOf(req).staff.id, 'orders', { ...req.query }, () =>
        ordersCsv(app.db, adminOrderListCondition(req.query)),
      ),
  );

  app.get(
    '/admin/products.csv',
    {
      preHandler: adminsOnly,
      schema: {
        tags,
        summary: 'Every product as CSV (admins only): SKU, title, taxonomy, prices inc. GST, stock, archived',
        response: guarded,
      },
    },
    async (req, reply) =>
      sendCsv(reply as FastifyReply, staffOf(req).staff.id, 'products', {}, () => productsCsv(app.db)),
  );

  app.get(
    '/admin/customers.csv',
    {
      preHandler: adminsOnly,
      schema: {
        tags,
        summary:
          'Customers as CSV (admins only): members and guest buyers, one row per email, with business name and ABN',
        response: guarded,
      },
    },
    async (req, reply) =>
      sendCsv(reply as FastifyReply, staffOf(req).staff.id, 'customers', {}, () => customersCsv(app.db)),
  );

  app.get(
    '/admin/reports/sales',
    {
      preHandler: adminsOnly,
      schema: {
        tags,
        summary:
          'The sales report (admins only): a period of Sydney days, its totals, top products, categories and days',
        description:
          'period: week (from Monday), month, quarter (each to today) or custom (from and to, at most 731 days). ' +
          'Totals are the dashboard figures for the same days.',
        querystring: salesReportQuerySchema,
        response: { 200: salesReportSchema, ...guarded },
      },
    },
    async (req) => salesReport(app.db, req.query),
  );

  app.get(
    '/admin/reports/sales.csv',
    {
      preHandler: adminsOnly,
      schema: {
        tags,
        summary: 'One section of the sales report as CSV (admins only): totals, products, categories or days',
        querystring: salesReportCsvQuerySchema,
        response: guarded,
      },
    },
    async (req, reply) => {
      const { section, ...query } = req.query;
      const report = await salesReport(app.db, query);
      return sendCsv(
        reply as FastifyReply,
        staffOf(req).staff.id,
        `sales-${section}`,
        { period: report.period, from: report.from, to: report.to },
        () =>
          csvStream(
            REPORT_CSV_COLUMNS[section],
            (async function* () {
              yield reportSectionRecords(report, section);
            })(),
          ),
      );
    },
  );
};

export default adminReportRoutes;
