/**
 * The graceful stop (issue 38 §4, decision 0064), on the real app listening on a port: a request under way when the
 * stop begins is answered, with `Connection: close`; from that moment readiness answers 503 `stopping` and new
 * connections are refused; past the grace the connections still open are closed and the stop goes on.
 */
import net from 'node:net';
import type pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../tests/test-app';
import { closeGracefully } from './close-gracefully';
import { STOPPING_MESSAGE } from './modules/health/routes';

let t: TestApp | undefined;
/** Ends the slow route's wait when a test is over. */
let slowRoutes = new AbortController();
afterEach(async () => {
  slowRoutes.abort();
  slowRoutes = new AbortController();
  // closeGracefully closed the app (closing it again is a no-op); the database and the data folder go here.
  await t?.close();
  t = undefined;
});

/** The app with `GET /test/slow` answering after `ms`, listening on a free port of 127.0.0.1. */
async function slowStore(ms: number) {
  let started!: () => void;
  const slowStarted = new Promise<void>((resolve) => (started = resolve));
  t = await createTestApp({
    routes: (app) =>
      app.get('/test/slow', async () => {
        started();
        await sleep(ms, undefined, { signal: slowRoutes.signal });
        return { slow: 'done' };
      }),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return { app: t.app, port: address.port, slowStarted };
}

/**
 * Sends `paths` (pipelined, when more than one) on one new connection; resolves with the
 * statuses and bodies answered before the server closed it (or `closeLast` asked it to), or with the error that
 * ended it, or with `timeout` when the server kept it open for 5 s.
 */
function send(port: number, paths: string[], { closeLast = false } = {}) {
  return new Promise<{ statuses: number[]; text: string; error?: string }>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      done('timeout');
    }, 5_000);
    const done = (error?: string) => {
      clearTimeout(timer);
      resolve({
        statuses: [...text.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1])),
        text,
        ...(error ? { error } : {}),
      });
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
    socket.on('close', () => done());
    const close = (i: number) => (closeLast && i === paths.length - 1 ? 'Connection: close\r\n' : '');
    socket.write(paths.map((p, i) => `GET ${p} HTTP/1.1\r\nHost: shop.test\r\n${close(i)}\r\n`).join(''));
  });
}

/** Whether a new TCP connection to `port` is accepted. */
function connects(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Keeps the database busy until `release()`, so that a request that needs it waits: PGlite's one transaction at a
 * time, or every connection of the PostgreSQL pool.
 */
async function holdDatabase(t: TestApp): Promise<() => void> {
  if (t.database.kind === 'pglite') {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let begun!: () => void;
    const inside = new Promise<void>((resolve) => (begun = resolve));
    void t.database.db.transaction(async () => {
      begun();
      await held;
    });
    await inside;
    return release;
  }
  const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
  const clients = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
  return () => clients.forEach((c) => c.release());
}

describe('graceful stop', () => {
  it('finishes the request under way, answers readiness 503 at once and takes no new connection', async () => {
    const { app, port, slowStarted } = await slowStore(800);
    const before = await send(port, ['/api/health/ready'], { closeLast: true });
    expect(before.statuses).toEqual([200]);
    // Under way when the stop begins: a slow request, and the load balancer's readiness check, which waits for
    // the database.
    const slow = send(port, ['/test/slow']);
    await slowStarted;
    const release = await holdDatabase(t!);
    const ready = send(port, ['/api/health/ready']);
    await sleep(150);

    const started = Date.now();
    const stopping = closeGracefully(app, 5_000);
    await sleep(100);
    expect(await connects(port)).toBe(false);
    release();

    const readyAnswer = await ready;
    expect(readyAnswer.statuses).toEqual([503]);
    expect(readyAnswer.text).toContain(`"status":"stopping","message":"${STOPPING_MESSAGE}"`);
    const slowAnswer = await slow;
    expect(slowAnswer.statuses).toEqual([200]);
    expect(slowAnswer.text).toContain('{"slow":"done"}');
    // Every answer of a stopping instance closes its connection: nobody sends it another request.
    for (const answer of [readyAnswer, slowAnswer]) {
      expect(answer.text).toMatch(/^connection: close\r$/im);
      expect(answer.error).toBeUndefined();
    }

    const { cut } = await stopping;
    expect(cut).toBe(false);
    // Ended with its last request (about 500 ms left), not with the grace or a keep-alive timeout.
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('past the grace, closes the connections still open and stops', async () => {
    const { app, port, slowStarted } = await slowStore(30_000);
    const slow = send(port, ['/test/slow']);
    await slowStarted;
    const started = Date.now();
    const { cut } = await closeGracefully(app, 300);
    expect(cut).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
    const answer = await slow;
    expect(answer.statuses).toEqual([]);
    expect(answer.error).not.toBe('timeout');
  });
});
