import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/test-app';
import type { AppConfig } from '../env';
import errorHandling from './error-handling';
import rateLimit, { perMinute, TOO_MANY_REQUESTS_MESSAGE } from './rate-limit';

/** Asserts the SPEC §8 429: JSON message, retry headers, never cached. */
function expectTooManyRequests(res: LightMyRequestResponse, max: number) {
  expect(res.statusCode).toBe(429);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json()).toEqual({ message: TOO_MANY_REQUESTS_MESSAGE });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  expect(res.headers['x-ratelimit-limit']).toBe(String(max));
  expect(res.headers['x-ratelimit-remaining']).toBe('0');
  expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('rate limits with no proxy in front (TRUST_PROXY unset)', () => {
  it('ignores X-Forwarded-For, so a client cannot pick a fresh address per request', async () => {
    const t = await createTestApp();
    try {
      const forged = (n: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/subscribe',
          payload: { email: `forged-${n}@example.com` },
          headers: { 'x-forwarded-for': `198.18.1.${n}` },
        });
      for (let n = 1; n <= 10; n++) expect((await forged(n)).statusCode).toBe(200);
      expectTooManyRequests(await forged(11), 10);
    } finally {
      await t.close();
    }
  });
});

describe('rate limits on the real app (in-memory store)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // As behind one load balancer: the last X-Forwarded-For hop is the client.
    t = await createTestApp({ config: (c) => void (c.trustProxyHops = 1) });
  });
  afterAll(() => t.close());

  const subscribe = (n: number, client: { ip?: string; remoteAddress?: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      payload: { email: `limit-${n}@example.com` },
      remoteAddress: client.remoteAddress,
      headers: client.ip ? { 'x-forwarded-for': client.ip } : {},
    });

  it('answers the 11th subscribe in a minute from one IP with 429, while another IP still gets through', async () => {
    const max = 10;
    for (let n = 1; n <= max; n++) {
      const res = await subscribe(n, { ip: '203.0.113.10' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe(String(max));
      expect(res.headers['x-ratelimit-remaining']).toBe(String(max - n));
    }
    expectTooManyRequests(await subscribe(max + 1, { ip: '203.0.113.10' }), max);

    // Behind the load balancer (trustProxy) the forwarded address is the client ...
    expect((await subscribe(100, { ip: '203.0.113.11' })).statusCode).toBe(200);
    // ... and without a proxy header the socket's address is.
    expect((await subscribe(101, { remoteAddress: '198.51.100.7' })).statusCode).toBe(200);
  });

  it('counts by the address the trusted proxy saw, so a forged X-Forwarded-For does not escape the limit', async () => {
    const ip = '203.0.113.20';
    for (let n = 1; n <= 10; n++) {
      const res = await subscribe(200 + n, { ip: `198.18.0.${n}, ${ip}` });
      expect(res.statusCode).toBe(200);
    }
    expectTooManyRequests(await subscribe(211, { ip: `198.18.0.99, ${ip}` }), 10);
  });

  it('gives routes without their own limit the generous API-wide one (RATE_LIMIT_API_PER_MINUTE)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBe(String(t.app.config.rateLimits.apiPerMinute));
  });
});

describe('the API-wide limit', () => {
  it('counts every API route without its own limit together, and leaves pages and their files alone', async () => {
    const t = await createTestApp({ config: (c) => void (c.rateLimits.apiPerMinute = 3) });
    try {
      const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.40' });
      expect((await get('/api/categories')).statusCode).toBe(200);
      expect((await get('/api/brands')).statusCode).toBe(200);
      expect((await get('/api/store-config')).statusCode).toBe(200);
      expectTooManyRequests(await get('/api/categories'), 3);
      expectTooManyRequests(await get('/api/products/anything'), 3);
      // Routes with their own limit count on their own; the web app's pages are not limited here.
      const subscribe = await t.app.inject({
        method: 'POST',
        url: '/api/subscribe',
        payload: { email: 'own-limit@example.com' },
        remoteAddress: '198.51.100.40',
      });
      expect(subscribe.statusCode).toBe(200);
      expect((await get('/shop')).headers['x-ratelimit-limit']).toBeUndefined();
      // Another client is not affected.
      const other = await t.app.inject({
        method: 'GET',
        url: '/api/categories',
        remoteAddress: '198.51.100.41',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

/** The plugin alone with one route allowing `max` a minute, as another instance of the store would run it. */
async function limitedApp(opts: { redisUrl?: string; nameSpace?: string }, max: number) {
  const app = Fastify({ trustProxy: true, logger: false });
  await app.register(errorHandling);
  await app.register(rateLimit, { ...opts, apiPerMinute: 1_000 });
  app.get('/limited', { config: { rateLimit: perMinute(max) } }, async () => ({ ok: true }));
  await app.ready();
  return app;
}
const hit = (app: FastifyInstance, ip: string) =>
  app.inject({ method: 'GET', url: '/limited', headers: { 'x-forwarded-for': ip } });

describe('rate limits when Redis is configured but down', () => {
  it('serves requests unlimited rather than failing them', async () => {
    // Port 1 refuses connections: the same as Redis going away in production.
    const app = await limitedApp({ redisUrl: 'redis://127.0.0.1:1' }, 1);
    try {
      for (let i = 0; i < 3; i++) expect((await hit(app, '203.0.113.20')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)(
  redisUrl
    ? 'rate limits with the Redis store'
    : 'rate limits with the Redis store (skipped: TEST_REDIS_URL is unset)',
  () => {
    const nameSpace = `test:rate-limit:${randomBytes(6).toString('hex')}:`;
    let first: FastifyInstance;
    let second: FastifyInstance;
    beforeAll(async () => {
      first = await limitedApp({ redisUrl, nameSpace }, 3);
      second = await limitedApp({ redisUrl, nameSpace }, 3);
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      const redis = new Redis(redisUrl ?? '');
      const keys = await redis.keys(`${nameSpace}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });

    it('shares one counter between two instances of the app', async () => {
      expect((await hit(first, '203.0.113.30')).statusCode).toBe(200);
      expect((await hit(second, '203.0.113.30')).statusCode).toBe(200);
      const third = await hit(first, '203.0.113.30');
      expect(third.statusCode).toBe(200);
      expect(third.headers['x-ratelimit-remaining']).toBe('0');
      expectTooManyRequests(await hit(second, '203.0.113.30'), 3);
      expectTooManyRequests(await hit(first, '203.0.113.30'), 3);

      expect((await hit(second, '203.0.113.31')).statusCode).toBe(200);
    });

    it('two instances of the whole store on one Redis: a form limit reached through one holds on the other', async () => {
      const store = (c: AppConfig) => {
        c.redisUrl = redisUrl;
        c.trustProxyHops = 1;
        c.rateLimits.formsPerMinute = 2;
      };
      const a = await createTestApp({ config: store });
      const b = await createTestApp({ config: store });
      // A client address of this run only: the store's Redis keys outlive the test by up to a minute.
      const client = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;
      const contact = (app: TestApp) =>
        app.app.inject({
          method: 'POST',
          url: '/api/contact-us',
          payload: { f_name: 'A', l_name: 'B', email: 'a@b.co', subject: 's', message: 'm' },
          headers: { 'x-forwarded-for': client },
        });
      try {
        expect((await contact(a)).statusCode).toBe(200);
        expect((await contact(b)).statusCode).toBe(200);
        expectTooManyRequests(await contact(a), 2);
        expectTooManyRequests(await contact(b), 2);
      } finally {
        await a.close();
        await b.close();
      }
    });
  },
);
