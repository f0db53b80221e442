import { SESSION_IDLE_TIMEOUT_MS, SESSION_STORAGE_KEYS } from '@store/shared/account-constants';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIdleSignOut } from '@/app/layouts/use-idle-sign-out';
import { fakeApi, type FakeApi } from '@/test/fake-api';
import {
  getSession,
  readStoredSession,
  resetSessionStoreForTests,
  startSession,
  subscribeToSession,
} from './session-store';

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
  localStorage.setItem(
    SESSION_STORAGE_KEYS.session,
    JSON.stringify({ user, token: 't0k3n', subscription: false, timestamp }),
  );
}

beforeEach(() => {
  localStorage.clear();
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
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.session)).toBeNull();
  });

  it('ignores an unreadable session', () => {
    localStorage.setItem(SESSION_STORAGE_KEYS.session, '{"token":');
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

describe("one session for the browser's tabs (decision 0060), within the 30-minute rule", () => {
  /** What another tab does: writes the shared storage, and this tab hears the storage event. */
  function otherTab(value: object | null) {
    if (value) localStorage.setItem(SESSION_STORAGE_KEYS.session, JSON.stringify(value));
    else localStorage.removeItem(SESSION_STORAGE_KEYS.session);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEYS.session }));
  }

  it('a sign-in in another tab signs this one in, and a sign-out there signs it out', () => {
    const heard = vi.fn();
    const off = subscribeToSession(heard);
    expect(getSession()).toBeNull();
    otherTab({ user, token: 'other-tab', subscription: false, timestamp: Date.now() });
    expect(getSession()?.token).toBe('other-tab');
    otherTab(null);
    expect(getSession()).toBeNull();
    expect(heard).toHaveBeenCalledTimes(2);
    off();
  });

  it('activity in another tab keeps the session alive; 30 minutes without any still sign out', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-10T10:00:00Z') });
    const api = fakeApi({ 'POST /api/logout': { message: 'Logged out' } });
    startSession({ user, token: 't0k3n', subscription: false });
    renderHook(() => useIdleSignOut());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20 * 60_000);
    });
    act(() => otherTab({ user, token: 't0k3n', subscription: false, timestamp: Date.now() }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29 * 60_000);
    });
    // 49 minutes after this tab's last click, 29 after the other tab's: still signed in.
    expect(getSession()).not.toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(getSession()).toBeNull();
    await vi.waitFor(() => expect(api.requestsTo('/api/logout')).toHaveLength(1));
  });
});
