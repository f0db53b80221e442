/**
 * Backups of the embedded database (issue 38 §5, decision 0064), on a store built here as server.ts builds it (the
 * folder's lock, the app, the control channel): `npm run db:backup` goes through the running store's control
 * channel and takes the copy while the store answers requests; `npm run db:restore` refuses while the store runs
 * and refuses files that are not whole backups; and the restore drill: back up, place an order, restore, and the
 * order is gone while the products, an earlier order and a customer from before the backup are there, with the
 * replaced folder kept aside. On PostgreSQL, db:backup runs pg_dump (custom format).
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { seedCatalog } from '../../tests/seed-catalog';
import { seedCustomer, seedOrder, type SeededCustomer, type SeededOrder } from '../../tests/seeders';
import { createTestApp, type TestApp } from '../../tests/test-app';
import { createTestDatabase } from '../../tests/test-db';
import { openDatabase } from '../db/client';
import { STORE_HOLDER } from '../db/data-folder-lock';
import { BACKUP_DATA_FILE, BACKUP_MANIFEST_FILE, readPgliteBackup } from '../db/pglite-backup';
import { orders, products, users } from '../db/schema';
import { loadConfig } from '../env';
import type { ControlChannel } from './control-channel';
import { runDbBackup } from './db-backup';
import { runDbMigrate } from './db-migrate';
import { runDbRestore } from './db-restore';
import { runCommandLine } from './run-command-line';
import { openStoreControlChannel } from './store-commands';

let root: string;
let pgliteDir: string;
let backupFile: string;
let store: TestApp | undefined;
let channel: ControlChannel | undefined;
let customer: SeededCustomer;
let earlierOrder: SeededOrder;
let laterOrder: SeededOrder;
let productCount: number;
const SKU = 'KL-H4-6055';

function capture() {
  const lines = { out: [] as string[], err: [] as string[] };
  return {
    lines,
    text: () => [...lines.out, ...lines.err].join('\n'),
    io: { out: (t: string) => lines.out.push(t), err: (t: string) => lines.err.push(t) },
  };
}

/** The settings the command lines read: this test's data folder, the embedded database. */
const folderConfig = () => loadConfig({ NODE_ENV: 'test', DATA_DIR: root, PGLITE_DIR: pgliteDir });

async function orderLine(t: TestApp) {
  const entry = (await t.app.catalog.view()).find(SKU);
  if (!entry) throw new Error(`no seeded ${SKU}`);
  return { id: entry.id, unitPriceCents: entry.payCents, quantity: 1 };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'store-backup-'));
  pgliteDir = path.join(root, 'pglite');
  backupFile = path.join(root, 'backups', 'before-the-order.tar.gz');
  const template = inject('pgliteTemplateFile');
  const database = await openDatabase({
    pgliteDir,
    pgliteHolder: STORE_HOLDER,
    ...(template ? { pgliteLoadDataDir: new Blob([await readFile(template)]) } : {}),
  });
  store = await createTestApp({ database });
  channel = await openStoreControlChannel(store.app, pgliteDir);
  await seedCatalog(store.database.db);
  customer = await seedCustomer(store);
  earlierOrder = await seedOrder(store, { lines: [await orderLine(store)] });
  [{ n: productCount }] = (await store.database.db.select({ n: count() }).from(products)) as [{ n: number }];
  // The command lines read their settings from the environment, as `npm run` gives it to them.
  vi.stubEnv('DATABASE_URL', '');
  vi.stubEnv('DATA_DIR', root);
  vi.stubEnv('PGLITE_DIR', pgliteDir);
}, 120_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await channel?.close();
  await store?.close();
  await rm(root, { recursive: true, force: true });
});

