/**
 * Catalog imports from the back office (issue 12): upload → 202 → progress and result polled; a bad row blocks
 * the import (nothing written) unless skip_invalid, each rejected row with its line and reason; image URLs
 * downloaded from a local server standing in for the internet, a warning per image that could not be fetched;
 * 413/415/409; one 'catalog.import' audit row; a row left running without a job is marked failed; admins only.
 * (The job side — another instance, the file in the private store, concurrent uploads — is in
 * catalog-import-queue.test.ts.)
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_IMPORT_MESSAGES as M, type AdminImport } from '@store/shared/admin-imports';
import { auditLog, catalogImports, products } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedCustomer, seedStaff } from '../../../tests/seeders';

const FIXTURES = fileURLToPath(new URL('../../../tests/fixtures/', import.meta.url));

let t: TestApp;
let adminToken = '';
let staffToken = '';
let server: http.Server;
let base = '';
const savedEnv = { ...process.env };

beforeAll(async () => {
  const png = await readFile(path.join(FIXTURES, 'images', 'pad-front.png'));
  server = http.createServer((req, res) => {
    if (req.url === '/lamp.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (req.url === '/slow-lamp.png') {
      setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(png), 400);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The local server is the "internet" here; the store refuses private addresses otherwise.
  process.env.IMPORT_IMAGE_ALLOW_PRIVATE_HOSTS = '1';
  process.env.IMPORT_IMAGE_TIMEOUT_MS = '1000';
  t = await createTestApp();
  adminToken = (await seedStaff(t, { email: 'import.admin@example.com', role: 'admin' })).token;
  staffToken = (await seedStaff(t, { email: 'import.staff@example.com', role: 'staff' })).token;
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  process.env = savedEnv;
});

/** A multipart body with `file` (and fields), as a browser's FormData sends it. */
function form(file: { name: string; type: string; content: string | Buffer } | null, fields = {}) {
  const boundary = '----storetest' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (body: ReturnType<typeof form>, token: string | null = adminToken) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/imports',
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
const get = (url: string, token: string | null = adminToken) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

async function untilDone(id: string): Promise<AdminImport> {
  for (let i = 0; i < 200; i++) {
    const res = await get(`/api/admin/imports/${id}`);
    const data = (res.json() as { data: AdminImport }).data;
    if (data.status !== 'running') return data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not finish');
}

const csv = (rows: string[]) =>
  ['ID,Type,SKU,Name,Published,Regular price,Sale price,Stock,Images', ...rows].join('\n');
const GOOD = (sku: string, image = '') => `,simple,${sku},Lamp ${sku},1,10.00,,3,${image}`;

describe('who may import', () => {
  it('401 without a token, 403 for a customer and for staff, on every call', async () => {
    const body = () => form({ name: 'a.csv', type: 'text/csv', content: csv([GOOD('WHO-1')]) });
    expect((await upload(body(), null)).statusCode).toBe(401);
    expect((await upload(body(), staffToken)).statusCode).toBe(403);
    const customerToken = (await seedCustomer(t, { email: 'import.shopper@example.com' })).token;
    expect((await upload(body(), customerToken)).statusCode).toBe(403);
    for (const url of ['/api/admin/imports', '/api/admin/imports/00000000-0000-4000-8000-000000000000']) {
      expect((await get(url, null)).statusCode).toBe(401);
      expect((await get(url, customerToken)).statusCode).toBe(403);
      expect((await get(url, staffToken)).statusCode).toBe(403);
    }
    expect(await t.database.db.select().from(catalogImports)).toEqual([]);
  });
});

describe('POST /api/admin/imports', () => {
  it('imports in the background: 202, then progress and result, images downloaded or warned about', async () => {
    const res = await upload(
      form({
        name: 'lamps.csv',
        type: 'text/csv',
        content: csv([GOOD('IMP-1', `${base}/lamp.png`), GOOD('IMP-2', `${base}/gone.png`)]),
      }),
    );
    expect(res.statusCode).toBe(202);
    const started = (res.json() as { message: string; data: AdminImport }).data;
    expect(res.json().message).toBe(M.started('lamps.csv'));
    expect(started).toMatchObject({ file_name: 'lamps.csv', status: 'running', staff_name: 'admin person' });

    const done = await untilDone(started.id);
    expect(done).toMatchObject({
      status: 'finished',
      format: 'woocommerce',
      rows_total: 2,
      rows_done: 2,
      rows_rejected: 0,
      rejected: [],
      error: null,
      warnings: [
        `line 3: image "${base}/gone.png" could not be downloaded: answered HTTP 404; product imported without it`,
      ],
    });
    const [lamp] = await t.database.db.select().from(products).where(eq(products.sku, 'IMP-1'));
    expect(lamp?.priceCents).toBe(1_000);
    const shop = await t.app.inject({ method: 'GET', url: '/api/products/IMP-1' });
    expect(shop.json().data.featured_image).toMatch(/^products\/lamp-[0-9a-f]{10}\.png$/);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, started.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'catalog.import',
      entityType: 'catalog',
      after: { file_name: 'lamps.csv', status: 'finished', created: 2, rejected: 0, warnings: 1 },
    });
    const list = (await get('/api/admin/imports')).json() as { data: AdminImport[] };
    expect(list.data[0]?.id).toBe(started.id);
  });

  it('a bad row blocks the import with its line and reason; skip_invalid imports the others', async () => {
    const content = csv([GOOD('BAD-1'), `,simple,BAD-2,Lamp two,1,twelve,,3,`, GOOD('BAD-3')]);
    const blocked = await untilDone(
      (await upload(form({ name: 'bad.csv', type: 'text/csv', content }))).json().data.id,
    );
    expect(blocked).toMatchObject({
      status: 'failed',
      error: M.blocked(1),
      rows_total: 3,
      rows_done: 0,
      rows_rejected: 1,
      rejected: [{ line: 3, reason: expect.stringMatching(/^column "Regular price": .*twelve/) }],
    });
    expect(await t.database.db.select().from(products).where(eq(products.sku, 'BAD-1'))).toEqual([]);

    const skipped = await untilDone(
      (await upload(form({ name: 'bad.csv', type: 'text/csv', content }, { skip_invalid: 'true' }))).json()
        .data.id,
    );
    expect(skipped).toMatchObject({ status: 'finished', rows_total: 3, rows_done: 2, rows_rejected: 1 });
    expect(skipped.rejected[0]?.line).toBe(3);
  });

  it('an unreadable CSV fails with why', async () => {
    const failed = await untilDone(
      (
        await upload(form({ name: 'prices.csv', type: 'text/csv', content: 'Name,Cost\nWidget,1.00\n' }))
      ).json().data.id,
    );
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('Expected one of these header sets');
  });

  it('refuses what is not a CSV (415), too big (413), no file (400), and a second import while one runs (409)', async () => {
    const png = await readFile(path.join(FIXTURES, 'images', 'pad-front.png'));
    const cases: [ReturnType<typeof form>, number, string][] = [
      [form({ name: 'lamps.csv', type: 'text/csv', content: png }), 415, M.notCsv],
      [form({ name: 'lamps.xlsx', type: 'application/octet-stream', content: 'a,b\n1,2\n' }), 415, M.notCsv],
      [
        form({ name: 'lamps.csv', type: 'text/csv', content: Buffer.from([0x61, 0x00, 0x62]) }),
        415,
        M.notCsv,
      ],
      [
        form({ name: 'lamps.csv', type: 'text/csv', content: Buffer.from([0x61, 0xff, 0xfe, 0x0a]) }),
        415,
        M.notCsv,
      ],
      [form(null), 400, M.noFile],
      [form({ name: 'empty.csv', type: 'text/csv', content: '' }), 400, M.empty],
      [
        form({ name: 'huge.csv', type: 'text/csv', content: Buffer.alloc(50 * 1024 * 1024 + 1, 0x61) }),
        413,
        M.tooLarge,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await upload(body);
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      payload: { file: 'a,b' },
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(json.statusCode).toBe(415);

    // Its picture takes a moment, so the first import is still running when the second file comes.
    const first = await upload(
      form({ name: 'one.csv', type: 'text/csv', content: csv([GOOD('ONE-1', `${base}/slow-lamp.png`)]) }),
    );
    const second = await upload(form({ name: 'two.csv', type: 'text/csv', content: csv([GOOD('TWO-1')]) }));
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(M.busy);
    await untilDone(first.json().data.id);
    expect(await t.database.db.select().from(products).where(eq(products.sku, 'TWO-1'))).toEqual([]);
  });

  it('marks an import left running without a job (an old process ran it) as failed when read', async () => {
    const id = '11111111-1111-4111-8111-111111111111';
    await t.database.db.insert(catalogImports).values({ id, fileName: 'stuck.csv', status: 'running' });
    const res = await get(`/api/admin/imports/${id}`);
    expect(res.json().data).toMatchObject({ status: 'failed', error: M.failed });
    // And it does not hold up the next upload.
    const next = await upload(form({ name: 'after.csv', type: 'text/csv', content: csv([GOOD('AFTER-1')]) }));
    expect(next.statusCode).toBe(202);
    await untilDone(next.json().data.id);
  });
});
