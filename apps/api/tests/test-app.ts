/**
 * Builds the real app over a fresh test database, for `app.inject` tests.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../src/app';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { loadConfig, type AppConfig } from '../src/env';
import type { JobTimings } from '../src/modules/jobs/job-queue';
import { createTestDatabase } from './test-db';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export interface CreateTestAppOptions {
  webDistDir?: string;
  /** Adjusts the test configuration before the app is built, e.g. `(c) => { c.rateLimits.placeOrdersPerMinute = 2; }`. */
  config?: (config: AppConfig) => void;
  /** Receives the app's log lines (set `config.logLevel` too: tests log nothing by default). */
  logStream?: DestinationStream;
  /** Sees every route as the app adds it. */
  onRoute?: (route: RouteOptions) => void;
  /** Use this database (closed with the app) instead of a new one. */
  database?: DatabaseHandle;
  /** Open a pool of its own on this existing PostgreSQL database, as a second instance would (not dropped). */
  databaseUrl?: string;
  /** Adds test-only routes (a deliberately slow one, say) to the app before it is ready. */
  routes?: (app: FastifyInstance) => void;
  /** Job timings instead of TEST_JOB_TIMINGS. */
  jobTimings?: JobTimings;
}

/** The tests' job timings: pg-boss's shortest poll, and quick retries. */
export const TEST_JOB_TIMINGS: JobTimings = {
  pollSeconds: 0.5,
  retry: { limit: 2, delaySeconds: 0, backoff: false },
};

export async function createTestApp(options: CreateTestAppOptions = {}): Promise<TestApp> {
  const database =
    options.database ??
    (options.databaseUrl
      ? await openDatabase({ databaseUrl: options.databaseUrl, migrate: false })
      : await createTestDatabase());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'store-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  config.webDistDir = options.webDistDir ?? path.join(dataDir, 'no-web-build');
  // Tests write the catalog straight into the database between requests: look before every catalog read.
  // The freshness tests set the production poll themselves (decision 0019).
  config.catalogPollMs = 0;
  // And change the store's settings between requests: read them every time.
  config.settingsMaxAgeMs = 0;
  // Pages are rendered when asked for, not ahead (the pre-renderer's own tests turn it on).
  config.prerenderPages = false;
  // No schedule fires during a test unless it asks (the low-stock report at 07:00 Sydney, reconciliation).
  config.runSchedules = false;
  options.config?.(config);
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({
      config,
      database,
      ...(options.logStream ? { logStream: options.logStream } : {}),
      ...(options.onRoute ? { onRoute: options.onRoute } : {}),
      // Jobs are looked for twice a second, and a failed one is retried at once, twice, not over minutes.
      jobTimings: options.jobTimings ?? TEST_JOB_TIMINGS,
    });
    options.routes?.(app);
    await app.ready();
  } catch (error) {
    // A store that refuses to start (a test of exactly that) leaves nothing behind either: its app, the database
    // made for it, its data folder. API test files share a worker (decision 0076), so a leak would outlive the file.
    await app?.close().catch(() => undefined);
    if (!options.database) await database.close().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    database,
    async close() {
      try {
        await app.close();
        await database.close();
      } finally {
        // The data folder (outbox, uploads) goes with the app, whatever happened.
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}
