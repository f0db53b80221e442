/**
 * Password reset by emailed OTP (SPEC §2 /forget-password -> /otp -> /reset-password, §4, §7 check-email,
 * confirm-otp, update-password; DESIGN §5.5). The code is 6 random digits, stored as a sha256 with the
 * member's id, valid 5 minutes, at most 5 wrong tries, used once; a new request replaces earlier codes.
 * Answers never reveal whether an email has an account: check-email always says the OTP was sent, and a wrong
 * email and a wrong code get the same message.
 */
import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_MS } from '@store/shared/account-constants';
import type { Database } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { hashPassword } from '../accounts/passwords';
import { revokeOtherSessions } from '../accounts/sessions';
import { renderMail } from '../mail/render-mail';
import type { MailMessage } from '../mail/send-mail';
import type { MailStore } from '../mail/templates/mail-layout';
import { OtpMail } from '../mail/templates/otp-mail';

const hashOtp = (resetId: number, otp: string) =>
  createHash('sha256').update(`${resetId}:${otp}`).digest('hex');

/** Six random digits, leading zeros kept. */
export function generateOtp(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** The reset mail (templates/otp-mail.tsx): subject, text and HTML, with the store's name and footer. */
export async function otpMail(store: MailStore, name: string, otp: string) {
  const parts = await renderMail(OtpMail({ store, name, otp, minutes: OTP_TTL_MS / 60_000 }));
  return { subject: `Your ${store.name} password reset code`, ...parts };
}

/**
 * Stores a fresh OTP when the email has an account and hands its mail to `deliver`; does nothing otherwise
 * (same answer either way). The caller sends the mail after answering, so the time an SMTP server takes does
 * not tell a known email from an unknown one.
 */
export async function requestPasswordReset(
  db: Database,
  deliver: (message: MailMessage) => void,
  store: MailStore,
  email: string,
): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) return;
  const otp = generateOtp();
  await db.transaction(async (tx) => {
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    const [reset] = await tx
      .insert(passwordResets)
      .values({ userId: user.id, otpHash: 'pending', expiresAt: new Date(Date.now() + OTP_TTL_MS) })
      .returning({ id: passwordResets.id });
    if (!reset) throw new Error('password reset insert returned no row');
    await tx
      .update(passwordResets)
      .set({ otpHash: hashOtp(reset.id, otp) })
      .where(eq(passwordResets.id, reset.id));
  });
  deliver({ to: user.email, ...(await otpMail(store, user.name, otp)) });
}

/**
 * Checks `otp` against the email's live code, counting a wrong try; the fifth wrong try ends the code.
 * Returns the reset row's id and user id; throws 400 ACCOUNT_MESSAGES.resetExpired otherwise.
 */
async function checkOtp(db: Database, email: string, otp: string): Promise<{ id: number; userId: number }> {
  const [row] = await db
    .select({ id: passwordResets.id, userId: passwordResets.userId, otpHash: passwordResets.otpHash })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(users.email, email),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
        sql`${passwordResets.attempts} < ${OTP_MAX_ATTEMPTS}`,
      ),
    )
    .orderBy(desc(passwordResets.id))
    .limit(1);
  if (!row) throw new HttpError(400, ACCOUNT_MESSAGES.resetExpired);
  if (row.otpHash !== hashOtp(row.id, otp)) {
    await db
      .update(passwordResets)
      .set({ attempts: sql`${passwordResets.attempts} + 1` })
      .where(eq(passwordResets.id, row.id));
    throw new HttpError(400, ACCOUNT_MESSAGES.resetExpired);
  }
  return row;
}

/** `confirm-otp`: the code is right and still live (it stays usable for update-password until it expires). */
export async function confirmOtp(db: Database, email: string, otp: string): Promise<void> {
  const row = await checkOtp(db, email, otp);
  await db
    .update(passwordResets)
    .set({ confirmedAt: sql`now()` })
    .where(eq(passwordResets.id, row.id));
}

/** `update-password`: sets the new password with a live code, uses the code up and ends every session. */
export async function resetPassword(
  db: Database,
  email: string,
  otp: string,
  password: string,
): Promise<void> {
  const row = await checkOtp(db, email, otp);
  const passwordHash = await hashPassword(password);
  const used = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.id, row.id), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  // Two requests with the same code: only the one that used it up changes the password.
  if (used.length === 0) throw new HttpError(400, ACCOUNT_MESSAGES.resetExpired);
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.userId));
  await revokeOtherSessions(db, row.userId);
}
