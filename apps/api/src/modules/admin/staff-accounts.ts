/**
 * Staff accounts and their sessions (issue 12): argon2id passwords as members have (DESIGN §5.5), bearer tokens
 * stored as sha256, 30 minutes idle and 12 hours at most, a one-time password that must be changed at first
 * sign-in. Staff are not customers: their own tables, so a customer token is never a staff token.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { SESSION_IDLE_TIMEOUT_MS } from '@store/shared/account-constants';
import { ADMIN_MESSAGES, type StaffRole, type StaffUser } from '@store/shared/admin';
import { rowsOf, type Database } from '../../db/client';
import { auditLog, staffSessions, staffUsers } from '../../db/schema';
import { hashPassword, verifyPassword } from '../accounts/passwords';
import { HttpError } from '../../plugins/error-handling';
import { SESSION_ABSOLUTE_LIMIT_MS } from '../accounts/sessions';
import { recordAudit } from './record-audit';
import { totpSetupRequired } from './totp-setup-required';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const SLIDE_EVERY_MS = 60_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

type StaffRow = typeof staffUsers.$inferSelect;

/** The staff member as the API answers it; `adminRequireTotp` is the store's ADMIN_REQUIRE_TOTP. */
export function presentStaff(row: StaffRow, adminRequireTotp = false): StaffUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    must_change_password: row.mustChangePassword,
    totp_enabled: row.totpEnabledAt !== null,
    totp_required: adminRequireTotp && row.role === 'admin',
    totp_setup_required: totpSetupRequired(row, adminRequireTotp),
    disabled: row.disabledAt !== null,
  };
}

/** A one-time password: 18 random bytes as 24 base64url characters, with the members' rules met. */
export function oneTimePassword(): string {
  // An uppercase letter and one of !@#$%^&* are appended so it passes the password rules it must be changed under.
  return `${randomBytes(18).toString('base64url')}A!`;
}

/** The email is taken by another staff account (the CLI says so; the API answers 409). */
export class StaffEmailTakenError extends Error {}

/**
 * Creates a staff account with a one-time password (returned, never stored in clear) that must be changed at
 * first sign-in, and records it in the audit trail. Throws StaffEmailTakenError when the email is taken.
 */
export async function createStaff(
  db: Database,
  input: { email: string; name: string; role: StaffRole },
  createdBy: number | null = null,
): Promise<{ staff: StaffUser; password: string }> {
  const password = oneTimePassword();
  const email = input.email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.email, email));
  if (existing) throw new StaffEmailTakenError(`A staff account for ${email} already exists.`);
  const [row] = await db
    .insert(staffUsers)
    .values({ email, name: input.name.trim(), role: input.role, passwordHash: await hashPassword(password) })
    .onConflictDoNothing({ target: staffUsers.email })
    .returning();
  // Created meanwhile by another request.
  if (!row) throw new StaffEmailTakenError(`A staff account for ${email} already exists.`);
  const staff = presentStaff(row);
  await db.insert(auditLog).values({
    staffId: createdBy,
    action: 'staff.create',
    entityType: 'staff',
    entityId: String(row.id),
    before: null,
    after: { email: staff.email, name: staff.name, role: staff.role },
  });
  return { staff, password };
}

/** The staff member for `email` and `password`, or null (unknown, disabled, or wrong password; same time). */
export async function checkStaffPassword(
  db: Database,
  email: string,
  password: string,
): Promise<StaffRow | null> {
  const [row] = await db
    .select()
    .from(staffUsers)
    .where(and(eq(staffUsers.email, email.toLowerCase()), isNull(staffUsers.disabledAt)));
  // verifyPassword checks a decoy hash when there is no row, so an unknown email takes as long as a known one.
  const ok = await verifyPassword(row?.passwordHash ?? null, password);
  return ok && row ? row : null;
}

/** One staff member's row by id. Throws when there is none (callers hold a live session for it). */
export async function findStaff(db: Database, id: number): Promise<StaffRow> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
  if (!row) throw new Error(`No staff member ${id}`);
  return row;
}

/** A new token and the session row's times: 30 minutes idle, 12 hours at most. */
function newSession() {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  return {
    token,
    tokenHash: hashToken(token),
    expiresAt: new Date(now + SESSION_IDLE_TIMEOUT_MS),
    absoluteExpiresAt: new Date(now + SESSION_ABSOLUTE_LIMIT_MS),
  };
}

/** Starts a staff session; returns its token (the only time it exists in clear). */
export async function createStaffSession(db: Database, staffId: number): Promise<string> {
  const { token, ...values } = newSession();
  await db.insert(staffSessions).values({ staffId, ...values });
  return token;
}

/**
 * Starts a session for a sign-in that gave no code because two-step sign-in was off when its password was
 * checked; answers the token, or null when it has been turned on (or the account disabled) since. The insert
 * reads the staff row FOR SHARE, so it waits for an enable in progress and sees its result, and an enable that
 * starts later waits for this session and then ends it (decision 0041): no password-only session outlives it.
 */
