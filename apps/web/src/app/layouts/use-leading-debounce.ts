import { useCallback, useRef } from 'react';

/**
 * Debounces on the leading edge: the first call runs at once, and calls that follow within `waitMs` of the
 * previous call are dropped (each one restarts the wait). A double click therefore toggles once, without the
 * delay a trailing debounce would add. SPEC §9: the category menu toggle is debounced by 300 ms.
 */
export function useLeadingDebounce<A extends unknown[]>(
  fn: (...args: A) => void,
  waitMs: number,
): (...args: A) => void {
  const lastCall = useRef(Number.NEGATIVE_INFINITY);
  return useCallback(
    (...args: A) => {
      const now = Date.now();
      const quiet = now - lastCall.current >= waitMs;
      lastCall.current = now;
      if (quiet) fn(...args);
    },
    [fn, waitMs],
  );
}
