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
) {
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(onIdle, timeoutMs);
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
  }, [active, timeoutMs, onIdle, onActivity]);
}
