/**
 * Pino options for every log line the store writes (DESIGN §5.9; issue 17; decision 0011). Logs go to log
 * services, support staff and backups, so no personal or secret value may reach them (Australian Privacy
 * Principle 11):
 *
 * - errors are written by `serializeError`: a database error keeps its statement text, SQLSTATE and the table,
 *   column and constraint it names, never the statement's parameters, the `detail` line (which repeats the
 *   failing row) or the value quoted in its message; any other error keeps its type, message, code and stack;
 * - a request is written as method, path and client address; query values are replaced by `[redacted]` except
 *   the catalog's own parameters (page, category, search ...);
 * - whatever else is logged, the values of personal and secret keys (SENSITIVE_LOG_KEYS) are replaced by
 *   `[redacted]` at any depth, in the line as it is written (decision 0038).
 */
import type { FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';
import { describeDatabaseError } from './db/describe-database-error';
import type { AppConfig } from './env';
import { requestIdMixin } from './plugins/request-id';

export const REDACTED = '[redacted]';

/**
 * Keys whose values never reach a log line: credentials, payment fields, and the personal fields of the
 * SPEC's forms (checkout, account, addresses, contact, returns), shipping twins included.
 */
export const SENSITIVE_LOG_KEYS: readonly string[] = (() => {
  const secrets = [
    'authorization',
    'cookie',
    'set-cookie',
    'password',
    'password_confirmation',
    'old_password',
    'new_password',
    'current_password',
    'otp',
    'token',
    'access_token',
    'refresh_token',
    'client_secret',
    'secret',
    'api_key',
    'card_number',
    'exp_date',
    'cvc',
    'cvv',
  ];
  const personal = [
    'name',
    'f_name',
    'l_name',
    'email',
    'phone',
    'street_address',
    'address',
    'suburb',
    'city',
    'post_code',
    'company',
    'comment',
  ];
  const business = ['_b_name', '_b_email', '_b_number', '_b_street_address', '_b_area_address'];
  return [...secrets, ...personal, ...personal.map((k) => `s_${k}`), ...business];
})();

/** Query parameters whose values say nothing about a person and help to read a log. */
const LOGGED_QUERY_PARAMETERS = new Set([
  'page',
  'pagination',
  'category',
  'child_category',
  'brand',
  'search',
]);

/**
 * `/api/orders-detail?id=X` -> `/api/orders-detail?id=[redacted]`; catalog parameters are kept. An order's public id
 * in a path (`/api/orders/X/tax-invoice`, issue 18) is a key to the order, so it is replaced too.
 */
export function redactUrl(url: string): string {
  url = url.replace(/^(\/api\/orders\/)[^/?#]+/, `$1${REDACTED}`);
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const key = pair.slice(0, eq);
      return LOGGED_QUERY_PARAMETERS.has(key) ? pair : `${key}=${REDACTED}`;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/** Frames of a stack without its first line(s): the message, which for some errors quotes values. */
function stackFrames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const at = stack.indexOf('\n    at ');
  return at === -1 ? undefined : stack.slice(at + 1);
}

/**
 * An error as a log line may show it (see the module comment). Database errors are recognised anywhere in
 * the `cause` chain; other own properties of an error (a failed query's parameters, a request body) are left out.
 */
export function serializeError(err: unknown, depth = 0): Record<string, unknown> {
  if (!err || typeof err !== 'object') return { message: String(err) };
  const database = describeDatabaseError(err);
  if (database) {
    return { type: 'DatabaseError', ...database, stack: stackFrames((err as { stack?: unknown }).stack) };
  }
  const e = err as {
    name?: unknown;
    message?: unknown;
    stack?: unknown;
    code?: unknown;
    statusCode?: unknown;
    cause?: unknown;
  };
  const out: Record<string, unknown> = {
    type: err.constructor?.name ?? 'Error',
    message: typeof e.message === 'string' ? e.message : String(e.message),
    stack: typeof e.stack === 'string' ? e.stack : undefined,
  };
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (e.cause !== undefined && depth < 5) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

const SENSITIVE = new Set(SENSITIVE_LOG_KEYS);
/** A sensitive key as it appears in a JSON text (`"email":`); a line without one has nothing to redact. */
const SENSITIVE_KEY_IN_JSON = new RegExp(
  `"(?:${SENSITIVE_LOG_KEYS.map((k) => k.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')).join('|')})"\\s*:`,
  'i',
);
/** Deeper than any log object the store writes; past it a value is dropped rather than read. */
const MAX_LOG_DEPTH = 32;

/** Replaces, in place, the value of every sensitive key at any depth of a parsed log record. */
function redactRecord(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_LOG_DEPTH) return REDACTED;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = redactRecord(value[i], depth + 1);
    return value;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record))
    record[key] = SENSITIVE.has(key.toLowerCase()) ? REDACTED : redactRecord(record[key], depth + 1);
  return record;
}

/**
 * A log line as written: the value of every SENSITIVE_LOG_KEYS key, at any depth, replaced by `[redacted]`
 * (pino's `hooks.streamWrite`, decision 0038). `line` is one JSON record and its newline, as pino makes it; a
 * line with no sensitive key is returned as it is, unparsed. A line that is not JSON is never written as it is.
 */
export function redactLogLine(line: string): string {
  if (!SENSITIVE_KEY_IN_JSON.test(line)) return line;
  try {
    return `${JSON.stringify(redactRecord(JSON.parse(line), 0))}\n`;
  } catch {
    return `${JSON.stringify({ level: 50, time: Date.now(), msg: 'a log line could not be redacted and was dropped' })}\n`;
  }
}

/**
 * Pino options: level from LOG_LEVEL, the serializers and redaction above, the request id of the request being
 * served on every line (plugins/request-id.ts; trace_id and span_id are added by the pino instrumentation when
 * tracing is on, src/tracing.ts), JSON lines for machines and readable lines (pino-pretty) on a developer's
 * terminal: `terminal` (stdout is a TTY) and NODE_ENV not production. `stream` sends the lines elsewhere (tests
 * read them).
 */
export function loggerOptions(
  config: AppConfig,
  stream?: DestinationStream,
  terminal: boolean = process.stdout.isTTY,
): LoggerOptions & { stream?: DestinationStream } {
  const pretty = !stream && terminal && config.nodeEnv !== 'production';
  return {
    level: config.logLevel,
    mixin: (_mergeObject, _level, logger) => requestIdMixin(logger),
    // Redaction on the line as written, not pino's `redact` paths: those cost about 30 µs for every request's
    // child logger and log call, logged or not (decision 0038).
    hooks: { streamWrite: redactLogLine },
    serializers: {
      err: (err: unknown) => serializeError(err),
      // Whatever is logged as `req` (Fastify's request, or anything a caller passes) is read defensively:
      // a serializer that throws would lose the log line.
      req: (req: Partial<Pick<FastifyRequest, 'method' | 'url' | 'ip'>>) => ({
        method: req.method,
        url: typeof req.url === 'string' ? redactUrl(req.url) : undefined,
        remoteAddress: req.ip,
      }),
    },
    ...(stream ? { stream } : {}),
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
