import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/test-app';

let t: TestApp;
let dist = '';
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'store-dist-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>shop</title><div id="root"></div>');
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** Headers that only mean something to a document a browser renders. */
const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('security headers (DESIGN §5.7, decision 0039)', () => {
  it('gives a page the whole set: its CSP, HSTS, nosniff, frame-ancestors and referrer policy', async () => {
    const page = await get('/shop?page=1');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    for (const name of DOCUMENT_ONLY) expect(page.headers[name], name).toBeDefined();
  });

  it.each(['/api/categories', '/api/shop?page=1', '/api/store-config', '/api/nope', '/api/shop?page=x'])(
    'gives the JSON answer of %s the API set only, as strict',
    async (url) => {
      const [answer, page] = await Promise.all([get(url), get('/')]);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      for (const name of [
        'strict-transport-security',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-resource-policy',
      ])
        expect(answer.headers[name], name).toBe(page.headers[name]);
      for (const name of DOCUMENT_ONLY) expect(answer.headers[name], name).toBeUndefined();
    },
  );

  it('gives the API docs, an HTML page under /api, the whole set', async () => {
    const docs = await get('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
    expect(String(docs.headers['content-security-policy'])).toMatch(/default-src 'self'/);
    expect(docs.headers['x-xss-protection']).toBe('0');
  });

  it('keeps the headers a 304 and a HEAD of a JSON answer would have had', async () => {
    const first = await get('/api/categories');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const head = await t.app.inject({ method: 'HEAD', url: '/api/categories' });
    for (const res of [again, head]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBe(first.headers['strict-transport-security']);
    }
  });
});

describe('pictures from a bucket or CDN (decision 0061)', () => {
  it('names the PUBLIC_MEDIA_URL origin in img-src, and nowhere else', async () => {
    const cdn = await createTestApp({
      webDistDir: dist,
      config: (c) => {
        c.publicMediaUrl = 'https://media.example-cdn.net/store-media/';
      },
    });
    try {
      const page = await cdn.app.inject({ method: 'GET', url: '/shop?page=1' });
      const csp = String(page.headers['content-security-policy']);
      const directive = (name: string) => csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';
      expect(directive('img-src')).toContain('https://media.example-cdn.net');
      expect(directive('img-src')).not.toContain('/store-media');
      for (const other of ['script-src', 'connect-src', 'default-src'])
        expect(directive(other), other).not.toContain('example-cdn');
    } finally {
      await cdn.close();
    }
  });

  it('adds no origin for a path on the store itself', async () => {
    const page = await get('/shop?page=1');
    const imgSrc = String(page.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('img-src '));
    expect(imgSrc?.trim()).toBe("img-src 'self' data: blob:");
  });
});
