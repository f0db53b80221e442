/**
 * The staff member's back-office session (issue 12, decision 0017): `{ token, user, timestamp }` in session
 * storage under `adminSession`, apart from the shopper's `userSession` so neither bearer is ever sent for the
 * other. Like the member's session (decision 0013) `timestamp` is the last click or key press: a session idle for
 * 30 minutes is dropped when read, and the idle timer (use-admin-idle-sign-out.ts) ends an open one.
 */
import { SESSION_IDLE_TIMEOUT_MS } from '@store/shared/account-constants';
import type { StaffUser } from '@store/shared/admin';
import { useSyncExternalStore } from 'react';

export const ADMIN_SESSION_KEY = 'adminSession';

export interface AdminSession {
  token: string;
  user: StaffUser;
  /** When the session was stored or the staff member last clicked or typed (ms since the epoch). */
  timestamp: number;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: AdminSession | null | undefined;

function isSession(v: unknown): v is AdminSession {
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
    typeof user.name === 'string' &&
    (user.role === 'admin' || user.role === 'staff') &&
    typeof user.must_change_password === 'boolean'
  );
}

function write(session: AdminSession | null) {
  try {
    if (session) globalThis.sessionStorage?.setItem(ADMIN_SESSION_KEY, JSON.stringify(session));
    else globalThis.sessionStorage?.removeItem(ADMIN_SESSION_KEY);
  } catch {
    // Storage blocked: the session lives in memory for this page only.
  }
}

/** The stored session, or null when there is none, it is unreadable, or idle for more than 30 minutes. */
export function readStoredAdminSession(now = Date.now()): AdminSession | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(ADMIN_SESSION_KEY);
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
    return parsed;
  } catch {
    return null;
  }
}

function emit() {
  for (const l of listeners) l();
}

export function getAdminSession(): AdminSession | null {
  if (current === undefined) current = readStoredAdminSession();
  return current;
}

export function getAdminToken(): string | null {
  return getAdminSession()?.token ?? null;
}

/** Signed in to the back office: keeps the sign-in answer with the time. */
export function startAdminSession(
  answer: { token: string; user: StaffUser },
  now = Date.now(),
): AdminSession {
  current = { token: answer.token, user: answer.user, timestamp: now };
  write(current);
  emit();
  return current;
}

/** The server answered a newer picture of the staff member (after `me` or a password change). */
export function updateAdminSessionUser(user: StaffUser) {
  const s = getAdminSession();
  if (!s) return;
  current = { ...s, user };
  write(current);
  emit();
}

/** A click or key press: the session's last activity is now. */
export function touchAdminSession(now = Date.now()) {
  const s = getAdminSession();
  if (!s) return;
  current = { ...s, timestamp: now };
  write(current);
}

/** Signed out of the back office (Sign out, the idle timer, or the server refusing the token). */
export function endAdminSession() {
  if (getAdminSession() === null) return;
  current = null;
  write(null);
  emit();
}

/** Tests: forget what was read, so the next read comes from storage again. */
export function resetAdminSessionStoreForTests() {
  current = undefined;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session for components. */
export function useAdminSession(): AdminSession | null {
  return useSyncExternalStore(subscribe, getAdminSession, () => null);
}
