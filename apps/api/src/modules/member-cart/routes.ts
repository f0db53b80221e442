/**
 * A member's cart kept with the account under /api (issue 37 §5, decision 0060): `GET /cart` and `PUT /cart`.
 * Member routes: `app.requireMember` answers 401 without a live session, and both act only for the session's
 * member (DESIGN §5.4). Thin: schema, one service call, answer.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import {
  MEMBER_CART_MESSAGES,
  memberCartAnswerSchema,
  memberCartConflictSchema,
  memberCartSaveSchema,
} from '@store/shared/member-cart';
import type { Member } from '../accounts/sessions';
import { readMemberCart, saveMemberCart } from './member-cart-service';

const memberCartRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['cart'];
  const security = [{ bearerAuth: [] }];
  const userIdOf = async (req: { member(): Promise<Member | null> }) =>
    ((await req.member()) as Member).userId;
  const member = { preHandler: app.requireMember };

  app.get(
    '/cart',
    {
      ...member,
      schema: {
        tags,
        security,
        summary:
          "The member's cart kept with the account: its version and its lines still sold, with today's products",
        response: { 200: memberCartAnswerSchema, 401: messageAnswerSchema },
      },
    },
    async (req) => ({ data: await readMemberCart(app.db, await userIdOf(req)) }),
  );

  app.put(
    '/cart',
    {
      ...member,
      schema: {
        tags,
        security,
        summary:
          "Save the member's whole cart, built on `version`: 200 with the stored cart (version + 1 when it changed), 409 with the stored cart when it changed meanwhile (merge and save again)",
        body: memberCartSaveSchema,
        response: {
          200: memberCartAnswerSchema,
          400: fieldErrorsAnswerSchema,
          401: messageAnswerSchema,
          409: memberCartConflictSchema,
        },
      },
    },
    async (req, reply) => {
      const { saved, cart } = await saveMemberCart(app.db, await userIdOf(req), req.body);
      if (!saved) return reply.code(409).send({ message: MEMBER_CART_MESSAGES.conflict, data: cart });
      return { data: cart };
    },
  );
};

export default memberCartRoutes;
