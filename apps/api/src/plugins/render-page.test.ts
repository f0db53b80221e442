/**
 * The API's side of server rendering (decision 0025), with a small server bundle of its own in place of the web
 * build's (which unit tests run before): its pages are put into the shell, its API calls are answered in
 * process, rendered pages are reused, and each client has a budget of renders a minute past which it gets the
 * shell.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/test-app';

const RENDERS_PER_MINUTE = 3;

/** Renders a page naming its address and the number of categories the API answered, asked in process. */
const BUNDLE = `
export async function renderPage(url, { fetchApi }) {
  globalThis.__renders = (globalThis.__renders ?? 0) + 1;
  const answer = await fetchApi('/api/categories', {});
  const categories = (await answer.json()).data.length;
  return {
    html: '<meta property="og:title" content="T"><main>Rendered ' + url.pathname + url.search + ' with ' +
      categories + ' categories (' + answer.status + ')</main><p>' + 'Part '.repeat(4000) + '</p>',
    head: { title: 'Rendered page', description: null },
    state: '{}',
  };
}
`;

const MODULES = ['home', 'shop', 'brands', 'brand', 'search-results', 'product'].map(
  (name) => `src/app/routes/${name}.tsx`,
);

let t: TestApp;
let dist = '';
const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'store-dist-'));
  await mkdir(path.join(dist, 'ssr'), { recursive: true });
  await mkdir(path.join(dist, '.vite'), { recursive: true });
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en-AU"><head><title>shop</title>' +
      '<script type="module" crossorigin src="/assets/index.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/react.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index.css">' +
      '</head><body><noscript>Needs JavaScript</noscript><div id="root"></div></body></html>',
  );
  await writeFile(path.join(dist, 'ssr', 'entry-server.js'), BUNDLE);
  const manifest: Record<string, unknown> = { 'index.html': { file: 'assets/index.js', isEntry: true } };
  for (const module of MODULES) {
    manifest[module] = {
      file: `assets/${path.basename(module, '.tsx')}.js`,
      css: [`assets/${path.basename(module, '.tsx')}.css`],
    };
  }
  await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'assets', 'index.css'), 'body{margin:0}');
  for (const module of MODULES) {
    const name = path.basename(module, '.tsx');
    await writeFile(path.join(dist, 'assets', `${name}.css`), `.${name}{color:red}`);
  }
  t = await createTestApp({
    webDistDir: dist,
    config: (config) => {
      config.serverRendering = true;
      config.rateLimits.rendersPerMinute = RENDERS_PER_MINUTE;
      // One page's in-process calls must not count against any client's API limit either.
      config.rateLimits.apiPerMinute = 1;
    },
  });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const page = (url: string, client: string) =>
  t.app.inject({ method: 'GET', url, remoteAddress: client, headers: { accept: 'text/html' } });

describe('server-rendered pages', () => {
  it('arrive rendered inside the shell, with the page links, head tags and title, without the noscript note', async () => {
    const res = await page('/shop?page=1', '198.51.100.1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(
      /<div id="root"><main>Rendered \/shop\?page=1 with \d+ categories \(200\)<\/main><p>(Part )+<\/p><\/div>/,
    );
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    // The shell's and the page's stylesheets are inline: no round trip before the first paint.
    expect(head).toContain('<style>body{margin:0}</style>');
    expect(head).toContain('<style>.shop{color:red}</style>');
    expect(head).not.toContain('<link rel="stylesheet"');
    // The scripts start after the first paint: /boot.js adds the entry and preloads the page's modules and the
    // shell's, none of which the head fetches itself.
    expect(head).toContain(
      '<script defer src="/boot.js" data-entry="/assets/index.js" data-preload="/assets/shop.js /assets/react.js"></script>',
    );
    expect(head).not.toContain('<script type="module"');
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<meta property="og:title" content="T">');
    expect(head).toContain('<title>Rendered page</title>');
    expect(res.body).not.toContain('<noscript>');
    expect(res.body).toContain('<script type="application/json" id="ssr-state">{}</script>');
  });

  it('are sent compressed to a browser that accepts it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/shop?page=2',
      remoteAddress: '198.51.100.2',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(res.rawPayload).toString('utf8');
    expect(html).toContain('Rendered /shop?page=2');
    expect(res.rawPayload.length).toBeLessThan(html.length / 4);
  });

  it('leave pages that are not catalog pages to the browser', async () => {
    const res = await page('/cart', '198.51.100.1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<noscript>');
    expect(res.body).not.toContain('Rendered');
  });

  it('give a client the shell once it has caused its renders of the minute, but still its cached pages', async () => {
    const client = '203.0.113.7';
    const before = renders();
    for (let i = 1; i <= RENDERS_PER_MINUTE; i++) {
      expect((await page(`/shop?page=${i + 10}`, client)).body).toContain(`Rendered /shop?page=${i + 10}`);
    }
    expect(renders() - before).toBe(RENDERS_PER_MINUTE);

    // Past its budget: the page still answers 200, as the shell its browser renders; nothing was rendered.
    const over = await page('/shop?page=99', client);
    expect(over.statusCode).toBe(200);
    expect(over.body).toContain('<noscript>');
    expect(over.body).not.toContain('Rendered');
    expect(renders() - before).toBe(RENDERS_PER_MINUTE);

    // A page already rendered (by anyone) costs nothing and is still sent rendered.
    expect((await page('/shop?page=11', client)).body).toContain('Rendered /shop?page=11');
    expect((await page('/shop?page=1', client)).body).toContain('Rendered /shop?page=1 ');
    // Another client has a budget of its own.
    expect((await page('/shop?page=99', '203.0.113.8')).body).toContain('Rendered /shop?page=99');
  });
});
