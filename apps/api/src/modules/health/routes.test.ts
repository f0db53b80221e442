/**
 * Health and degradation (issue 13): liveness and readiness; an unreachable database answers 503 with
 * Retry-After (never 500), and the store recovers by itself when the database is back. The outage is real: on
 * PostgreSQL (TEST_DATABASE_URL, as in CI) the app reaches its database through a TCP relay on this machine that
 * the test closes and opens again, as a network cut would.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/is-database-unavailable';
import { loadConfig } from '../../env';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../plugins/error-handling';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { TEMPLATE_DB_NAME, connectAdmin } from '../../../tests/test-db-names';

describe('GET /api/health/live and /api/health/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answer 200, uncached', async () => {
    const live = await t.app.inject({ url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });
});

describe('isDatabaseUnavailable', () => {
  it('knows a refused connection from a failed query', async () => {
    // A port nobody listens on: a real refused connection.
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x' });
    client.on('error', () => {}); // the refusal is read from connect()'s rejection
    const refused = await client.connect().then(
      () => null,
      (err: unknown) => err,
    );
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Something else'))).toBe(false);
  });
});

/** A TCP relay to the database that can be cut and restored on the same port. */
class Relay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}
  async open() {
    this.server = net.createServer((socket) => {
      const upstream = net.connect(this.targetPort, this.host);
      this.sockets.add(socket).add(upstream);
      socket.pipe(upstream).pipe(socket);
      const end = () => {
        socket.destroy();
        upstream.destroy();
        this.sockets.delete(socket);
        this.sockets.delete(upstream);
      };
      socket.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
    await new Promise<void>((resolve) => this.server?.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }
  /** Refuses new connections and cuts the open ones. */
  async cut() {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }
}

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)('PostgreSQL unreachable (TEST_DATABASE_URL)', () => {
  const name = `store_test_${randomBytes(6).toString('hex')}`;
  let relay: Relay;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  let dataDir = '';

  beforeAll(async () => {
    const url = new URL(databaseUrl ?? '');
    const admin = await connectAdmin(url.toString());
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB_NAME}`);
    await admin.end();
    relay = new Relay(url.hostname, Number(url.port || 5432));
    await relay.open();
    const viaRelay = new URL(url);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relay.port);
    viaRelay.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: viaRelay.toString(), poolSize: 4 });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'store-health-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    config.webDistDir = path.join(dataDir, 'no-web-build');
    app = await buildApp({ config, database });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => {
    await close?.();
    await relay?.cut();
    await rm(dataDir, { recursive: true, force: true });
    const admin = await connectAdmin(databaseUrl ?? '');
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('answers 503 with Retry-After while the database is away, and recovers by itself', async () => {
    expect((await app.inject({ url: '/api/categories' })).statusCode).toBe(200);
    await relay.cut();

    const ready = await app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    // Calls that need the database say so ...
    for (const url of ['/api/cart-products?ids=1', '/api/brands']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    // ... while catalog reads keep answering from the read model (stale-if-error, decision 0019).
    for (const url of ['/api/categories', '/api/shop?page=1']) {
      expect((await app.inject({ url })).statusCode, url).toBe(200);
    }
    expect((await app.inject({ url: '/api/products/NOPE-1' })).statusCode).toBe(404);

    await relay.open();
    await expect
      .poll(async () => (await app.inject({ url: '/api/health/ready' })).statusCode, { timeout: 10_000 })
      .toBe(200);
    expect((await app.inject({ url: '/api/categories' })).statusCode).toBe(200);
  });
});
