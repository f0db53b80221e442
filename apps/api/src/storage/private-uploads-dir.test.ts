/**
 * Private uploads are the store's user's alone (issue 43 §5): the store, started on a folder an older version left
 * world-readable, makes it 0700; a real return request's attachment is written 0600 in it; a folder that cannot be
 * made private stops the start with a sentence naming it.
 */
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/test-app';
import { preparePrivateUploadsDir } from './private-uploads-dir';

/** The smallest valid PNG: a 1x1 transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const modeOf = async (p: string) => (await stat(p)).mode & 0o777;

let root = '';
let uploads = '';
let t: TestApp;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'private-uploads-'));
  uploads = path.join(root, 'private-uploads');
  // As a store before this change left it: a folder anyone on the machine may list and read.
  await mkdir(uploads);
  await chmod(uploads, 0o755);
  t = await createTestApp({
    config: (c) => {
      c.privateUploadsDir = uploads;
      c.rateLimits.formsPerMinute = 1_000;
    },
  });
});
afterAll(async () => {
  await t?.close();
  await rm(root, { recursive: true, force: true });
});

describe('the private uploads folder', () => {
  it('is set to 0700 as the store starts, though it existed world-readable', async () => {
    expect(await modeOf(uploads)).toBe(0o700);
  });

  it("keeps a return request's attachment readable by the store's user only (0600)", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      f_name: 'Jane',
      l_name: "O'Connor",
      email: 'jane@example.com',
      phone: '0412345678',
      subject: 'Wrong size',
      message: 'The mat does not fit my Hilux.',
    })) {
      form.append(k, v);
    }
    form.append('file_path', new Blob([PNG], { type: 'image/png' }), 'mat.png');
    const encoded = new Response(form);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order-return',
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const files = await readdir(uploads);
    expect(files).toHaveLength(1);
    expect(await modeOf(path.join(uploads, files[0] ?? ''))).toBe(0o600);
    expect(await modeOf(uploads)).toBe(0o700);
  });

  it('is made 0700 when a return request finds it gone', async () => {
    const fresh = path.join(root, 'made-later', 'uploads');
    await preparePrivateUploadsDir(fresh);
    expect(await modeOf(fresh)).toBe(0o700);
  });

  it('stops the start with a sentence naming the folder when it cannot be made private', async () => {
    const file = path.join(root, 'a-file');
    await writeFile(file, 'not a folder');
    await expect(preparePrivateUploadsDir(path.join(file, 'uploads'))).rejects.toThrow(
      /private uploads folder .*a-file\/uploads \(PRIVATE_UPLOADS_DIR\) cannot be made readable by the store's user only \(ENOTDIR\)/,
    );
  });
});
