/**
 * Back-office catalog imports as durable jobs (issue 38 §2, decision 0062), on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL), through real apps on one database sharing one private-uploads folder:
 * - concurrent uploads to an instance with RUN_JOBS=0: exactly one 202, the rest 409; the winner waits queued with
 *   its CSV in the private store and its job in pg-boss;
 * - a second instance (RUN_JOBS=1) works it: the first instance's GET shows it finished, and from then on its
 *   shop shows the products (its read model never polls here); the CSV is gone;
 * - an upload taken by an instance whose private folder the worker cannot see fails with ADMIN_IMPORT_MESSAGES
 *   .fileMissing;
 * - an import whose job failed, or whose job is gone, is shown failed (and its CSV deleted), not running forever;
 * - on PostgreSQL, `npm run worker` works an import uploaded to a store with RUN_JOBS=0.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_IMPORT_MESSAGES as M, type AdminImport } from '@store/shared/admin-imports';
import { rowsOf, type DatabaseHandle } from '../../db/client';
import { describeDatabaseError } from '../../db/describe-database-error';
import { catalogImports, products } from '../../db/schema';
import type { FileStore } from '../../storage/file-store';
import { bearer, seedStaff } from '../../../tests/seeders';
import { createTestDatabase } from '../../../tests/test-db';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { JOB_SCHEMA } from '../jobs/job-queue';
import { CATALOG_IMPORT_QUEUE, importFileKey } from './catalog-import-queue';
import { startWorker } from '../../../tests/child-processes';

const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
/** Longer than any test here. */
const NO_POLL_MS = 600_000;
/** Uploads sent at once in the concurrency test. */
const AT_ONCE = 12;

const csv = (rows: string[]) =>
  ['ID,Type,SKU,Name,Published,Regular price,Sale price,Stock,Images', ...rows].join('\n');
const GOOD = (sku: string) => `,simple,${sku},Lamp ${sku},1,10.00,,3,`;

