/**
 * Durable jobs through the real app (issue 38 §2, decision 0062), on PGlite and on PostgreSQL (TEST_DATABASE_URL):
 * a mail retried with backoff after an SMTP failure and sent once; a dead letter after the retry limit, listed by
 * the back office's route and retried from it; a crash between 'paid' and 'mailed' mailed once by the next app on
 * the database; on PostgreSQL, a schedule run once by two instances, and a worker process working what a store
 * with RUN_JOBS=0 enqueued. The SMTP server is faked at the network edge (a socket speaking just enough SMTP).
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_JOB_MESSAGES, adminJobsSchema } from '@store/shared/admin-jobs';
import { rowsOf, type DatabaseHandle } from '../../db/client';
import { orders } from '../../db/schema';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { bearer, seedStaff } from '../../../tests/seeders';
import { createTestDatabase } from '../../../tests/test-db';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { testOrderBody } from '../orders/test-order-body';
import { RECONCILE_QUEUE } from '../payments/reconcile-schedule';
import { JOB_SCHEMA } from './job-queue';
import { runChild, startWorker } from '../../../tests/child-processes';

const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A fake SMTP server: refuses the first `refusals` connections with 421 (or every one while `refusing`), takes
 * the rest's message. `accepted` counts the messages taken, `tries` the times each connection started.
 */
async function startSmtp(options: { refusals?: number; refusing?: boolean } = {}) {
  const state = { refusals: options.refusals ?? 0, refusing: options.refusing ?? false };
  const tries: number[] = [];
  const accepted: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    tries.push(Date.now());
    if (state.refusing || state.refusals > 0) {
      state.refusals--;
      socket.end('421 4.3.2 Service not available, try later\r\n');
      return;
    }
    socket.write('220 fake ESMTP\r\n');
    let data = false;
    let body = '';
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      let end: number;
      while ((end = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (data) {
          if (line === '.') {
            data = false;
            accepted.push(body);
            socket.write('250 2.0.0 queued\r\n');
          } else body += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake\r\n');
        else if (/^DATA/i.test(line)) {
          data = true;
          body = '';
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    tries,
    accepted,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

const MESSAGE = {
  to: 'pat.customer@example.com',
  subject: 'About your brake pads',
  text: 'They are on their way.',
  html: '<p>They are on their way.</p>',
};

async function jobRows(db: DatabaseHandle['db'], queue: string) {
  return rowsOf<{ state: string; retry_count: number; output: { workedBy?: string } | null }>(
    await db.execute(
      sql`SELECT state::text AS state, retry_count, output FROM ${sql.raw(JOB_SCHEMA)}.job WHERE name = ${queue}`,
    ),
  );
}

describe('mail jobs', () => {
  let smtp: Smtp | undefined;
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    await smtp?.close();
    t = undefined;
    smtp = undefined;
  });

  it('a mail refused by the SMTP server is retried after a backoff pause, then sent once', async () => {
    smtp = await startSmtp({ refusals: 1 });
    const url = smtp.url;
    t = await createTestApp({
      config: (c) => {
        c.smtpUrl = url;
      },
      // Backoff from 1 s: the second try comes 1-2 s after the first.
      jobTimings: { pollSeconds: 0.5, retry: { limit: 3, delaySeconds: 1, backoff: true } },
    });
    t.app.mail.deliver('test mail', MESSAGE);
    await t.app.mail.settled();
    expect(smtp.accepted).toHaveLength(1);
    expect(smtp.accepted[0]).toContain('Subject: About your brake pads');
    expect(smtp.tries).toHaveLength(2);
    const pause = (smtp.tries[1] ?? 0) - (smtp.tries[0] ?? 0);
    expect(pause).toBeGreaterThanOrEqual(900);
    const [job] = await jobRows(t.database.db, 'mail');
    expect(job).toMatchObject({ state: 'completed', retry_count: 1 });
  });

  it('a mail that fails every try is a failed job the back office lists, without its data, and retries', async () => {
    smtp = await startSmtp({ refusing: true });
    const url = smtp.url;
    t = await createTestApp({
      config: (c) => {
        c.smtpUrl = url;
      },
      jobTimings: { pollSeconds: 0.5, retry: { limit: 1, delaySeconds: 0, backoff: false } },
    });
    const app = t.app;
    const { token } = await seedStaff(t, { email: 'jobs.staff@example.com' });
    app.mail.deliver('test mail', MESSAGE);
    await app.mail.settled();
    expect(smtp.tries).toHaveLength(2);

    const listed = await app.inject({ method: 'GET', url: '/api/admin/jobs', headers: bearer(token) });
    expect(listed.statusCode).toBe(200);
    const answer = adminJobsSchema.parse(listed.json());
    expect(answer.failed).toHaveLength(1);
    const failed = answer.failed[0];
    expect(failed).toMatchObject({ queue: 'mail', kind: 'test mail', attempts: 2 });
    expect(failed?.last_error).toMatch(/421|Service not available/);
    expect(listed.body).not.toContain('pat.customer@example.com');
    expect(listed.body).not.toContain('brake pads');
    expect(answer.queues.find((q) => q.name === 'mail')).toMatchObject({ waiting: 0, failed: 1 });

    // Not for a customer, nor without a token.
    expect((await app.inject({ method: 'GET', url: '/api/admin/jobs' })).statusCode).toBe(401);

    smtp.state.refusing = false;
    const retried = await app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${failed?.id}/retry`,
      headers: bearer(token),
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ message: ADMIN_JOB_MESSAGES.retried });
    await expect.poll(() => smtp?.accepted.length, { timeout: 10_000 }).toBe(1);
    await expect
      .poll(async () => (await jobRows(app.db, 'mail'))[0]?.state, { timeout: 10_000 })
      .toBe('completed');
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${failed?.id}/retry`,
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(404);
    const after = adminJobsSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/admin/jobs', headers: bearer(token) })).json(),
    );
    expect(after.failed).toEqual([]);
  });
});

describe('a crash between "paid" and "mailed"', () => {
  let database: DatabaseHandle & { url?: string };
  let outboxDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    outboxDir = await mkdtemp(path.join(os.tmpdir(), 'store-jobs-outbox-'));
  });
  afterAll(async () => {
    await database.close();
    await rm(outboxDir, { recursive: true, force: true });
  });

  /** An app on the shared database (a second pool on PostgreSQL, the same handle on PGlite), sharing the outbox. */
  const appOnDatabase = (runJobs: boolean) =>
    createTestApp({
      ...(database.url
        ? { databaseUrl: database.url }
        : { database: { ...database, close: async () => {} } }),
      config: (c) => {
        c.runJobs = runJobs;
        c.outboxDir = outboxDir;
        c.rateLimits.placeOrdersPerMinute = 1_000;
      },
    });

  it('the next app on the database sends the confirmation, exactly once', async () => {
    await seedCatalog(database.db);
    const productId = await seedProduct(database.db, {
      sku: 'CRASH-PADS',
      title: 'Brake Pads',
      priceCents: 5_000,
      stock: 10,
    });
    // The store that took the order stops before any job runs (RUN_JOBS=0 here stands for "died first").
    const first = await appOnDatabase(false);
    const res = await first.app.inject({
      method: 'POST',
      url: '/api/place-order',
      payload: testOrderBody([{ id: productId, unitPriceCents: 5_000, quantity: 1 }], {
        email: 'crash.customer@example.com',
      }),
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode).toBe(200);
    await first.close();
    const [paid] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.email, 'crash.customer@example.com'));
    expect(paid?.paymentStatus).toBe('completed');
    expect(paid?.confirmationMailedAt).toBeNull();
    expect(await readdir(outboxDir).catch(() => [])).toEqual([]);

    const second = await appOnDatabase(true);
    try {
      const confirmations = async () => {
        const files = await readdir(outboxDir).catch(() => [] as string[]);
        return files.length;
      };
      // The confirmation and the store's notice.
      await expect.poll(confirmations, { timeout: 10_000 }).toBe(2);
      await expect
        .poll(async () => (await jobRows(database.db, 'order-mail')).map((j) => j.state).sort(), {
          timeout: 10_000,
        })
        .toEqual(['completed', 'completed']);
      const [mailed] = await database.db
        .select()
        .from(orders)
        .where(eq(orders.id, paid?.id ?? 0));
      expect(mailed?.confirmationMailedAt).not.toBeNull();
      expect(mailed?.storeNotifiedAt).not.toBeNull();
      // A retry of a confirmation that went (a third app, the job put back by hand) sends nothing more.
      await database.db.execute(
        sql`UPDATE ${sql.raw(JOB_SCHEMA)}.job SET state = 'retry' WHERE name = 'order-mail'`,
      );
      second.app.jobs.nudge('order-mail');
      await expect
        .poll(async () => (await jobRows(database.db, 'order-mail')).map((j) => j.state).sort(), {
          timeout: 10_000,
        })
        .toEqual(['completed', 'completed']);
      expect(await confirmations()).toBe(2);
    } finally {
      await second.close();
    }
  });
});

