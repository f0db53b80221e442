/**
 * Two-step sign-in for staff (issue 12): RFC 6238 TOTP codes (6 digits, 30 s, SHA-1: what every authenticator
 * app reads) with otplib. A code is accepted one step either side of now (clock drift) and only once: the step
 * it matched is stored and a code for the same or an earlier step is refused (`totp_last_step`). Setting up keeps
 * the new secret aside until a code from it is entered, so a half-finished setup never locks anyone out. Every
 * change is in the audit trail (without the secret). Each decision is one conditional UPDATE (issue 43 §1,
 * decision 0041): a step is taken only if it is later than the last one, and TOTP is turned on (or off) only by
 * the request whose UPDATE still found it off (or on), so requests at once leave one change and one audit row.
 */
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Database } from '../../db/client';
import { staffUsers } from '../../db/schema';
import { recordAudit } from './record-audit';
import { revokeOtherStaffSessions } from './staff-accounts';

type StaffRow = typeof staffUsers.$inferSelect;

/** How far from now a code may be (seconds): one 30 s step either way. */
const TOLERANCE_S = 30;

/**
 * Checks `code` against `secret` and, when it matches a step later than the last one used, records that step
 * in one conditional UPDATE (the row's lock orders requests at once: the first takes the step, the others find
 * it taken), so one code signs in once however many requests carry it. The secret must still be the row's (a
 * setup or a disable meanwhile makes the code worthless). Answers whether the code is accepted.
 */
async function acceptCode(db: Database, row: StaffRow, secret: string, code: string, now: Date) {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_S,
  });
  // otplib's functional verify answers TOTP's or HOTP's result; a TOTP match carries its time step.
  if (!result.valid || !('timeStep' in result)) return false;
  const step = result.timeStep;
  const [updated] = await db
    .update(staffUsers)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staffUsers.id, row.id),
        eq(staffUsers.totpSecret, secret),
        or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step)),
      ),
    )
    .returning({ id: staffUsers.id });
  return updated !== undefined;
}

/** Sign-in: true when TOTP is on for `row` and `code` is a fresh, correct code. */
export async function checkSignInCode(db: Database, row: StaffRow, code: string, now = new Date()) {
  if (!row.totpEnabledAt || !row.totpSecret) return false;
  return acceptCode(db, row, row.totpSecret, code, now);
}

/**
 * Starts (or restarts) setting up TOTP: a new secret kept aside, and the `otpauth://` URI for the QR code.
 * Answers null when TOTP is already on.
 */
export async function startTotpSetup(
  db: Database,
  row: StaffRow,
  issuer: string,
): Promise<{ secret: string; otpauthUri: string } | null> {
  if (row.totpEnabledAt) return null;
  const secret = generateSecret();
  await db
    .update(staffUsers)
    .set({ totpSecret: secret, totpLastStep: null })
    .where(and(eq(staffUsers.id, row.id), isNull(staffUsers.totpEnabledAt)));
  return { secret, otpauthUri: generateURI({ issuer, label: row.email, secret }) };
}

/**
 * Turns TOTP on when `code` comes from the secret set aside, and ends the staff member's other sessions (issue 43
 * §5: one signed in with the password alone elsewhere must sign in again with a code); `keepSessionId` is the
 * session that turned it on. 'wrong' | 'not_started' | 'already_on' | 'enabled'; only the one request of several
 * at once whose UPDATE found TOTP still off with that secret answers 'enabled' and writes the audit row.
 */
export async function enableTotp(
  db: Database,
  row: StaffRow,
  code: string,
  keepSessionId: number,
  now = new Date(),
) {
  if (row.totpEnabledAt) return 'already_on' as const;
  const secret = row.totpSecret;
  if (!secret) return 'not_started' as const;
  if (!(await acceptCode(db, row, secret, code, now))) return 'wrong' as const;
  return db.transaction(async (tx) => {
    const [enabled] = await tx
      .update(staffUsers)
      .set({ totpEnabledAt: now })
      .where(
        and(eq(staffUsers.id, row.id), isNull(staffUsers.totpEnabledAt), eq(staffUsers.totpSecret, secret)),
      )
      .returning({ id: staffUsers.id });
    if (!enabled) return 'already_on' as const;
    await revokeOtherStaffSessions(tx, row.id, keepSessionId);
    await recordAudit(tx, {
      staffId: row.id,
      action: 'staff.totp_enable',
      entityType: 'staff',
      entityId: String(row.id),
      before: { totp_enabled: false },
      after: { totp_enabled: true },
    });
    return 'enabled' as const;
  });
}

/**
 * Turns TOTP off after a current code. 'not_on' | 'wrong' | 'disabled'; of several requests at once only the one
 * whose UPDATE still found it on answers 'disabled' and writes the audit row.
 */
export async function disableTotp(db: Database, row: StaffRow, code: string, now = new Date()) {
  if (!row.totpEnabledAt) return 'not_on' as const;
  if (!(await checkSignInCode(db, row, code, now))) return 'wrong' as const;
  return db.transaction(async (tx) => {
    const [disabled] = await tx
      .update(staffUsers)
      .set({ totpEnabledAt: null, totpSecret: null, totpLastStep: null })
      .where(and(eq(staffUsers.id, row.id), isNotNull(staffUsers.totpEnabledAt)))
      .returning({ id: staffUsers.id });
    if (!disabled) return 'not_on' as const;
    await recordAudit(tx, {
      staffId: row.id,
      action: 'staff.totp_disable',
      entityType: 'staff',
      entityId: String(row.id),
      before: { totp_enabled: true },
      after: { totp_enabled: false },
    });
    return 'disabled' as const;
  });
}
