/**
 * `GET /metrics`: Prometheus metrics of this instance (issue 38 §3, decision 0063), in the text exposition format.
 *
 * What it answers, besides the process's own metrics (store-metrics.ts):
 * - `http_request_duration_seconds{method,route,status_code}`: a histogram of every answer by the route's
 *   pattern (`/api/products/:sku`, never the URL a client sent, whose ids and queries would make a series per
 *   request); its `_count` is the request rate and, by `status_code`, the error rate. Requests that match no
 *   route are `route="(no route)"`; the server renderer's calls to itself and `/metrics` are not counted.
 * - `store_db_pool_*`: the PostgreSQL pool's connections (open, idle, in use), the queries waiting for one and
 *   the pool's size. PGlite has no pool (one connection inside the process, queries taken in turn), so with it
 *   only `store_database_info{kind="pglite"}` is answered.
 * - `store_job_queue_*{queue}`: waiting, active and failed jobs and the age of the oldest waiting one, read at
 *   each scrape from the sources given to `app.metrics.watchQueues` (the durable jobs' `queueStats`). A source
 *   that fails or takes longer than QUEUE_STATS_TIMEOUT_MS leaves its series out of that scrape and counts in
 *   `store_metrics_source_failures_total`; the rest of the scrape is answered.
 *
 * Who may read it: with METRICS_TOKEN set, a request with `Authorization: Bearer <token>` (compared in constant
 * time; 401 otherwise), from anywhere. Without it, a client on this machine (a loopback socket address) that came
 * through no proxy (no X-Forwarded-For, Forwarded or X-Real-IP: a balancer on this machine must not open it to
 * the world); anyone else gets the answer of any unknown path (404). It is outside `/api/`, so the API's rate
 * limit does not count it; it is left out of the OpenAPI document.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import ipaddr from 'ipaddr.js';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client';
import { HttpError } from './error-handling';
import { startProcessMetrics, storeMetrics } from './store-metrics';

export const METRICS_PATH = '/metrics';

/** What a job queue says of itself (the durable jobs' `queueStats()`). */
export interface QueueStats {
  name: string;
  waiting: number;
  active: number;
  failed: number;
  /** How long the oldest waiting job has waited, ms; 0 or null when none waits. */
  oldestWaitingMs: number | null;
}

/** Reads every queue's figures; called at each scrape. */
export type QueueStatsSource = () => Promise<readonly QueueStats[]>;

/** The longest a queue source may take before the scrape is answered without its figures. */
export const QUEUE_STATS_TIMEOUT_MS = 2_000;

export const METRICS_TOKEN_REQUIRED_MESSAGE = 'A valid metrics token is required.';

export interface StoreMetrics {
  /** This app's registry (HTTP, pool, queues); the process's own metrics are in store-metrics.ts. */
  registry: Registry;
  /** Adds a source of job-queue figures, read at every scrape (issue 38 §2 plugs its `queueStats` in here). */
  watchQueues(source: QueueStatsSource): void;
  /** Everything `/metrics` answers, read now: the process's metrics and this app's. */
  exposition(): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: StoreMetrics;
  }
}

