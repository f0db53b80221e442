/**
 * Password reset calls of SPEC §7 under /api: check-email, confirm-otp, update-password (DESIGN §5.5: rate
 * limited, and no answer tells whether an email has an account).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkEmailRequestSchema,
  confirmOtpRequestSchema,
  updatePasswordRequestSchema,
} from '@store/shared/account';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import { describeDatabaseError } from '../../db/describe-database-error';
import { perMinute } from '../../plugins/rate-limit';
import { mailStoreOf } from '../mail/mail-store';
import { confirmOtp, requestPasswordReset, resetPassword } from './password-reset-service';

/** Reset mails per client IP per minute: each one is a mail sent to someone. */
const CHECK_EMAIL_PER_MINUTE = 5;
/** OTP tries per client IP per minute (each code also dies after 5 wrong tries). */
const OTP_PER_MINUTE = 10;

const messageSchema = z.object({ message: z.string() });
const errorsSchema = messageSchema.extend({
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
const responses = { 200: messageSchema, 400: errorsSchema, 429: messageSchema };

const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['password reset'];

  /** Resets still being stored or mailed; the app waits for them when it closes (before the database does). */
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  });

  /**
   * Looks the email up, stores a code and hands its mail over once the answer is on its way (setImmediate runs
   * after the reply is written), so the answer takes as long for an email without an account as for one with it
   * (issue 43 §5, decision 0041). A failure is logged without the email (decision 0011) and never reaches the
   * client, who was already told the same thing as everyone else.
   */
  function afterAnswer(email: string): void {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () =>
        requestPasswordReset(
          app.db,
          (message) => app.mail.deliver('password reset code', message),
          await mailStoreOf(app.db, app.config.publicBaseUrl),
          email,
        ),
      )
      .catch((err: unknown) => {
        const database = describeDatabaseError(err);
        app.log.error(
          database ? { database } : { error: err instanceof Error ? err.name : typeof err },
          'password reset code not stored or mailed',
        );
      })
      .finally(() => pending.delete(run));
    pending.add(run);
  }

  app.post(
    '/check-email',
    {
      config: { rateLimit: perMinute(CHECK_EMAIL_PER_MINUTE) },
      schema: {
        tags,
        summary: 'Email a 6-digit reset code (the same answer whether or not the email has an account)',
        body: checkEmailRequestSchema,
        response: responses,
      },
    },
    async (req) => {
      afterAnswer(req.body.email);
      return { message: ACCOUNT_MESSAGES.otpSent };
    },
  );

  app.post(
    '/confirm-otp',
    {
      config: { rateLimit: perMinute(OTP_PER_MINUTE) },
      schema: {
        tags,
        summary: 'Check a reset code (5 minutes, at most 5 wrong tries)',
        body: confirmOtpRequestSchema,
        response: responses,
      },
    },
    async (req) => {
      await confirmOtp(app.db, req.body.email, req.body.otp);
      return { message: ACCOUNT_MESSAGES.otpConfirmed };
    },
  );

  app.post(
    '/update-password',
    {
      config: { rateLimit: perMinute(OTP_PER_MINUTE) },
      schema: {
        tags,
        summary: 'Set a new password with a live reset code; every session of the account ends',
        body: updatePasswordRequestSchema,
        response: responses,
      },
    },
    async (req) => {
      await resetPassword(app.db, req.body.email, req.body.otp, req.body.password);
      return { message: ACCOUNT_MESSAGES.passwordUpdated };
    },
  );
};

export default passwordResetRoutes;
