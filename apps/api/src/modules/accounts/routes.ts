/**
 * Member calls of SPEC §7 under /api: registered, login, logout, profile, profile/update, user, user-addresses
 * (list, one, store, update, delete) and user-order. Thin: schema, one service call, answer. Member routes run
 * `app.requireMember` (401 without a live session) and act only for `request.member()` (DESIGN §5.4).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import {
  addressRequestSchema,
  authResponseSchema,
  loginRequestSchema,
  profileUpdateRequestSchema,
  publicUserSchema,
  savedAddressSchema,
  signupRequestSchema,
  userAddressesResponseSchema,
  userDetailResponseSchema,
  userOrdersQuerySchema,
  userOrdersResponseSchema,
} from '@store/shared/account';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import { PRICE_DISPLAYS } from '@store/shared/gst-prices';
import { MAX_DB_ID } from '../../db/client';
import { perMinute } from '../../plugins/rate-limit';
import { getProfile, registerUser, setPriceDisplay, signIn, updateProfile } from './account-service';
import { addAddress, deleteAddress, getAddress, listAddresses, updateAddress } from './address-service';
import { heldMembershipPlans, memberPlans } from './discount-plans';
import { listMemberOrders } from './member-orders';
import { revokeSession, type Member } from './sessions';

/** New accounts per client IP per minute. */
const SIGNUP_PER_MINUTE = 10;

