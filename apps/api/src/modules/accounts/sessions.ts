/**
 * Bearer sessions (SPEC §4 Session; DESIGN §5.5): a token is 32 random bytes (base64url), handed to the client
 * once; the database keeps only its sha256. A session ends when revoked (Sign Out), 30 minutes after its last
 * request (SPEC §9, the client's idle timeout), or 12 hours after sign-in, whichever comes first.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { SESSION_IDLE_TIMEOUT_MS } from '@store/shared/account-constants';
import type { Database } from '../../db/client';
import { userSessions, users } from '../../db/schema';

/** A session never outlives this, however active (ms). */
export const SESSION_ABSOLUTE_LIMIT_MS = 12 * 60 * 60 * 1000;
/** The sliding expiry is pushed forward at most this often, so a busy page does not write on every call (ms). */
const SLIDE_EVERY_MS = 60_000;
/** A bearer token: 43 base64url characters. Anything else cannot be one and is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session for `userId` and returns its token (the only time the token exists in clear). */
export async function createSession(db: Database, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.insert(userSessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now + SESSION_IDLE_TIMEOUT_MS),
    absoluteExpiresAt: new Date(now + SESSION_ABSOLUTE_LIMIT_MS),
  });
  return token;
}

/** The signed-in member a request acts for. */
export interface Member {
  userId: number;
  sessionId: number;
  name: string;
  email: string;
}

/**
 * The member of a live session for `token`, or null (unknown, revoked or expired token). Slides the idle
 * expiry forward when it is more than a minute old.
 */
export async function findSessionMember(db: Database, token: string): Promise<Member | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const now = new Date();
  const [row] = await db
    .select({
      sessionId: userSessions.id,
      userId: users.id,
      name: users.name,
      email: users.email,
      expiresAt: userSessions.expiresAt,
      absoluteExpiresAt: userSessions.absoluteExpiresAt,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        eq(userSessions.tokenHash, hashToken(token)),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, now),
        gt(userSessions.absoluteExpiresAt, now),
      ),
    );
  if (!row) return null;
  const slidTo = Math.min(now.getTime() + SESSION_IDLE_TIMEOUT_MS, row.absoluteExpiresAt.getTime());
  if (slidTo - row.expiresAt.getTime() > SLIDE_EVERY_MS) {
    await db
      .update(userSessions)
      .set({ expiresAt: new Date(slidTo) })
      .where(eq(userSessions.id, row.sessionId));
  }
  return { userId: row.userId, sessionId: row.sessionId, name: row.name, email: row.email };
}

/** Ends one session (Sign Out). */
export async function revokeSession(db: Database, sessionId: number): Promise<void> {
  await db
    .update(userSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)));
}

/** Ends every session of a user but `keepSessionId` (after a password change or reset). */
export async function revokeOtherSessions(
  db: Database,
  userId: number,
  keepSessionId?: number,
): Promise<void> {
  await db
    .update(userSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.revokedAt),
        keepSessionId === undefined ? sql`true` : sql`${userSessions.id} <> ${keepSessionId}`,
      ),
    );
}
