/**
 * Members (SPEC §2 Account screens, §3 User profile, §4 Session, §6): sign-up, sign-in, the profile and its
 * business details. Plain functions over the database; routes.ts calls one each. Role and creator are the
 * server's (role 5, created by 0) whatever a client sends (DESIGN §5.6).
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  ACCOUNT_MESSAGES,
  BUSINESS_META_KEYS,
  CREATED_BY_SELF,
  CUSTOMER_ROLE_ID,
} from '@store/shared/account-constants';
import type {
  BusinessDetails,
  LoginRequest,
  ProfileUpdateRequest,
  PublicUser,
  SignupRequest,
} from '@store/shared/account';
import {
  EX_GST_NEEDS_BUSINESS,
  hasBusinessDetails,
  PRICE_DISPLAY_META_KEY,
  type PriceDisplay,
} from '@store/shared/gst-prices';
import type { Database } from '../../db/client';
import { newsletterSubscriptions, userMeta, users } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, revokeOtherSessions, type Member } from './sessions';

type UserRow = typeof users.$inferSelect;

/** The SPEC's user object: profile fields and user_meta, never the password hash. */
export async function presentUser(db: Database, user: UserRow): Promise<PublicUser> {
  const meta = await db
    .select({ option: userMeta.option, value: userMeta.value })
    .from(userMeta)
    .where(eq(userMeta.userId, user.id))
    .orderBy(userMeta.option);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role_id: user.roleId,
    created_by: user.createdBy,
    user_meta: meta,
  };
}

/** Writes the non-empty business details as user meta and removes the emptied ones. */
async function saveBusinessDetails(db: Database, userId: number, details: BusinessDetails): Promise<void> {
  const filled = BUSINESS_META_KEYS.filter((k) => details[k] !== '');
  const emptied = BUSINESS_META_KEYS.filter((k) => details[k] === '');
  if (emptied.length > 0) {
    await db.delete(userMeta).where(and(eq(userMeta.userId, userId), inArray(userMeta.option, emptied)));
  }
  for (const option of filled) {
    await db
      .insert(userMeta)
      .values({ userId, option, value: details[option] })
      .onConflictDoUpdate({ target: [userMeta.userId, userMeta.option], set: { value: details[option] } });
  }
}

/** Whether the member's email is on the newsletter list (SPEC §4 `subscription`). */
export async function isSubscribed(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: newsletterSubscriptions.id })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email));
  return row !== undefined;
}

export interface SignedIn {
  user: PublicUser;
  token: string;
  subscription: boolean;
}

/**
 * Creates a member and signs them in. A guest who ordered with the same email may register; a second account
 * with it is refused with 409 ACCOUNT_MESSAGES.emailTaken.
 */
export async function registerUser(db: Database, request: SignupRequest): Promise<SignedIn> {
  const passwordHash = await hashPassword(request.password);
  const user = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        name: request.name,
        email: request.email,
        phone: request.phone,
        passwordHash,
        roleId: CUSTOMER_ROLE_ID,
        createdBy: CREATED_BY_SELF,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) throw new HttpError(409, ACCOUNT_MESSAGES.emailTaken);
    await saveBusinessDetails(tx as unknown as Database, created.id, request);
    return created;
  });
  return {
    user: await presentUser(db, user),
    token: await createSession(db, user.id),
    subscription: await isSubscribed(db, user.email),
  };
}

/** Signs a member in; 401 with one message whether the email or the password is wrong. */
export async function signIn(db: Database, request: LoginRequest): Promise<SignedIn> {
  const [user] = await db.select().from(users).where(eq(users.email, request.email));
  const ok = await verifyPassword(user?.passwordHash ?? null, request.password);
  if (!user || !ok) throw new HttpError(401, ACCOUNT_MESSAGES.wrongCredentials);
  return {
    user: await presentUser(db, user),
    token: await createSession(db, user.id),
    subscription: await isSubscribed(db, user.email),
  };
}

/** The member's profile; 401 if the account is gone. */
export async function getProfile(db: Database, userId: number): Promise<PublicUser> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new HttpError(401, ACCOUNT_MESSAGES.sessionRequired);
  return presentUser(db, user);
}

const oldPasswordWrong = () =>
  new HttpError(400, ACCOUNT_MESSAGES.oldPasswordWrong, [
    { field: 'old_password', message: ACCOUNT_MESSAGES.oldPasswordWrong },
  ]);

/**
 * Updates name, phone and business details; a new password only with the correct current one (400
 * otherwise), after which the member's other sessions end. Email, role and creator never change here.
 */
export async function updateProfile(
  db: Database,
  member: Member,
  request: ProfileUpdateRequest,
): Promise<PublicUser> {
  const [user] = await db.select().from(users).where(eq(users.id, member.userId));
  if (!user) throw new HttpError(401, ACCOUNT_MESSAGES.sessionRequired);
  const changing = request.password !== '';
  if (changing && !(await verifyPassword(user.passwordHash, request.old_password))) throw oldPasswordWrong();
  // A new password is written only while the hash its old password was checked against is still the stored one,
  // so of two changes at once (or a change racing a reset) the second is refused, not applied over a password it
  // never proved; a profile-only update never writes the hash, so it cannot put back one read before a reset
  // (decision 0041).
  const [updated] = await db
    .update(users)
    .set({
      name: request.name,
      phone: request.phone,
      ...(changing ? { passwordHash: await hashPassword(request.password) } : {}),
      updatedAt: new Date(),
    })
    .where(
      changing
        ? and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash))
        : eq(users.id, user.id),
    )
    .returning();
  if (!updated) throw changing ? oldPasswordWrong() : new HttpError(401, ACCOUNT_MESSAGES.sessionRequired);
  await saveBusinessDetails(db, user.id, request);
  if (changing) await revokeOtherSessions(db, user.id, member.sessionId);
  return presentUser(db, updated);
}

/**
 * Keeps how the member sees prices (issue 18 §2) as the user meta `_price_display`. Throws HttpError 409 when a
 * member without business details asks for `ex_gst` (a choice back to `inc_gst` is always taken).
 */
export async function setPriceDisplay(
  db: Database,
  member: Member,
  display: PriceDisplay,
): Promise<PublicUser> {
  const [user] = await db.select().from(users).where(eq(users.id, member.userId));
  if (!user) throw new HttpError(401, ACCOUNT_MESSAGES.sessionRequired);
  if (display === 'ex_gst' && !hasBusinessDetails((await presentUser(db, user)).user_meta))
    throw new HttpError(409, EX_GST_NEEDS_BUSINESS);
  await db
    .insert(userMeta)
    .values({ userId: user.id, option: PRICE_DISPLAY_META_KEY, value: display })
    .onConflictDoUpdate({ target: [userMeta.userId, userMeta.option], set: { value: display } });
  return presentUser(db, user);
}