export async function createPasswordOnlyStaffSession(db: Database, staffId: number): Promise<string | null> {
  const { token, tokenHash, expiresAt, absoluteExpiresAt } = newSession();
  const inserted = rowsOf<{ id: number }>(
    await db.execute(sql`
    INSERT INTO ${staffSessions} (staff_id, token_hash, expires_at, absolute_expires_at)
    SELECT ${staffUsers.id}, ${tokenHash}, ${expiresAt.toISOString()}::timestamptz,
           ${absoluteExpiresAt.toISOString()}::timestamptz
      FROM ${staffUsers}
     WHERE ${staffUsers.id} = ${staffId} AND ${staffUsers.totpEnabledAt} IS NULL AND ${staffUsers.disabledAt} IS NULL
       FOR SHARE
    RETURNING id`),
  );
  return inserted.length > 0 ? token : null;
}

/** The staff member of a live session for `token`, or null. Slides the idle expiry like members' sessions. */
export async function findStaffSession(
  db: Database,
  token: string,
): Promise<{ staff: StaffRow; sessionId: number } | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const now = new Date();
  const [row] = await db
    .select({ staff: staffUsers, session: staffSessions })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        isNull(staffSessions.revokedAt),
        isNull(staffUsers.disabledAt),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.absoluteExpiresAt, now),
      ),
    );
  if (!row) return null;
  const slidTo = Math.min(now.getTime() + SESSION_IDLE_TIMEOUT_MS, row.session.absoluteExpiresAt.getTime());
  if (slidTo - row.session.expiresAt.getTime() > SLIDE_EVERY_MS) {
    await db
      .update(staffSessions)
      .set({ expiresAt: new Date(slidTo) })
      .where(eq(staffSessions.id, row.session.id));
  }
  return { staff: row.staff, sessionId: row.session.id };
}

/**
 * Sets a new password, clears the must-change flag, ends the staff member's other sessions, and records it in
 * the audit trail (without any password). `checkedHash` is the hash the current password was verified against:
 * the new one is written only while it is still the stored one, so of two changes at once the second is refused
 * (HttpError 400 ADMIN_MESSAGES.wrongCurrentPassword) instead of replacing a password it never proved (decision
 * 0041).
 */
export async function changeStaffPassword(
  db: Database,
  staffId: number,
  keepSessionId: number,
  newPassword: string,
  checkedHash: string,
): Promise<StaffRow> {
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffUsers)
      .set({ passwordHash, mustChangePassword: false })
      .where(and(eq(staffUsers.id, staffId), eq(staffUsers.passwordHash, checkedHash)))
      .returning();
    if (!row) throw new HttpError(400, ADMIN_MESSAGES.wrongCurrentPassword);
    await revokeOtherStaffSessions(tx, staffId, keepSessionId);
    await tx.insert(auditLog).values({
      staffId,
      action: 'staff.password_change',
      entityType: 'staff',
      entityId: String(staffId),
      before: null,
      after: null,
    });
    return row;
  });
}

/** Every staff account, oldest first. */
export async function listStaff(db: Database): Promise<StaffRow[]> {
  return db.select().from(staffUsers).orderBy(staffUsers.id);
}

/**
 * Ends every live session of `staffId` but `keepSessionId` (after a password change, or when two-step sign-in is
 * turned on). Pass the transaction that makes the change.
 */
export async function revokeOtherStaffSessions(
  db: Database,
  staffId: number,
  keepSessionId: number,
): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        sql`${staffSessions.id} <> ${keepSessionId}`,
      ),
    );
}

/** Ends one staff session (sign out). */
export async function revokeStaffSession(db: Database, sessionId: number): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}

/**
 * Disables (ending every session) or enables a staff account, with its audit row. Throws HttpError 404 for an
 * unknown id, 400 for one's own account, 409 when it would leave no active admin.
 */
export async function setStaffDisabled(
  db: Database,
  input: { staffId: number; disabled: boolean; by: number },
): Promise<StaffRow> {
  if (input.staffId === input.by) throw new HttpError(400, ADMIN_MESSAGES.cannotDisableSelf);
  return db.transaction(async (tx) => {
    // Locks every admin row, so two admins disabling each other at once cannot both succeed.
    const admins = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(eq(staffUsers.role, 'admin'), isNull(staffUsers.disabledAt)))
      .for('update');
    const [row] = await tx.select().from(staffUsers).where(eq(staffUsers.id, input.staffId)).for('update');
    if (!row) throw new HttpError(404, ADMIN_MESSAGES.staffNotFound);
    if ((row.disabledAt !== null) === input.disabled) return row;
    if (input.disabled && row.role === 'admin' && admins.length <= 1) {
      throw new HttpError(409, ADMIN_MESSAGES.lastAdmin);
    }
    const [updated] = await tx
      .update(staffUsers)
      .set({ disabledAt: input.disabled ? new Date() : null })
      .where(eq(staffUsers.id, row.id))
      .returning();
    if (input.disabled) {
      await tx
        .update(staffSessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(staffSessions.staffId, row.id), isNull(staffSessions.revokedAt)));
    }
    await recordAudit(tx, {
      staffId: input.by,
      action: input.disabled ? 'staff.disable' : 'staff.enable',
      entityType: 'staff',
      entityId: String(row.id),
      before: { disabled: !input.disabled },
      after: { disabled: input.disabled },
    });
    if (!updated) throw new Error('staff update returned no row');
    return updated;
  });
}
