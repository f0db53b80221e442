/**
 * The file store's contract (decision 0061), one set of tests run against both implementations: the local folder
 * and an S3 bucket on a local S3-compatible server (s3rver) started here. Then what only the bucket has to keep
 * apart: customers' files under `private/` of the media bucket, which the media store can neither read nor write.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../../tests/s3-test-server';
import { FileKeyError, type FileStore, type FileStores } from './file-store';
import { createLocalFileStore } from './local-file-store';
import { openFileStores } from './open-file-stores';

let server: S3TestServer;
let folder = '';
let buckets: FileStores;
let folders: FileStores;

beforeAll(async () => {
  server = await startS3TestServer();
  await server.createBucket('contract-media');
  folder = await mkdtemp(path.join(os.tmpdir(), 'file-store-'));
  buckets = await openFileStores({
    s3: server.settings('contract-media'),
    mediaDir: path.join(folder, 'unused'),
    privateUploadsDir: path.join(folder, 'unused-private'),
  });
  folders = await openFileStores({
    s3: null,
    mediaDir: path.join(folder, 'uploads'),
    privateUploadsDir: path.join(folder, 'private-uploads'),
  });
});
afterAll(async () => {
  buckets?.close();
  await server?.close();
  await rm(folder, { recursive: true, force: true });
});

const kinds: [string, () => FileStore][] = [
  ['local folder', () => folders.media],
  ['local private folder', () => folders.private],
  ['S3 bucket', () => buckets.media],
  ['S3 private prefix', () => buckets.private],
];

const sorted = async (files: AsyncIterable<{ key: string; size: number }>) => {
  const all = [];
  for await (const f of files) all.push(f);
  return all.sort((a, b) => a.key.localeCompare(b.key));
};

describe.each(kinds)('the file store contract: %s', (_name, storeOf) => {
  it('gives back what was put, replaces it, and forgets it when deleted', async () => {
    const store = storeOf();
    await store.put('products/pad one.jpg', Buffer.from('first'));
    expect((await store.get('products/pad one.jpg'))?.toString()).toBe('first');
    await store.put('products/pad one.jpg', Buffer.from('second, longer'));
    expect((await store.get('products/pad one.jpg'))?.toString()).toBe('second, longer');
    expect(await store.stat('products/pad one.jpg')).toMatchObject({ size: 14 });
    await store.delete('products/pad one.jpg');
    expect(await store.get('products/pad one.jpg')).toBeNull();
    expect(await store.stat('products/pad one.jpg')).toBeNull();
  });

  it('answers null for a file that is not there, and deleting one is no error', async () => {
    const store = storeOf();
    expect(await store.get('nothing/here.png')).toBeNull();
    expect(await store.stat('nothing/here.png')).toBeNull();
    expect(await store.stream('nothing/here.png')).toBeNull();
    await expect(store.delete('nothing/here.png')).resolves.toBeUndefined();
  });

  it('streams a file with its size and content type (given, else from its extension)', async () => {
    const store = storeOf();
    await store.put('docs/note.txt', Buffer.from('hello there'));
    await store.put('docs/scan', Buffer.from('%PDF-1.4'), 'application/pdf');
    const note = await store.stream('docs/note.txt');
    if (!note) throw new Error('docs/note.txt was not found');
    expect(note).toMatchObject({ size: 11, contentType: expect.stringMatching(/^text\/plain/) });
    expect(await text(note.body)).toBe('hello there');
    const scan = await store.stream('docs/scan');
    // The folder knows no type but by extension; the bucket keeps the one it was given.
    expect(scan?.contentType).toMatch(/^application\/(pdf|octet-stream)$/);
    scan?.body.destroy();
  });

  it('lists the files under a prefix, in subfolders too, with their sizes', async () => {
    const store = storeOf();
    await store.put('list/a.png', Buffer.from('1'));
    await store.put('list/deeper/b.webp', Buffer.from('22'));
    await store.put('list-other/c.gif', Buffer.from('333'));
    expect(await sorted(store.list('list/'))).toEqual([
      { key: 'list/a.png', size: 1 },
      { key: 'list/deeper/b.webp', size: 2 },
    ]);
    expect(await sorted(store.list('list'))).toEqual([
      { key: 'list-other/c.gif', size: 3 },
      { key: 'list/a.png', size: 1 },
      { key: 'list/deeper/b.webp', size: 2 },
    ]);
    expect((await sorted(store.list(''))).map((f) => f.key)).toEqual(
      expect.arrayContaining(['list/a.png', 'list/deeper/b.webp', 'list-other/c.gif']),
    );
  });

  it.each([
    '',
    '../secret.png',
    '/etc/passwd',
    'a//b.png',
    'a/./b.png',
    'a/../../b.png',
    'a\\b.png',
    'new\nline',
  ])('refuses %j as a key, for reading and writing alike', async (key) => {
    const store = storeOf();
    await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(FileKeyError);
    await expect(store.get(key)).rejects.toThrow(FileKeyError);
    await expect(store.stat(key)).rejects.toThrow(FileKeyError);
  });

  it('dates a file so that a copy made from it is seen as fresh until the file is replaced (decision 0026)', async () => {
    const store = storeOf();
    await store.put('fresh/original.jpg', Buffer.from('picture'));
    // A bucket's dates are whole seconds: the copy is made in a later second than the picture.
    await new Promise((r) => setTimeout(r, 1_100));
    await store.put('fresh/copy.webp', Buffer.from('copy'));
    const original = await store.stat('fresh/original.jpg');
    const copy = await store.stat('fresh/copy.webp');
    expect(copy?.modifiedMs).toBeGreaterThanOrEqual(original?.changedMs ?? Infinity);
    // Replaced at once, within the copy's second: the copy is stale.
    await store.put('fresh/original.jpg', Buffer.from('another picture'));
    const replaced = await store.stat('fresh/original.jpg');
    expect(copy?.modifiedMs).toBeLessThan(replaced?.changedMs ?? 0);
  });
});

describe("customers' files in the media bucket (no S3_PRIVATE_BUCKET)", () => {
  it('keeps them under private/, where the media store neither reads, lists nor writes', async () => {
    await buckets.private.put('0b5a-return.pdf', Buffer.from('%PDF private'));
    expect((await buckets.private.get('0b5a-return.pdf'))?.toString()).toBe('%PDF private');
    expect(await buckets.media.get('private/0b5a-return.pdf')).toBeNull();
    expect(await buckets.media.stat('private/0b5a-return.pdf')).toBeNull();
    expect(await buckets.media.stream('private/0b5a-return.pdf')).toBeNull();
    expect((await sorted(buckets.media.list(''))).map((f) => f.key)).not.toContain('private/0b5a-return.pdf');
    await expect(buckets.media.put('private/planted.png', Buffer.from('x'))).rejects.toThrow(FileKeyError);
    // And the private store's listing has only its own keys, without the prefix.
    expect((await sorted(buckets.private.list(''))).map((f) => f.key)).toContain('0b5a-return.pdf');
  });

  it('writes the local private folder 0700 and its files 0600, as before', async () => {
    await folders.private.put('a1.png', Buffer.from('x'));
    expect((await stat(path.join(folder, 'private-uploads'))).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(folder, 'private-uploads', 'a1.png'))).mode & 0o777).toBe(0o600);
    expect(await readFile(path.join(folder, 'private-uploads', 'a1.png'), 'utf8')).toBe('x');
  });

  it('reads a folder an older store wrote as it is: the key is the path under it', async () => {
    const old = createLocalFileStore({ root: path.join(folder, 'uploads') });
    await old.put('products/variants/pad.jpg-160w.webp', Buffer.from('w'));
    expect(
      await readFile(path.join(folder, 'uploads', 'products', 'variants', 'pad.jpg-160w.webp'), 'utf8'),
    ).toBe('w');
  });
});
