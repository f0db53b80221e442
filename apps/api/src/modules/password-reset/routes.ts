/**
 * Password reset calls of SPEC §7 under /api: check-email, confirm-otp, update-password (DESIGN §5.5: rate
 * limited, and no answer tells whether an email has an account).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldErrorsAnswerSchema, messageAnswerSchema } from '@store/shared/error-answers';
import {
  checkEmailRequestSchema,
  confirmOtpRequestSchema,
  updatePasswordRequestSchema,
} from '@store/shared/account';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import { perMinute } from '../../plugins/rate-limit';
import { mailStoreOf } from '../mail/mail-store';
import { confirmOtp, requestPasswordReset, resetPassword } from './password-reset-service';

/** Reset mails per client IP per minute: each one is a mail sent to someone. */
const CHECK_EMAIL_PER_MINUTE = 5;
/** OTP tries per client IP per minute (each code also dies after 5 wrong tries). */
const OTP_PER_MINUTE = 10;

const responses = { 200: messageAnswerSchema, 400: fieldErrorsAnswerSchema, 429: messageAnswerSchema };

const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['password reset'];

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
      const { email } = req.body;
      // All of the reset's work (finding the account, storing the code, rendering the mail) runs after the answer
      // is written (the mail service's turn), so the answer takes as long for an email without an account as
      // for one with it (issue 43 §5, decision 0041). A failure is logged by the mail service, with the
      // database's error described without its values (decision 0011); app close and tests wait for it
      // (`app.mail.settled()`).
      app.mail.deliver('password reset code', async () =>
        requestPasswordReset(app.db, await mailStoreOf(app.db, app.config.publicBaseUrl), email),
      );
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
