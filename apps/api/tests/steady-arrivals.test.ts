/**
 * The bench's open load (bench/steady-arrivals.ts, decision 0089): requests leave at the rate asked whatever the
 * answers' speed, every answer is timed, and a failed answer counts as an error.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { measureSteadyArrivals } from '../bench/steady-arrivals';

let server: http.Server | null = null;

/** A server answering each request after `delayMs`, with `statusOf(n)` for the n-th (from 1); records arrivals. */
async function serve(delayMs: number, statusOf: (n: number) => number = () => 200) {
  const arrivals: { at: number; key: string | undefined; body: string }[] = [];
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      arrivals.push({ at: performance.now(), key: req.headers['idempotency-key'] as string, body });
      const status = statusOf(arrivals.length);
      setTimeout(
        () => res.writeHead(status, { 'content-type': 'application/json' }).end('{"ok":true}'),
        delayMs,
      );
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, arrivals };
}

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

describe('measureSteadyArrivals', () => {
  it('sends at the rate asked while earlier answers are still on their way, each with its own headers', async () => {
    // Answers take 400 ms; 20 a second for a second. Sent one after another they would take 8 s; sent at the rate,
    // the last leaves at 0.95 s whatever the first answers took.
    const { base, arrivals } = await serve(400);
    let n = 0;
    const result = await measureSteadyArrivals(
      {
        base,
        method: 'POST',
        path: '/api/x',
        body: '{"a":1}',
        headers: () => ({ 'idempotency-key': `k${++n}` }),
      },
      20,
      1,
    );
    expect(result).toMatchObject({ rate: 20, sent: 20, answered: 20, errors: 0 });
    expect(new Set(arrivals.map((a) => a.key)).size).toBe(20);
    expect(arrivals.every((a) => a.body === '{"a":1}')).toBe(true);
    const spanMs = (arrivals.at(-1)?.at ?? 0) - (arrivals[0]?.at ?? 0);
    expect(spanMs).toBeGreaterThan(700);
    expect(spanMs).toBeLessThan(3000);
    expect(result.p50).toBeGreaterThanOrEqual(400);
    expect(result.p95).toBeGreaterThanOrEqual(result.p50);
    expect(result.bytes).toBeGreaterThan('{"ok":true}'.length);
  });

  it('counts every answer that is not 2xx as an error, and still times it', async () => {
    const { base } = await serve(0, (n) => (n % 4 === 0 ? 503 : 200));
    const result = await measureSteadyArrivals(
      { base, method: 'POST', path: '/', body: '{}', headers: () => ({}) },
      40,
      0.5,
    );
    expect(result.sent).toBe(20);
    expect(result.answered).toBe(20);
    expect(result.errors).toBe(5);
  });

  it('counts a request nobody answers as an error once its time is up', async () => {
    const { base } = await serve(5_000);
    const result = await measureSteadyArrivals(
      { base, method: 'GET', path: '/', body: '', headers: () => ({}) },
      10,
      0.2,
      300,
    );
    expect(result).toMatchObject({ sent: 2, answered: 0, errors: 2 });
  });

  it('refuses a rate or a duration that is not above 0', async () => {
    const request = {
      base: 'http://127.0.0.1:9',
      method: 'GET' as const,
      path: '/',
      body: '',
      headers: () => ({}),
    };
    await expect(measureSteadyArrivals(request, 0, 1)).rejects.toThrow(/above 0/);
    await expect(measureSteadyArrivals(request, 10, Number.NaN)).rejects.toThrow(/above 0/);
  });
});
