/**
 * Which errors mean "the database cannot be reached or refuses connections right now" (503 with Retry-After) and
 * which are failed queries (500 or the route's own answer): issue 43 §4, decision 0043. The errors are built the
 * way `pg`, `pg-pool`, Node and Drizzle build them.
 */
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './is-database-unavailable';

/** A server error as `pg` gives it: a DatabaseError with its SQLSTATE in `code`. */
function serverError(code: string, message: string): Error {
  return Object.assign(new pg.DatabaseError(message, message.length, 'error'), { code, severity: 'FATAL' });
}

/** What Drizzle throws around a driver's error, with the statement and its parameters in the message. */
function wrapped(cause: unknown, params: unknown[] = []): Error {
  return new DrizzleQueryError('select "id" from "orders" where "id" = $1', params, cause as Error);
}

const networkError = (code: string) =>
  Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -1, syscall: 'connect' });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', networkError('ECONNREFUSED')],
    ['connection reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a timed-out connect', networkError('ETIMEDOUT')],
    ['a host not found', Object.assign(new Error('getaddrinfo ENOTFOUND db'), { code: 'ENOTFOUND' })],
    ['53300 too many connections', serverError('53300', 'sorry, too many clients already')],
    [
      '55000 not accepting connections (ALLOW_CONNECTIONS false)',
      serverError('55000', 'database "store" is not currently accepting connections'),
    ],
    ['57P01 admin shutdown', serverError('57P01', 'terminating connection due to administrator command')],
    [
      '57P02 crash shutdown',
      serverError('57P02', 'terminating connection because of crash of another server process'),
    ],
    ['57P03 cannot connect now', serverError('57P03', 'the database system is starting up')],
    [
      '57P04 database dropped',
      serverError('57P04', 'terminating connection because the database was dropped'),
    ],
    [
      '57P05 idle session timeout',
      serverError('57P05', 'terminating connection due to idle-session timeout'),
    ],
    ['08006 connection failure', serverError('08006', 'connection failure')],
    ['08001 cannot establish', serverError('08001', 'could not establish connection')],
    ['08P01 protocol violation', serverError('08P01', 'protocol violation')],
    [
      '25006 read only (a standby after failover)',
      serverError('25006', 'cannot execute INSERT in a read-only transaction'),
    ],
    ['the socket ended under a query', new Error('Connection terminated unexpectedly')],
    ['a connect past connectionTimeoutMillis', new Error('Connection terminated due to connection timeout')],
    ["pg-pool's connect timeout", new Error('timeout exceeded when trying to connect')],
    [
      'a client that errored earlier, used again',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['PGlite closing under a query', new Error('PGlite is closed')],
  ])('%s: unavailable, bare and inside Drizzle’s wrapper', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(true);
  });

  it('a host with several addresses, all refused (AggregateError)', () => {
    const err = new AggregateError([networkError('ECONNREFUSED'), networkError('ECONNREFUSED')], '');
    expect(isDatabaseUnavailable(Object.assign(err, { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([networkError('ECONNREFUSED')], ''))).toBe(true);
  });

  it.each([
    [
      '23505 unique violation',
      serverError('23505', 'duplicate key value violates unique constraint "orders_pkey"'),
    ],
    ['40P01 deadlock', serverError('40P01', 'deadlock detected')],
    ['22P02 bad input', serverError('22P02', 'invalid input syntax for type integer: "x"')],
    // 55000 is object_not_in_prerequisite_state: only "not accepting connections" is an outage.
    ['55000 of another kind', serverError('55000', 'cannot ALTER TABLE "x" because it is being used')],
    ['55P03 lock not available', serverError('55P03', 'could not obtain lock on row in relation "orders"')],
    // 53400 is a query past a configured limit (temp_file_limit): a retry does not cure it.
    [
      '53400 configuration limit',
      serverError('53400', 'temporary file size exceeds temp_file_limit (1024kB)'),
    ],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('%s: not unavailable', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(false);
  });

  it("reads no parameter: a shopper's comment naming an outage leaves a failed insert a failed insert", () => {
    const failedInsert = wrapped(serverError('23505', 'duplicate key value'), [
      'Connection terminated unexpectedly',
      'timeout exceeded when trying to connect',
    ]);
    expect(isDatabaseUnavailable(failedInsert)).toBe(false);
  });
});
