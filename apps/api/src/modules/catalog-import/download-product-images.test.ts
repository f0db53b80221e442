/**
 * Image URL downloads (issue 12) against a local node:http server standing in for the internet (the network
 * edge): a good image, 404, a wrong content type, bytes that are not an image, too big (announced and streamed),
 * slow (timeout), a flaky one that succeeds on retry, a redirect, private addresses refused by default, a dead host
 * not asked twice, and at most 4 at a time. Then the importer and the CLI with those URLs.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCatalogImport } from '../../cli/catalog-import';
import type { DatabaseHandle } from '../../db/client';
import { productImages } from '../../db/schema';
import { createTestDatabase } from '../../../tests/test-db';
import { createImageDownloader } from './download-product-images';
import { importCatalog } from './import-catalog';
import { createLocalFileStore } from '../../storage/local-file-store';

const FIXTURES = fileURLToPath(new URL('../../../tests/fixtures/', import.meta.url));

let server: http.Server;
let base = '';
let mediaDir = '';
/** The media folder as the importer's store. */
const mediaStore = () => createLocalFileStore({ root: mediaDir });
let png: Buffer;
const hits = new Map<string, number>();
let inFlight = 0;
let maxInFlight = 0;

beforeAll(async () => {
  png = await readFile(path.join(FIXTURES, 'images', 'pad-front.png'));
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'image-downloads-'));
  server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    hits.set(url, (hits.get(url) ?? 0) + 1);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    if (url.startsWith('/good') || url.startsWith('/many/')) {
      setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(png), 20);
    } else if (url === '/missing.png') res.writeHead(404).end('not here');
    else if (url === '/page.png') res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    else if (url === '/liar.png') res.writeHead(200, { 'content-type': 'image/png' }).end('<svg onload=x>');
    else if (url === '/huge-announced.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(11 * 1024 * 1024) });
      res.end();
    } else if (url === '/huge-streamed.png') {
      // No length announced: 11 MB in chunks; the client must stop reading past 10 MB.
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(1024 * 1024, 1);
      let sent = 0;
      const push = () => {
        if (res.destroyed) return;
        if (sent++ >= 11) return res.end();
        res.write(sent === 1 ? Buffer.concat([png, chunk]) : chunk, () => setImmediate(push));
      };
      push();
    } else if (url === '/slow.png') {
      setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(png), 5_000);
    } else if (url === '/flaky.png') {
      if ((hits.get(url) ?? 0) < 2) res.writeHead(503).end('busy');
      else res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    } else if (url === '/moved.png') res.writeHead(301, { location: '/good-moved.png' }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await rm(mediaDir, { recursive: true, force: true });
});

const downloader = (timeoutMs = 500) =>
  createImageDownloader({ media: mediaStore(), allowPrivateHosts: true, timeoutMs, backoffMs: 10 });

