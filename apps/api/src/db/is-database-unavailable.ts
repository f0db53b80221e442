/**
 * Whether an error means the database cannot be reached right now (issue 13: health and degradation), as opposed
 * to a query that failed: the connection was refused, reset, timed out or cut, or PostgreSQL is shutting down,
 * starting up or out of connections. Such calls answer 503 with Retry-After instead of 500; the pool reconnects by
 * itself when the database is back. Looks through Drizzle's wrapper (`cause`).
 */

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now, 53300 too many connections; class 08: connection exceptions. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What `pg` says when a connection ends under a query or the pool cannot get one in time. */
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /connect ECONNREFUSED/i,
];

export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof e.code === 'string') {
      if (NETWORK_CODES.has(e.code) || UNAVAILABLE_SQLSTATES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code)) {
        return true;
      }
    }
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(e.message as string))) {
      return true;
    }
    // Node's AggregateError (a host with several addresses, all refused).
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = e.cause;
  }
  return false;
}
