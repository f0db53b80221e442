/**
 * The store's durable jobs (issue 38 §2, decision 0062): pg-boss over the store's own database, PostgreSQL's pool
 * or the embedded PGlite client. Work that must survive a restart (mails, the daily low-stock report,
 * reconciliation) is a row in `pgboss.job`, written — where it matters — by the transaction that makes it
 * necessary, worked by whichever process has RUN_JOBS=1, retried with backoff, and left 'failed' (the dead
 * letters the back office lists and retries) after its last try.
 *
 * A process with `runJobs` works every queue defined here; with `runSchedules` it takes part in the schedules
 * (pg-boss lets one instance per cron interval send each due job, and a singleton key per minute keeps a second
 * from doubling it). Enqueuing works in every process.
 */
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type DatabaseHandle } from '../../db/client';
import { pgliteExecutor, poolExecutor, transactionExecutor, type SqlExecutor } from './sql-adapters';
import { isDatabaseUnavailable } from '../../db/is-database-unavailable';

/** pg-boss's schema (created by migration 0035, kept current by pg-boss's own migrations at start). */
export const JOB_SCHEMA = 'pgboss';

/** What a handler learns about its job. */
export interface JobContext {
  id: string;
  /** 1 on the first try. */
  attempt: number;
  /** True when a failure now leaves the job failed (a dead letter). */
  lastAttempt: boolean;
}

/** One queue: its retry policy and the function that works its jobs. */
export interface QueueDefinition<T extends object = object> {
  name: string;
  /**
   * 'stately': at most one job per singleton key waiting and one running (a second send with the key of a job
   * still waiting is dropped); 'standard' otherwise.
   */
  policy?: 'standard' | 'stately';
  /** Tries after the first. */
  retryLimit: number;
  /** Seconds before the first retry; with `retryBackoff` it doubles (with jitter) each time. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A try running longer than this is failed (and retried), seconds. */
  expireInSeconds: number;
  /** Parallel workers of this queue in one process (default 1). */
  workers?: number;
  /** Works one job. Throws to fail the try; what it answers is kept as the job's output. */
  handler: (data: T, job: JobContext) => Promise<object | undefined | void>;
}

/** The cron of a schedule every `minutes` minutes (a divisor of 60), or null (off) for null. */
export function everyMinutesCron(minutes: number | null): string | null {
  if (minutes === null) return null;
  return minutes === 60 ? '0 * * * *' : `*/${minutes} * * * *`;
}

/** A recurring job: its queue gets `data` at every tick of `cron` in `timezone`. */
export interface ScheduleDefinition {
  queue: string;
  /** Five-field cron; null removes the schedule (a setting turned off). */
  cron: string | null;
  timezone: string;
  data?: object;
}

/** Queue figures (for the metrics endpoint and the back office). */
export interface QueueStats {
  name: string;
  /** Created or waiting for a retry. */
  waiting: number;
  active: number;
  /** Dead letters: failed after their last try, until retried or archived (14 days). */
  failed: number;
  /** Age of the oldest waiting job, ms (0 when none waits). */
  oldestWaitingMs: number;
}

/** A dead letter as the back office lists it: nothing from the job's data but its kind. */
export interface FailedJob {
  id: string;
  queue: string;
  /** What the job was: a mail's kind ('order confirmation'), else the queue's name. */
  kind: string;
  createdAt: Date;
  failedAt: Date;
  /** Tries made. */
  attempts: number;
  /** The last try's error, as the handler described it (no personal data: see describeJobError). */
  lastError: string;
}

export interface SendOptions {
  /** With a 'stately' queue: one waiting job per key. */
  singletonKey?: string;
}

