/**
 * One session kept in session storage, for the shopper's session (stores/session-store.ts, SPEC §4) and the
 * staff member's (features/admin/admin-session-store.ts, issue 12) alike: a bearer `token` and `timestamp`, the
 * last click or key press (ms since the epoch). A stored session idle for more than `idleMs` (30 minutes), dated
 * in the future, or not of the expected shape is dropped when read. Zod-free and small: the shop's shell carries
 * it (decision 0005).
 */
import { useBrowserSnapshot } from './use-server-html';

export interface StoredSession {
  token: string;
  timestamp: number;
}

export interface SessionStore<S extends StoredSession> {
  /** The stored session, or null when there is none, it is unreadable, or idle for too long (dropped). */
  read(now?: number): S | null;
  /** The current session (read from storage once, on first use). */
  get(): S | null;
  /** Signed in: keeps `session` (its timestamp is the sign-in time). */
  start(session: S): S;
  /** Changes the kept session's fields (a newer profile), keeping its timestamp. */
  update(patch: Partial<Omit<S, 'token' | 'timestamp'>>): void;
  /** A click or key press: the session's last activity is now (written at most every 10 s when shared by tabs). */
  touch(now?: number): void;
  /** Signed out. */
  end(): void;
  /** Tests: forget what was read, so the next read comes from storage again. */
  resetForTests(): void;
  subscribe(listener: () => void): () => void;
  /** The session for components; null on the server and while hydrating. */
  useSession(): S | null;
}

/**
 * A session store under the session-storage `key`. `parse` answers the session for a stored JSON value of the
 * right shape (normalising optional fields) or null; `token` and `timestamp` are checked here.
 */
export function createSessionStore<S extends StoredSession>(options: {
  key: string;
  idleMs: number;
  parse: (value: Record<string, unknown>) => S | null;
  /**
   * `'tabs'`: the session is kept in local storage and shared by the browser's tabs (decision 0060): a sign-in
   * or sign-out in one tab reaches the others through the `storage` event, and a click or key press in any tab
   * is the session's last activity. The default, `'tab'`, keeps it in this tab's session storage.
   */
  scope?: 'tab' | 'tabs';
}): SessionStore<S> {
  const listeners = new Set<() => void>();
  let current: S | null | undefined;
  const shared = options.scope === 'tabs';
  const storage = (): Storage | undefined => (shared ? globalThis.localStorage : globalThis.sessionStorage);
  /** Activity is written at most this often when shared, so typing in one tab does not flood the others. */
  const TOUCH_WRITE_MS = 10_000;
  let lastWrite = 0;

  const write = (session: S | null) => {
    try {
      lastWrite = Date.now();
      if (session) storage()?.setItem(options.key, JSON.stringify(session));
      else storage()?.removeItem(options.key);
    } catch {
      // Storage blocked: the session lives in memory for this page only.
    }
  };
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const read = (now = Date.now()): S | null => {
    try {
      const raw = storage()?.getItem(options.key);
      if (!raw) return null;
      const value: unknown = JSON.parse(raw);
      const fresh =
        typeof value === 'object' &&
        value !== null &&
        typeof (value as StoredSession).token === 'string' &&
        (value as StoredSession).token !== '' &&
        typeof (value as StoredSession).timestamp === 'number' &&
        now - (value as StoredSession).timestamp <= options.idleMs &&
        (value as StoredSession).timestamp <= now + 60_000;
      const session = fresh ? options.parse(value as Record<string, unknown>) : null;
      if (!session) write(null);
      return session;
    } catch {
      return null;
    }
  };
  const get = () => {
    if (current === undefined) current = read();
    return current;
  };
  // Another tab signed in, out, or was used: follow it. Activity alone (same token) changes no screen.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== options.key && event.key !== null) return;
    const before = current;
    current = read();
    const sameSession =
      before !== undefined && before !== null && current !== null && before.token === current.token;
    if (
      !sameSession ||
      JSON.stringify({ ...before, timestamp: 0 }) !== JSON.stringify({ ...current, timestamp: 0 })
    ) {
      emit();
    }
  };
  const subscribe = (listener: () => void) => {
    if (shared && listeners.size === 0) globalThis.addEventListener?.('storage', onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (shared && listeners.size === 0) globalThis.removeEventListener?.('storage', onStorage);
    };
  };
  return {
    read,
    get,
    start(session) {
      current = session;
      write(current);
      emit();
      return current;
    },
    update(patch) {
      const s = get();
      if (!s) return;
      current = { ...s, ...patch };
      write(current);
      emit();
    },
    touch(now = Date.now()) {
      const s = get();
      if (!s) return;
      current = { ...s, timestamp: now };
      if (!shared || now - lastWrite >= TOUCH_WRITE_MS || now < lastWrite) write(current);
    },
    end() {
      if (get() === null) return;
      current = null;
      write(null);
      emit();
    },
    resetForTests() {
      current = undefined;
    },
    subscribe,
    useSession: () => useBrowserSnapshot(subscribe, get, () => null),
  };
}
