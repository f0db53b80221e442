/**
 * What a command line prints when its work fails (issue 43 §3, decision 0042): `<action>: <a sentence a person can
 * act on>`. Never the SQL's values, hashes or a stack: Drizzle's error message carries every bound value (a new
 * admin's argon2 hash among them), so no error's own message is printed unless it is one of Node's system errors.
 * `verbose` (the commands' --verbose) adds the database's SQLSTATE, its message with quoted values redacted, the
 * table and constraint, and the statement with its `$1` placeholders (describeDatabaseError), or, for another
 * error, its stack with any `params:` line removed.
 */
import { CLI_MESSAGES } from '@store/shared/cli-messages';
import { describeDatabaseError } from '../db/describe-database-error';
import { isDatabaseUnavailable } from '../db/is-database-unavailable';

/** SQLSTATEs a person can do something about, by what to do. */
const REASON_BY_SQLSTATE: Record<string, (constraint: string | undefined) => string> = {
  '23505': CLI_MESSAGES.duplicateKey,
  '53100': () => CLI_MESSAGES.diskFull,
  '42P01': () => CLI_MESSAGES.schemaOutOfDate,
  '42703': () => CLI_MESSAGES.schemaOutOfDate,
  '40001': () => CLI_MESSAGES.clashed,
  '40P01': () => CLI_MESSAGES.clashed,
  '55P03': () => CLI_MESSAGES.clashed,
};

/** A Node system error (`ENOSPC: no space left on device, write`): its message names a path, never data. */
function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return (
    error instanceof Error &&
    typeof (error as NodeJS.ErrnoException).code === 'string' &&
    typeof (error as NodeJS.ErrnoException).syscall === 'string'
  );
}

/** Removes what follows `params:` on any line (Drizzle's `Failed query: … params: …`). */
function withoutParams(text: string): string {
  return text.replace(/^(\s*params:).*$/gm, '$1 [not shown]');
}

/** The lines to print for `error`, which stopped `action` ("Could not create the admin"). */
export function describeCliFailure(action: string, error: unknown, verbose = false): string {
  const database = describeDatabaseError(error);
  let reason: string;
  if (isDatabaseUnavailable(error)) reason = CLI_MESSAGES.databaseUnavailable;
  else if (database) {
    reason =
      REASON_BY_SQLSTATE[database.sqlstate]?.(database.constraint) ??
      CLI_MESSAGES.databaseRefused(database.sqlstate);
  } else if (isSystemError(error)) reason = `${error.message}.`;
  else reason = CLI_MESSAGES.unexpected(error instanceof Error ? error.name : typeof error);
  const lines = [`${action}: ${reason}`];
  if (verbose) {
    if (database) {
      lines.push(`  SQLSTATE ${database.sqlstate}: ${database.message}`);
      if (database.table) lines.push(`  table: ${database.table}`);
      if (database.constraint) lines.push(`  constraint: ${database.constraint}`);
      if (database.statement) lines.push(`  statement: ${database.statement}`);
    } else if (error instanceof Error) {
      lines.push(withoutParams(error.stack ?? `${error.name}: ${error.message}`));
    }
  }
  return lines.join('\n');
}
