/**
 * The member's session (SPEC §3 User session, §4 Session): `{ user, token, subscription, timestamp }` in
 * session storage under `userSession`. A stored session whose last activity is more than 30 minutes old is
 * dropped when it is read (on load); the idle timer (use-idle-sign-out.ts) signs out after 30 minutes without
 * a click or key press. Zod-free and small: the shell (top bar, api-client) carries it (decision 0005).
 */
import { SESSION_IDLE_TIMEOUT_MS, SESSION_STORAGE_KEYS } from '@store/shared/account-constants';
import type { PublicUser } from '@store/shared/account';
import { useSyncExternalStore } from 'react';

export interface MemberSession {
  user: PublicUser;
  token: string;
  subscription: boolean;
  /** When the session was stored or the member last clicked or typed (ms since the epoch). */
  timestamp: number;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: MemberSession | null | undefined;

function isSession(v: unknown): v is MemberSession {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  const user = s.user as Record<string, unknown> | null | undefined;
  return (
    typeof s.token === 'string' &&
    s.token !== '' &&
    typeof s.timestamp === 'number' &&
    typeof user === 'object' &&
    user !== null &&
    typeof user.id === 'number' &&
    typeof user.name === 'string'
  );
}

function write(session: MemberSession | null) {
  try {
    if (session) globalThis.sessionStorage?.setItem(SESSION_STORAGE_KEYS.session, JSON.stringify(session));
    else globalThis.sessionStorage?.removeItem(SESSION_STORAGE_KEYS.session);
  } catch {
    // Storage blocked: the session lives in memory for this page only.
  }
}

/** The stored session, or null when there is none, it is unreadable, or older than 30 minutes (dropped). */
export function readStoredSession(now = Date.now()): MemberSession | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(SESSION_STORAGE_KEYS.session);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (
      !isSession(parsed) ||
      now - parsed.timestamp > SESSION_IDLE_TIMEOUT_MS ||
      parsed.timestamp > now + 60_000
    ) {
      write(null);
      return null;
    }
    return { ...parsed, subscription: parsed.subscription === true };
  } catch {
    return null;
  }
}

function emit() {
  for (const l of listeners) l();
}

/** The current session (read from storage once, on first use). */
export function getSession(): MemberSession | null {
  if (current === undefined) current = readStoredSession();
  return current;
}

export function getSessionToken(): string | null {
  return getSession()?.token ?? null;
}

/** Signed out to signed in (SPEC §4): keeps the login answer with the time. */
export function startSession(
  answer: { user: PublicUser; token: string; subscription: boolean },
  now = Date.now(),
): MemberSession {
  current = { user: answer.user, token: answer.token, subscription: answer.subscription, timestamp: now };
  write(current);
  emit();
  return current;
}

/** The profile changed (SPEC §2 /profile-update refreshes the stored profile). */
export function updateSessionUser(user: PublicUser) {
  const s = getSession();
  if (!s) return;
  current = { ...s, user };
  write(current);
  emit();
}

/** A click or key press: the session's last activity is now. */
export function touchSession(now = Date.now()) {
  const s = getSession();
  if (!s) return;
  current = { ...s, timestamp: now };
  write(current);
}

/** Back to signed out (Sign Out, the idle timer, or the server refusing the token). */
export function endSession() {
  if (getSession() === null) return;
  current = null;
  write(null);
  emit();
}

/** Tests: forget what was read, so the next read comes from storage again. */
export function resetSessionStoreForTests() {
  current = undefined;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session for components; null on the server and while hydrating (the server has no session). */
export function useSession(): MemberSession | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}

export { subscribe as subscribeToSession };

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
