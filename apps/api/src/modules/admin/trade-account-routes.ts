/**
 * The back office's trade accounts (issue 39 §6; decision 0066), admins only (money: limits, payments, prices):
 * - applications: `GET /api/admin/trade-applications?status=` (pending first, newest first, with the ABR check),
 *   `POST /api/admin/trade-accounts/{id}/decision` (approve with lists, limit, terms; or decline with a reason);
 * - accounts: `GET /api/admin/trade-accounts?search=&status=`, `GET /api/admin/trade-accounts/{id}` (the account as
 *   its users read it, the application, the ledger), `PATCH /api/admin/trade-accounts/{id}`;
 * - payments: `POST /api/admin/trade-accounts/{id}/payments`; ageing: `GET /api/admin/trade-ageing`;
 * - statements: `GET /api/admin/trade-accounts/{id}/statements/{month}` (PDF), `POST …/{month}/mail`;
 * - price lists: `GET|POST /api/admin/price-lists`, `GET|PUT|DELETE /api/admin/price-lists/{id}`,
 *   `GET /api/admin/price-lists/targets`, `GET /api/admin/price-lists/preview`.
 * Every change is audited (entity `trade_account` or `price_list`).
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntrySchema } from '@store/shared/admin';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import {
  adminAgeingReportSchema,
  adminTradeAccountAnswerSchema,
  adminTradeAccountDetailSchema,
  adminTradeAccountListSchema,
  adminTradeApplicationListSchema,
  priceListAnswerSchema,
  priceListListSchema,
  priceListPreviewQuerySchema,
  priceListPreviewSchema,
  priceListRequestSchema,
  priceListSchema,
  priceRuleTargetQuerySchema,
  priceRuleTargetsSchema,
  statementMonthSchema,
  TRADE_ACCOUNT_STATUSES,
  TRADE_ADMIN_MESSAGES as A,
  TRADE_MESSAGES,
  tradeAccountUpdateSchema,
  tradeDecisionRequestSchema,
  tradePaymentRequestSchema,
} from '@store/shared/trade-accounts';
import {
  decideTradeApplication,
  listTradeAccounts,
  listTradeApplications,
  recordTradePayment,
  tradeAccountDetail,
  tradeAgeingReport,
  updateTradeAccount,
} from '../trade/admin-trade-accounts';
import {
  createPriceList,
  deletePriceList,
  getPriceList,
  listPriceLists,
  previewPrice,
  priceRuleTargets,
  replacePriceList,
} from '../trade/admin-price-lists';
import { renderStatementPdf } from '../trade/render-statement-pdf';
import { sendStatement } from '../trade/statement-schedule';
import { auditTrail } from './record-audit';
import { requireStaff, staffOf } from './require-staff';

const idParams = z.object({
  id: z.coerce.number({ error: A.accountNotFound }).int(A.accountNotFound).positive(A.accountNotFound),
});
const listParams = z.object({
  id: z.coerce.number({ error: A.priceListNotFound }).int(A.priceListNotFound).positive(A.priceListNotFound),
});
const statementParams = idParams.extend({ month: statementMonthSchema });
const pdfAnswer = z
  .string()
  .meta({ format: 'binary' })
  .describe('The PDF (application/pdf), as an attachment');
const refusals = {
  400: fieldErrorsAnswerSchema,
  401: messageAnswerSchema,
  403: messageAnswerSchema,
  404: messageAnswerSchema,
};

const tradeAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const guard = requireStaff(app, { roles: ['admin'] });
  const mails = () => ({ db: app.db, mail: app.mail, config: app.config });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/admin/trade') || req.url.startsWith('/api/admin/price-lists'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
  const detail = async (id: number, message: string) => ({
    data: await tradeAccountDetail(app.db, id),
    message,
  });

  app.get(
    '/admin/trade-applications',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Trade applications: pending first, newest first, with what the ABR said of the ABN',
        querystring: z.object({ status: z.enum(TRADE_ACCOUNT_STATUSES).optional() }),
        response: { 200: adminTradeApplicationListSchema, ...refusals },
      },
    },
    async (req) => ({ data: await listTradeApplications(app.db, req.query.status) }),
  );

  app.post(
    '/admin/trade-accounts/:id/decision',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Approve a pending application (price lists, credit limit, terms) or decline it with a reason',
        description:
          'The account row is locked first: of two decisions at once one wins, the other gets 409. The applicant ' +
          '(owner and accounts email) is mailed either way; approving shows the account users prices ex. GST.',
        params: idParams,
        body: tradeDecisionRequestSchema,
        response: { 200: adminTradeAccountAnswerSchema, ...refusals, 409: messageAnswerSchema },
      },
    },
    async (req) => {
      const message = await decideTradeApplication(
        app.db,
        mails(),
        req.params.id,
        req.body,
        staffOf(req).staff.id,
      );
      return detail(req.params.id, message);
    },
  );

  app.get(
    '/admin/trade-accounts',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Trade accounts (approved and on hold unless a status is asked) with balance, overdue and ageing',
        querystring: z.object({
          search: z.string().trim().max(120).optional(),
          status: z.enum(TRADE_ACCOUNT_STATUSES).optional(),
        }),
        response: { 200: adminTradeAccountListSchema, ...refusals },
      },
    },
    async (req) => ({ data: await listTradeAccounts(app.db, req.query) }),
  );

  app.get(
    '/admin/trade-ageing',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'What trade accounts owe by days past due: totals per bucket and per account',
        response: { 200: adminAgeingReportSchema, ...refusals },
      },
    },
    async () => tradeAgeingReport(app.db),
  );

  app.get(
    '/admin/trade-accounts/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'One trade account: as its users read it, its application, its ledger, and its audit trail',
        params: idParams,
        response: {
          200: z.object({ data: adminTradeAccountDetailSchema, audit: z.array(auditEntrySchema) }),
          ...refusals,
        },
      },
    },
    async (req) => ({
      data: await tradeAccountDetail(app.db, req.params.id),
      audit: await auditTrail(app.db, 'trade_account', String(req.params.id)),
    }),
  );

  app.patch(
    '/admin/trade-accounts/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          "Change a decided account's price lists, credit limit, terms, or put it on hold / reinstate it",
        params: idParams,
        body: tradeAccountUpdateSchema,
        response: { 200: adminTradeAccountAnswerSchema, ...refusals, 409: messageAnswerSchema },
      },
    },
    async (req) => {
      await updateTradeAccount(app.db, req.params.id, req.body, staffOf(req).staff.id);
      return detail(req.params.id, A.updated);
    },
  );

  app.post(
    '/admin/trade-accounts/:id/payments',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Record a payment received (amount, reference, day): never more than the account owes',
        params: idParams,
        body: tradePaymentRequestSchema,
        response: { 201: adminTradeAccountAnswerSchema, ...refusals },
      },
    },
    async (req, reply) => {
      await recordTradePayment(app.db, req.params.id, req.body, staffOf(req).staff.id);
      return reply.code(201).send(await detail(req.params.id, TRADE_MESSAGES.paymentRecorded));
    },
  );

  app.get(
    '/admin/trade-accounts/:id/statements/:month',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "A trade account's statement for a month (YYYY-MM) as a PDF",
        params: statementParams,
        response: { 200: pdfAnswer, ...refusals },
      },
    },
    async (req, reply) => {
      const pdf = await renderStatementPdf(app.db, req.params.id, req.params.month);
      return (reply as FastifyReply)
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="statement-${req.params.id}-${req.params.month}.pdf"`,
        )
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );

  app.post(
    '/admin/trade-accounts/:id/statements/:month/mail',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "Mail a month's statement (PDF attached) to the account's owner and accounts email",
        params: statementParams,
        response: { 200: messageAnswerSchema, ...refusals },
      },
    },
    async (req) => {
      const to = await sendStatement(mails(), req.params.id, req.params.month);
      return { message: A.statementMailed(to.join(', ')) };
    },
  );

  app.get(
    '/admin/price-lists',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Price lists with their rules and how many accounts hold each',
        response: { 200: priceListListSchema, ...refusals },
      },
    },
    async () => ({ data: await listPriceLists(app.db) }),
  );

  app.get(
    '/admin/price-lists/targets',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'What a price rule may apply to (products by title or SKU, brands, categories), by name: 20 at most',
        querystring: priceRuleTargetQuerySchema,
        response: { 200: priceRuleTargetsSchema, ...refusals },
      },
    },
    async (req) => ({ data: await priceRuleTargets(app.db, req.query.scope, req.query.search) }),
  );

  app.get(
    '/admin/price-lists/preview',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          "A product's price for a trade account (its lists) or one list: shelf, sale, each list and its rule, and the price charged",
        querystring: priceListPreviewQuerySchema,
        response: { 200: z.object({ data: priceListPreviewSchema }), ...refusals },
      },
    },
    async (req) => ({ data: await previewPrice(app.db, req.query) }),
  );

  app.get(
    '/admin/price-lists/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'One price list and its audit trail',
        params: listParams,
        response: { 200: z.object({ data: priceListSchema, audit: z.array(auditEntrySchema) }), ...refusals },
      },
    },
    async (req) => ({
      data: await getPriceList(app.db, req.params.id),
      audit: await auditTrail(app.db, 'price_list', String(req.params.id)),
    }),
  );

  app.post(
    '/admin/price-lists',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Create a price list with its rules (audited)',
        body: priceListRequestSchema,
        response: { 201: priceListAnswerSchema, ...refusals, 409: fieldErrorsAnswerSchema },
      },
    },
    async (req, reply) => {
      const list = await createPriceList(app.db, req.body, staffOf(req).staff.id);
      return reply.code(201).send({ data: list, message: A.priceListSaved(list.name) });
    },
  );

  app.put(
    '/admin/price-lists/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "Replace a price list's name and every rule (audited)",
        params: listParams,
        body: priceListRequestSchema,
        response: { 200: priceListAnswerSchema, ...refusals, 409: fieldErrorsAnswerSchema },
      },
    },
    async (req) => {
      const list = await replacePriceList(app.db, req.params.id, req.body, staffOf(req).staff.id);
      return { data: list, message: A.priceListSaved(list.name) };
    },
  );

  app.delete(
    '/admin/price-lists/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Delete a price list no account holds (audited)',
        params: listParams,
        response: { 200: messageAnswerSchema, ...refusals, 409: messageAnswerSchema },
      },
    },
    async (req) => ({
      message: A.priceListDeleted(await deletePriceList(app.db, req.params.id, staffOf(req).staff.id)),
    }),
  );
};

export default tradeAccountRoutes;
