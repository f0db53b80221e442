/**
 * The staff member's back-office session (issue 12, decision 0017): `{ token, user, timestamp }` in session
 * storage under `adminSession`, apart from the shopper's `userSession` so neither bearer is ever sent for the
 * other. Like the member's session (decision 0013) `timestamp` is the last click or key press: a session idle for
 * 30 minutes is dropped when read, and the idle timer (use-admin-idle-sign-out.ts) ends an open one.
 */
import { SESSION_IDLE_TIMEOUT_MS } from '@store/shared/account-constants';
import { ADMIN_SESSION_STORAGE_KEY, type StaffUser } from '@store/shared/admin';
import { createSessionStore } from '@/lib/create-session-store';

export const ADMIN_SESSION_KEY = ADMIN_SESSION_STORAGE_KEY;

export interface AdminSession {
  token: string;
  user: StaffUser;
  /** When the session was stored or the staff member last clicked or typed (ms since the epoch). */
  timestamp: number;
}

const store = createSessionStore<AdminSession>({
  key: ADMIN_SESSION_KEY,
  idleMs: SESSION_IDLE_TIMEOUT_MS,
  parse: (s) => {
    const user = s.user as Record<string, unknown> | null | undefined;
    if (typeof user !== 'object' || user === null) return null;
    const valid =
      typeof user.id === 'number' &&
      typeof user.name === 'string' &&
      (user.role === 'admin' || user.role === 'staff') &&
      typeof user.must_change_password === 'boolean';
    return valid ? (s as unknown as AdminSession) : null;
  },
});

/** The stored session, or null when there is none, it is unreadable, or idle for more than 30 minutes. */
export const readStoredAdminSession = store.read;

export const getAdminSession = store.get;

export function getAdminToken(): string | null {
  return getAdminSession()?.token ?? null;
}

/** Signed in to the back office: keeps the sign-in answer with the time. */
export function startAdminSession(
  answer: { token: string; user: StaffUser },
  now = Date.now(),
): AdminSession {
  return store.start({ token: answer.token, user: answer.user, timestamp: now });
}

/** The server answered a newer picture of the staff member (after `me` or a password change). */
export function updateAdminSessionUser(user: StaffUser) {
  store.update({ user });
}

/** A click or key press: the session's last activity is now. */
export const touchAdminSession = store.touch;

/** Signed out of the back office (Sign out, the idle timer, or the server refusing the token). */
export const endAdminSession = store.end;

/** Tests: forget what was read, so the next read comes from storage again. */
export const resetAdminSessionStoreForTests = store.resetForTests;

/** The session for components. */
export const useAdminSession = store.useSession;