export interface MetricsPluginOptions {
  /** METRICS_TOKEN; undefined answers loopback clients only. */
  token: string | undefined;
  database: Pick<DatabaseHandle, 'kind' | 'poolStats'>;
  /** Requests not counted in the HTTP histogram: the server renderer's calls to this process. */
  isInternalRequest?: (request: FastifyRequest) => boolean;
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** True for a request straight from this machine: a loopback socket and no proxy's forwarding header. */
export function isLocalUnproxiedRequest(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  const address = request.socket.remoteAddress;
  if (!address || !ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'loopback';
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The Authorization header carries `Bearer <token>`: compared by digest, so neither length nor content leaks. */
export function hasBearerToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization;
  const given = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  return timingSafeEqual(digest(given ?? ''), digest(token)) && given !== undefined;
}

/** Races `promise` against `ms`; the timer never holds the process open. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export default fp<MetricsPluginOptions>(
  async (app, opts) => {
    startProcessMetrics();
    const registry = new Registry();
    const registers = [registry];

    const httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer sent, by route pattern, method and status code.',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers,
    });
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url;
      if (route === METRICS_PATH || opts.isInternalRequest?.(request)) return;
      httpDuration.observe(
        { method: request.method, route: route ?? '(no route)', status_code: reply.statusCode },
        reply.elapsedTime / 1000,
      );
    });

    new Gauge({
      name: 'store_database_info',
      help: 'The database this instance uses: postgres (DATABASE_URL) or the embedded pglite.',
      labelNames: ['kind'] as const,
      registers,
    }).set({ kind: opts.database.kind }, 1);
    const poolStats = opts.database.poolStats;
    if (poolStats) {
      type PoolStats = ReturnType<NonNullable<DatabaseHandle['poolStats']>>;
      const poolGauge = (name: string, help: string, read: (s: PoolStats) => number) =>
        new Gauge({
          name,
          help,
          registers,
          collect() {
            this.set(read(poolStats()));
          },
        });
      poolGauge('store_db_pool_connections', 'PostgreSQL connections the pool holds open.', (s) => s.total);
      poolGauge('store_db_pool_idle_connections', 'Open connections not in use.', (s) => s.idle);
      poolGauge('store_db_pool_waiting_clients', 'Queries waiting for a free connection.', (s) => s.waiting);
      poolGauge('store_db_pool_max_connections', 'The most connections the pool opens.', (s) => s.max);
    }

    const queueGauges = {
      waiting: new Gauge({
        name: 'store_job_queue_waiting',
        help: 'Jobs waiting to run, by queue.',
        labelNames: ['queue'] as const,
        registers,
      }),
      active: new Gauge({
        name: 'store_job_queue_active',
        help: 'Jobs running now, by queue.',
        labelNames: ['queue'] as const,
        registers,
      }),
      failed: new Gauge({
        name: 'store_job_queue_failed',
        help: 'Jobs that failed for good (dead letters), by queue.',
        labelNames: ['queue'] as const,
        registers,
      }),
      oldestWaiting: new Gauge({
        name: 'store_job_queue_oldest_waiting_seconds',
        help: 'How long the oldest waiting job has waited, by queue; 0 when none waits.',
        labelNames: ['queue'] as const,
        registers,
      }),
    };
    const sourceFailures = new Counter({
      name: 'store_metrics_source_failures_total',
      help: 'Scrapes answered without a source that failed or was too slow, by source.',
      labelNames: ['source'] as const,
      registers,
    });
    const queueSources: QueueStatsSource[] = [];

    /** Reads every queue source again; one that fails is logged and left out of this scrape. */
    async function refreshQueues(): Promise<void> {
      if (queueSources.length === 0) return;
      const results = await Promise.allSettled(
        queueSources.map((source) => within(source(), QUEUE_STATS_TIMEOUT_MS)),
      );
      for (const gauge of Object.values(queueGauges)) gauge.reset();
      for (const result of results) {
        if (result.status === 'rejected') {
          sourceFailures.inc({ source: 'job_queues' });
          app.log.warn({ err: result.reason as unknown }, 'metrics: the job queues could not be read');
          continue;
        }
        for (const q of result.value) {
          queueGauges.waiting.set({ queue: q.name }, q.waiting);
          queueGauges.active.set({ queue: q.name }, q.active);
          queueGauges.failed.set({ queue: q.name }, q.failed);
          queueGauges.oldestWaiting.set({ queue: q.name }, (q.oldestWaitingMs ?? 0) / 1000);
        }
      }
    }

    const metrics: StoreMetrics = {
      registry,
      watchQueues(source) {
        queueSources.push(source);
      },
      async exposition() {
        await refreshQueues();
        // Two registries, two blocks of the same format: no metric name is in both.
        return `${await storeMetrics.registry.metrics()}\n${await registry.metrics()}`;
      },
    };
    app.decorate('metrics', metrics);

    app.get(
      METRICS_PATH,
      {
        schema: { hide: true },
        config: { rateLimit: false },
        // A scrape every 15 s is no news in the log.
        logLevel: 'warn',
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        if (opts.token) {
          if (!hasBearerToken(request, opts.token)) {
            reply.header('www-authenticate', 'Bearer');
            throw new HttpError(401, METRICS_TOKEN_REQUIRED_MESSAGE);
          }
        } else if (!isLocalUnproxiedRequest(request)) {
          return reply.callNotFound();
        }
        const text = await metrics.exposition();
        return reply.header('cache-control', 'no-store').type(storeMetrics.registry.contentType).send(text);
      },
    );
  },
  { name: 'metrics' },
);
