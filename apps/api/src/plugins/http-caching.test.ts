/**
 * Catalog caching headers (issue 13): a GET, its HEAD and its 304 carry the same shared Cache-Control, so a CDN
 * treats them alike; uncached calls say no-store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