describe('the embedded database while the store runs', () => {
  it('db:migrate asks the running store, which applied its migrations at start', async () => {
    const c = capture();
    expect(await runCommandLine('db:migrate', [], runDbMigrate, { io: c.io })).toBe(0);
    expect(c.lines.err[0]).toContain(`The store is running on this data folder (pid ${process.pid})`);
    expect(c.lines.out.join('\n')).toMatch(
      new RegExp(`^Nothing to apply: the running store \\(pid ${process.pid}\\) applied its migrations`),
    );
  });

  it('db:backup goes through the store, which takes the copy while it answers requests', async () => {
    const base = await store!.app.listen({ port: 0, host: '127.0.0.1' });
    const c = capture();
    let finished = false;
    const backup = runCommandLine('db:backup', ['--out', backupFile], runDbBackup, { io: c.io }).finally(
      () => (finished = true),
    );
    // Shoppers over HTTP meanwhile: a catalog read, the load balancer's readiness check, a signed-in member.
    const statuses: number[] = [];
    let answeredDuringBackup = 0;
    const deadline = Date.now() + 60_000;
    while (!finished && Date.now() < deadline) {
      const answers = await Promise.all([
        fetch(`${base}/api/products/${SKU}`),
        fetch(`${base}/api/health/ready`),
        fetch(`${base}/api/profile`, { headers: { authorization: `Bearer ${customer.token}` } }),
      ]);
      if (!finished) answeredDuringBackup += 1;
      statuses.push(...answers.map((a) => a.status));
    }
    expect(await backup, c.text()).toBe(0);
    expect(answeredDuringBackup).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(c.lines.err[0]).toContain(`The store is running on this data folder (pid ${process.pid})`);
    expect(c.lines.out[0]).toMatch(
      /^Backed up the embedded database \(\d+ migrations, the latest \S+\) to .*before-the-order\.tar\.gz: [\d.]+ MB in [\d.]+ s\.$/,
    );
    // It holds customers' data: readable by the store's user only.
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600);
    const { manifest } = await readPgliteBackup(backupFile);
    expect(manifest).toMatchObject({ format: 'auto-parts-store-backup', database: 'pglite' });
    expect(manifest.store.version).toBe('0.0.0');
  }, 120_000);

  it('an existing file is never overwritten', async () => {
    const c = capture();
    expect(await runCommandLine('db:backup', ['--out', backupFile], runDbBackup, { io: c.io })).toBe(1);
    expect(c.text()).toContain(`${backupFile} already exists: choose another --out.`);
  });

  it('db:restore refuses while the store runs, and changes nothing', async () => {
    laterOrder = await seedOrder(store!, { lines: [await orderLine(store!)] });
    const c = capture();
    expect(await runDbRestore([backupFile], { ...c.io, config: folderConfig() })).toBe(1);
    expect(c.text()).toBe(
      `The store is running on ${pgliteDir} (pid ${process.pid}): stop it first, then run npm run db:restore ` +
        'again. A restore replaces the whole database, so it never runs under a running store.',
    );
    expect((await readdir(root)).filter((f) => f.startsWith('pglite.'))).toEqual([
      'pglite.lock',
      'pglite.sock',
    ]);
  });
});

