/**
 * Payment calls under /api/payments: the wallet order for the cart (SPEC §4 Wallet payment), and, only
 * while the offline test wallet serves, the buyer's approve / cancel that PayPal's own site would take.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { walletOrderRequestSchema, walletOrderResponseSchema } from '@store/shared/order';
import { HttpError } from '../../plugins/error-handling';
import { perMinute } from '../../plugins/rate-limit';
import { memberOrderDiscounts } from '../accounts/discount-plans';
import { createWalletOrder } from './create-wallet-order';

const messageSchema = z.object({ message: z.string() });
const errorResponses = {
  400: messageSchema.extend({
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  }),
  401: messageSchema,
  429: messageSchema,
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
      const member = await req.member();
      const discounts = member ? await memberOrderDiscounts(app.db, req.body.discountPlan) : {};
      return { data: await createWalletOrder(app.db, app.payments.wallet, req.body.products, discounts) };
    },
  );

  app.get(
    '/encrypted-paypal-keys',
    {
      schema: {
        tags,
        summary:
          "PayPal's public client id, base64-encoded, for the wallet button (SPEC §7); never the secret. 404 without PayPal",
        response: { 200: z.object({ key: z.string() }), 404: messageSchema },
      },
    },
    async () => {
      const clientId = app.config.paypalClientId;
      if (!clientId) throw new HttpError(404, PAYPAL_NOT_CONFIGURED);
      return { key: Buffer.from(clientId, 'utf8').toString('base64') };
    },
  );

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
          response: { 200: messageSchema, 404: messageSchema, 409: messageSchema },
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
