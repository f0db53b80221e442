/**
 * Back-office sign-in and the staff member's own account (issue 12): `POST /api/admin/login`,
 * `GET /api/admin/me`, `POST /api/admin/password`, two-step sign-in (`POST /api/admin/totp/setup`, `/enable`,
 * `/disable`), `POST /api/admin/logout`, and `GET /api/admin/staff` (admins). Thin: schema, one call, answer.
 * Every answer is for one staff member: `Cache-Control: no-store`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import {
  ADMIN_MESSAGES,
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  adminPasswordChangeSchema,
  staffCreateRequestSchema,
  staffStatusRequestSchema,
  staffUserSchema,
  totpCodeRequestSchema,
  totpSetupResponseSchema,
} from '@store/shared/admin';
import { HttpError } from '../../plugins/error-handling';
import { perMinute } from '../../plugins/rate-limit';
import { verifyPassword } from '../accounts/passwords';
import { mailStoreOf } from '../mail/mail-store';
import { requireStaff, staffOf } from './require-staff';
import { checkSignInCode, disableTotp, enableTotp, startTotpSetup } from './staff-totp';
import {
  changeStaffPassword,
  checkStaffPassword,
  createPasswordOnlyStaffSession,
  createStaff,
  createStaffSession,
  findStaff,
  listStaff,
  presentStaff,
  revokeStaffSession,
  setStaffDisabled,
  StaffEmailTakenError,
} from './staff-accounts';

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
          'Staff sign-in: email, password and (when two-step sign-in is on) the TOTP code; answers a bearer token and the staff member with its role',
        body: adminLoginRequestSchema,
        response: {
          200: adminLoginResponseSchema,
          400: fieldErrorsAnswerSchema,
          401: messageAnswerSchema.extend({ code: z.literal('totp_required').optional() }),
          429: messageAnswerSchema,
        },
      },
    },
    async (req, reply) => {
      const staff = await checkStaffPassword(app.db, req.body.email, req.body.password);
      if (!staff) throw new HttpError(401, ACCOUNT_MESSAGES.wrongCredentials);
      if (staff.totpEnabledAt) {
        // The password was right: say a code is wanted (the sign-in form then asks for it).
        if (!req.body.code) {
          return reply.code(401).send({ message: ADMIN_MESSAGES.totpRequired, code: 'totp_required' });
        }
        if (!(await checkSignInCode(app.db, staff, req.body.code))) {
          return reply.code(401).send({ message: ADMIN_MESSAGES.totpWrong, code: 'totp_required' });
        }
      }
      // Without a code, the session is only made if two-step sign-in is still off (it may be turning on now).
      const token = staff.totpEnabledAt
        ? await createStaffSession(app.db, staff.id)
        : await createPasswordOnlyStaffSession(app.db, staff.id);
      if (!token)
        return reply.code(401).send({ message: ADMIN_MESSAGES.totpRequired, code: 'totp_required' });
      return { token, user: presentStaff(staff, app.config.adminRequireTotp) };
    },
  );

  app.get(
    '/admin/me',
    {
      preHandler: requireStaff(app, { beforePasswordChange: true }),
      schema: {
        tags,
        summary: 'The signed-in staff member',
        response: {
          200: z.object({ user: staffUserSchema }),
          401: messageAnswerSchema,
          403: messageAnswerSchema,
        },
      },
    },
    async (req) => ({ user: presentStaff(staffOf(req).staff, app.config.adminRequireTotp) }),
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
          200: messageAnswerSchema.extend({ user: staffUserSchema }),
          400: fieldErrorsAnswerSchema,
          401: messageAnswerSchema,
          403: messageAnswerSchema,
          429: messageAnswerSchema,
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
      const row = await changeStaffPassword(
        app.db,
        staff.id,
        sessionId,
        req.body.new_password,
        staff.passwordHash,
      );
      return {
        message: ADMIN_MESSAGES.passwordChanged,
        user: presentStaff(row, app.config.adminRequireTotp),
      };
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
          401: messageAnswerSchema,
          403: messageAnswerSchema,
        },
      },
    },
    async () => ({ data: (await listStaff(app.db)).map((row) => presentStaff(row)) }),
  );

  const totpGuard = requireStaff(app, { beforeTotpSetup: true });
  const totpLimit = { rateLimit: perMinute(app.config.rateLimits.loginsPerMinute) };

  app.post(
    '/admin/totp/setup',
    {
      config: totpLimit,
      preHandler: totpGuard,
      schema: {
        tags,
        summary:
          'Start setting up two-step sign-in: a new TOTP secret and its otpauth:// URI (used once a code from it is entered)',
        response: {
          200: totpSetupResponseSchema,
          401: messageAnswerSchema,
          403: messageAnswerSchema,
          409: messageAnswerSchema,
        },
      },
    },
    async (req) => {
      const store = await mailStoreOf(app.db, app.config.publicBaseUrl);
      const setup = await startTotpSetup(app.db, staffOf(req).staff, store.name);
      if (!setup) throw new HttpError(409, ADMIN_MESSAGES.totpAlreadyOn);
      return { secret: setup.secret, otpauth_uri: setup.otpauthUri };
    },
  );

  app.post(
    '/admin/totp/enable',
    {
      config: totpLimit,
      preHandler: totpGuard,
      schema: {
        tags,
        summary: 'Turn two-step sign-in on with a code from the secret just set up',
        body: totpCodeRequestSchema,
        response: {
          200: messageAnswerSchema.extend({ user: staffUserSchema }),
          400: fieldErrorsAnswerSchema,
          401: messageAnswerSchema,
          403: messageAnswerSchema,
          409: messageAnswerSchema,
          429: messageAnswerSchema,
        },
      },
    },
    async (req) => {
      const { staff, sessionId } = staffOf(req);
      const outcome = await enableTotp(app.db, staff, req.body.code, sessionId);
      if (outcome === 'already_on') throw new HttpError(409, ADMIN_MESSAGES.totpAlreadyOn);
      if (outcome === 'not_started') throw new HttpError(409, ADMIN_MESSAGES.totpNotStarted);
      if (outcome === 'wrong')
        throw new HttpError(400, ADMIN_MESSAGES.totpWrong, [
          { field: 'code', message: ADMIN_MESSAGES.totpWrong },
        ]);
      const row = await findStaff(app.db, staff.id);
      return { message: ADMIN_MESSAGES.totpEnabled, user: presentStaff(row, app.config.adminRequireTotp) };
    },
  );

  app.post(
    '/admin/totp/disable',
    {
      config: totpLimit,
      preHandler: requireStaff(app),
      schema: {
        tags,
        summary: 'Turn two-step sign-in off with a current code (not for admins under ADMIN_REQUIRE_TOTP=1)',
        body: totpCodeRequestSchema,
        response: {
          200: messageAnswerSchema.extend({ user: staffUserSchema }),
          400: fieldErrorsAnswerSchema,
          401: messageAnswerSchema,
          403: messageAnswerSchema,
          409: messageAnswerSchema,
          429: messageAnswerSchema,
        },
      },
    },
    async (req) => {
      const { staff } = staffOf(req);
      if (app.config.adminRequireTotp && staff.role === 'admin') {
        throw new HttpError(403, ADMIN_MESSAGES.totpCannotDisable);
      }
      const outcome = await disableTotp(app.db, staff, req.body.code);
      if (outcome === 'not_on') throw new HttpError(409, ADMIN_MESSAGES.totpDisabled);
      if (outcome === 'wrong')
        throw new HttpError(400, ADMIN_MESSAGES.totpWrong, [
          { field: 'code', message: ADMIN_MESSAGES.totpWrong },
        ]);
      const row = await findStaff(app.db, staff.id);
      return { message: ADMIN_MESSAGES.totpDisabled, user: presentStaff(row, app.config.adminRequireTotp) };
    },
  );

  app.post(
    '/admin/staff',
    {
      preHandler: requireStaff(app, { roles: ['admin'] }),
      schema: {
        tags,
        summary: 'Add a staff account (admins only); the answer carries its one-time password, once',
        body: staffCreateRequestSchema,
        response: {
          201: z.object({ message: z.string(), user: staffUserSchema, one_time_password: z.string() }),
          400: fieldErrorsAnswerSchema,
          401: messageAnswerSchema,
          403: messageAnswerSchema,
          409: messageAnswerSchema,
        },
      },
    },
    async (req, reply) => {
      try {
        const { staff, password } = await createStaff(app.db, req.body, staffOf(req).staff.id);
        return reply.code(201).send({
          message: `${staff.name} can now sign in with the one-time password below, once, and must then choose their own.`,
          user: presentStaff(await findStaff(app.db, staff.id), app.config.adminRequireTotp),
          one_time_password: password,
        });
      } catch (error) {
        if (error instanceof StaffEmailTakenError) throw new HttpError(409, ADMIN_MESSAGES.staffEmailTaken);
        throw error;
      }
    },
  );

  app.post(
    '/admin/staff/:id/status',
    {
      preHandler: requireStaff(app, { roles: ['admin'] }),
      schema: {
        tags,
        summary: 'Disable a staff account (ending its sessions) or enable it again (admins only)',
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        body: staffStatusRequestSchema,
        response: {
          200: z.object({ message: z.string(), user: staffUserSchema }),
          400: fieldErrorsAnswerSchema,
          401: messageAnswerSchema,
          403: messageAnswerSchema,
          404: messageAnswerSchema,
          409: messageAnswerSchema,
        },
      },
    },
    async (req) => {
      const row = await setStaffDisabled(app.db, {
        staffId: req.params.id,
        disabled: req.body.disabled,
        by: staffOf(req).staff.id,
      });
      return {
        message: row.disabledAt ? `${row.name} can no longer sign in.` : `${row.name} can sign in again.`,
        user: presentStaff(row, app.config.adminRequireTotp),
      };
    },
  );

  app.post(
    '/admin/logout',
    {
      preHandler: requireStaff(app, { beforePasswordChange: true }),
      schema: {
        tags,
        summary: 'End this staff session',
        response: { 200: messageAnswerSchema, 401: messageAnswerSchema, 403: messageAnswerSchema },
      },
    },
    async (req) => {
      await revokeStaffSession(app.db, staffOf(req).sessionId);
      return { message: 'Signed out.' };
    },
  );
};

export default adminRoutes;
