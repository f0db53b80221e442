/**
 * What the store does with an error nothing caught (issue 43 §4; decision 0043): no database event may end the
 * process, and no programming error may pass silently.
 *
 * - A promise rejected with nobody awaiting it is logged at error level with its stack, as a bug to fix, and the
 *   store carries on: the rejection left nothing half-done that the code after it relied on. Node's own default
 *   would end the process, and with it every shopper's request.
 * - An exception thrown to the top is logged at fatal level and ends the process with exit code 1 (Node's
 *   default, now with a log line saying what happened): the code it interrupted may have left state half-changed.
 *   Except an error that means the database is unavailable (a driver's 'error' event that no listener took, which
 *   openDatabase's listeners should make impossible): that connection is dead and the pool drops it, so it is
 *   logged as a bug and the store carries on.
 */
import { isDatabaseUnavailable } from './db/is-database-unavailable';

export interface ProcessErrorLog {
  error(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
}

/**
 * Installs the handlers on `target` (the process) and returns a function that removes them. `exit` is called
 * with 1 after a fatal exception (tests pass their own).
 */
export function installProcessErrorHandlers(
  log: ProcessErrorLog,
  target: NodeJS.EventEmitter = process,
  exit: (code: number) => void = (code) => process.exit(code),
): () => void {
  const onRejection = (reason: unknown) => {
    log.error(
      { err: reason, databaseUnavailable: isDatabaseUnavailable(reason) },
      'unhandled promise rejection (a bug: a promise nobody awaited); the store carries on',
    );
  };
  const onException = (err: unknown) => {
    if (isDatabaseUnavailable(err)) {
      log.error(
        { err, databaseUnavailable: true },
        'uncaught database connection error (a bug: a client without an error listener); the store carries on',
      );
      return;
    }
    log.fatal({ err }, 'uncaught exception: the store stops, as its state may be half-changed');
    exit(1);
  };
  target.on('unhandledRejection', onRejection);
  target.on('uncaughtException', onException);
  return () => {
    target.off('unhandledRejection', onRejection);
    target.off('uncaughtException', onException);
  };
}
