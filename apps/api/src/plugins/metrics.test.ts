/**
 * `/metrics` (issue 38 §3, decision 0063): who may read it, that it is Prometheus's text format, that it counts
 * requests by route pattern, orders placed and payments failed, the database pool and the job queues' hook. On
 * PGlite here and on PostgreSQL when the suite runs with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PAYMENT_METHOD_DECLINES } from '@store/shared/test-payments';
import { createTestApp, type TestApp } from '../../tests/test-app';
import { seedProduct } from '../../tests/seed-catalog';
import { histogramCount, parseMetrics, samplesWith } from '../../tests/prometheus-text';
import { testOrderBody } from '../modules/orders/test-order-body';
import { METRICS_TOKEN_REQUIRED_MESSAGE } from './metrics';

const TOKEN = 'metrics-token-0123456789abcdef';
const OUTSIDE = '203.0.113.7';

/** The value of the one sample of `name` with `labels` (0 when there is none yet). */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  const samples = samplesWith(parseMetrics(text).get(name), labels);
  if (samples.length > 1) throw new Error(`${samples.length} samples of ${name} match`);
  return samples[0]?.value ?? 0;
}

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  it('answers a client on this machine in the text format, and no one else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const families = parseMetrics(res.body);
    expect(families.get('nodejs_eventloop_lag_seconds')?.type).toBe('gauge');
    expect(families.get('nodejs_eventloop_lag_p99_seconds')?.type).toBe('gauge');
    expect(families.get('process_resident_memory_bytes')?.type).toBe('gauge');
    expect(families.get('http_request_duration_seconds')?.type).toBe('histogram');
    expect(families.get('store_orders_placed_total')?.type).toBe('counter');

    // Anyone else gets what any unknown address answers (the shop's 404 page; here, without a web build, 503).
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-page', remoteAddress: OUTSIDE });
    const outside = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDE });
    expect(outside.statusCode).toBe(unknown.statusCode);
    expect(outside.body).toBe(unknown.body);
    expect(outside.body).not.toContain('nodejs_');
    // A load balancer on this machine connects from loopback: what it forwards is not from this machine.
    for (const headers of [
      { 'x-forwarded-for': OUTSIDE },
      { forwarded: `for=${OUTSIDE}` },
      { 'x-real-ip': OUTSIDE },
    ]) {
      const proxied = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(proxied.statusCode, JSON.stringify(headers)).toBe(unknown.statusCode);
    }
    const ipv6Loopback = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(ipv6Loopback.statusCode).toBe(200);
  });

  it('counts a request by its route pattern, never by the URL the client sent', async () => {
    const before = await scrape();
    const labels = { method: 'GET', route: '/api/products/:sku', status_code: '404' };
    const countBefore = histogramCount(parseMetrics(before).get('http_request_duration_seconds'), labels);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/products/NO-SUCH-PART-4711?ref=jane%40example.com',
    });
    expect(res.statusCode).toBe(404);

    const after = await scrape();
    const family = parseMetrics(after).get('http_request_duration_seconds');
    expect(histogramCount(family, labels)).toBe(countBefore + 1);
    const [inf] = samplesWith(family, { ...labels, le: '+Inf' }, 'http_request_duration_seconds_bucket');
    expect(inf?.value).toBe(countBefore + 1);
    expect(after).not.toContain('NO-SUCH-PART-4711');
    expect(after).not.toContain('example.com');
    // The scrapes themselves are not counted.
    expect(after).not.toMatch(/route="\/metrics"/);
  });

  it('counts an order placed, and a payment that failed', async () => {
    const productId = await seedProduct(t.database.db, {
      sku: 'METRIC-1',
      title: 'Metric Globe',
      priceCents: 2000,
      stock: 10,
    });
    const line = [{ id: productId, unitPriceCents: 2000, quantity: 1 }];
    const before = await scrape();
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/place-order',
      payload: testOrderBody(line),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const afterPaid = await scrape();
    expect(valueOf(afterPaid, 'store_orders_placed_total', { payment_method: 'card' })).toBe(
      valueOf(before, 'store_orders_placed_total', { payment_method: 'card' }) + 1,
    );
    expect(valueOf(afterPaid, 'store_payments_failed_total')).toBe(
      valueOf(before, 'store_payments_failed_total'),
    );

    const declined = await t.app.inject({
      method: 'POST',
      url: '/api/place-order',
      payload: testOrderBody(line, { stripePaymentMethodId: TEST_PAYMENT_METHOD_DECLINES }),
    });
    expect(declined.statusCode, declined.body).toBe(402);
    const afterDeclined = await scrape();
    expect(valueOf(afterDeclined, 'store_orders_placed_total', { payment_method: 'card' })).toBe(
      valueOf(before, 'store_orders_placed_total', { payment_method: 'card' }) + 2,
    );
    expect(valueOf(afterDeclined, 'store_payments_failed_total')).toBe(
      valueOf(before, 'store_payments_failed_total') + 1,
    );
  });

  it("reports the database: PostgreSQL's pool, or that it is the embedded PGlite", async () => {
    const text = await scrape();
    expect(valueOf(text, 'store_database_info', { kind: t.database.kind })).toBe(1);
    if (t.database.kind === 'postgres') {
      expect(valueOf(text, 'store_db_pool_max_connections')).toBeGreaterThan(0);
      expect(valueOf(text, 'store_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, 'store_db_pool_waiting_clients')).toBe(0);
    } else {
      expect(text).not.toContain('store_db_pool_');
    }
  });

  it('reads the job queues from the sources given to watchQueues at each scrape, and survives one failing', async () => {
    let waiting = 3;
    t.app.metrics.watchQueues(async () => [
      { name: 'mail', waiting, active: 1, failed: 2, oldestWaitingMs: 4_500 },
      { name: 'image-download', waiting: 0, active: 0, failed: 0, oldestWaitingMs: null },
    ]);
    let text = await scrape();
    expect(valueOf(text, 'store_job_queue_waiting', { queue: 'mail' })).toBe(3);
    expect(valueOf(text, 'store_job_queue_active', { queue: 'mail' })).toBe(1);
    expect(valueOf(text, 'store_job_queue_failed', { queue: 'mail' })).toBe(2);
    expect(valueOf(text, 'store_job_queue_oldest_waiting_seconds', { queue: 'mail' })).toBe(4.5);
    expect(valueOf(text, 'store_job_queue_oldest_waiting_seconds', { queue: 'image-download' })).toBe(0);

    waiting = 7;
    text = await scrape();
    expect(valueOf(text, 'store_job_queue_waiting', { queue: 'mail' })).toBe(7);

    t.app.metrics.watchQueues(() => Promise.reject(new Error('database away')));
    text = await scrape();
    expect(valueOf(text, 'store_job_queue_waiting', { queue: 'mail' })).toBe(7);
    expect(valueOf(text, 'store_metrics_source_failures_total', { source: 'job_queues' })).toBe(1);
    expect(parseMetrics(text).has('nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('is not in the OpenAPI document', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys((doc.json() as { paths: Record<string, unknown> }).paths)).not.toContain('/metrics');
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: (c) => {
        c.metricsToken = TOKEN;
      },
    });
  });
  afterAll(() => t.close());

  it('answers the Bearer token from anywhere, and 401 without it, even on this machine', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', `Basic ${TOKEN}`, TOKEN]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toMatchObject({ message: METRICS_TOKEN_REQUIRED_MESSAGE });
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: OUTSIDE,
      headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': OUTSIDE },
    });
    expect(res.statusCode).toBe(200);
    expect(parseMetrics(res.body).has('http_request_duration_seconds')).toBe(true);
  });
});
