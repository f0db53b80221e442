/**
 * Sending the store's mail without making anyone wait for it (issue 11), as durable jobs (issue 38 §2, decision
 * 0062, replacing the in-process retries of decision 0016): a mail is handed over and the caller goes on; after
 * the answer it is rendered and written to the `mail` queue, whose job sends it — in this process or a worker —
 * retried with growing pauses and, when every try failed, left as a failed job the back office lists and can
 * retry. Logs name the mail by its kind, never its address (decision 0011). The request that caused the mail never
 * fails because of it.
 *
 * Mails composed from an order (the confirmation) have a queue of their own that renders them in the job
 * (order-mails.ts); this one carries the rendered message.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue, QueueDefinition } from '../jobs/job-queue';
import type { MailMessage, Mailer } from './send-mail';

/** The queue of rendered mails. */
export const MAIL_QUEUE = 'mail';

/** A rendered mail's job. `kind` names it in logs and in the back office ('contact message'). */
export interface MailJob {
  kind: string;
  message: MailMessage;
}

/**
 * How a mail is retried: 8 tries after the first, from about 5 s apart doubling (with jitter) to about 20 minutes,
 * so an SMTP server away for half an hour loses nothing; then it waits in the back office.
 */
export const MAIL_RETRY = { retryLimit: 8, retryDelaySeconds: 5, retryBackoff: true } as const;

export interface MailService {
  /**
   * Sends `message` (or the message a still-rendering promise resolves to, or the one `message()` renders) once
   * the current turn of the event loop is over — after the answer of the request that caused it has been
   * written — as a job of the `mail` queue. `kind` names the mail in the logs ('order confirmation', 'contact
   * message'). Never throws; a message that cannot be rendered is logged and dropped. `message()` may resolve to
   * null: after its work it has nothing to send (a reset code asked for an email without an account, issue 43
   * §5), and nothing is logged. If the queue cannot be written (the database is away), the mail is sent at once,
   * one try.
   */
  deliver(
    kind: string,
    message: MailMessage | Promise<MailMessage> | (() => Promise<MailMessage | null>),
  ): void;
  /**
   * Resolves when every mail handed over so far has been sent or given up (tests, commands): queued, and, where
   * this process works jobs, worked to its end.
   */
  settled(): Promise<void>;
  /** Resolves when every mail handed over so far is queued (app close, before the queue stops). */
  close(): Promise<void>;
}

/** The `mail` queue's definition: sends the rendered message with `mailer`. */
export function mailQueue(mailer: Mailer): QueueDefinition<MailJob> {
  return {
    name: MAIL_QUEUE,
    ...MAIL_RETRY,
    expireInSeconds: 120,
    // Two sends at once per process: an SMTP round trip is mostly waiting.
    workers: 2,
    handler: async ({ message }) => {
      await mailer.send(message);
    },
  };
}

export function createMailService(mailer: Mailer, log: FastifyBaseLogger, jobs: JobQueue): MailService {
  const pending = new Set<Promise<void>>();

  async function hand(
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
    try {
      await jobs.send(MAIL_QUEUE, { kind, message } satisfies MailJob);
    } catch (err) {
      log.error({ err, mail: kind }, 'mail could not be queued; sending it now, once');
      await mailer.send(message).catch((sendErr: unknown) => {
        log.error({ err: sendErr, mail: kind }, 'mail not sent: gave up');
      });
    }
  }

  async function handedOver() {
    while (pending.size > 0) await Promise.all([...pending]);
  }

  return {
    deliver(kind, message) {
      // A message still rendering is watched from now on: a failure before the mail's turn is handled, not fatal.
      if (message instanceof Promise) message.catch(() => undefined);
      // setImmediate: rendering and writing wait until the request's answer is on its way (decision 0023).
      const run = new Promise((resolve) => setImmediate(resolve))
        .then(() => hand(kind, message))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    async settled() {
      await handedOver();
      await jobs.settled();
    },
    close: handedOver,
  };
}
