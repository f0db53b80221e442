import { SESSION_IDLE_TIMEOUT_MS, SESSION_STORAGE_KEYS } from '@store/shared/account-constants';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIdleSignOut } from '@/app/layouts/use-idle-sign-out';
import { fakeApi, type FakeApi } from '@/test/fake-api';
import { getSession, readStoredSession, resetSessionStoreForTests, startSession } from './session-store';

const user = {
  id: 7,
  name: 'Sam',
  email: 'sam@example.com',
  phone: '0412345678',
  role_id: 5,
  created_by: 0,
  user_meta: [],
};

function store(timestamp: number) {
  sessionStorage.setItem(
    SESSION_STORAGE_KEYS.session,
    JSON.stringify({ user, token: 't0k3n', subscription: false, timestamp }),
  );
}

beforeEach(() => {
  sessionStorage.clear();
  resetSessionStoreForTests();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('stored session (SPEC §4: older than 30 minutes is dropped on load)', () => {
  it('keeps a session stored 29 minutes ago', () => {
    vi.useFakeTimers({ now: new Date('2026-01-10T10:00:00Z') });
    store(Date.now() - SESSION_IDLE_TIMEOUT_MS + 60_000);
    expect(getSession()?.token).toBe('t0k3n');
  });

  it('drops a session stored 31 minutes ago, from storage too', () => {
    vi.useFakeTimers({ now: new Date('2026-01-10T10:00:00Z') });
    store(Date.now() - SESSION_IDLE_TIMEOUT_MS - 60_000);
    expect(getSession()).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.session)).toBeNull();
  });

  it('ignores an unreadable session', () => {
    sessionStorage.setItem(SESSION_STORAGE_KEYS.session, '{"token":');
    expect(readStoredSession()).toBeNull();
  });
});

describe('idle sign-out (SPEC §4, §9: 30 minutes without a click or key press)', () => {
  let api: FakeApi;
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-01-10T10:00:00Z') });
    api = fakeApi({ 'POST /api/logout': { message: 'Logged out' } });
  });

  it('signs out after 30 minutes without activity, calling /api/logout with the token', async () => {
    startSession({ user, token: 't0k3n', subscription: false });
    renderHook(() => useIdleSignOut());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SESSION_IDLE_TIMEOUT_MS - 1000);
    });
    expect(getSession()).not.toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(getSession()).toBeNull();
    await vi.waitFor(() => expect(api.requestsTo('/api/logout')).toHaveLength(1));
    const [logout] = api.requestsTo('/api/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.request.headers.get('Authorization')).toBe('Bearer t0k3n');
  });

  it('a click or key press restarts the timer', async () => {
    startSession({ user, token: 't0k3n', subscription: false });
    renderHook(() => useIdleSignOut());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20 * 60_000);
    });
    act(() => window.dispatchEvent(new MouseEvent('click')));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20 * 60_000);
    });
    act(() => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' })));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29 * 60_000);
    });
    expect(getSession()).not.toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(getSession()).toBeNull();
  });
});