export interface JobQueue {
  /** The instance's name in logs and in the outputs of the jobs it works: host:pid. */
  readonly instance: string;
  readonly runsJobs: boolean;
  /** Adds a queue; before `start`. */
  define<T extends object>(queue: QueueDefinition<T>): void;
  /** Adds (or, with a null cron, removes) a schedule; before `start`. Applied by RUN_SCHEDULES instances. */
  schedule(schedule: ScheduleDefinition): void;
  /** Creates the queues and schedules, and starts working (RUN_JOBS) and scheduling (RUN_SCHEDULES). */
  start(): Promise<void>;
  /**
   * Stops taking jobs and waits, at most `timeoutMs`, for those under way; any still running then are failed
   * (retried later, here or elsewhere). Before the database closes.
   */
  stop(timeoutMs?: number): Promise<void>;
  /** Enqueues a job now, on its own statement. Answers its id (null when a stately queue dropped it). */
  send(queue: string, data: object, options?: SendOptions): Promise<string | null>;
  /**
   * Enqueues a job inside `tx`: it exists if and only if the transaction commits. Call `nudge(queue)` after the
   * commit to have it worked at once rather than at the next poll.
   */
  sendInTransaction(tx: Database, queue: string, data: object, options?: SendOptions): Promise<string>;
  /**
   * Enqueues several jobs of `queue` inside `tx` in one statement (issue 42: a paid order's two mails cost one
   * round trip). Answers their ids in the order given.
   */
  sendAllInTransaction(
    tx: Database,
    queue: string,
    jobs: readonly { data: object; options?: SendOptions }[],
  ): Promise<string[]>;
  /** Wakes this process's workers of `queue` (no-op without RUN_JOBS). */
  nudge(queue: string): void;
  /**
   * Resolves when every job this process enqueued so far has been worked to its end (completed, or failed after
   * its last try). Without RUN_JOBS it resolves at once: another process works them. Tests and commands use it.
   */
  settled(): Promise<void>;
  stats(): Promise<QueueStats[]>;
  /** Dead letters, newest first (at most `limit`). */
  listFailed(limit?: number): Promise<FailedJob[]>;
  /** Puts a dead letter back for one more try. False when no failed job has that id. */
  retry(id: string): Promise<boolean>;
}

/** Timings the tests shorten (production keeps pg-boss's and each queue's own). */
export interface JobTimings {
  /** Seconds between a worker's looks for new jobs when idle (pg-boss's minimum is 0.5; default 2). */
  pollSeconds?: number;
  /** Overrides every queue's retry policy (tests make retries immediate). */
  retry?: { limit: number; delaySeconds: number; backoff: boolean };
  /** Seconds between looks for a due schedule's job to send (pg-boss's default 5; at least 1). */
  scheduleSendSeconds?: number;
}

export interface JobQueueOptions {
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  /** RUN_JOBS: this process works jobs. */
  runJobs: boolean;
  /** RUN_SCHEDULES: this process takes part in the schedules. */
  runSchedules: boolean;
  timings?: JobTimings;
}

/** The advisory lock key under which instances create queues one at a time (the migrations' is 727274). */
const QUEUE_SETUP_LOCK = 727275;

interface PoolLikeClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  release(): void;
}

/** pg-boss's statements, as its manager builds them (pg-boss 10: `src/plans.js`, no types of its own). */
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};
/**
 * The statements pg-boss sends without awaiting them when a handler settles (Manager.watch: `this.complete(...)`,
 * `this.fail(...)`). A rejection there is nobody's to catch: it would be an unhandled rejection, which stops Node.
 */
