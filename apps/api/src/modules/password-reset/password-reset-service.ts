/**
 * Password reset by emailed OTP (SPEC §2 /forget-password -> /otp -> /reset-password, §4, §7 check-email,
 * confirm-otp, update-password; DESIGN §5.5). The code is 6 random digits, stored as a sha256 with the
 * member's id, valid 5 minutes, at most 5 wrong tries, used once; a new request replaces earlier codes.
 * Answers never reveal whether an email has an account: check-email always says the OTP was sent, and a wrong
 * email and a wrong code get the same message.
 */
import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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
 * Stores a fresh OTP when the email has an account and resolves to its mail; resolves to null otherwise.
 * Run by the mail service after check-email has answered (routes.ts), so neither this work nor the mail's
 * rendering can make a known email's answer slower than an unknown one's (issue 43 §5). The member's row is locked while the old
 * codes are replaced, so two requests at once leave one live code, not two.
 */
export async function requestPasswordReset(
  db: Database,
  store: MailStore,
  email: string,
): Promise<MailMessage | null> {
  const otp = generateOtp();
  const user = await db.transaction(async (tx) => {
    const [member] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    if (!member) return undefined;
    await tx.delete(passwordResets).where(eq(passwordResets.userId, member.id));
    const [reset] = await tx
      .insert(passwordResets)
      .values({ userId: member.id, otpHash: 'pending', expiresAt: new Date(Date.now() + OTP_TTL_MS) })
      .returning({ id: passwordResets.id });
    if (!reset) throw new Error('password reset insert returned no row');
    await tx
      .update(passwordResets)
      .set({ otpHash: hashOtp(reset.id, otp) })
      .where(eq(passwordResets.id, reset.id));
    return member;
  });
  if (!user) return null;
  return { to: user.email, ...(await otpMail(store, user.name, otp)) };
}

/**
 * Takes one try of `otp` against the email's newest code and decides it in a single conditional UPDATE (issue 43
 * §1, decision 0041): the row is updated only while it is live (not used, not expired, fewer than
 * OTP_MAX_ATTEMPTS wrong tries), a wrong code adds one to `attempts` in that same statement, and a right one
 * stamps `mark` (`confirmed_at` for confirm-otp, `used_at` for update-password, which kills the code). The row
 * lock serialises tries at once, so however many arrive together at most 5 wrong ones are ever compared, and a
 * code that is used cannot be used again. Returns the row's id and user id for a right code; throws 400
 * ACCOUNT_MESSAGES.resetExpired otherwise (same message for an unknown email, a wrong, used or dead code).
 */
async function takeOtpTry(
  db: Database,
  email: string,
  otp: string,
  mark: 'confirmedAt' | 'usedAt',
): Promise<{ id: number; userId: number }> {
  // Only finds which row to try: the decision is the UPDATE's, made under the row's lock.
  const [newest] = await db
    .select({ id: passwordResets.id, userId: passwordResets.userId })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(users.email, email))
    .orderBy(desc(passwordResets.id))
    .limit(1);
  if (!newest) throw new HttpError(400, ACCOUNT_MESSAGES.resetExpired);
  const matches = sql`(${passwordResets.otpHash} = ${hashOtp(newest.id, otp)})`;
  const stamp = (column: AnyPgColumn) => sql`CASE WHEN ${matches} THEN now() ELSE ${column} END`;
  const [tried] = await db
    .update(passwordResets)
    .set({
      attempts: sql`${passwordResets.attempts} + CASE WHEN ${matches} THEN 0 ELSE 1 END`,
      ...(mark === 'usedAt'
        ? { usedAt: stamp(passwordResets.usedAt) }
        : { confirmedAt: stamp(passwordResets.confirmedAt) }),
    })
    .where(
      and(
        eq(passwordResets.id, newest.id),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
        lt(passwordResets.attempts, OTP_MAX_ATTEMPTS),
      ),
    )
    .returning({ matched: sql<boolean>`${matches}` });
  if (!tried?.matched) throw new HttpError(400, ACCOUNT_MESSAGES.resetExpired);
  return newest;
}

/** `confirm-otp`: the code is right and still live (it stays usable for update-password until it expires). */
export async function confirmOtp(db: Database, email: string, otp: string): Promise<void> {
  await takeOtpTry(db, email, otp, 'confirmedAt');
}

/**
 * `update-password`: uses the code up (the one request of several at once that does, decision 0041) and only
 * then sets the new password and ends every session, in one transaction. Throws 400 as confirm-otp does.
 */
export async function resetPassword(
  db: Database,
  email: string,
  otp: string,
  password: string,
): Promise<void> {
  const { userId } = await takeOtpTry(db, email, otp, 'usedAt');
  // Hashed after the code is taken, so wrong codes cost no argon2 work; a failure here leaves the code used and
  // the password as it was (the member asks for a new code).
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await revokeOtherSessions(tx as unknown as Database, userId);
  });
}
