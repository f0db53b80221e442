/**
 * Traces from the server as `npm start` runs it (issue 38 §3, decision 0063): the bundle built by
 * scripts/build-server.mjs, started with SERVER_NODE_FLAGS (the tracing entry loaded by `--import`), exporting
 * OTLP over http/json to a collector this test runs on loopback. One `POST /api/place-order` is one trace: the
 * HTTP server span (named after the route, carrying the request id), Fastify's request and handler spans, and,
 * on PostgreSQL (TEST_DATABASE_URL), the pg query spans under them, statements with placeholders only. No span
 * carries the customer's details, the order's query values or a `/metrics` scrape, and the request's log lines
 * carry its trace id. The span tree is printed.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { SERVER_NODE_FLAGS } from '../server-node-flags';
import { testOrderBody, TEST_CUSTOMER } from '../modules/orders/test-order-body';
import { API_DIR, childEnv } from '../../tests/child-processes';
import { seedProduct } from '../../tests/seed-catalog';
import { createTestDatabase } from '../../tests/test-db';
import {
  PG_SCOPE,
  SPAN_KIND_SERVER,
  spanAttribute,
  startOtlpTestCollector,
  traceTree,
  type OtlpSpan,
  type OtlpTestCollector,
} from '../../tests/otlp-test-collector';

const REQUEST_ID = 'trace-test-place-order';
const attr = spanAttribute;

describe('traces from the built server', () => {
  let collector: OtlpTestCollector;
  let received: OtlpSpan[] = [];
  let bodies: string[] = [];
  let server: ChildProcess | undefined;
  let serverOutput = '';
  let root = '';
  let database: (DatabaseHandle & { url?: string }) | undefined;
  let base = '';
  let productId = 0;

  /** Stops the server, waiting for its exit (it sends its last spans on SIGTERM); SIGKILL after 10 s. */
  async function stopServer() {
    const child = server;
    server = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'store-trace-'));
    collector = await startOtlpTestCollector();
    ({ spans: received, bodies } = collector);

    // The bundle npm start runs, built as npm start builds it (about a second).
    await promisify(execFile)(process.execPath, ['scripts/build-server.mjs'], { cwd: API_DIR });

    // The store's database, with one product, before the server opens it.
    let databaseEnv: Record<string, string>;
    if (process.env.TEST_DATABASE_URL) {
      database = await createTestDatabase();
      productId = await seedProduct(database.db, {
        sku: 'TRACE-1',
        title: 'Trace Globe',
        priceCents: 2000,
        stock: 10,
      });
      databaseEnv = { DATABASE_URL: database.url ?? '' };
    } else {
      const pgliteDir = path.join(root, 'pglite');
      const template = inject('pgliteTemplateFile');
      const seeding = await openDatabase({
        pgliteDir,
        ...(template ? { pgliteLoadDataDir: new Blob([await readFile(template)]) } : {}),
      });
      try {
        productId = await seedProduct(seeding.db, {
          sku: 'TRACE-1',
          title: 'Trace Globe',
          priceCents: 2000,
          stock: 10,
        });
      } finally {
        await seeding.close();
      }
      databaseEnv = { PGLITE_DIR: pgliteDir };
    }

    server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server.mjs'], {
      cwd: API_DIR,
      env: childEnv({
        ...databaseEnv,
        NODE_ENV: 'development',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        // A line for every request, so a successful one has lines to carry its trace (decision 0092).
        LOG_REQUESTS: 'all',
        DATA_DIR: root,
        WEB_DIST_DIR: path.join(root, 'no-web-build'),
        DEMO_CATALOG: '0',
        SERVER_RENDERING: '0',
        PRERENDER_PAGES: '0',
        LOW_STOCK_MAIL_AT: 'off',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        // Spans are sent 100 ms after they end instead of 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '100',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.setEncoding('utf8').on('data', (t: string) => (serverOutput += t));
    server.stderr?.setEncoding('utf8').on('data', (t: string) => (serverOutput += t));
    const started = Date.now();
    while (!base) {
      const running = /store is running: open http:\/\/localhost:(\d+)\//.exec(serverOutput);
      if (running) base = `http://127.0.0.1:${running[1]}`;
      else if (server.exitCode !== null || Date.now() - started > 30_000) {
        throw new Error(`the server did not start:\n${serverOutput}`);
      } else await new Promise((r) => setTimeout(r, 50));
    }
  }, 60_000);

  afterAll(async () => {
    try {
      await stopServer();
    } finally {
      await collector?.close();
      await database?.close();
      await rm(root, { recursive: true, force: true });
    }
  });

  it('sends one place-order trace from the HTTP server span down to the database, with no personal data', async () => {
    const placed = await fetch(`${base}/api/place-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': REQUEST_ID },
      body: JSON.stringify(testOrderBody([{ id: productId, unitPriceCents: 2000, quantity: 1 }])),
    });
    expect(placed.status, await placed.clone().text()).toBe(200);
    const { data } = (await placed.json()) as { data: { order_id: string } };
    const lookup = await fetch(`${base}/api/orders-detail?id=${data.order_id}&email=${TEST_CUSTOMER.email}`);
    await lookup.arrayBuffer();
    const scrape = await fetch(`${base}/metrics`);
    expect(scrape.status).toBe(200);
    await scrape.arrayBuffer();

    const rootSpan = () =>
      received.find(
        (s) => s.kind === SPAN_KIND_SERVER && attr(s, 'request.id') === REQUEST_ID && !s.parentSpanId,
      );
    await expect
      .poll(rootSpan, { timeout: 15_000 })
      .toBeDefined()
      .catch((error: unknown) => {
        throw new Error(
          `${String(error)}\nreceived ${received.length} spans: ${JSON.stringify(received.slice(0, 3))}\n${serverOutput.slice(0, 1500)}`,
        );
      });
    const top = rootSpan()!;
    // The spans of its database work may come in a later batch than the server span.
    const pgExpected = !!process.env.TEST_DATABASE_URL;
    if (pgExpected) {
      await expect
        .poll(() => received.filter((s) => s.traceId === top.traceId && s.scope === PG_SCOPE).length, {
          timeout: 10_000,
        })
        .toBeGreaterThan(3);
    }
    const tree = traceTree(received, top);
    const { spans: trace, ancestry, depth } = tree;
    console.log(`POST /api/place-order, trace ${top.traceId} (${trace.length} spans):\n${tree.text()}`);

    expect(top.name).toBe('POST /api/place-order');
    expect(attr(top, 'http.route')).toBe('/api/place-order');
    const request = trace.find((s) => s.scope === '@fastify/otel' && s.parentSpanId === top.spanId);
    expect(request?.name).toBe('request');
    expect(attr(request!, 'request.id')).toBe(REQUEST_ID);
    expect(trace.some((s) => s.scope === '@fastify/otel' && s.name.startsWith('handler'))).toBe(true);
    // Every span of the trace hangs from the HTTP server span.
    for (const span of trace) expect(ancestry(span).at(-1)).toBe(top);

    if (pgExpected) {
      const queries = trace.filter((s) => s.scope === PG_SCOPE);
      const statements = queries.map((s) =>
        String(attr(s, 'db.query.text') ?? attr(s, 'db.statement') ?? ''),
      );
      const insert = statements.find((q) => q.startsWith('insert into "orders"'));
      expect(insert, statements.join('\n')).toContain('$1');
      for (const span of queries) expect(depth(span)).toBeGreaterThanOrEqual(2);
    }

    // No personal data anywhere in what was exported, nor a query value, nor the scrape.
    await new Promise((r) => setTimeout(r, 300));
    const everything = bodies.join('\n');
    for (const value of [
      TEST_CUSTOMER.email,
      TEST_CUSTOMER.phone,
      TEST_CUSTOMER.street_address,
      TEST_CUSTOMER.l_name,
    ]) {
      expect(everything).not.toContain(JSON.stringify(value).slice(1, -1));
    }
    expect(everything).not.toContain(data.order_id);
    expect(everything).toContain('/api/orders-detail?id=[redacted]&email=[redacted]');
    expect(
      received.some((s) => attr(s, 'url.path') === '/metrics' || attr(s, 'http.target') === '/metrics'),
    ).toBe(false);

    // The request's log lines carry its id and its trace.
    const logged = serverOutput
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((r) => r.reqId === REQUEST_ID);
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) expect(line.trace_id).toBe(top.traceId);
  });
});
