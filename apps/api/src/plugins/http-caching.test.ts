/**
 * Catalog caching headers (issue 13): a GET, its HEAD and its 304 carry the same shared Cache-Control, so a CDN
 * treats them alike; uncached calls say no-store. A catalog page in a reused buffer goes back to its pool only once
 * it has been sent.
 */
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPageBufferPool, type PageBuffer } from '../modules/catalog/page-buffers';
import httpCaching, { sendJsonAnswer } from './http-caching';
import { seedCatalog } from '../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../tests/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db);
});
afterAll(() => t.close());

describe('catalog caching headers', () => {
  it('GET, HEAD and 304 of a catalog call agree', async () => {
    const get = await t.app.inject({ url: '/api/categories' });
    expect(get.statusCode).toBe(200);
    const cacheControl = get.headers['cache-control'];
    expect(cacheControl).toMatch(/^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+$/);
    const head = await t.app.inject({ method: 'HEAD', url: '/api/categories' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['cache-control']).toBe(cacheControl);
    const again = await t.app.inject({
      url: '/api/categories',
      headers: { 'if-none-match': String(get.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe(cacheControl);
  });

  it('a call that is not cached says no-store, also for HEAD', async () => {
    expect((await t.app.inject({ url: '/api/health/ready' })).headers['cache-control']).toBe('no-store');
    const head = await t.app.inject({ method: 'HEAD', url: '/api/profile' });
    expect(head.headers['cache-control']).toBe('no-store');
  });
});

describe('a reused page buffer, sent (decision 0099)', () => {
  /** A store of one route answering a 30 kB page in a pooled buffer, over real HTTP. */
  async function pageServer() {
    const pool = createPageBufferPool();
    const app = Fastify();
    await app.register(httpCaching);
    const sent: { page: PageBuffer; bytes: Buffer }[] = [];
    app.get('/page', async (_req, reply) => {
      const { page, release } = pool.take(30_000);
      page.bytes.fill(0x61 + (sent.length % 26));
      sent.push({ page, bytes: Buffer.from(page.bytes) });
      return sendJsonAnswer(reply, { json: page.bytes, etag: `W/"p${sent.length}"`, release });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return { pool, sent, app, url: `http://127.0.0.1:${port}/page` };
  }

  it('gives the buffer back once the response is sent, never before, so concurrent pages arrive whole', async () => {
    const { pool, sent, app, url } = await pageServer();
    try {
      const bodies = await Promise.all(
        Array.from({ length: 40 }, async () => {
          const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
          return { etag: res.headers.get('etag'), body: Buffer.from(await res.arrayBuffer()) };
        }),
      );
      for (const { etag, body } of bodies) {
        const n = Number(etag?.slice(4, -1));
        expect(body.equals((sent[n - 1] as { bytes: Buffer }).bytes)).toBe(true);
      }
      // Every buffer comes back once its response has finished (which the client may see a moment before).
      await vi.waitFor(() => expect(pool.stats().free).toBe(pool.stats().allocated));
      expect(pool.stats().allocated).toBeLessThanOrEqual(40);
    } finally {
      await app.close();
    }
  });

  it('gives the buffer back at once when a compressed copy is sent instead', async () => {
    const { pool, sent, app, url } = await pageServer();
    try {
      const res = await fetch(url, { headers: { 'accept-encoding': 'br' } });
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(Buffer.from(await res.arrayBuffer()).equals((sent[0] as { bytes: Buffer }).bytes)).toBe(true);
      await vi.waitFor(() => expect(pool.stats()).toMatchObject({ free: 1, allocated: 1 }));
    } finally {
      await app.close();
    }
  });
});

describe('compressed answers (decision 0099)', () => {
  it('compresses a page quickly when first asked for, and at its smallest when asked for again', async () => {
    const app = Fastify();
    await app.register(httpCaching);
    const products = Array.from({ length: 60 }, (_, i) => ({
      id: 1000 + i * 37,
      title: `Brake Pad Set ${(i * 7919) % 1000} to suit Toyota Hilux ${2005 + (i % 19)}`,
      sku: `BRK-${(i * 104729) % 100000}`,
      price: (i * 7331) % 50000,
      description: `Ceramic compound, ${i % 3 ? 'front' : 'rear'} axle, low dust, ${(i * 13) % 97} mm thick.`,
    }));
    const json = Buffer.from(JSON.stringify({ data: products, total: 60 }));
    app.get('/listing', async (_req, reply) => sendJsonAnswer(reply, { json, etag: 'W/"l1"' }));
    try {
      const sizes: number[] = [];
      for (const encoding of ['br', 'br', 'br', 'gzip', 'gzip']) {
        const res = await app.inject({ url: '/listing', headers: { 'accept-encoding': encoding } });
        expect(res.headers['content-encoding']).toBe(encoding);
        const body = res.rawPayload;
        expect((encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body)).equals(json)).toBe(true);
        sizes.push(body.length);
      }
      const [firstBr, secondBr, thirdBr, firstGzip, secondGzip] = sizes as [
        number,
        number,
        number,
        number,
        number,
      ];
      expect(secondBr).toBeLessThan(firstBr);
      expect(thirdBr).toBe(secondBr);
      expect(secondGzip).toBeLessThan(firstGzip);
    } finally {
      await app.close();
    }
  });
});
