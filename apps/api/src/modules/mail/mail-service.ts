/**
 * Sending the store's mail without making anyone wait for it (issue 11): a mail is handed over and the caller
 * goes on; a failed send is retried with growing pauses and, when every try failed, logged — by its kind and
 * never by its address (decision 0011: customer data never reaches a log). The request that caused the mail
 * never fails because of it.
 *
 * Retries live in this process: a restart drops the ones still waiting (decision 0016 records why that is
 * acceptable for now and what replaces it).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, Mailer } from './send-mail';

/** Pauses before the 2nd, 3rd and 4th try, ms. */
export const DEFAULT_RETRY_DELAYS_MS = [5_000, 30_000, 120_000] as const;

export interface MailService {
  /**
   * Sends `message` (or the message a still-rendering promise resolves to, or the one `message()` renders) once
   * the current turn of the event loop is over — after the answer of the request that caused it has been
   * written — and retries in the background when sending fails. `kind` names the mail in the logs ('order
   * confirmation', 'contact message'). Never throws; a message that cannot be rendered is logged and dropped.
   * `message()` may resolve to null: after its work it has nothing to send (a reset code asked for an email
   * without an account, issue 43 §5), and nothing is logged.
   */
  deliver(
    kind: string,
    message: MailMessage | Promise<MailMessage> | (() => Promise<MailMessage | null>),
  ): void;
  /** Resolves when every mail handed over so far has been sent or given up (tests, shutdown). */
  settled(): Promise<void>;
  /** Stops waiting retries (app close). */
  close(): void;
}

export function createMailService(
  mailer: Mailer,
  log: FastifyBaseLogger,
  retryDelaysMs: readonly number[] = DEFAULT_RETRY_DELAYS_MS,
): MailService {
  const pending = new Set<Promise<void>>();
  /** Waiting retries: each timer with the resolve that wakes its mail early (on close). */
  const timers = new Map<NodeJS.Timeout, () => void>();
  let closed = false;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timer.unref();
      timers.set(timer, resolve);
    });

  async function attempt(
    kind: string,
    pendingMessage: MailMessage | Promise<MailMessage> | (() => Promise<MailMessage | null>),
  ): Promise<void> {
    let message: MailMessage;
    try {
      const rendered = await (typeof pendingMessage === 'function' ? pendingMessage() : pendingMessage);
      if (rendered === null) return;
      message = rendered;
    } catch (err) {
      log.error({ err, mail: kind }, 'mail not sent: it could not be rendered');
      return;
    }
    for (let tryNumber = 0; ; tryNumber++) {
      try {
        await mailer.send(message);
        if (tryNumber > 0) log.info({ mail: kind, tries: tryNumber + 1 }, 'mail sent after retrying');
        return;
      } catch (err) {
        const delay = retryDelaysMs[tryNumber];
        if (delay === undefined || closed) {
          log.error({ err, mail: kind, tries: tryNumber + 1 }, 'mail not sent: gave up');
          return;
        }
        log.warn({ err, mail: kind, tries: tryNumber + 1, retryInMs: delay }, 'mail not sent; retrying');
        await wait(delay);
        if (closed) {
          log.error({ mail: kind }, 'mail not sent: the server stopped before the retry');
          return;
        }
      }
    }
  }

  return {
    deliver(kind, message) {
      // A message still rendering is watched from now on: a failure before the mail's turn is handled, not fatal.
      if (message instanceof Promise) message.catch(() => undefined);
      // setImmediate: rendering and writing wait until the request's answer is on its way (decision 0023).
      const run = new Promise((resolve) => setImmediate(resolve))
        .then(() => attempt(kind, message))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close() {
      closed = true;
      for (const [timer, wake] of timers) {
        clearTimeout(timer);
        wake();
      }
      timers.clear();
    },
  };
}
