/**
 * Whether an error means the database cannot be reached or is refusing connections right now (issue 13; issue 43
 * §4; decision 0043), as opposed to a query that failed: such calls answer 503 with Retry-After instead of 500,
 * and the pool reconnects by itself when the database is back. Looks through Drizzle's wrapper (`cause`) and
 * Node's AggregateError (`errors`).
 *
 * What counts, and why each is "right now" rather than a bug:
 * - the network: connection refused, reset, timed out, host or name not found (Node's `code`);
 * - SQLSTATE class 08 (connection exception), 53300 (too many connections), 57P01-57P05 (the backend was ended by
 *   an administrator, a crash, a server starting up or shutting down, the database dropped under it, an idle
 *   session's timeout), 55000 only with "is not currently accepting connections" (ALLOW_CONNECTIONS false: 55000
 *   is object_not_in_prerequisite_state, used by many unrelated errors), and 25006 (a read-only transaction: the
 *   store never asks for one, so the server it reached is a standby mid-failover);
 * - what `pg` and `pg-pool` say when a connection ends under a query, a client errored earlier is used again, or
 *   no connection came in `connectionTimeoutMillis`; what PGlite says while it closes.
 *
 * Not 53400 (configuration_limit_exceeded): PostgreSQL raises it for a query past `temp_file_limit` or too many
 * background workers, which a retry does not cure.
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
  'ENETDOWN',
  'EADDRNOTAVAIL',
]);

/** SQLSTATEs that mean the server will not serve this connection now (see the module's docstring). */
const UNAVAILABLE_SQLSTATES = new Set(['53300', '57P01', '57P02', '57P03', '57P04', '57P05', '25006']);

/** 55000 object_not_in_prerequisite_state is only an outage with this message (`ALLOW_CONNECTIONS false`). */
const NOT_ACCEPTING_CONNECTIONS = /is not currently accepting connections/i;

/**
 * What `pg`, `pg-pool` and PGlite throw, as plain Errors without a code, when there is no connection to use.
 * Read only on errors that wrap nothing: Drizzle's wrapper puts the statement's parameters in its message, and a
 * shopper's comment must not turn a failed insert into a 503.
 */
const UNAVAILABLE_MESSAGES = [
  // The socket closed under a query or while idle ('Connection terminated unexpectedly'), or a connect took
  // longer than connectionTimeoutMillis ('Connection terminated due to connection timeout').
  /^Connection terminated/i,
  // pg-pool: no connection became free or could be opened within connectionTimeoutMillis.
  /^timeout exceeded when trying to connect/i,
  // A client whose connection failed earlier, used again (a transaction's next statement, its ROLLBACK).
  /^Client has encountered a connection error and is not queryable/i,
  /^connect ECONNREFUSED/i,
  // PGlite while the store shuts down.
  /^PGlite is clos(ed|ing)/i,
];

export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    const message = typeof e.message === 'string' ? e.message : '';
    if (typeof e.code === 'string') {
      const code = e.code.toUpperCase();
      if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) {
        return true;
      }
      if (code === '55000' && NOT_ACCEPTING_CONNECTIONS.test(message)) return true;
    }
    if (e.cause === undefined && UNAVAILABLE_MESSAGES.some((re) => re.test(message))) return true;
    // Node's AggregateError (a host with several addresses, all refused).
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = e.cause;
  }
  return false;
}
