/**
 * What of a database error may be written to a log (issue 17; decision 0011). PostgreSQL (`pg`), PGlite and
 * Drizzle's wrapper all carry the failed statement's parameters (`params`), PostgreSQL's `detail` line often
 * repeats the failing row ("Failing row contains (Jane, O'Connor, jane@example.com, ...)"), and Drizzle's own
 * message lists the parameters too. None of those may reach a log: this keeps only the statement text, the
 * SQLSTATE and the names PostgreSQL reports.
 */

/** The loggable part of a database error. */
export interface DatabaseErrorDescription {
  /** Five-character SQLSTATE, e.g. '22021' (invalid byte sequence), '23505' (unique violation). */
  sqlstate: string;
  /** PostgreSQL's message with any quoted value after a colon replaced: `invalid input syntax for type integer: "[redacted]"`. */
  message: string;
  /** The SQL text with its `$1` placeholders, never the values bound to them. */
  statement?: string;
  severity?: string;
  schema?: string;
  table?: string;
  column?: string;
  constraint?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

interface DatabaseErrorFields {
  code?: unknown;
  message?: unknown;
  severity?: unknown;
  schema?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
  query?: unknown;
  cause?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * PostgreSQL quotes a rejected value at the end of its message after a colon
 * (`invalid input value for enum status: "x"`) or after the word value (`value "2147483648" is out of range
 * for type integer`); names of tables and constraints are quoted without either.
 */
function redactQuotedValue(message: string): string {
  return message.replace(/: ".*"$/s, ': "[redacted]"').replace(/\bvalue "[^"]*"/g, 'value "[redacted]"');
}

/**
 * Finds a PostgreSQL error (an object with a SQLSTATE `code` and a `severity`) in `err` or its `cause` chain
 * and describes it; undefined when there is none. The statement text is taken from the error or from the
 * wrapper around it (Drizzle's `query`).
 */
export function describeDatabaseError(err: unknown): DatabaseErrorDescription | undefined {
  let statement: string | undefined;
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const e = current as DatabaseErrorFields;
    statement ??= text(e.query);
    if (typeof e.code === 'string' && SQLSTATE.test(e.code) && text(e.severity)) {
      const described: DatabaseErrorDescription = {
        sqlstate: e.code,
        message: redactQuotedValue(typeof e.message === 'string' ? e.message : ''),
      };
      const fields = {
        statement,
        severity: e.severity,
        schema: e.schema,
        table: e.table,
        column: e.column,
        constraint: e.constraint,
      };
      for (const [key, value] of Object.entries(fields)) {
        const v = text(value);
        if (v !== undefined) (described as unknown as Record<string, string>)[key] = v;
      }
      return described;
    }
    current = e.cause;
  }
  return undefined;
}