describe('createImageDownloader', () => {
  it('stores a good image under a name unique to its URL, once per URL', async () => {
    const d = downloader();
    const r = await d.download(`${base}/good.png?v=1`);
    expect(r).toEqual({ path: expect.stringMatching(/^products\/good-[0-9a-f]{10}\.png$/) });
    if (!('path' in r)) throw new Error('no path');
    expect(await readFile(path.join(mediaDir, r.path))).toEqual(png);
    // Known already (this import, then a later one): not fetched again.
    await d.download(`${base}/good.png?v=1`);
    await downloader().download(`${base}/good.png?v=1`);
    expect(hits.get('/good.png?v=1')).toBe(1);
  });

  it.each([
    ['/missing.png', 'could not be downloaded: answered HTTP 404'],
    ['/page.png', 'is not a JPEG, PNG, WebP, GIF or AVIF image (content type "text/html")'],
    ['/liar.png', 'its bytes are not a JPEG, PNG, WebP, GIF or AVIF image'],
    ['/huge-announced.png', 'is larger than 10 MB'],
    ['/huge-streamed.png', 'is larger than 10 MB'],
  ])('%s is refused with a reason: %s', async (url, reason) => {
    // 11 MB streamed through a busy machine can take longer than 0.5 s: the size, not the clock, must stop it.
    const r = await downloader(url === '/huge-streamed.png' ? 30_000 : 500).download(`${base}${url}`);
    expect(r).toEqual({ missing: expect.stringContaining(reason) });
  });

  it('cuts a slow server at the time limit on each of its three tries', async () => {
    const r = await downloader().download(`${base}/slow.png`);
    expect(r).toEqual({ missing: expect.stringContaining('did not arrive within 0.5 s') });
    expect(hits.get('/slow.png')).toBe(3);
  });

  it('retries a flaky server and follows a redirect', async () => {
    const d = downloader();
    expect(await d.download(`${base}/flaky.png`)).toEqual({ path: expect.stringMatching(/\.png$/) });
    expect(hits.get('/flaky.png')).toBe(2);
    expect(await d.download(`${base}/moved.png`)).toEqual({
      path: expect.stringMatching(/^products\/moved-/),
    });
  });

  it('refuses other schemes, and private addresses unless allowed', async () => {
    const strict = createImageDownloader({ media: mediaStore(), timeoutMs: 500, backoffMs: 10 });
    expect(await strict.download(`${base}/good-private.png`)).toEqual({
      missing: expect.stringContaining('private network address'),
    });
    expect(await strict.download('http://localhost:1/x.png')).toEqual({
      missing: expect.stringContaining('private network address'),
    });
    expect(await strict.download('ftp://example.com/x.png')).toEqual({
      missing: 'is not an http or https address',
    });
    expect(hits.get('/good-private.png')).toBeUndefined();
  });

  it('asks a dead host once, and fetches at most 4 images at a time', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const d = downloader();
    const dead = await Promise.all([1, 2, 3].map((n) => d.download(`http://127.0.0.1:${port}/${n}.png`)));
    for (const r of dead) expect(r).toEqual({ missing: expect.stringContaining('refused the connection') });

    maxInFlight = 0;
    const many = await Promise.all(Array.from({ length: 12 }, (_, n) => d.download(`${base}/many/${n}.png`)));
    expect(many.every((r) => 'path' in r)).toBe(true);
    expect(maxInFlight).toBeLessThanOrEqual(4);
    expect(maxInFlight).toBeGreaterThan(1);
  });
});

describe('importing image URLs', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  const csv = () =>
    [
      'ID,Type,SKU,Name,Published,Regular price,Stock,Images',
      `1,simple,IMG-GOOD,Good Picture Lamp,1,10.00,3,"${base}/good-lamp.jpg, ${base}/missing.png"`,
      `2,simple,IMG-NONE,No Picture Lamp,1,12.00,3,${base}/page.png`,
    ].join('\n');

  it('the importer downloads what it can and warns about each image it could not fetch', async () => {
    const report = await importCatalog({
      db: handle.db,
      csv: csv(),
      media: mediaStore(),
      downloadImages: { allowPrivateHosts: true, timeoutMs: 500, backoffMs: 10 },
    });
    expect(report).toMatchObject({ created: 2, rejected: 0, blocked: false });
    expect(report.warnings).toEqual([
      `line 2: image "${base}/missing.png" could not be downloaded: answered HTTP 404; product imported without it`,
      expect.stringMatching(/^line 3: image ".*\/page\.png" could not be downloaded: is not a JPEG/),
    ]);
    const images = await handle.db.select().from(productImages);
    expect(images).toHaveLength(1);
    expect(images[0]?.path).toMatch(/^products\/good-lamp-[0-9a-f]{10}\.png$/);
  });

  it('the CLI downloads too, and --offline does not', async () => {
    await handle.db.execute(sql`TRUNCATE product_images, product_discounts, products CASCADE`);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cli-images-'));
    const media = path.join(dir, 'media');
    try {
      const file = path.join(dir, 'lamps.csv');
      await writeFile(file, csv());
      const io = (lines: string[]) => ({
        out: (t: string) => lines.push(t),
        err: (t: string) => lines.push(t),
        progress: false,
        imageDownloads: { allowPrivateHosts: true, timeoutMs: 500, backoffMs: 10 },
        openDb: async () => ({
          db: handle.db,
          media: createLocalFileStore({ root: media }),
          close: async () => {},
        }),
      });
      const offline: string[] = [];
      expect(await runCatalogImport([file, '--offline'], io(offline))).toBe(0);
      expect(offline.join('\n')).toContain('not found (no images folder was given)');
      expect(await readdir(media).catch(() => [])).toEqual([]);

      const online: string[] = [];
      expect(await runCatalogImport([file], io(online))).toBe(0);
      expect(online.join('\n')).toContain('answered HTTP 404; product imported without it');
      expect(await readdir(path.join(media, 'products'))).toEqual([
        expect.stringMatching(/^good-lamp-[0-9a-f]{10}\.png$/),
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
