import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useThrottledCallback } from './use-throttled-callback';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useThrottledCallback', () => {
  it('runs the first call at once and ignores the rest for the wait', () => {
    const spy = vi.fn();
    const { result } = renderHook(() => useThrottledCallback(spy, 1000));

    expect(result.current('a')).toBe(true);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenLastCalledWith('a');

    act(() => vi.advanceTimersByTime(500));
    expect(result.current('b')).toBe(false);
    act(() => vi.advanceTimersByTime(499));
    expect(result.current('c')).toBe(false);
    expect(spy).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(1));
    expect(result.current('d')).toBe(true);
    expect(spy).toHaveBeenCalledTimes(2);
    expect(spy).toHaveBeenLastCalledWith('d');
  });

  it('calls the latest callback after a re-render', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ cb }) => useThrottledCallback(cb, 1000), {
      initialProps: { cb: first },
    });
    rerender({ cb: second });

    result.current();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('keeps the same function across renders, so the wait is not reset by a re-render', () => {
    const spy = vi.fn();
    const { result, rerender } = renderHook(() => useThrottledCallback(spy, 1000));
    const before = result.current;
    before();
    rerender();
    expect(result.current).toBe(before);
    expect(result.current()).toBe(false);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