const memberErrors = { 400: fieldErrorsAnswerSchema, 401: messageAnswerSchema, 404: messageAnswerSchema };
const ADDRESS_ID_MESSAGE = 'id must be an address id such as 12';
const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, ADDRESS_ID_MESSAGE)
    .transform(Number)
    .refine((id) => id <= MAX_DB_ID, ADDRESS_ID_MESSAGE),
});

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['accounts'];
  const security = [{ bearerAuth: [] }];
  /** The member of a route behind `requireMember` (never null there). */
  const memberOf = async (req: { member(): Promise<Member | null> }) => (await req.member()) as Member;
  const member = { preHandler: app.requireMember };

  app.post(
    '/registered',
    {
      config: { rateLimit: perMinute(SIGNUP_PER_MINUTE) },
      schema: {
        tags,
        summary: 'Create a member account (role 5, created by 0) and sign in',
        body: signupRequestSchema,
        response: {
          200: authResponseSchema,
          400: fieldErrorsAnswerSchema,
          409: messageAnswerSchema,
          429: messageAnswerSchema,
        },
      },
    },
    async (req) => ({ message: ACCOUNT_MESSAGES.registered, ...(await registerUser(app.db, req.body)) }),
  );

  app.post(
    '/login',
    {
      // Sign-in attempts per client IP per minute (RATE_LIMIT_LOGINS_PER_MINUTE, 10): enough for typos, too few to guess.
      config: { rateLimit: perMinute(app.config.rateLimits.loginsPerMinute) },
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: loginRequestSchema,
        response: {
          200: authResponseSchema,
          400: fieldErrorsAnswerSchema,
          401: messageAnswerSchema,
          429: messageAnswerSchema,
        },
      },
    },
    async (req) => ({ message: ACCOUNT_MESSAGES.loggedIn, ...(await signIn(app.db, req.body)) }),
  );

  app.post(
    '/logout',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Sign out: the bearer token stops working',
        response: { 200: messageAnswerSchema, 401: messageAnswerSchema },
      },
    },
    async (req) => {
      await revokeSession(app.db, (await memberOf(req)).sessionId);
      return { message: ACCOUNT_MESSAGES.signedOut };
    },
  );

  app.get(
    '/profile',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: "The member's profile",
        response: { 200: z.object({ data: publicUserSchema }), 401: messageAnswerSchema },
      },
    },
    async (req) => ({ data: await getProfile(app.db, (await memberOf(req)).userId) }),
  );

  app.post(
    '/profile/update',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Update name, phone, business details and (with the current one) the password',
        body: profileUpdateRequestSchema,
        response: { 200: messageAnswerSchema.extend({ data: publicUserSchema }), ...memberErrors },
      },
    },
    async (req) => ({
      message: ACCOUNT_MESSAGES.profileUpdated,
      data: await updateProfile(app.db, await memberOf(req), req.body),
    }),
  );

  app.post(
    '/profile/price-display',
    {
      ...member,
      schema: {
        tags,
        security,
        summary:
          'Show prices including GST (everyone) or excluding it (members with business details; issue 18)',
        body: z.object({
          price_display: z.enum(PRICE_DISPLAYS, {
            error: "price_display must be 'inc_gst' or 'ex_gst'",
          }),
        }),
        response: { 200: z.object({ data: publicUserSchema }), 409: messageAnswerSchema, ...memberErrors },
      },
    },
    async (req) => ({ data: await setPriceDisplay(app.db, await memberOf(req), req.body.price_display) }),
  );

  app.get(
    '/user',
    {
      ...member,
      schema: {
        tags,
        security,
        summary:
          'The member with the signup plans and the membership plans they hold, to choose from at checkout',
        response: { 200: userDetailResponseSchema, 401: messageAnswerSchema },
      },
    },
    async (req) => {
      const { userId } = await memberOf(req);
      // Issue 34 §4: only the membership plans this member holds are offered.
      const [user, plans, held] = await Promise.all([
        getProfile(app.db, userId),
        memberPlans(app.db),
        heldMembershipPlans(app.db, userId),
      ]);
      return { data: { data: { user, signup_plans: plans.signup, user_membership_plans: held } } };
    },
  );

  app.get(
    '/user-addresses',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: "The member's saved addresses",
        response: { 200: userAddressesResponseSchema, 401: messageAnswerSchema },
      },
    },
    async (req) => ({
      data: { data: { shipping_addresses: await listAddresses(app.db, (await memberOf(req)).userId) } },
    }),
  );

  app.get(
    '/user-addresses/:id',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: "One of the member's saved addresses (404 for anyone else's)",
        params: idParams,
        response: { 200: z.object({ data: savedAddressSchema }), ...memberErrors },
      },
    },
    async (req) => ({ data: await getAddress(app.db, (await memberOf(req)).userId, req.params.id) }),
  );

  app.post(
    '/user-addresses/store',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Save a shipping address for the member (any user_id sent is ignored)',
        body: addressRequestSchema,
        response: { 200: messageAnswerSchema.extend({ data: savedAddressSchema }), ...memberErrors },
      },
    },
    async (req) => ({
      message: ACCOUNT_MESSAGES.addressAdded,
      data: await addAddress(app.db, (await memberOf(req)).userId, req.body),
    }),
  );

  app.put(
    '/user-addresses/:id',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: "Update one of the member's addresses with the fields sent (404 for anyone else's)",
        params: idParams,
        body: z.record(z.string(), z.unknown()),
        response: { 200: messageAnswerSchema.extend({ data: savedAddressSchema }), ...memberErrors },
      },
    },
    async (req) => ({
      message: ACCOUNT_MESSAGES.addressUpdated,
      data: await updateAddress(app.db, (await memberOf(req)).userId, req.params.id, req.body),
    }),
  );

  app.delete(
    '/user-addresses/:id',
    {
      ...member,
      schema: {
        tags,
        security,
        summary:
          "Delete one of the member's addresses (404 for anyone else's); answers the deleted address, which Undo stores again (decision 0059)",
        params: idParams,
        response: { 200: messageAnswerSchema.extend({ data: savedAddressSchema }), ...memberErrors },
      },
    },
    async (req) => ({
      message: ACCOUNT_MESSAGES.addressDeleted,
      data: await deleteAddress(app.db, (await memberOf(req)).userId, req.params.id),
    }),
  );

  app.get(
    '/user-order',
    {
      ...member,
      schema: {
        tags,
        security,
        summary:
          "The member's orders, newest first (column and value are accepted and ignored: only your own)",
        querystring: userOrdersQuerySchema,
        response: { 200: userOrdersResponseSchema, ...memberErrors },
      },
    },
    async (req) => ({ data: await listMemberOrders(app.db, (await memberOf(req)).userId) }),
  );
};

export default accountRoutes;