describe('the embedded database with the store stopped', () => {
  beforeAll(async () => {
    await channel?.close();
    await store?.close();
    channel = undefined;
    store = undefined;
  });

  it('refuses a file that is not a whole backup, and leaves the folder as it was', async () => {
    const garbage = path.join(root, 'garbage.tar.gz');
    await writeFile(garbage, 'not a backup');
    const whole = await readFile(backupFile);
    const cut = path.join(root, 'cut.tar.gz');
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    // A manifest that does not describe the data beside it.
    const { manifest, data } = await readPgliteBackup(backupFile);
    const damaged = path.join(root, 'damaged.tar.gz');
    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), createWriteStream(damaged));
    pack.entry({ name: BACKUP_MANIFEST_FILE }, JSON.stringify(manifest));
    const altered = Buffer.from(data);
    const middle = altered.length >> 1;
    altered.writeUInt8(altered.readUInt8(middle) ^ 0xff, middle);
    pack.entry({ name: BACKUP_DATA_FILE, size: altered.length }, altered);
    pack.finalize();
    await written;

    const cases: [string, string][] = [
      [
        garbage,
        'is not a backup made by npm run db:backup: it is not a gzipped tarball, or it was cut short.',
      ],
      [cut, 'is not a backup made by npm run db:backup: it is not a gzipped tarball, or it was cut short.'],
      [damaged, 'is damaged: its database copy is not the one its manifest describes'],
      [path.join(root, 'missing.tar.gz'), 'cannot be read (ENOENT).'],
    ];
    for (const [file, reason] of cases) {
      const c = capture();
      expect(await runDbRestore([file], { ...c.io, config: folderConfig() })).toBe(1);
      expect(c.text()).toContain(`Nothing restored: ${file} ${reason}`);
    }
    expect((await readdir(root)).filter((f) => f.startsWith('pglite.'))).toEqual([]);
  });

  it('the restore drill: the order placed after the backup is gone, everything before it is there', async () => {
    const c = capture();
    const code = await runDbRestore([backupFile], { ...c.io, config: folderConfig() });
    expect(code, c.text()).toBe(0);
    expect(c.lines.out[0]).toMatch(
      /^Restored the backup of \S+ \(\d+ migrations, the latest \S+; store 0\.0\.0/,
    );
    const aside = (await readdir(root)).filter((f) => f.startsWith('pglite.before-restore-'));
    expect(aside).toHaveLength(1);
    expect(c.lines.out[1]).toBe(
      `The folder it replaced is kept as ${path.join(root, aside[0]!)}: delete it once the restored store looks right.`,
    );

    const restored = await createTestApp({
      database: await openDatabase({ pgliteDir, pgliteHolder: STORE_HOLDER }),
    });
    try {
      const db = restored.database.db;
      const ids = (await db.select({ id: orders.publicId }).from(orders)).map((o) => o.id);
      expect(ids).toContain(earlierOrder.publicId);
      expect(ids).not.toContain(laterOrder.publicId);
      expect(await db.select({ n: count() }).from(products)).toEqual([{ n: productCount }]);
      expect(await db.select({ email: users.email }).from(users).where(eq(users.id, customer.id))).toEqual([
        { email: customer.email },
      ]);
      // The shop serves from it: the product, and the customer signs in.
      expect((await restored.app.inject({ method: 'GET', url: `/api/products/${SKU}` })).statusCode).toBe(
        200,
      );
      const login = await restored.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: customer.email, password: customer.password },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await restored.close();
    }
    // The replaced folder still holds the later order.
    const before = await openDatabase({ pgliteDir: path.join(root, aside[0]!), migrate: false });
    try {
      const ids = (await before.db.select({ id: orders.publicId }).from(orders)).map((o) => o.id);
      expect(ids).toContain(laterOrder.publicId);
    } finally {
      await before.close();
    }
  }, 120_000);

  it('says how to restore PostgreSQL instead when DATABASE_URL is set', async () => {
    const c = capture();
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://store@db.internal/store' });
    expect(await runDbRestore([backupFile], { ...c.io, config })).toBe(2);
    expect(c.text()).toContain('restore a pg_dump file with pg_restore --clean --if-exists --no-owner');
  });
});

const hasPgDump = (() => {
  try {
    execFileSync('pg_dump', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!process.env.TEST_DATABASE_URL || !hasPgDump)('db:backup on PostgreSQL', () => {
  it('runs pg_dump in its custom format, which pg_restore reads', async () => {
    const database = await createTestDatabase();
    try {
      vi.stubEnv('DATABASE_URL', database.url!);
      const file = path.join(root, 'store.dump');
      const c = capture();
      expect(await runDbBackup(['--out', file], c.io), c.text()).toBe(0);
      expect(c.lines.out[0]).toMatch(/^Backed up the PostgreSQL database with pg_dump \(custom format\) to /);
      expect((await readFile(file)).subarray(0, 5).toString()).toBe('PGDMP');
      const listing = execFileSync('pg_restore', ['--list', file], { encoding: 'utf8' });
      expect(listing).toContain('TABLE public orders');
    } finally {
      vi.stubEnv('DATABASE_URL', '');
      await database.close();
    }
  }, 60_000);
});
