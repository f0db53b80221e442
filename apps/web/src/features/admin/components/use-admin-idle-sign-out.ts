import { SESSION_IDLE_TIMEOUT_MS } from '@store/shared/account-constants';
import { useIdleTimeout } from '@/lib/use-idle-timeout';
import { adminSignOut } from '../api/admin-logout';
import { touchAdminSession, useAdminSession } from '../admin-session-store';

/** Signed out of the back office after 30 minutes without a click or key press, as shoppers are (decision 0013). */
export function useAdminIdleSignOut(timeoutMs = SESSION_IDLE_TIMEOUT_MS) {
  useIdleTimeout(useAdminSession() !== null, timeoutMs, signOutWhenIdle, touchAdminSession);
}

function signOutWhenIdle() {
  void adminSignOut();
}
