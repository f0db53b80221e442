import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LAST_VISITED_URL_KEY,
  TOO_MANY_REQUESTS_AT_KEY,
  TOO_MANY_REQUESTS_COOLDOWN_MS,
  TOO_MANY_REQUESTS_PATH,
  isTooManyRequestsCoolingDown,
  readLastVisitedUrl,
  redirectToTooManyRequests,
  safeReturnPath,
  setTooManyRequestsNavigator,
  takeLastVisitedUrl,
} from './too-many-requests';

let unregister: () => void = () => {};

beforeEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/shop?page=2&brand=voltcore');
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-01T10:00:00+11:00'));
});

afterEach(() => {
  unregister();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('redirectToTooManyRequests (SPEC §8, §9)', () => {
  it('remembers the path and query as lastVisitedUrl and navigates with the registered navigator', () => {
    const navigate = vi.fn();
    unregister = setTooManyRequestsNavigator(navigate);

    expect(redirectToTooManyRequests()).toBe(true);

    expect(sessionStorage.getItem(LAST_VISITED_URL_KEY)).toBe('/shop?page=2&brand=voltcore');
    expect(Number(sessionStorage.getItem(TOO_MANY_REQUESTS_AT_KEY))).toBe(Date.now());
    expect(navigate).toHaveBeenCalledExactlyOnceWith(TOO_MANY_REQUESTS_PATH, { replace: true });
  });

  it('does nothing again within 45 seconds, and redirects again after', () => {
    const navigate = vi.fn();
    unregister = setTooManyRequestsNavigator(navigate);

    redirectToTooManyRequests();
    window.history.replaceState(null, '', '/brands');
    vi.advanceTimersByTime(TOO_MANY_REQUESTS_COOLDOWN_MS - 1);
    expect(isTooManyRequestsCoolingDown()).toBe(true);
    expect(redirectToTooManyRequests()).toBe(false);
    expect(navigate).toHaveBeenCalledTimes(1);
    // Held back: the address to return to is still the first one.
    expect(sessionStorage.getItem(LAST_VISITED_URL_KEY)).toBe('/shop?page=2&brand=voltcore');

    vi.advanceTimersByTime(1);
    expect(redirectToTooManyRequests()).toBe(true);
    expect(navigate).toHaveBeenCalledTimes(2);
    expect(sessionStorage.getItem(LAST_VISITED_URL_KEY)).toBe('/brands');
  });

  it('falls back to a full page load when no navigator is registered', () => {
    const assign = vi.fn();
    const realLocation = window.location;
    vi.stubGlobal('location', { pathname: '/cart', search: '', assign });
    try {
      redirectToTooManyRequests();
      expect(assign).toHaveBeenCalledWith(TOO_MANY_REQUESTS_PATH);
      expect(sessionStorage.getItem(LAST_VISITED_URL_KEY)).toBe('/cart');
    } finally {
      vi.unstubAllGlobals();
      expect(window.location).toBe(realLocation);
    }
  });

  it('unregistering leaves a newer navigator in place', () => {
    const first = vi.fn();
    const second = vi.fn();
    const unregisterFirst = setTooManyRequestsNavigator(first);
    unregister = setTooManyRequestsNavigator(second);
    unregisterFirst();

    redirectToTooManyRequests();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
  });
});

describe('the address to return to', () => {
  it.each([
    ['/shop?page=2', '/shop?page=2'],
    ['/product/kestrel%20h4', '/product/kestrel%20h4'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['/\t/evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/too-many-requests', '/'],
    ['/too-many-requests/?x=1', '/'],
    ['', '/'],
    [null, '/'],
  ])('%j -> %j', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it('reads lastVisitedUrl, and takeLastVisitedUrl forgets it', () => {
    sessionStorage.setItem(LAST_VISITED_URL_KEY, '/brand?page=1&brand=voltcore');
    expect(readLastVisitedUrl()).toBe('/brand?page=1&brand=voltcore');
    expect(takeLastVisitedUrl()).toBe('/brand?page=1&brand=voltcore');
    expect(sessionStorage.getItem(LAST_VISITED_URL_KEY)).toBeNull();
    expect(readLastVisitedUrl()).toBe('/');
  });
});