function form(name: string, content: string) {
  const boundary = `----jobtest${Math.random().toString(16).slice(2)}`;
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        `Content-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
    ),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function importJobs(db: DatabaseHandle['db']) {
  return rowsOf<{ id: string; state: string; data: { importId: string } }>(
    await db.execute(
      sql`SELECT id::text AS id, state::text AS state, data FROM ${sql.raw(JOB_SCHEMA)}.job
          WHERE name = ${CATALOG_IMPORT_QUEUE} ORDER BY created_on`,
    ),
  );
}

async function filesUnder(store: FileStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const f of store.list(prefix)) keys.push(f.key);
  return keys.sort();
}

describe('catalog imports on the job queue, two instances on one database', () => {
  let database: DatabaseHandle & { url?: string };
  let privateDir: string;
  let front: TestApp;
  let worker: TestApp | undefined;
  let token = '';
  /** The import the concurrency test queued, worked by the second instance next. */
  let queuedId = '';

  /**
   * An app on the shared database (a second pool on PostgreSQL, the same handle on PGlite). With `sharedFiles`
   * its private uploads are the shared folder, as every instance's must be (or one bucket).
   */
  const appOnDatabase = (runJobs: boolean, sharedFiles = true) =>
    createTestApp({
      ...(database.url
        ? { databaseUrl: database.url }
        : { database: { ...database, close: async () => {} } }),
      config: (c) => {
        c.runJobs = runJobs;
        if (sharedFiles) c.privateUploadsDir = privateDir;
        // Catalog reads come from the read model as loaded: only a refresh (or a NOTIFY) shows an import.
        c.catalogPollMs = NO_POLL_MS;
      },
    });

  const upload = (app: TestApp, name: string, content: string) => {
    const body = form(name, content);
    return app.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
  };

  async function importOf(app: TestApp, id: string): Promise<AdminImport> {
    const res = await app.app.inject({
      method: 'GET',
      url: `/api/admin/imports/${id}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: AdminImport }).data;
  }

  async function untilDone(app: TestApp, id: string): Promise<AdminImport> {
    for (let i = 0; i < 400; i++) {
      const found = await importOf(app, id);
      if (found.status !== 'running') return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('import did not finish');
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    privateDir = await mkdtemp(path.join(os.tmpdir(), 'store-import-jobs-'));
    front = await appOnDatabase(false);
    token = (await seedStaff(front, { email: 'jobs.import.admin@example.com', role: 'admin' })).token;
  });
  afterAll(async () => {
    await worker?.close();
    await front?.close();
    await database?.close();
    await rm(privateDir, { recursive: true, force: true });
  });

  it(`${AT_ONCE} uploads at once to an instance with RUN_JOBS=0: one 202, the rest 409; the winner waits queued with its CSV in the private store`, async () => {
    // The instance's catalog view is loaded before the import, and never polls.
    expect((await front.app.inject({ method: 'GET', url: '/api/shop?page=1' })).json()).toMatchObject({
      total: 0,
    });
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, n) =>
        upload(front, `race-${n}.csv`, csv([GOOD(`RACE-${n}-A`), GOOD(`RACE-${n}-B`)])),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([202, ...Array<number>(AT_ONCE - 1).fill(409)]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json().message).toBe(M.busy);
    }
    const won = answers.find((a) => a.statusCode === 202);
    const started = (won?.json() as { data: AdminImport }).data;
    expect(started).toMatchObject({ status: 'running', rows_done: 0 });
    queuedId = started.id;

    // One row, one job, one file: the refused uploads' files were removed again.
    const rows = await database.db.select().from(catalogImports);
    expect(rows.map((r) => [r.id, r.status])).toEqual([[queuedId, 'running']]);
    const jobs = await importJobs(database.db);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ id: rows[0]?.jobId, state: 'created', data: { importId: queuedId } });
    expect(await filesUnder(front.app.files.private, 'imports/')).toEqual([importFileKey(queuedId)]);
    const stored = await front.app.files.private.get(importFileKey(queuedId));
    expect(stored?.toString('utf8')).toContain(',simple,RACE-');

    // Nobody works jobs yet: a while later it is still queued, and nothing is imported.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await importOf(front, queuedId)).toMatchObject({ status: 'running', rows_done: 0 });
    expect(await database.db.select().from(products)).toEqual([]);
    // The database itself refuses a second running import, whatever the route checked.
    const second = await database.db
      .insert(catalogImports)
      .values({ id: '22222222-2222-4222-8222-222222222222', fileName: 'x.csv' })
      .then(
        () => null,
        (err: unknown) => describeDatabaseError(err),
      );
    expect(second).toMatchObject({ sqlstate: '23505' });
  });

  it('a second instance with RUN_JOBS=1 works it: the first shows it finished, the products are in, the CSV is gone', async () => {
    expect(queuedId).not.toBe('');
    worker = await appOnDatabase(true);
    const done = await untilDone(front, queuedId);
    expect(done).toMatchObject({
      status: 'finished',
      format: 'woocommerce',
      rows_total: 2,
      rows_done: 2,
      error: null,
    });
    const skus = (await database.db.select({ sku: products.sku }).from(products)).map((p) => p.sku);
    expect(skus).toHaveLength(2);
    // The instance that took the upload, which did not work it, shows the products once it has said finished.
    const shop = await front.app.inject({ method: 'GET', url: `/api/products/${skus[0]}` });
    expect(shop.statusCode).toBe(200);
    expect((await front.app.inject({ method: 'GET', url: '/api/shop?page=1' })).json()).toMatchObject({
      total: 2,
    });
    expect(await filesUnder(front.app.files.private, 'imports/')).toEqual([]);
    await expect
      .poll(async () => (await importJobs(database.db)).map((j) => j.state), { timeout: 10_000 })
      .toEqual(['completed']);

    // And the next upload goes through the same way.
    const next = await upload(front, 'next.csv', csv([GOOD('NEXT-1')]));
    expect(next.statusCode).toBe(202);
    expect(await untilDone(front, next.json().data.id)).toMatchObject({ status: 'finished', rows_done: 1 });
    expect(await database.db.select().from(products).where(eq(products.sku, 'NEXT-1'))).toHaveLength(1);
  });

  it('an upload the worker cannot read (another machine\'s local folder) fails with "file missing", nothing imported', async () => {
    expect(worker).toBeDefined();
    const elsewhere = await appOnDatabase(false, false);
    try {
      const res = await upload(elsewhere, 'elsewhere.csv', csv([GOOD('ELSEWHERE-1')]));
      expect(res.statusCode).toBe(202);
      const id = (res.json() as { data: AdminImport }).data.id;
      expect(await elsewhere.app.files.private.get(importFileKey(id))).not.toBeNull();
      const failed = await untilDone(front, id);
      expect(failed).toMatchObject({ status: 'failed', error: M.fileMissing, rows_done: 0 });
      expect(await database.db.select().from(products).where(eq(products.sku, 'ELSEWHERE-1'))).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it('an import whose job failed, or whose job is gone, is shown failed and its CSV deleted; the next upload is taken', async () => {
    // Nobody works jobs from here on: the jobs' states are set by hand.
    await worker?.close();
    worker = undefined;
    for (const end of ['failed', 'gone'] as const) {
      const res = await upload(front, `${end}.csv`, csv([GOOD(`STALE-${end}`)]));
      expect(res.statusCode).toBe(202);
      const id = (res.json() as { data: AdminImport }).data.id;
      const [row] = await database.db.select().from(catalogImports).where(eq(catalogImports.id, id));
      const jobId = row?.jobId ?? '';
      expect(await importOf(front, id)).toMatchObject({ status: 'running' });
      expect(await front.app.files.private.get(importFileKey(id))).not.toBeNull();
      await database.db.execute(
        end === 'failed'
          ? sql`UPDATE ${sql.raw(JOB_SCHEMA)}.job SET state = 'failed', completed_on = now() WHERE id = ${jobId}::uuid`
          : sql`DELETE FROM ${sql.raw(JOB_SCHEMA)}.job WHERE id = ${jobId}::uuid`,
      );
      expect(await importOf(front, id)).toMatchObject({ status: 'failed', error: M.failed });
      expect(await front.app.files.private.get(importFileKey(id))).toBeNull();
    }
    const next = await upload(front, 'after.csv', csv([GOOD('AFTER-STALE')]));
    expect(next.statusCode).toBe(202);
  });
});

describe.runIf(ON_POSTGRES)('npm run worker', () => {
  it('works an import uploaded to a store with RUN_JOBS=0, from the same private folder', async () => {
    const database = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'store-import-worker-'));
    const privateDir = path.join(dataDir, 'private-uploads');
    const store = await createTestApp({
      databaseUrl: database.url ?? '',
      config: (c) => {
        c.runJobs = false;
        c.privateUploadsDir = privateDir;
      },
    });
    const token = (await seedStaff(store, { email: 'worker.import.admin@example.com', role: 'admin' })).token;
    const { child, output, exited } = startWorker(database.url ?? '', dataDir);
    try {
      const body = form('worker.csv', csv([GOOD('WORKER-1'), GOOD('WORKER-2')]));
      const res = await store.app.inject({
        method: 'POST',
        url: '/api/admin/imports',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(token) },
      });
      expect(res.statusCode).toBe(202);
      const id = (res.json() as { data: AdminImport }).data.id;
      await expect
        .poll(
          async () => {
            const r = await store.app.inject({
              method: 'GET',
              url: `/api/admin/imports/${id}`,
              headers: bearer(token),
            });
            return (r.json() as { data: AdminImport }).data.status;
          },
          { timeout: 30_000, interval: 200 },
        )
        .toBe('finished');
      expect(output()).toContain('is running');
      expect(await database.db.select().from(products)).toHaveLength(2);
      expect(await filesUnder(store.app.files.private, 'imports/')).toEqual([]);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await store.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
