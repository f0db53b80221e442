import { SESSION_IDLE_TIMEOUT_MS } from '@store/shared/account-constants';
import { useEffect } from 'react';
import { adminSignOut } from '../api/admin-logout';
import { touchAdminSession, useAdminSession } from '../admin-session-store';

const ACTIVITY = ['click', 'keydown'] as const;

/** Signed out of the back office after 30 minutes without a click or key press, as shoppers are (decision 0013). */
export function useAdminIdleSignOut(timeoutMs = SESSION_IDLE_TIMEOUT_MS) {
  const signedIn = useAdminSession() !== null;
  useEffect(() => {
    if (!signedIn) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void adminSignOut(), timeoutMs);
    };
    const onActivity = () => {
      touchAdminSession();
      restart();
    };
    restart();
    for (const type of ACTIVITY) window.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      clearTimeout(timer);
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [signedIn, timeoutMs]);
}