const UNAWAITED_STATEMENTS = new Set([plans.completeJobs(JOB_SCHEMA), plans.failJobsById(JOB_SCHEMA)]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The store's queue over its database (see the module comment). Throws on an unknown database client. */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, log, runJobs, runSchedules, timings = {} } = options;
  const instance = `${hostname()}:${process.pid}`;
  const queues = new Map<string, QueueDefinition<never>>();
  const schedules: ScheduleDefinition[] = [];
  const workerIds = new Map<string, string[]>();
  /** Jobs enqueued here and not yet seen finished (settled()). */
  const mine = new Set<string>();
  const sending = new Set<Promise<string | null>>();
  let running = 0;
  let inFlight = 0;
  let started = false;

  const client = (database.db as unknown as { $client?: unknown }).$client;
  const base: SqlExecutor =
    database.kind === 'postgres'
      ? poolExecutor(client as Parameters<typeof poolExecutor>[0])
      : pgliteExecutor(client as Parameters<typeof pgliteExecutor>[0]);
  /** Where pg-boss's statements go: the pool, or one held connection while queues are created (oneAtATime). */
  let target = base;
  // Counted so that stop() can wait for a completion pg-boss sends without awaiting it.
  const executor: SqlExecutor = {
    async executeSql(text, values) {
      inFlight++;
      try {
        return await target.executeSql(text, values);
      } catch (err) {
        if (!UNAWAITED_STATEMENTS.has(text)) throw err;
        // A job whose outcome could not be written (the database went away meanwhile) stays active until its
        // expiry, then pg-boss's maintenance retries it (decision 0062): late, never lost, and never a crash.
        if (isDatabaseUnavailable(err)) {
          log.warn(
            { err },
            'job queue: a job finished while the database was unavailable; it will be retried',
          );
        } else {
          log.error(
            { err },
            'job queue: a job finished but its outcome was not recorded; it will be retried',
          );
        }
        return { rows: [{ count: 0 }] };
      } finally {
        inFlight--;
      }
    },
  };

  const boss = new PgBoss({
    db: executor as PgBoss.Db,
    schema: JOB_SCHEMA,
    // Maintenance (expiring stuck tries, archiving) runs where jobs are worked.
    supervise: runJobs,
    schedule: runSchedules,
    migrate: true,
    ...(timings.pollSeconds ? { pollingIntervalSeconds: timings.pollSeconds } : {}),
    ...(timings.scheduleSendSeconds ? { cronWorkerIntervalSeconds: timings.scheduleSendSeconds } : {}),
    // Completed jobs hold what they sent (a mail's text): archived after an hour, gone a day later.
    archiveCompletedAfterSeconds: 60 * 60,
    // Dead letters stay listed in the back office for two weeks.
    archiveFailedAfterSeconds: 14 * 24 * 60 * 60,
    deleteAfterDays: 1,
  });
  // A database that is away (restarting, refusing connections) is an outage the health check reports, not a fault
  // of the queue: pg-boss polls again by itself once it is back (decision 0062).
  boss.on('error', (err) =>
    isDatabaseUnavailable(err)
      ? log.warn({ err }, 'job queue: the database is unavailable; polling again')
      : log.error({ err }, 'job queue error'),
  );

  /** sendAllInTransaction: the jobs' rows in one INSERT inside `tx`; their ids in the order given. */
  async function insertInTransaction(
    tx: Database,
    queue: string,
    jobs: readonly { data: object; options?: SendOptions }[],
  ): Promise<string[]> {
    const rows = jobs.map(({ data, options = {} }) => ({
      id: crypto.randomUUID(),
      name: queue,
      data,
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    }));
    // insert(): each placeholder once, as transactionExecutor requires; the queue's retry policy applies.
    await boss.insert(rows, { db: transactionExecutor(tx) as PgBoss.Db });
    for (const row of rows) mine.add(row.id);
    return rows.map((row) => row.id);
  }

  function retryOf(q: QueueDefinition<never>) {
    const r = timings.retry;
    return {
      retryLimit: r?.limit ?? q.retryLimit,
      retryDelay: r?.delaySeconds ?? q.retryDelaySeconds,
      retryBackoff: r?.backoff ?? q.retryBackoff,
    };
  }

  async function workOne<T extends object>(q: QueueDefinition<T>, job: PgBoss.JobWithMetadata<T>) {
    running++;
    const context: JobContext = {
      id: job.id,
      attempt: job.retryCount + 1,
      lastAttempt: job.retryCount >= job.retryLimit,
    };
    const kind = kindOf(q.name, job.data);
    try {
      const output = await q.handler(job.data, context);
      if (context.attempt > 1) log.info({ job: kind, tries: context.attempt }, 'job done after retrying');
      return { ...(output ?? {}), workedBy: instance };
    } catch (err) {
      if (context.lastAttempt) {
        log.error({ err, job: kind, tries: context.attempt }, `${failureLabel(q.name)}: gave up`);
      } else {
        log.warn({ err, job: kind, tries: context.attempt }, `${failureLabel(q.name)}; retrying`);
      }
      // What pg-boss keeps as the job's output: our sentence, never the error's stack or data.
      const kept = new Error(describeJobError(err));
      kept.stack = kept.message;
      throw kept;
    } finally {
      running--;
    }
  }

  /**
   * Runs `work` (creating queues, writing schedules) while holding an advisory lock on one connection, so that
   * instances starting together take turns: two `create_queue` calls at once (each adds a partition to
   * `pgboss.job`) deadlock on PostgreSQL. PGlite has one process and needs none.
   */
  async function oneAtATime(work: () => Promise<void>) {
    if (database.kind !== 'postgres') return work();
    const pool = client as { connect(): Promise<PoolLikeClient> };
    const conn = await pool.connect();
    try {
      await conn.query(`SELECT pg_advisory_lock(${QUEUE_SETUP_LOCK})`);
      target = poolExecutor(conn);
      await work();
    } finally {
      target = base;
      await conn.query(`SELECT pg_advisory_unlock(${QUEUE_SETUP_LOCK})`).catch(() => undefined);
      conn.release();
    }
  }

  async function waitQuiet(deadline: number) {
    while ((running > 0 || inFlight > 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  return {
    instance,
    runsJobs: runJobs,
    define(q) {
      queues.set(q.name, q as QueueDefinition<never>);
    },
    schedule(s) {
      schedules.push(s);
    },
    async start() {
      // Queues and schedules first, so that the schedules' first check at start (pg-boss's timekeeper) finds
      // them; on a database without pg-boss's schema (migrations skipped), pg-boss creates it at start first.
      const installed = await boss.isInstalled();
      if (!installed) await boss.start();
      await oneAtATime(async () => {
        const existing = new Set((await boss.getQueues()).map((q) => q.name));
        for (const q of queues.values()) {
          const settings = {
            name: q.name,
            policy: q.policy ?? 'standard',
            ...retryOf(q),
            expireInSeconds: q.expireInSeconds,
          } as const;
          if (existing.has(q.name)) await boss.updateQueue(q.name, settings);
          else await boss.createQueue(q.name, settings);
        }
        if (runSchedules) {
          for (const s of schedules) {
            if (s.cron === null) await boss.unschedule(s.queue);
            else await boss.schedule(s.queue, s.cron, s.data ?? {}, { tz: s.timezone });
          }
        }
      });
      if (installed) await boss.start();
      if (runJobs) {
        for (const q of queues.values()) {
          const ids: string[] = [];
          for (let i = 0; i < (q.workers ?? 1); i++) {
            let self = '';
            const id = await boss.work<object>(
              q.name,
              { includeMetadata: true, batchSize: 1 },
              async ([job]) => {
                // A worker that found a job looks again at once (pg-boss would wait a whole poll): a burst of
                // orders drains at the speed of its sends, and an idle queue costs one look per poll.
                if (self) boss.notifyWorker(self);
                return job ? workOne(q as QueueDefinition<object>, job) : undefined;
              },
            );
            self = id;
            ids.push(id);
          }
          workerIds.set(q.name, ids);
        }
      }
      started = true;
      log.info(
        `jobs: this process (${instance}) ${runJobs ? 'works jobs' : 'only enqueues jobs (RUN_JOBS=0)'}` +
          `${runSchedules ? ' and takes part in the schedules' : ', and runs no schedule (RUN_SCHEDULES=0)'}`,
      );
    },
    async stop(timeoutMs = 10_000) {
      if (!started) return;
      started = false;
      const deadline = Date.now() + timeoutMs;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      // pg-boss marks a job done without awaiting it, and a poll may still be under way: both finish first.
      await waitQuiet(deadline);
    },
    async send(queue, data, opts = {}) {
      const sent = boss
        .send(queue, data, opts.singletonKey ? { singletonKey: opts.singletonKey } : {})
        .then((id) => {
          if (id) {
            mine.add(id);
            this.nudge(queue);
          }
          return id;
        });
      // settled() waits for sends still under way (a caller that did not await its send).
      sending.add(sent);
      try {
        return await sent;
      } finally {
        sending.delete(sent);
      }
    },
    async sendInTransaction(tx, queue, data, opts = {}) {
      const [id] = await insertInTransaction(tx, queue, [{ data, options: opts }]);
      if (!id) throw new Error('the job was not inserted');
      return id;
    },
    sendAllInTransaction: insertInTransaction,
    nudge(queue) {
      for (const id of workerIds.get(queue) ?? []) boss.notifyWorker(id);
    },
    async settled() {
      while (sending.size > 0) await Promise.allSettled([...sending]);
      if (!runJobs) {
        mine.clear();
        return;
      }
      while (mine.size > 0) {
        const ids = [...mine];
        const rows = rowsOf<{ id: string }>(
          await database.db.execute(
            sql`SELECT id::text AS id FROM ${sql.raw(JOB_SCHEMA)}.job
                WHERE id = ANY(${sql.param(ids)}::uuid[]) AND state < 'completed'`,
          ),
        );
        const open = new Set(rows.map((r) => r.id));
        for (const id of ids) if (!open.has(id)) mine.delete(id);
        if (mine.size > 0) await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async stats() {
      const rows = rowsOf<{
        name: string;
        waiting: number | string;
        active: number | string;
        failed: number | string;
        oldest_ms: number | string | null;
      }>(
        await database.db.execute(sql`
          SELECT q.name,
                 count(j.id) FILTER (WHERE j.state IN ('created', 'retry')) AS waiting,
                 count(j.id) FILTER (WHERE j.state = 'active') AS active,
                 count(j.id) FILTER (WHERE j.state = 'failed') AS failed,
                 floor(extract(epoch FROM now() - min(j.created_on) FILTER (WHERE j.state IN ('created', 'retry')))
                   * 1000) AS oldest_ms
          FROM ${sql.raw(JOB_SCHEMA)}.queue q
          LEFT JOIN ${sql.raw(JOB_SCHEMA)}.job j ON j.name = q.name
          WHERE q.name NOT LIKE '\\_\\_pgboss%'
          GROUP BY q.name ORDER BY q.name`),
      );
      return rows.map((r) => ({
        name: r.name,
        waiting: Number(r.waiting),
        active: Number(r.active),
        failed: Number(r.failed),
        oldestWaitingMs: Number(r.oldest_ms ?? 0),
      }));
    },
    async listFailed(limit = 100) {
      const rows = rowsOf<{
        id: string;
        name: string;
        kind: string | null;
        created_on: Date | string;
        completed_on: Date | string | null;
        retry_count: number;
        error: string | null;
      }>(
        await database.db.execute(sql`
          SELECT id::text AS id, name, data->>'kind' AS kind, created_on, completed_on, retry_count,
                 output->>'message' AS error
          FROM ${sql.raw(JOB_SCHEMA)}.job
          WHERE state = 'failed' AND name NOT LIKE '\\_\\_pgboss%'
          ORDER BY completed_on DESC NULLS LAST, id
          LIMIT ${limit}`),
      );
      return rows.map((r) => ({
        id: r.id,
        queue: r.name,
        kind: kindOf(r.name, { kind: r.kind }),
        createdAt: new Date(r.created_on),
        failedAt: new Date(r.completed_on ?? r.created_on),
        attempts: Number(r.retry_count) + 1,
        lastError: r.error ?? 'no error recorded',
      }));
    },
    async retry(id) {
      if (!UUID.test(id)) return false;
      const [row] = rowsOf<{ name: string }>(
        await database.db.execute(
          sql`SELECT name FROM ${sql.raw(JOB_SCHEMA)}.job WHERE id = ${id}::uuid AND state = 'failed'`,
        ),
      );
      if (!row) return false;
      await boss.retry(row.name, id);
      this.nudge(row.name);
      return true;
    },
  };
}

/** A job's kind as logs and the back office name it: its data's `kind` (mails), else its queue. */
function kindOf(queue: string, data: unknown): string {
  const kind = (data as { kind?: unknown } | null)?.kind;
  return typeof kind === 'string' && kind !== '' ? kind : queue;
}

/** The log line of a failed try; mails keep decision 0016's words, which logs are searched for. */
function failureLabel(queue: string): string {
  return queue.endsWith('mail') || queue.startsWith('mail') ? 'mail not sent' : 'job failed';
}

/**
 * An error as a job keeps it, for the back office: its code and message with email addresses taken out (an SMTP
 * refusal quotes the recipient), at most 300 characters. Never the stack, never the job's data.
 */
export function describeJobError(err: unknown): string {
  const e = err instanceof Error ? err : new Error(String(err));
  const code = (e as { code?: unknown }).code;
  const message = e.message.replace(/[^\s<>"'()[\]]+@[^\s<>"'()[\]]+/g, '[address]').replace(/\s+/g, ' ');
  const text = typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}
