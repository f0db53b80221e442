/**
 * Back-office sign-in and the staff member's own account (issue 12): `POST /api/admin/login`,
 * `GET /api/admin/me`, `POST /api/admin/password`, `POST /api/admin/logout`, and `GET /api/admin/staff` (admins). Thin: schema, one call, answer.
 * Every answer is for one staff member: `Cache-Control: no-store`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import {
  ADMIN_MESSAGES,
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  adminPasswordChangeSchema,
  staffUserSchema,
} from '@store/shared/admin';
import { HttpError } from '../../plugins/error-handling';
import { perMinute } from '../../plugins/rate-limit';
import { verifyPassword } from '../accounts/passwords';
import { requireStaff, staffOf } from './require-staff';
import {
  changeStaffPassword,
  checkStaffPassword,
  createStaffSession,
  listStaff,
  presentStaff,
  revokeStaffSession,
} from './staff-accounts';

const messageSchema = z.object({ message: z.string() });
const fieldErrors = messageSchema.extend({
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.post(
    '/admin/login',
    {
      config: { rateLimit: perMinute(app.config.rateLimits.loginsPerMinute) },
      schema: {
        tags,
        summary:
          'Staff sign-in: email and password; answers a bearer token and the staff member with its role',
        body: adminLoginRequestSchema,
        response: { 200: adminLoginResponseSchema, 400: fieldErrors, 401: messageSchema, 429: messageSchema },
      },
    },
    async (req) => {
      const staff = await checkStaffPassword(app.db, req.body.email, req.body.password);
      if (!staff) throw new HttpError(401, ACCOUNT_MESSAGES.wrongCredentials);
      return { token: await createStaffSession(app.db, staff.id), user: presentStaff(staff) };
    },
  );

  app.get(
    '/admin/me',
    {
      preHandler: requireStaff(app, { beforePasswordChange: true }),
      schema: {
        tags,
        summary: 'The signed-in staff member',
        response: { 200: z.object({ user: staffUserSchema }), 401: messageSchema, 403: messageSchema },
      },
    },
    async (req) => ({ user: presentStaff(staffOf(req).staff) }),
  );

  app.post(
    '/admin/password',
    {
      config: { rateLimit: perMinute(app.config.rateLimits.loginsPerMinute) },
      preHandler: requireStaff(app, { beforePasswordChange: true }),
      schema: {
        tags,
        summary: 'Change the password (required after the one-time password); ends the other sessions',
        body: adminPasswordChangeSchema,
        response: {
          200: messageSchema.extend({ user: staffUserSchema }),
          400: fieldErrors,
          401: messageSchema,
          403: messageSchema,
          429: messageSchema,
        },
      },
    },
    async (req) => {
      const { staff, sessionId } = staffOf(req);
      if (!(await verifyPassword(staff.passwordHash, req.body.current_password))) {
        throw new HttpError(400, ADMIN_MESSAGES.wrongCurrentPassword);
      }
      if (req.body.new_password === req.body.current_password) {
        throw new HttpError(400, ADMIN_MESSAGES.samePassword);
      }
      const row = await changeStaffPassword(app.db, staff.id, sessionId, req.body.new_password);
      return { message: ADMIN_MESSAGES.passwordChanged, user: presentStaff(row) };
    },
  );

  app.get(
    '/admin/staff',
    {
      preHandler: requireStaff(app, { roles: ['admin'] }),
      schema: {
        tags,
        summary: 'The staff accounts (admins only)',
        response: {
          200: z.object({ data: z.array(staffUserSchema) }),
          401: messageSchema,
          403: messageSchema,
        },
      },
    },
    async () => ({ data: (await listStaff(app.db)).map(presentStaff) }),
  );

  app.post(
    '/admin/logout',
    {
      preHandler: requireStaff(app, { beforePasswordChange: true }),
      schema: {
        tags,
        summary: 'End this staff session',
        response: { 200: messageSchema, 401: messageSchema, 403: messageSchema },
      },
    },
    async (req) => {
      await revokeStaffSession(app.db, staffOf(req).sessionId);
      return { message: 'Signed out.' };
    },
  );
};

export default adminRoutes;
