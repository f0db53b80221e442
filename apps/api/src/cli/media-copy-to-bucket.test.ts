/**
 * `npm run media:copy-to-bucket` (issue 38 §1, decision 0061) against a local S3-compatible server: a store's media
 * folder and private uploads folder go into the bucket under the same keys (the private ones under private/),
 * a second run copies nothing, a file of another size is copied again, a dry run copies nothing, and bad arguments,
 * a missing S3_BUCKET and a missing bucket each get a sentence.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../../tests/s3-test-server';
import { loadConfig, type AppConfig } from '../env';
import type { FileStores } from '../storage/file-store';
import { openFileStores } from '../storage/open-file-stores';
import { runMediaCopyToBucket } from './media-copy-to-bucket';

let server: S3TestServer;
let root = '';
let config: AppConfig;
let bucket: FileStores;

beforeAll(async () => {
  server = await startS3TestServer();
  await server.createBucket('copy-media');
  root = await mkdtemp(path.join(os.tmpdir(), 'media-copy-'));
  config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: root }), s3: server.settings('copy-media') };
  const files: [string, string][] = [
    ['uploads/products/pad.jpg', 'a jpeg'],
    ['uploads/products/variants/pad.jpg-160w.webp', 'a webp'],
    ['uploads/home/hero.svg', '<svg/>'],
    ['private-uploads/0b5a3c1e-1111-4222-8333-944445555666.pdf', '%PDF-1.4 private'],
  ];
  for (const [file, content] of files) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  bucket = await openFileStores(config);
});
afterAll(async () => {
  bucket?.close();
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

async function run(argv: string[], over: Partial<AppConfig> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runMediaCopyToBucket(argv, {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    config: { ...config, ...over },
    cwd: root,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run media:copy-to-bucket', () => {
  it('says what a dry run would copy, and copies nothing', async () => {
    const r = await run(['--dry-run']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^media: 3 to copy, 0 already there, 0 failed \(of 3 files in .*uploads/m);
    expect(r.out).toMatch(/^private: 1 to copy, 0 already there/m);
    expect(r.out).toContain('Dry run: nothing was copied.');
    expect(await bucket.media.stat('products/pad.jpg')).toBeNull();
  });

  it('copies both folders under the same keys, the private one under private/ and not in the media', async () => {
    const r = await run([]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^media: 3 copied, 0 already there, 0 failed \(of 3 files/m);
    expect(r.out).toMatch(/^private: 1 copied, 0 already there, 0 failed \(of 1 files/m);
    expect(r.out).toContain('bucket s3://copy-media/private/');
    expect((await bucket.media.get('products/variants/pad.jpg-160w.webp'))?.toString()).toBe('a webp');
    expect((await bucket.media.stream('home/hero.svg'))?.contentType).toBe('image/svg+xml');
    const key = '0b5a3c1e-1111-4222-8333-944445555666.pdf';
    expect((await bucket.private.get(key))?.toString()).toBe('%PDF-1.4 private');
    expect(await bucket.media.get(`private/${key}`)).toBeNull();
  });

  it('copies nothing the second time, and a file of another size again', async () => {
    expect((await run([])).out).toMatch(/^media: 0 copied, 3 already there/m);
    await writeFile(path.join(root, 'uploads/products/pad.jpg'), 'a bigger jpeg now');
    const r = await run([]);
    expect(r.out).toMatch(/^media: 1 copied, 2 already there/m);
    expect(r.out).toMatch(/^private: 0 copied, 1 already there/m);
    expect((await bucket.media.get('products/pad.jpg'))?.toString()).toBe('a bigger jpeg now');
  });

  it('copies another folder named with --from, relative to where it was run', async () => {
    await mkdir(path.join(root, 'old-media', 'brands'), { recursive: true });
    await writeFile(path.join(root, 'old-media', 'brands', 'logo.png'), 'png');
    const r = await run(['--from', 'old-media']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^media: 1 copied, 0 already there, 0 failed \(of 1 files in .*old-media/m);
    expect(await bucket.media.stat('brands/logo.png')).toMatchObject({ size: 3 });
  });

  it('refuses bad arguments, a folder that does not exist, and a store without S3_BUCKET, copying nothing', async () => {
    const unknown = await run(['--to', 'x']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/Unknown option '--to'[\s\S]*Usage: npm run media:copy-to-bucket/);
    const missing = await run(['--private-from', 'no-such-folder']);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/The folder .*no-such-folder does not exist\./);
    const local = await run([], { s3: null });
    expect(local.code).toBe(2);
    expect(local.err).toMatch(/^S3_BUCKET is not set/);
    expect((await run(['--help'])).out).toMatch(/^Usage: npm run media:copy-to-bucket/);
  });

  it('says so when the bucket does not exist', async () => {
    const r = await run([], { s3: server.settings('no-such-bucket') });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^media: The bucket s3:\/\/no-such-bucket\/ does not exist: create it/);
  });
});
