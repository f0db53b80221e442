/**
 * Trade account calls for the store's customers under /api/trade (issue 39 §1, §2, §4, §5): apply, read the
 * business's account, the owner's users, the trade prices of products on screen, and quick order by SKU or part
 * number. Thin: schema, one service call, answer. Every route runs `app.requireMember` and acts only for
 * `request.member()`; answers are `no-store` (prices and balances are the customer's own).
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import {
  fleetAnswerSchema,
  quickOrderAnswerSchema,
  quickOrderRequestSchema,
  statementMonthSchema,
  TRADE_MESSAGES,
  tradeAccountAnswerSchema,
  tradeApplicationRequestSchema,
  tradeInviteRequestSchema,
  tradePricesAnswerSchema,
} from '@store/shared/trade-accounts';
import { MAX_DB_ID } from '../../db/client';
import { HttpError } from '../../plugins/error-handling';
import { perMinute } from '../../plugins/rate-limit';
import type { Member } from '../accounts/sessions';
import { resolveQuickOrder } from './quick-order';
import {
  addTradeUser,
  applyForTradeAccount,
  removeTradeUser,
  tradeAccountFor,
} from './trade-account-service';
import { tradePricesOf, tradePriceField } from './trade-prices';
import { tradeMembershipOf, tradePricingFor } from './trade-pricing-context';
import { listFleet } from './trade-fleet';
import { renderStatementPdf } from './render-statement-pdf';
import { applicationReceivedMail, userAddedMail } from './trade-mails';

/** Applications per client IP per minute (each may call the ABR). */
const APPLY_PER_MINUTE = 5;
const MAX_PRICE_IDS = 100;
const IDS_MESSAGE = `ids must be up to ${MAX_PRICE_IDS} product ids, comma-separated, such as 1,2,3`;

const pricesQuerySchema = z.object({
  ids: z
    .string({ error: IDS_MESSAGE })
    .trim()
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, IDS_MESSAGE)
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((ids) => ids.length <= MAX_PRICE_IDS && ids.every((id) => id <= MAX_DB_ID), IDS_MESSAGE),
});

const USER_ID_MESSAGE = 'userId must be a customer id such as 12';
const userParams = z.object({
  userId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, USER_ID_MESSAGE)
    .transform(Number)
    .refine((id) => id <= MAX_DB_ID, USER_ID_MESSAGE),
});

const errors = {
  400: fieldErrorsAnswerSchema,
  401: messageAnswerSchema,
  403: messageAnswerSchema,
  404: messageAnswerSchema,
  409: messageAnswerSchema,
};

const tradeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['trade'];
  const security = [{ bearerAuth: [] }];
  const memberOf = async (req: { member(): Promise<Member | null> }) => (await req.member()) as Member;

  app.post(
    '/trade/applications',
    {
      preHandler: app.requireMember,
      config: { rateLimit: perMinute(APPLY_PER_MINUTE) },
      schema: {
        tags,
        security,
        summary:
          'Apply for a trade account (the ABN checked by its checksum and, with ABN_LOOKUP_GUID, by the ABR); the applicant becomes its owner',
        body: tradeApplicationRequestSchema,
        response: {
          201: z.object({ message: z.string(), data: tradeAccountAnswerSchema.shape.data }),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const member = await memberOf(req);
      await applyForTradeAccount(
        app.db,
        { guid: app.config.abnLookupGuid, baseUrl: app.config.abnLookupUrl },
        member.userId,
        req.body,
      );
      app.mail.deliver('trade application received', () =>
        applicationReceivedMail(app.db, app.config.publicBaseUrl, member.userId),
      );
      return reply
        .status(201)
        .send({ message: TRADE_MESSAGES.applied, data: await tradeAccountFor(app.db, member.userId) });
    },
  );

  app.get(
    '/trade/account',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        security,
        summary:
          "The signed-in customer's business: status, price lists, terms, credit limit, balance, open invoices, ageing, users (null when none)",
        response: { 200: tradeAccountAnswerSchema, 401: messageAnswerSchema },
      },
    },
    async (req) => ({ data: await tradeAccountFor(app.db, (await memberOf(req)).userId) }),
  );

  app.post(
    '/trade/users',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'The owner adds a customer of the store (by email) to the business as a buyer',
        body: tradeInviteRequestSchema,
        response: {
          200: z.object({ message: z.string(), data: tradeAccountAnswerSchema.shape.data }),
          ...errors,
        },
      },
    },
    async (req) => {
      const member = await memberOf(req);
      const added = await addTradeUser(app.db, member.userId, req.body.email);
      app.mail.deliver('trade user added', () =>
        userAddedMail(app.db, app.config.publicBaseUrl, added.accountId, added.userId),
      );
      return {
        message: TRADE_MESSAGES.userAdded(req.body.email),
        data: await tradeAccountFor(app.db, member.userId),
      };
    },
  );

  app.delete(
    '/trade/users/:userId',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'The owner removes a buyer from the business',
        params: userParams,
        response: {
          200: z.object({ message: z.string(), data: tradeAccountAnswerSchema.shape.data }),
          ...errors,
        },
      },
    },
    async (req) => {
      const member = await memberOf(req);
      await removeTradeUser(app.db, member.userId, req.params.userId);
      return { message: TRADE_MESSAGES.userRemoved, data: await tradeAccountFor(app.db, member.userId) };
    },
  );

  app.get(
    '/trade/prices',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        security,
        summary:
          "The signed-in trade customer's unit prices (inc. GST) of the products named, for those a price list lowers ([] for anyone else)",
        querystring: pricesQuerySchema,
        response: { 200: tradePricesAnswerSchema, 400: fieldErrorsAnswerSchema, 401: messageAnswerSchema },
      },
    },
    async (req) => {
      const pricing = await tradePricingFor(app.db, (await memberOf(req)).userId);
      if (!pricing) return { data: [] };
      const prices = await tradePricesOf(app.db, req.query.ids, pricing);
      return {
        data: req.query.ids.flatMap((id) => {
          const field = tradePriceField(prices.get(id));
          return field ? [{ id, ...field }] : [];
        }),
      };
    },
  );

  app.get(
    '/trade/fleet',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        security,
        summary: "The business's fleet: the vehicles in every one of its users' garages, with who saved each",
        response: { 200: fleetAnswerSchema, 401: messageAnswerSchema, 404: messageAnswerSchema },
      },
    },
    async (req) => {
      const membership = await tradeMembershipOf(app.db, (await memberOf(req)).userId);
      if (!membership) throw new HttpError(404, TRADE_MESSAGES.notTrade);
      return { data: await listFleet(app.db, membership.accountId) };
    },
  );

  app.get(
    '/trade/statements/:month',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        security,
        summary:
          "The business's statement of a month (YYYY-MM) as a PDF: what was invoiced and paid, what is open, ageing",
        params: z.object({ month: statementMonthSchema }),
        response: {
          200: z.string().meta({ format: 'binary' }).describe('The statement (application/pdf)'),
          400: fieldErrorsAnswerSchema,
          401: messageAnswerSchema,
          404: messageAnswerSchema,
        },
      },
    },
    async (req, reply) => {
      const membership = await tradeMembershipOf(app.db, (await memberOf(req)).userId);
      if (!membership) throw new HttpError(404, TRADE_MESSAGES.notTrade);
      const pdf = await renderStatementPdf(app.db, membership.accountId, req.params.month);
      return (reply as FastifyReply)
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="statement-${req.params.month}.pdf"`)
        .send(pdf);
    },
  );

  app.post(
    '/trade/quick-order',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        security,
        summary:
          'Quick order: pasted lines of "SKU-or-part-number quantity", each resolved to the product it names or the reason it cannot be',
        body: quickOrderRequestSchema,
        response: { 200: quickOrderAnswerSchema, ...errors },
      },
    },
    async (req) => {
      const data = await resolveQuickOrder(app.db, req.body.text);
      if (data.length === 0)
        throw new HttpError(400, 'Paste or type at least one part number, such as "BP-1234 2"');
      return { data };
    },
  );
};

export default tradeRoutes;