describe.runIf(ON_POSTGRES)('several processes on one PostgreSQL database', () => {
  let database: DatabaseHandle & { url?: string };
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('a schedule due now is run by one of two instances, not both', async () => {
    const url = database.url ?? '';
    const instance = () =>
      createTestApp({
        databaseUrl: url,
        config: (c) => {
          c.runSchedules = true;
          c.paymentsReconcileMinutes = 1;
          c.lowStockMailAt = null;
        },
        jobTimings: { pollSeconds: 0.5, scheduleSendSeconds: 1 },
      });
    const [a, b] = await Promise.all([instance(), instance()]);
    try {
      await expect
        .poll(async () => (await jobRows(database.db, RECONCILE_QUEUE)).map((j) => j.state), {
          timeout: 15_000,
        })
        .toEqual(['completed']);
      // Both instances have checked the schedule by now; neither sent a second run.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const runs = await jobRows(database.db, RECONCILE_QUEUE);
      expect(runs).toHaveLength(1);
      expect(runs[0]?.output?.workedBy).toMatch(/:\d+$/);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('npm run worker works a mail enqueued by a store with RUN_JOBS=0', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'store-worker-'));
    const store = await createTestApp({
      databaseUrl: database.url ?? '',
      config: (c) => {
        c.runJobs = false;
      },
    });
    const { child: worker, output, exited } = startWorker(database.url ?? '', dataDir);
    try {
      store.app.mail.deliver('test mail', MESSAGE);
      await store.app.mail.settled();
      const outbox = path.join(dataDir, 'outbox');
      await expect
        .poll(async () => (await readdir(outbox).catch(() => [] as string[])).length, { timeout: 30_000 })
        .toBe(1);
      expect(output()).toContain('is running');
      expect(await readdir(store.app.config.outboxDir).catch(() => [])).toEqual([]);
      worker.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (worker.exitCode === null) worker.kill('SIGKILL');
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.runIf(!ON_POSTGRES)('npm run worker on the embedded database', () => {
  it('refuses with what to do instead', async () => {
    const { code, stderr: errors } = await runChild('src/worker.ts', [], { NODE_ENV: 'test' });
    expect(code).toBe(1);
    expect(errors).toContain('npm run worker needs PostgreSQL (set DATABASE_URL)');
  }, 30_000);
});
