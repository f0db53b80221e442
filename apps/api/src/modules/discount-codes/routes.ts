/**
 * `POST /api/discount-codes/check` (issue 34 §5, decision 0047): the checkout's "Apply" of a discount code. Prices
 * the cart's lines from the database as place-order does, checks the code's rules for them and answers the
 * `CodeDiscount` the checkout gives `computeCheckoutTotals` (and a sentence), or 400 with the reason. Rate limited
 * like the order lookups: a code is a secret worth guessing. Nothing is written; the order redeems the code.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import {
  discountCodeCheckRequestSchema,
  discountCodeCheckResponseSchema,
} from '@store/shared/discount-codes';
import { perMinute } from '../../plugins/rate-limit';
import { loadOrderLines } from '../orders/price-order-lines';
import { tradePricingFor } from '../trade/trade-pricing-context';
import { resolveDiscountCode } from './resolve-discount-code';

const discountCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/discount-codes/check',
    {
      config: { rateLimit: perMinute(app.config.rateLimits.orderLookupsPerMinute) },
      schema: {
        tags: ['orders'],
        summary: "Check a discount code against the cart's lines: the discount it gives, or why it cannot",
        body: discountCodeCheckRequestSchema,
        response: {
          200: discountCodeCheckResponseSchema,
          400: fieldErrorsAnswerSchema,
          429: messageAnswerSchema,
        },
      },
    },
    async (req) => {
      const member = await req.member();
      // A trade customer's lines are priced by their lists (issue 39): the code applies to the retail-priced ones.
      const priced = await loadOrderLines(
        app.db,
        req.body.products,
        await tradePricingFor(app.db, member?.userId),
      );
      const resolved = await resolveDiscountCode(app.db, req.body.code, {
        lines: priced.lines,
        email: req.body.email || null,
        userId: member?.userId ?? 0,
      });
      return { data: resolved.discount, message: resolved.message };
    },
  );
};

export default discountCodeRoutes;
