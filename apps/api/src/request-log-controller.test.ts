/**
 * Which requests get a log line (decision 0092): by default only answers that need a look (a status of 400 or
 * more, or SLOW_REQUEST_MS or longer), each named in one line with the request id; LOG_REQUESTS=all writes
 * Fastify's two lines for every request, as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../tests/test-app';
import { loadConfig } from './env';
import { SLOW_REQUEST_MS } from './request-log-controller';

type LogRecord = Record<string, unknown> & {
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
};

async function appLogging(mode: 'problems' | 'all'): Promise<{ t: TestApp; lines: LogRecord[] }> {
  const lines: LogRecord[] = [];
  const t = await createTestApp({
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogRecord) },
    config: (c) => {
      c.logLevel = 'info';
      c.logRequests = mode;
    },
    routes: (app) => {
      // Answers a moment after SLOW_REQUEST_MS: a slow but successful request.
      app.get('/api/test-slow-answer', async () => {
        await new Promise((resolve) => setTimeout(resolve, SLOW_REQUEST_MS + 50));
        return { ok: true };
      });
    },
  });
  return { t, lines };
}

/** The request lines (not what the request's own work logged, such as the catalog's first load) of one request. */
const ofRequest = (lines: LogRecord[], requestId: string) =>
  lines.filter(
    (l) => l.reqId === requestId && (l.msg === 'incoming request' || l.msg === 'request completed'),
  );

describe('request log lines, LOG_REQUESTS unset (problems)', () => {
  let t: TestApp;
  let lines: LogRecord[];
  beforeAll(async () => ({ t, lines } = await appLogging('problems')));
  afterAll(() => t.close());

  it('is the default', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logRequests).toBe('problems');
    expect(() => loadConfig({ NODE_ENV: 'test', LOG_REQUESTS: 'some' })).toThrow(/LOG_REQUESTS/);
  });

  it('writes no line for a quick successful answer', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { 'x-request-id': 'quiet-200' },
    });
    expect(res.statusCode).toBe(200);
    expect(ofRequest(lines, 'quiet-200')).toEqual([]);
  });

  it('writes one line naming the request for an answer of 400 or more', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/products/NO-SUCH-SKU?email=someone@example.com',
      headers: { 'x-request-id': 'missing-404' },
    });
    expect(res.statusCode).toBe(404);
    const written = ofRequest(lines, 'missing-404');
    expect(written.map((l) => l.msg)).toEqual(['request completed']);
    expect(written[0]?.req).toMatchObject({
      method: 'GET',
      url: '/api/products/NO-SUCH-SKU?email=[redacted]',
    });
    expect(written[0]?.res).toEqual({ statusCode: 404 });
    expect(typeof written[0]?.responseTime).toBe('number');
  });

  it('writes one line for a successful answer that took SLOW_REQUEST_MS or longer', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test-slow-answer',
      headers: { 'x-request-id': 'slow-200' },
    });
    expect(res.statusCode).toBe(200);
    const written = ofRequest(lines, 'slow-200');
    expect(written.map((l) => l.msg)).toEqual(['request completed']);
    expect(written[0]?.res).toEqual({ statusCode: 200 });
    expect(written[0]?.responseTime).toBeGreaterThanOrEqual(SLOW_REQUEST_MS);
  });
});

describe('request log lines, LOG_REQUESTS=all', () => {
  let t: TestApp;
  let lines: LogRecord[];
  beforeAll(async () => ({ t, lines } = await appLogging('all')));
  afterAll(() => t.close());

  it("writes Fastify's two lines for a quick successful answer", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { 'x-request-id': 'every-200' },
    });
    expect(res.statusCode).toBe(200);
    const written = ofRequest(lines, 'every-200');
    expect(written.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(written[0]?.req).toMatchObject({ method: 'GET', url: '/api/categories' });
    expect(written[1]?.res).toEqual({ statusCode: 200 });
  });
});
