import { SESSION_IDLE_TIMEOUT_MS } from '@store/shared/account-constants';
import { apiRequest, served } from '@/lib/api-client';
import { useIdleTimeout } from '@/lib/use-idle-timeout';
import { endSession, getSession, readStoredSession, touchSession, useSession } from '@/stores/session-store';
import { flushMemberCart } from '@/features/cart/member-cart-sync';

/**
 * Sign Out (SPEC §2 Header): `POST /api/logout` revokes the token on the server, then the session is
 * cleared here whatever the answer (an expired token is signed out all the same).
 */
export async function signOut(): Promise<void> {
  const session = getSession();
  if (!session) return;
  // A cart change still waiting is saved with the account while the token works (decision 0060).
  await flushMemberCart();
  try {
    await apiRequest('/logout', served<{ message: string }>(), { method: 'POST', token: session.token });
  } catch (error) {
    console.error('Sign out: the server did not answer', error);
  } finally {
    endSession();
  }
}

/**
 * SPEC §4 Session: signed out after 30 minutes without a click or key press; each click or key press
 * restarts the timer (and becomes the stored session's timestamp, so a reload keeps an active session).
 */
export function useIdleSignOut(timeoutMs = SESSION_IDLE_TIMEOUT_MS) {
  useIdleTimeout(useSession() !== null, timeoutMs, signOutWhenIdle, touchSession, lastActivityInAnyTab);
}

/**
 * The session's last activity as the browser's tabs share it (decision 0060): the later of this tab's and the
 * stored one (another tab writes its clicks there); null once the stored session is gone or too old.
 */
function lastActivityInAnyTab(): number | null {
  const stored = readStoredSession();
  if (!stored) return null;
  return Math.max(stored.timestamp, getSession()?.timestamp ?? 0);
}

function signOutWhenIdle() {
  void signOut();
}
