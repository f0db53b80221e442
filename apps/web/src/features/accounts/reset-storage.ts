/**
 * The password reset's session storage (SPEC §3 Password reset, §4, §9): the email for 5 minutes after the
 * code was sent, and the confirmed OTP for 300000 ms; both removed once the password is changed.
 */
import { RESET_STORAGE_TTL_MS, SESSION_STORAGE_KEYS } from '@store/shared/account-constants';

type Key = typeof SESSION_STORAGE_KEYS.resetEmail | typeof SESSION_STORAGE_KEYS.resetOtp;

function save(key: Key, value: string, now: number) {
  try {
    globalThis.sessionStorage?.setItem(key, JSON.stringify({ value, savedAt: now }));
  } catch {
    // Storage blocked: the next step sends the visitor back to start again.
  }
}

function read(key: Key, now: number): string | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as { value?: unknown; savedAt?: unknown };
    if (typeof stored.value !== 'string' || typeof stored.savedAt !== 'number') return null;
    if (now - stored.savedAt > RESET_STORAGE_TTL_MS) {
      globalThis.sessionStorage?.removeItem(key);
      return null;
    }
    return stored.value;
  } catch {
    return null;
  }
}

export const saveResetEmail = (email: string, now = Date.now()) =>
  save(SESSION_STORAGE_KEYS.resetEmail, email, now);
export const readResetEmail = (now = Date.now()) => read(SESSION_STORAGE_KEYS.resetEmail, now);
export const saveResetOtp = (otp: string, now = Date.now()) => save(SESSION_STORAGE_KEYS.resetOtp, otp, now);
export const readResetOtp = (now = Date.now()) => read(SESSION_STORAGE_KEYS.resetOtp, now);

export function clearResetStorage() {
  try {
    globalThis.sessionStorage?.removeItem(SESSION_STORAGE_KEYS.resetEmail);
    globalThis.sessionStorage?.removeItem(SESSION_STORAGE_KEYS.resetOtp);
  } catch {
    // Nothing to clear.
  }
}
