/**
 * The member's session (SPEC §3 User session, §4 Session): `{ user, token, subscription, timestamp }` under
 * `userSession`, in local storage so that the browser's tabs share it (decision 0060: signing in or out in one
 * tab does so in all; the SPEC keeps it in session storage, one tab's). A stored session whose last activity is
 * more than 30 minutes old is dropped when it is read (on load); the idle timer (use-idle-sign-out.ts) signs out
 * after 30 minutes without a click or key press in any tab. The storage rules are lib/create-session-store.ts,
 * shared with the back office's (which stays one tab's).
 */
import { SESSION_IDLE_TIMEOUT_MS, SESSION_STORAGE_KEYS } from '@store/shared/account-constants';
import type { PublicUser } from '@store/shared/account';
import { createSessionStore } from '@/lib/create-session-store';

export interface MemberSession {
  user: PublicUser;
  token: string;
  subscription: boolean;
  /** When the session was stored or the member last clicked or typed (ms since the epoch). */
  timestamp: number;
}

const store = createSessionStore<MemberSession>({
  key: SESSION_STORAGE_KEYS.session,
  idleMs: SESSION_IDLE_TIMEOUT_MS,
  scope: 'tabs',
  parse: (s) => {
    const user = s.user as Record<string, unknown> | null | undefined;
    if (typeof user !== 'object' || user === null) return null;
    if (typeof user.id !== 'number' || typeof user.name !== 'string') return null;
    return { ...(s as unknown as MemberSession), subscription: s.subscription === true };
  },
});

/** The stored session, or null when there is none, it is unreadable, or older than 30 minutes (dropped). */
export const readStoredSession = store.read;

/** The current session (read from storage once, on first use). */
export const getSession = store.get;

export function getSessionToken(): string | null {
  return getSession()?.token ?? null;
}

/** Signed out to signed in (SPEC §4): keeps the login answer with the time. */
export function startSession(
  answer: { user: PublicUser; token: string; subscription: boolean },
  now = Date.now(),
): MemberSession {
  return store.start({
    user: answer.user,
    token: answer.token,
    subscription: answer.subscription,
    timestamp: now,
  });
}

/** The profile changed (SPEC §2 /profile-update refreshes the stored profile). */
export function updateSessionUser(user: PublicUser) {
  store.update({ user });
}

/** A click or key press: the session's last activity is now. */
export const touchSession = store.touch;

/** Back to signed out (Sign Out, the idle timer, or the server refusing the token). */
export const endSession = store.end;

/** Tests: forget what was read, so the next read comes from storage again. */
export const resetSessionStoreForTests = store.resetForTests;

/** The session for components; null on the server and while hydrating (the server has no session). */
export const useSession = store.useSession;

export const subscribeToSession = store.subscribe;

/** Where a 401 on a member call sends the visitor; the root layout registers the router's navigate. */
let signInNavigator: ((to: string) => void) | null = null;

export function setSignInNavigator(next: ((to: string) => void) | null): () => void {
  signInNavigator = next;
  return () => {
    if (signInNavigator === next) signInNavigator = null;
  };
}

/** The server refused the member's token: signed out, and on to /signin. */
export function sessionRefused() {
  endSession();
  if (signInNavigator) signInNavigator('/signin');
  else if (typeof window !== 'undefined') window.location.assign('/signin');
}
