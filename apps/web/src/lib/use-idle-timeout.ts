import { useEffect } from 'react';

const ACTIVITY = ['click', 'keydown'] as const;

/**
 * While `active`, calls `onIdle` after `timeoutMs` without a click or key press; each one calls `onActivity`
 * (which moves the stored session's timestamp, so a reload keeps an active session) and restarts the timer.
 * The shopper's sign-out (SPEC §4 Session) and the back office's (issue 12) are this one timer.
 */
export function useIdleTimeout(
  active: boolean,
  timeoutMs: number,
  onIdle: () => void,
  onActivity: () => void,
  /**
   * When activity elsewhere counts too (the member's session is shared by the browser's tabs, decision 0060):
   * the time of the last activity anywhere, or null when there is none. The timer then waits on from it.
   */
  lastActivity?: () => number | null,
) {
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expire = () => {
      const last = lastActivity?.();
      const idleFor = last === undefined || last === null ? timeoutMs : Date.now() - last;
      if (idleFor < timeoutMs) timer = setTimeout(expire, timeoutMs - idleFor);
      else onIdle();
    };
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(expire, timeoutMs);
    };
    const activity = () => {
      onActivity();
      restart();
    };
    restart();
    for (const type of ACTIVITY) window.addEventListener(type, activity, { capture: true, passive: true });
    return () => {
      clearTimeout(timer);
      for (const type of ACTIVITY) window.removeEventListener(type, activity, { capture: true });
    };
  }, [active, timeoutMs, onIdle, onActivity, lastActivity]);
}
