/**
 * The request id (issue 38 §3, decision 0063): a load balancer's valid X-Request-Id is kept, anything else is
 * replaced, the answer echoes it, and lines logged while the request is served carry it, including those a plain
 * function writes through `app.log` after the answer (mails are jobs since decision 0062, worked outside any
 * request, so a test route stands for such a function).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/test-app';
import { REQUEST_ID_PATTERN, requestIdMixin } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the request id', () => {
  let t: TestApp;
  const lines: string[] = [];
  const records = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

  beforeAll(async () => {
    t = await createTestApp({
      logStream: { write: (line: string) => void lines.push(line) },
      config: (c) => {
        c.logLevel = 'info';
        // Fastify's lines for every request, so a successful one has its `request completed` (decision 0092).
        c.logRequests = 'all';
      },
      // A plain function handed app.log, as services are, that logs after the request has been answered.
      routes: (app) => {
        app.get('/api/test-log-after-answer', async (_req, reply) => {
          const log = app.log;
          setTimeout(() => log.warn('logged after the answer'), 20);
          return reply.send({ ok: true });
        });
      },
    });
  });
  afterAll(() => t.close());

  it("keeps the load balancer's X-Request-Id and echoes it", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/products/NO-SUCH-SKU',
      headers: { 'x-request-id': 'lb-7f3a.2:9_x' },
    });
    expect(res.headers['x-request-id']).toBe('lb-7f3a.2:9_x');
    const completed = records().find((r) => r.msg === 'request completed' && r.reqId === 'lb-7f3a.2:9_x');
    expect(completed, lines.join('')).toBeDefined();
  });

  it('replaces a missing, long or unsafe one with a new UUID', async () => {
    for (const incoming of [undefined, 'x'.repeat(65), 'id with spaces', 'id\u202eevil', '<script>', '']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/products/NO-SUCH-SKU',
        headers: incoming === undefined ? {} : { 'x-request-id': incoming },
      });
      const id = res.headers['x-request-id'];
      expect(id, incoming).toMatch(UUID);
      expect(id).not.toBe(incoming);
    }
    expect(REQUEST_ID_PATTERN.test('x'.repeat(64))).toBe(true);
  });

  it('is on the lines a plain function logs through app.log for that request, after the answer', async () => {
    const requestId = 'lb-order-4711';
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test-log-after-answer',
      headers: { 'x-request-id': requestId },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-request-id']).toBe(requestId);
    await expect
      .poll(() => records().find((r) => r.msg === 'logged after the answer'), { timeout: 10_000 })
      .toBeDefined();
    const after = records().filter((r) => r.msg === 'logged after the answer');
    for (const line of after) expect(line.reqId, JSON.stringify(line)).toBe(requestId);
    // Fastify's own request lines have it bound once, not twice.
    const completed = lines.find((l) => l.includes('"request completed"') && l.includes(requestId));
    expect(completed?.match(/"reqId"/g)).toHaveLength(1);
  });

  it('is not added to lines written outside any request', () => {
    expect(requestIdMixin(t.app.log)).toEqual({});
  });
});
