import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/test-app';

let t: TestApp;
let dist = '';
const ENTRY = `export const parts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `part ${i}`))};`;
const BUILT = { br: brotliCompressSync(ENTRY), gzip: gzipSync(ENTRY, { level: 9 }) };
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'store-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>shop</title><div id="root"></div>');
  await writeFile(
    path.join(dist, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});`,
  );
  // As the web build writes a chunk (apps/web/vite.config.ts): itself, brotli'd and gzipped beside it.
  await writeFile(path.join(dist, 'assets', 'entry-def456.js'), ENTRY);
  await writeFile(path.join(dist, 'assets', 'entry-def456.js.br'), BUILT.br);
  await writeFile(path.join(dist, 'assets', 'entry-def456.js.gz'), BUILT.gzip);
  t = await createTestApp({ webDistDir: dist });
  await mkdir(path.join(t.app.config.mediaDir, 'products'), { recursive: true });
  await writeFile(
    path.join(t.app.config.mediaDir, 'products', 'globe.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('serving the web app', () => {
  it.each(['/', '/shop?page=2', '/product/KL-H4-6055', '/brand?page=1&brand=voltcore', '/faqs'])(
    'answers index.html for the SPA route %s',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('answers index.html with status 404 for an unknown path, so the SPA shows its 404 page', async () => {
    const res = await get('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it.each([
    ['/forgot-password', '/forget-password'],
    ['/editorial-guideline', '/editorial-guidelines'],
    ['/shipping-option?x=1', '/shipping-policy?x=1'],
  ])('redirects the odd link %s to %s', async (from, to) => {
    const res = await get(from);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(to);
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const)(
    'sends the copy the build compressed for Accept-Encoding "%s"',
    async (accept, encoding, decode) => {
      const res = await get('/assets/entry-def456.js', { 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(res.rawPayload).toString()).toBe(ENTRY);
      // The build's own bytes, not a compression made for this request.
      expect(res.headers['content-length']).toBe(String(BUILT[encoding].length));
      expect(res.rawPayload.equals(BUILT[encoding])).toBe(true);
    },
  );

  it('sends the file itself to a client that takes no compression', async () => {
    const res = await get('/assets/entry-def456.js', { 'accept-encoding': 'identity' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(ENTRY);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No such API call/);
  });

  it('sets security headers', async () => {
    const res = await get('/');
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('serving media', () => {
  it('serves a stored image with a day of caching', async () => {
    const res = await get('/media/products/globe.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });
  it('answers a missing image with the product-image-not-found picture', async () => {
    const res = await get('/media/products/missing.png');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.body).toMatch(/not found/i);
  });
  it('does not serve files outside the media folder', async () => {
    const res = await get('/media/../../package.json');
    expect(res.statusCode).not.toBe(200);
  });
});
