/**
 * What the store serves to crawlers, validated against the sitemaps.org schemas with xmllint (libxml2-utils):
 * the index and every file it lists, the SPEC's /api/sitemap.xml feed, and a catalog split at 3 URLs a file.
 * Without xmllint the suite is skipped with a note, except in CI (CI=true), where it fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITEMAP_KINDS } from '@store/shared/sitemap';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedCatalog } from '../../../tests/seed-catalog';
import { renderSitemapIndexXml, renderUrlsetXml } from './render-sitemap-xml';
import { loadSitemapFile, summarizeSitemaps } from './sitemap-service';

const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../tests/fixtures/sitemaps',
);
const URLSET_XSD = path.join(FIXTURES, 'sitemap.xsd');
const INDEX_XSD = path.join(FIXTURES, 'siteindex.xsd');

const probe = spawnSync('xmllint', ['--version'], { encoding: 'utf8' });
const hasXmllint = probe.error === undefined && probe.status === 0;
const inCi = process.env.CI === 'true' || process.env.CI === '1';
if (!hasXmllint && !inCi) {
  console.warn(
    'xmllint not found: skipping the sitemap schema validation (apt-get install -y libxml2-utils; CI=true makes this fail)',
  );
}

describe.skipIf(!hasXmllint && !inCi)('sitemaps validate against the sitemaps.org XSDs (xmllint)', () => {
  const BASE = 'https://parts.example.com.au';
  let t: TestApp;
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'store-sitemap-xsd-'));
    t = await createTestApp({
      config: (c) => {
        c.publicBaseUrl = BASE;
      },
    });
    await seedCatalog(t.database.db, 5);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  let fileNumber = 0;
  /** xmllint's verdict on `xml` against `xsd`: its exit status and what it printed. */
  async function validate(xml: string, xsd: string) {
    expect(hasXmllint, 'xmllint is missing: apt-get install -y libxml2-utils').toBe(true);
    const file = path.join(dir, `sitemap-${++fileNumber}.xml`);
    await writeFile(file, xml);
    const run = spawnSync('xmllint', ['--noout', '--schema', xsd, file], { encoding: 'utf8' });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  }
  async function expectValid(xml: string, xsd: string, what: string) {
    const verdict = await validate(xml, xsd);
    expect(verdict.status, `${what}:\n${verdict.output}`).toBe(0);
  }
  const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '10.63.0.1' });

  it('the index and every file it lists', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    await expectValid(index.body, INDEX_XSD, '/sitemap.xml');
    const listed = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
    expect(listed).toHaveLength(SITEMAP_KINDS.length);
    for (const pathname of listed) {
      const file = await get(pathname);
      expect(file.statusCode, pathname).toBe(200);
      await expectValid(file.body, URLSET_XSD, pathname);
    }
  });

  it('GET /api/sitemap.xml', async () => {
    const feed = await get('/api/sitemap.xml');
    await expectValid(feed.body, URLSET_XSD, '/api/sitemap.xml');
  });

  it('every file and the index of a catalog split at 3 URLs a file', async () => {
    const kinds = await summarizeSitemaps(t.database.db, BASE, 3);
    const files = kinds.flatMap((k) => k.files.map((f, i) => ({ kind: k.kind, part: i + 1, ...f })));
    expect(files.length).toBeGreaterThan(SITEMAP_KINDS.length);
    await expectValid(
      renderSitemapIndexXml(files.map((f) => ({ loc: `${BASE}/${f.folder}.xml`, lastmod: f.lastmod }))),
      INDEX_XSD,
      'split index',
    );
    for (const f of files) {
      const urls = await loadSitemapFile(t.database.db, BASE, f.kind, f.part, 3);
      expect(urls?.length, f.folder).toBe(f.urls);
      await expectValid(renderUrlsetXml(urls ?? []), URLSET_XSD, f.folder);
    }
  });

  it('refuses what is not a sitemap: the empty list of an unknown folder, an index where a urlset belongs', async () => {
    const unknown = await get('/no-such-sitemap.xml');
    expect(unknown.statusCode).toBe(404);
    expect((await validate(unknown.body, URLSET_XSD)).status).not.toBe(0);
    expect((await validate((await get('/sitemap.xml')).body, URLSET_XSD)).status).not.toBe(0);
  });
});
