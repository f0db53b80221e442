import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs `callback` at once, then ignores further calls until `waitMs` has passed (leading-edge throttle;
 * SPEC §9: add to cart at most once a second). Returns whether this call ran.
 */
export function useThrottledCallback<Args extends unknown[]>(
  callback: (...args: Args) => void,
  waitMs: number,
): (...args: Args) => boolean {
  const latest = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    latest.current = callback;
  }, [callback]);

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  return useCallback(
    (...args: Args) => {
      if (timer.current !== null) return false;
      timer.current = setTimeout(() => {
        timer.current = null;
      }, waitMs);
      latest.current(...args);
      return true;
    },
    [waitMs],
  );
}
