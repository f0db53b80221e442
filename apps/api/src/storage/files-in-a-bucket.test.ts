/**
 * The store with S3_BUCKET set (issue 38 §1, decision 0061), end to end on a local S3-compatible server: a picture
 * uploaded in the product editor lands in the bucket with its WebP copies and is served at /media/ from it; a
 * customer's return attachment lands under private/, which /media/ never serves, and only the back office's
 * guarded route hands it out. Nothing is written to the local folders.
 */
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImageVariantPath } from '@store/shared/product-image';
import { startS3TestServer, type S3TestServer } from '../../tests/s3-test-server';
import { bearer, seedStaff } from '../../tests/seeders';
import { createTestApp, type TestApp } from '../../tests/test-app';

let server: S3TestServer;
let t: TestApp;
let admin = '';

beforeAll(async () => {
  server = await startS3TestServer();
  await server.createBucket('shop-media');
  t = await createTestApp({
    config: (c) => {
      c.s3 = server.settings('shop-media');
      c.rateLimits.formsPerMinute = 1_000;
    },
  });
  admin = (await seedStaff(t, { email: 'bucket.admin@example.com', role: 'admin' })).token;
});
afterAll(async () => {
  await t?.close();
  await server?.close();
});

function multipart(
  field: string,
  name: string,
  type: string,
  bytes: Buffer,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(field, new Blob([bytes], { type }), name);
  return new Response(form);
}

async function send(url: string, form: Response, token?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: Buffer.from(await form.arrayBuffer()),
    headers: { 'content-type': form.headers.get('content-type') ?? '', ...(token ? bearer(token) : {}) },
  });
}

/** Files under a local folder (none when the folder was never made). */
const localFiles = async (dir: string) =>
  (await readdir(dir, { recursive: true }).catch(() => [])).filter((f) => f.includes('.'));

describe('a store whose files are in a bucket', () => {
  it('keeps an uploaded product picture and its WebP copies in the bucket and serves it at /media/', async () => {
    const png = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const uploaded = await send(
      '/api/admin/product-images',
      multipart('file', 'red.png', 'image/png', png),
      admin,
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { path: stored } = uploaded.json<{ path: string }>();
    expect(stored).toMatch(/^products\/upload-[0-9a-f]+\.png$/);

    expect((await t.app.files.media.get(stored))?.equals(png)).toBe(true);
    expect(await t.app.files.media.stat(productImageVariantPath(stored, 640))).toMatchObject({
      size: expect.any(Number),
    });
    expect(await localFiles(t.app.config.mediaDir)).toEqual([]);

    const served = await t.app.inject({ method: 'GET', url: `/media/${stored}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
    });
    const etag = String(served.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: `/media/${stored}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const copy = await t.app.inject({ method: 'GET', url: `/media/${productImageVariantPath(stored, 320)}` });
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('image/webp');
    expect((await sharp(copy.rawPayload).metadata()).width).toBe(320);

    // A picture that is not there: the "not found" picture, as the folder answers.
    const missing = await t.app.inject({ method: 'GET', url: '/media/products/nothing.png' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect((await t.app.inject({ method: 'GET', url: '/media/products/..%2F..%2Fsecret' })).statusCode).toBe(
      404,
    );
  });

  it("keeps a return's attachment under private/: never at /media/, only through the back office's route", async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = multipart('file_path', 'mat.png', 'image/png', png, {
      f_name: 'Jane',
      l_name: 'Bucket',
      email: 'jane.bucket@example.com',
      subject: 'Wrong size',
      message: 'The mat does not fit.',
    });
    const sent = await send('/api/order-return', form);
    expect(sent.statusCode, sent.body).toBe(200);

    const stored: string[] = [];
    for await (const f of t.app.files.private.list('')) stored.push(f.key);
    expect(stored).toEqual([expect.stringMatching(/^[0-9a-f-]{36}\.png$/)]);
    const key = stored[0] ?? '';
    expect(await localFiles(t.app.config.privateUploadsDir)).toEqual([]);

    // Not public: the media route does not serve the private prefix of its own bucket.
    for (const url of [`/media/private/${key}`, `/media/private%2F${key}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/returns', headers: bearer(admin) });
    const id = (list.json<{ data: { id: number }[] }>().data[0]?.id ?? 0).toString();
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/returns/${id}/file` })).statusCode).toBe(
      401,
    );
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/admin/returns/${id}/file`,
      headers: bearer(admin),
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
    expect(file.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-length': String(png.length),
      'content-disposition': expect.stringMatching(/^attachment; filename="mat\.png"/),
    });

    // The object gone from the bucket: a clean 404, not a broken stream.
    await t.app.files.private.delete(key);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/admin/returns/${id}/file`,
      headers: bearer(admin),
    });
    expect(gone.statusCode).toBe(404);
  });
});
