/**
 * `POST /api/delivery-options` (issue 41 §3-4, decision 0069): the checkout's delivery section. Prices the cart's
 * lines from the database as place-order does (trade prices included, so the free-delivery threshold agrees) and
 * answers every option with its charge and estimate or why the cart may not take it, and the locations the order
 * may be collected from (`quoteDelivery`, the same function place-order prices the chosen option with). Nothing is
 * written.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deliveryQuoteRequestSchema, deliveryQuoteResponseSchema } from '@store/shared/delivery-quote';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import { perMinute } from '../../plugins/rate-limit';
import { loadOrderLines } from '../orders/price-order-lines';
import { tradePricingFor } from '../trade/trade-pricing-context';
import { ausPostRatesFor } from './auspost-rates';
import { presentDeliveryQuote, quoteDelivery } from './quote-delivery';

const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/delivery-options',
    {
      // The checkout asks again as the cart, post code or street changes (debounced): a few quotes per order placed.
      config: { rateLimit: perMinute(app.config.rateLimits.placeOrdersPerMinute * 3) },
      schema: {
        tags: ['orders'],
        summary:
          'Delivery options for a cart and its address: charges, estimates, refusals, collection points',
        body: deliveryQuoteRequestSchema,
        response: {
          200: deliveryQuoteResponseSchema,
          400: fieldErrorsAnswerSchema,
          429: messageAnswerSchema,
        },
      },
    },
    async (req, reply) => {
      const member = await req.member();
      const loaded = await loadOrderLines(
        app.db,
        req.body.products,
        await tradePricingFor(app.db, member?.userId),
      );
      const quote = await quoteDelivery(
        app.db,
        {
          lines: loaded.lines,
          destination: {
            postCode: req.body.post_code,
            street: req.body.street_address,
            state: req.body.state,
          },
        },
        { auspost: ausPostRatesFor(app.config), log: req.log },
      );
      // One cart's answer (a trade customer's prices may show in the threshold): never cached on the way.
      reply.header('cache-control', 'no-store');
      return presentDeliveryQuote(quote);
    },
  );
};

export default deliveryRoutes;
