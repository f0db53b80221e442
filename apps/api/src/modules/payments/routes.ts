/**
 * Payment calls under /api/payments: the wallet order for the cart (SPEC §4 Wallet payment), and, only
 * while the offline test wallet serves, the buyer's approve / cancel that PayPal's own site would take.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import { walletOrderRequestSchema, walletOrderResponseSchema } from '@store/shared/order';
import { ORDER_MESSAGES } from '@store/shared/order-constants';
import { HttpError } from '../../plugins/error-handling';
import { perMinute } from '../../plugins/rate-limit';
import { decideOrderDiscounts } from '../orders/decide-order-discounts';
import { loadOrderLines } from '../orders/price-order-lines';
import { tradePricingFor } from '../trade/trade-pricing-context';
import { createWalletOrder } from './create-wallet-order';
import { ausPostRatesFor } from '../delivery/auspost-rates';
import { priceChosenDelivery } from '../delivery/quote-delivery';

const errorResponses = {
  400: fieldErrorsAnswerSchema,
  401: messageAnswerSchema,
  429: messageAnswerSchema,
};

/** Answered by `/encrypted-paypal-keys` when the store runs the offline test wallet. */
export const PAYPAL_NOT_CONFIGURED =
  'PayPal is not configured: this store takes wallet payments in test mode.';

const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payments'];

  app.post(
    '/payments/wallet-orders',
    {
      config: { rateLimit: perMinute(app.config.rateLimits.placeOrdersPerMinute) },
      preHandler: app.rejectDeadBearer,
      schema: {
        tags,
        summary: "Create a wallet (PayPal) order for the server's total of the cart's lines",
        body: walletOrderRequestSchema,
        response: { 200: walletOrderResponseSchema, ...errorResponses },
      },
    },
    async (req) => {
      // A member's wallet order is for their discounted total, as place-order will charge it.
      const wallet = app.payments.wallet;
      if (!wallet) throw new HttpError(400, ORDER_MESSAGES.walletPaymentsOff);
      const member = await req.member();
      // The same seam as place-order: trade prices (issue 39), member discounts and the discount code.
      const pricing = await tradePricingFor(app.db, member?.userId);
      const { lines } = await loadOrderLines(app.db, req.body.products, pricing);
      const { discounts } = await decideOrderDiscounts(app.db, {
        member,
        discountPlan: req.body.discountPlan,
        lines,
        discountCode: req.body.discount_code,
      });
      // Issue 41: the chosen delivery option's charge, priced as place-order will price it.
      let deliveryChargeCents: number | undefined;
      if (req.body.post_code !== undefined || req.body.delivery_option !== 'standard') {
        const delivery = await priceChosenDelivery(
          app.db,
          {
            lines,
            destination: {
              postCode: req.body.post_code ?? '',
              street: req.body.street_address,
              state: req.body.state,
            },
            option: req.body.delivery_option,
            collectLocationId: req.body.collect_location_id,
          },
          { auspost: ausPostRatesFor(app.config), log: req.log },
        );
        if ('refused' in delivery) throw new HttpError(400, delivery.refused);
        deliveryChargeCents = delivery.chargeCents;
      }
      return {
        data: await createWalletOrder(
          app.db,
          wallet,
          req.body.products,
          discounts,
          pricing,
          deliveryChargeCents,
        ),
      };
    },
  );

  app.get(
    '/encrypted-paypal-keys',
    {
      schema: {
        tags,
        summary:
          "PayPal's public client id, base64-encoded, for the wallet button (SPEC §7); never the secret. 404 without PayPal",
        response: { 200: z.object({ key: z.string() }), 404: messageAnswerSchema },
      },
    },
    async () => {
      const clientId = app.config.paypalClientId;
      if (!clientId) throw new HttpError(404, PAYPAL_NOT_CONFIGURED);
      return { key: Buffer.from(clientId, 'utf8').toString('base64') };
    },
  );

  const testCard = app.payments.testCard;
  if (testCard) {
    const cardParams = z.object({
      paymentId: z
        .string()
        .trim()
        .min(1, 'paymentId is required')
        .max(200, 'paymentId must be 200 characters or fewer'),
    });
    const cardBody = z.object({
      client_secret: z
        .string({ error: 'client_secret is required' })
        .min(1, 'client_secret is required')
        .max(300, 'client_secret must be 300 characters or fewer'),
    });
    const cardOutcomes = {
      not_found: 'No test payment with this id and client secret',
      not_waiting: 'This payment is not waiting for confirmation',
    };
    for (const action of ['authenticate', 'fail'] as const) {
      app.post(
        `/payments/test-card/:paymentId/${action}`,
        {
          schema: {
            tags,
            summary:
              action === 'authenticate'
                ? "Test mode only: the shopper passes 3-D Secure (stands in for the card's bank)"
                : "Test mode only: the shopper fails 3-D Secure (stands in for the card's bank)",
            params: cardParams,
            body: cardBody,
            response: {
              200: messageAnswerSchema,
              400: errorResponses[400],
              404: messageAnswerSchema,
              409: messageAnswerSchema,
            },
          },
        },
        async (req) => {
          const result = testCard[action](req.params.paymentId, req.body.client_secret);
          if (result === 'not_found') throw new HttpError(404, cardOutcomes.not_found);
          if (result === 'not_waiting') throw new HttpError(409, cardOutcomes.not_waiting);
          return {
            message:
              action === 'authenticate'
                ? 'Payment confirmed (test 3-D Secure)'
                : 'Payment not confirmed (test 3-D Secure)',
          };
        },
      );
    }
  }

  const testWallet = app.payments.testWallet;
  if (!testWallet) return;

  const params = z.object({
    walletOrderId: z
      .string()
      .trim()
      .min(1, 'walletOrderId is required')
      .max(200, 'walletOrderId must be 200 characters or fewer'),
  });
  const outcomes = { not_found: 'No test wallet order with this id', already_captured: 'Already captured' };
  for (const action of ['approve', 'cancel'] as const) {
    app.post(
      `/payments/test-wallet/:walletOrderId/${action}`,
      {
        schema: {
          tags,
          summary:
            action === 'approve'
              ? 'Test mode only: the buyer approves the test wallet payment (stands in for PayPal)'
              : 'Test mode only: the buyer cancels the test wallet payment (stands in for PayPal)',
          params,
          response: { 200: messageAnswerSchema, 404: messageAnswerSchema, 409: messageAnswerSchema },
        },
      },
      async (req) => {
        const result = testWallet[action](req.params.walletOrderId);
        if (result === 'not_found') throw new HttpError(404, outcomes.not_found);
        if (result === 'already_captured') throw new HttpError(409, outcomes.already_captured);
        return {
          message:
            action === 'approve' ? 'Payment approved (test wallet)' : 'Payment cancelled (test wallet)',
        };
      },
    );
  }
};

export default paymentRoutes;
