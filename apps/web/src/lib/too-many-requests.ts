/**
 * SPEC §8 first bullet, §9: an HTTP 429 on any call sends the shopper to /too-many-requests and remembers
 * where they were (`lastVisitedUrl` in session storage, SPEC §3); a second redirect within 45 seconds of the
 * last is suppressed, so a page firing several calls at once moves only once. The page waits and then
 * returns to the remembered address.
 *
 * lib/ knows nothing of the router: the app registers how to navigate with `setTooManyRequestsNavigator`
 * at start-up (the root layout), and without one a full page load does the job.
 */

export const TOO_MANY_REQUESTS_PATH = '/too-many-requests';
/** SPEC §3: session storage key of the address to return to. */
export const LAST_VISITED_URL_KEY = 'lastVisitedUrl';
/** Session storage key of the last redirect's time (ms since the epoch). */
export const TOO_MANY_REQUESTS_AT_KEY = 'tooManyRequestsAt';
/** SPEC §9: no second redirect within 45 s of the last. */
export const TOO_MANY_REQUESTS_COOLDOWN_MS = 45_000;

/** Moves the app to `to` without a page load; `replace` swaps the current history entry. */
export type TooManyRequestsNavigator = (to: string, options: { replace: boolean }) => void;

let navigator: TooManyRequestsNavigator | null = null;

/**
 * Registers how the app navigates (the router's navigate). Returns a function that unregisters it, so a
 * layout can register on mount and clean up on unmount.
 */
export function setTooManyRequestsNavigator(next: TooManyRequestsNavigator | null): () => void {
  navigator = next;
  return () => {
    if (navigator === next) navigator = null;
  };
}

function readSession(key: string): string | null {
  try {
    return globalThis.sessionStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeSession(key: string, value: string) {
  try {
    globalThis.sessionStorage?.setItem(key, value);
  } catch {
    // Storage blocked: the redirect still happens, the return goes to the home page.
  }
}

/** True when a redirect happened less than 45 s before `now` (ms). */
export function isTooManyRequestsCoolingDown(now = Date.now()): boolean {
  const at = Number(readSession(TOO_MANY_REQUESTS_AT_KEY));
  return Number.isFinite(at) && at > 0 && now >= at && now - at < TOO_MANY_REQUESTS_COOLDOWN_MS;
}

/**
 * A path of this site to return to: it must start with one '/' (not '//' or '/\', which browsers read as
 * another host) and not be the waiting page itself; anything else gives '/'.
 */
export function safeReturnPath(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  // Control characters (a tab or newline inside '/\t/evil.example') are stripped by URL parsers.
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return '/';
  }
  const path = raw.split(/[?#]/, 1)[0] ?? '';
  if (path.replace(/\/+$/, '') === TOO_MANY_REQUESTS_PATH) return '/';
  return raw;
}

/** Where the waiting page returns to: the remembered `lastVisitedUrl` when it is safe, else '/'. */
export function readLastVisitedUrl(): string {
  return safeReturnPath(readSession(LAST_VISITED_URL_KEY));
}

/** `readLastVisitedUrl()`, forgetting it: once the shopper is back it must not send a later wait there. */
export function takeLastVisitedUrl(): string {
  const url = readLastVisitedUrl();
  try {
    globalThis.sessionStorage?.removeItem(LAST_VISITED_URL_KEY);
  } catch {
    // Storage blocked: nothing was remembered either.
  }
  return url;
}

/**
 * SPEC §8: called for every 429. Unless a redirect happened within the last 45 s, remembers the current
 * path and query as `lastVisitedUrl`, notes the time and goes to /too-many-requests (replacing the current
 * history entry, so Back does not lead into the wait again). Returns whether it redirected.
 */
export function redirectToTooManyRequests(now = Date.now()): boolean {
  if (isTooManyRequestsCoolingDown(now)) return false;
  const location = globalThis.location;
  if (!location) return false;
  if (location.pathname !== TOO_MANY_REQUESTS_PATH) {
    writeSession(LAST_VISITED_URL_KEY, `${location.pathname}${location.search}`);
  }
  writeSession(TOO_MANY_REQUESTS_AT_KEY, String(now));
  if (location.pathname === TOO_MANY_REQUESTS_PATH) return true;
  if (navigator) navigator(TOO_MANY_REQUESTS_PATH, { replace: true });
  else location.assign(TOO_MANY_REQUESTS_PATH);
  return true;
}
