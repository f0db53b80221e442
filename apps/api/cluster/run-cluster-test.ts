/**
 * The cluster test of issue 38 §6: the store as it runs for a real business, on one machine.
 * Started by this script and stopped by it on every exit path:
 *
 *   HAProxy (Debian's package) :LB  ->  store A  (dist/server.mjs, RUN_JOBS=0)
 *                                   ->  store B  (dist/server.mjs, RUN_JOBS=0)
 *   a worker (dist/worker.mjs: jobs and schedules), a fresh PostgreSQL database, Redis (database 5, flushed),
 *   and a local S3 server (s3rver) holding the public and the private bucket.
 *
 * What it shows (each a check that fails the run):
 *   1. an image uploaded through A is served by B;
 *   2. a catalog edit made on A is seen on B at once (LISTEN catalog_changed);
 *   3. a sign-in made on A holds on B, and the sign-in limit counts across both (the 11th try in a minute is 429);
 *   4. a rolling restart of A then B (SIGTERM, drain, start, ready) during a stream of orders through the load
 *      balancer loses no order and no mail: every order answered 200 is paid, and its confirmation is mailed
 *      exactly once;
 *   5. one order is followed from HAProxy's access log line (its X-Request-Id) to its trace's pg spans;
 *   6. with CLUSTER_JOURNEYS=1 (as CI runs it), journeys (after paying, tracking an order) run in Chromium through
 *      the load balancer, pictures from the bucket;
 *   and it prints the figures for the closing note: orders placed during the restart, retries the clients saw,
 *   mails sent, jobs retried.
 *
 *   npm run test:cluster                       (needs haproxy, PostgreSQL and Redis; CI installs haproxy)
 *   CLUSTER_DATABASE_URL=postgres://... REDIS_URL=redis://...  to point it elsewhere
 *   CLUSTER_KEEP=1                             leave the data folder (logs, outbox) for a look; prints its path
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { unitPriceCentsOf, type CheckoutSettings } from '@store/shared/checkout-totals';
import { centsToDecimalString } from '@store/shared/money';
import pg from 'pg';
import { testOrderBody } from '../src/modules/orders/test-order-body';
import { SERVER_NODE_FLAGS } from '../src/server-node-flags';
import {
  PG_SCOPE,
  SPAN_KIND_SERVER,
  spanAttribute,
  startOtlpTestCollector,
  traceTree,
  type OtlpTestCollector,
} from '../tests/otlp-test-collector';
import { startS3TestServer } from '../tests/s3-test-server';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_DATABASE_URL = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/5';
const KEEP = process.env.CLUSTER_KEEP === '1';
/** Order placers running at once during the rolling restart. */
const PLACERS = 4;
/** How long a drained instance may take to stop, and a started one to answer ready. */
const STOP_TIMEOUT_MS = 20_000;
const READY_TIMEOUT_MS = 60_000;
const MEDIA_BUCKET = 'store-media';
const PRIVATE_BUCKET = 'store-private';

// ---------------------------------------------------------------------------------------------------------------
// Everything started is stopped on every exit path.

const cleanups: (() => Promise<void> | void)[] = [];
function onCleanup(fn: () => Promise<void> | void): void {
  cleanups.unshift(fn);
}
async function cleanUp(): Promise<void> {
  for (const fn of cleanups.splice(0)) {
    try {
      await fn();
    } catch (error) {
      console.error(`cleanup: ${(error as Error).message}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`${signal}: stopping the cluster`);
    void cleanUp().finally(() => process.exit(1));
  });
}

function fail(message: string): never {
  throw new Error(message);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Waits for `child` to exit (killed with SIGKILL after `timeoutMs`); resolves with its exit code. */
function exited(child: ChildProcess, timeoutMs: number): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** A child process whose output goes to `<logDir>/<name>.log`, killed at cleanup if still running. */
function startProcess(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logDir: string,
): ChildProcess {
  const log = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  const child = spawn(command, args, { cwd: API_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  child.once('exit', () => log.end());
  onCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited(child, 5_000);
    }
  });
  return child;
}

async function waitUntil(what: string, timeoutMs: number, test: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await test()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) fail(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

async function isReady(baseUrl: string): Promise<boolean> {
  const res = await fetch(`${baseUrl}/api/health/ready`, { signal: AbortSignal.timeout(2_000) });
  return res.status === 200;
}

// ---------------------------------------------------------------------------------------------------------------
// The topology.

interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
}

interface Cluster {
  lbUrl: string;
  databaseUrl: string;
  dataDir: string;
  logDir: string;
  outboxDir: string;
  env: NodeJS.ProcessEnv;
  instances: Instance[];
  worker: ChildProcess;
  collector: OtlpTestCollector;
}

function requireCommand(command: string, install: string): void {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  if (found.status !== 0) fail(`${command} is not installed: ${install}`);
}

async function createDatabase(): Promise<string> {
  const name = `store_cluster_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  onCleanup(async () => {
    const c = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await c.end();
    }
  });
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function flushRedis(): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}

/** The local S3 server (s3rver, as the storage tests use) with the public and the private bucket. */
async function startS3(): Promise<string> {
  const server = await startS3TestServer();
  onCleanup(() => server.close());
  await server.createBucket(MEDIA_BUCKET);
  await server.createBucket(PRIVATE_BUCKET);
  return server.endpoint;
}

function haproxyConfig(lbPort: number, instances: { name: string; port: number }[]): string {
  return [
    'global',
    '  maxconn 512',
    // The access log on standard output (the cluster's haproxy.log): one line per request, led by its id.
    '  log stdout format raw local0 info',
    'defaults',
    '  mode http',
    '  log global',
    // The path without its query: a query can carry an order's pass or an email address.
    '  log-format "%ID %ci %HM %HP %ST %b/%s %Ta"',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // A request that never reached a store (connection refused while it restarts) goes to the other one; an
    // answer lost on a connection the store was closing is retried too: every order carries an Idempotency-Key.
    '  retries 3',
    '  option redispatch',
    '  retry-on conn-failure empty-response junk-response',
    'frontend store',
    `  bind 127.0.0.1:${lbPort}`,
    '  option forwardfor',
    // The load balancer names every request; the stores keep a valid X-Request-Id (plugins/request-id.ts), so its
    // access log line, the store's log lines and the trace's spans share one id.
    '  unique-id-format %{+X}o\\ %ci:%cp_%fi:%fp_%Ts_%rt:%pid',
    '  http-request set-header X-Request-Id %[unique-id]',
    '  default_backend stores',
    'backend stores',
    '  balance roundrobin',
    '  option httpchk GET /api/health/ready',
    '  http-response set-header X-Served-By %s',
    // A store busy with a burst (the journeys' browsers on two cores) may take longer than a check's interval to
    // answer readiness: one slow answer must not take it out, let alone both (every request then met 503 "no
    // server"). Two failed checks in a row do; a store that stops refuses connections, which are retried above.
    '  timeout check 2s',
    '  default-server inter 500ms fall 2 rise 1',
    ...instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check`),
    '',
  ].join('\n');
}

async function startCluster(): Promise<Cluster> {
  requireCommand('haproxy', 'apt-get install -y haproxy');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'store-cluster-'));
  onCleanup(async () => {
    if (KEEP) console.log(`kept: ${dataDir}`);
    else await rm(dataDir, { recursive: true, force: true });
  });
  const logDir = path.join(dataDir, 'logs');
  await import('node:fs/promises').then((fs) => fs.mkdir(logDir, { recursive: true }));

  if (!existsSync(path.resolve(API_DIR, '../web/dist/index.html'))) {
    console.log('building the web app (apps/web/dist) ...');
    const web = spawnSync('npm', ['run', 'build', '-w', '@store/web'], {
      cwd: path.resolve(API_DIR, '../..'),
      stdio: 'inherit',
    });
    if (web.status !== 0) fail('the web build failed');
  }
  console.log('building the server and the worker (apps/api/dist) ...');
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: API_DIR, stdio: 'inherit' });
  if (build.status !== 0) fail('the server build failed');

  const databaseUrl = await createDatabase();
  await flushRedis();
  const s3Url = await startS3();
  const collector = await startOtlpTestCollector();
  onCleanup(() => collector.close());
  const lbPort = await freePort();
  const lbUrl = `http://127.0.0.1:${lbPort}`;

  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    // One shared folder stands for what every machine would mount: here only the outbox (mail as .eml files).
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: lbUrl,
    S3_BUCKET: MEDIA_BUCKET,
    S3_PRIVATE_BUCKET: PRIVATE_BUCKET,
    S3_ENDPOINT: s3Url,
    S3_REGION: 'ap-southeast-2',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
    PUBLIC_MEDIA_URL: `${s3Url}/${MEDIA_BUCKET}/`,
    // HAProxy adds the client's address to X-Forwarded-For; the test's "clients" name themselves in front of it.
    TRUST_PROXY: '2',
    RATE_LIMIT_PLACE_ORDERS_PER_MINUTE: '100000',
    RATE_LIMIT_API_PER_MINUTE: '1000000',
    RATE_LIMIT_RENDERS_PER_MINUTE: '1000000',
    MIGRATE_ON_START: '0',
    LOW_STOCK_MAIL_AT: 'off',
    // Traces to the collector this script runs, where a real cluster would have one (decision 0063).
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '200',
  };

  console.log('migrating the new database once (npm run db:migrate) ...');
  const migrate = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/db-migrate.ts'], {
    cwd: API_DIR,
    env,
    encoding: 'utf8',
  });
  if (migrate.status !== 0) fail(`db:migrate failed: ${migrate.stderr || migrate.stdout}`);

  const ports = [await freePort(), await freePort()];
  const instances: Instance[] = [];
  for (const [i, port] of ports.entries()) {
    const name = i === 0 ? 'a' : 'b';
    // A first, alone: it loads the demo catalog into the empty database; B finds it there.
    const instance = startInstance(name, port, env, logDir);
    instances.push(instance);
    await waitUntil(`store ${name} ready`, READY_TIMEOUT_MS, () => isReady(instance.url));
  }
  const worker = startProcess(
    'worker',
    process.execPath,
    [...SERVER_NODE_FLAGS, 'dist/worker.mjs'],
    { ...env, RUN_JOBS: '1', RUN_SCHEDULES: '1' },
    logDir,
  );

  const haproxyFile = path.join(dataDir, 'haproxy.cfg');
  await writeFile(haproxyFile, haproxyConfig(lbPort, instances));
  startProcess('haproxy', 'haproxy', ['-db', '-f', haproxyFile], env, logDir);
  await waitUntil('the load balancer ready', 10_000, () => isReady(lbUrl));

  return {
    lbUrl,
    databaseUrl,
    dataDir,
    logDir,
    outboxDir: path.join(dataDir, 'outbox'),
    env,
    instances,
    worker,
    collector,
  };
}

function startInstance(name: string, port: number, env: NodeJS.ProcessEnv, logDir: string): Instance {
  const child = startProcess(
    `store-${name}`,
    process.execPath,
    [...SERVER_NODE_FLAGS, 'dist/server.mjs'],
    { ...env, PORT: String(port), RUN_JOBS: '0', RUN_SCHEDULES: '0' },
    logDir,
  );
  return { name, port, url: `http://127.0.0.1:${port}`, child };
}

/** SIGTERM, wait for the drained exit (code 0), start again on the same port, wait until ready. */
async function restartInstance(
  cluster: Cluster,
  instance: Instance,
): Promise<{ stopMs: number; readyMs: number }> {
  const started = Date.now();
  instance.child.kill('SIGTERM');
  const code = await exited(instance.child, STOP_TIMEOUT_MS);
  if (code !== 0) fail(`store ${instance.name} exited ${code} on SIGTERM (see ${cluster.logDir})`);
  const stopMs = Date.now() - started;
  const fresh = startInstance(instance.name, instance.port, cluster.env, cluster.logDir);
  instance.child = fresh.child;
  await waitUntil(`store ${instance.name} ready again`, READY_TIMEOUT_MS, () => isReady(instance.url));
  return { stopMs, readyMs: Date.now() - started - stopMs };
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP helpers.

interface Answer {
  status: number;
  body: unknown;
  servedBy: string | null;
  requestId: string | null;
}

async function call(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; form?: FormData } = {},
): Promise<Answer> {
  const res = await fetch(url, {
    method: init.method ?? (init.body || init.form ? 'POST' : 'GET'),
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    body: init.form ?? (init.body ? JSON.stringify(init.body) : undefined),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return {
    status: res.status,
    body,
    servedBy: res.headers.get('x-served-by'),
    requestId: res.headers.get('x-request-id'),
  };
}

function field<T>(value: unknown, ...keys: string[]): T {
  let v = value;
  for (const k of keys) v = (v as Record<string, unknown> | null)?.[k];
  return v as T;
}

async function signInAdmin(cluster: Cluster, baseUrl: string): Promise<string> {
  const { createStaff } = await import('../src/modules/admin/staff-accounts');
  const { openDatabase } = await import('../src/db/client');
  const handle = await openDatabase({ databaseUrl: cluster.databaseUrl, poolSize: 1 });
  const email = 'cluster.owner@example.com';
  let created;
  try {
    created = await createStaff(handle.db, { email, name: 'Cluster Owner', role: 'admin' });
  } finally {
    await handle.close();
  }
  const client = { 'x-forwarded-for': '198.51.100.10' };
  const login = await call(`${baseUrl}/api/admin/login`, {
    headers: client,
    body: { email, password: created.password },
  });
  const token = field<string>(login.body, 'token') ?? fail(`admin sign-in: ${login.status}`);
  const changed = await call(`${baseUrl}/api/admin/password`, {
    headers: { ...client, authorization: `Bearer ${token}` },
    body: { current_password: created.password, new_password: 'Cluster!Owner0rd' },
  });
  if (changed.status !== 200)
    fail(`admin password change: ${changed.status} ${JSON.stringify(changed.body)}`);
  return token;
}

// ---------------------------------------------------------------------------------------------------------------
// The checks.

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function imageUploadedOnAServedByB(cluster: Cluster, token: string): Promise<void> {
  const [a, b] = cluster.instances as [Instance, Instance];
  const form = new FormData();
  form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'cluster.png');
  const uploaded = await call(`${a.url}/api/admin/product-images`, {
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '198.51.100.10' },
    form,
  });
  if (uploaded.status !== 201) fail(`upload through A: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  const stored = field<string>(uploaded.body, 'path') ?? fail('the upload answered no path');
  const res = await fetch(`${b.url}/media/${stored}`, { redirect: 'follow' });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || !bytes.equals(PNG_1X1))
    fail(`B served ${stored} as ${res.status} (${bytes.length} bytes), not the uploaded picture`);
  console.log(`1. image uploaded through A (${stored}) served by B: ${res.url}`);
}

interface ShopProduct {
  id: number;
  sku: string;
  permalink: string;
  product_meta: { option: string; value: string }[];
  discount_data: { discounted_price: string } | null;
}

async function shopProducts(baseUrl: string): Promise<ShopProduct[]> {
  const res = await call(`${baseUrl}/api/shop?page=1`);
  const data = field<ShopProduct[]>(res.body, 'data', 'data') ?? field<ShopProduct[]>(res.body, 'data');
  if (!Array.isArray(data) || data.length === 0) fail(`the shop listed no products: ${res.status}`);
  return data;
}

async function productOn(baseUrl: string, sku: string): Promise<ShopProduct> {
  const res = await call(`${baseUrl}/api/products/${encodeURIComponent(sku)}`);
  return (field<ShopProduct>(res.body, 'data') ?? fail(`product ${sku}: ${res.status}`)) as ShopProduct;
}

async function catalogEditOnASeenOnB(cluster: Cluster, token: string, sku: string): Promise<void> {
  const [a, b] = cluster.instances as [Instance, Instance];
  const before = unitPriceCentsOf(await productOn(b.url, sku));
  const price = centsToDecimalString((before ?? 1000) + 123);
  const edited = await call(`${a.url}/api/admin/products/${encodeURIComponent(sku)}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '198.51.100.10' },
    body: { price, sale_price: null, discount_percent: null },
  });
  if (edited.status !== 200) fail(`price edit on A: ${edited.status} ${JSON.stringify(edited.body)}`);
  const started = Date.now();
  await waitUntil(`B showing ${sku} at $${price}`, 5_000, async () => {
    const p = await productOn(b.url, sku);
    return unitPriceCentsOf(p) === (before ?? 1000) + 123;
  });
  console.log(`2. price of ${sku} edited on A, seen on B after ${Date.now() - started} ms`);
}

async function signInsAcrossInstances(cluster: Cluster, token: string): Promise<void> {
  const [a, b] = cluster.instances as [Instance, Instance];
  const onB = await call(`${b.url}/api/admin/me`, {
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '198.51.100.10' },
  });
  if (onB.status !== 200) fail(`the sign-in made on A answered ${onB.status} on B`);
  // One client (its own address before the load balancer) trying wrong passwords through the load balancer.
  const statuses: number[] = [];
  const servedBy = new Set<string>();
  for (let i = 0; i < 12; i++) {
    const res = await call(`${cluster.lbUrl}/api/login`, {
      headers: { 'x-forwarded-for': '198.51.100.77' },
      body: { email: 'nobody@example.com', password: 'Wrong!pass1' },
    });
    statuses.push(res.status);
    if (res.servedBy) servedBy.add(res.servedBy);
  }
  const firstLimited = statuses.indexOf(429);
  if (firstLimited !== 10 || servedBy.size < 2)
    fail(`sign-in limit across instances: ${statuses.join(' ')} from ${[...servedBy].join(', ')}`);
  console.log(
    `3. a sign-in made on ${a.name} holds on ${b.name}; wrong passwords through the load balancer (served by ` +
      `${[...servedBy].join(' and ')}): ${statuses.join(' ')}`,
  );
}

interface OrderOutcome {
  status: number;
  orderNumber: string | null;
  publicId: string | null;
  attempts: number;
  /** The last attempt's request id and the store that answered it. */
  requestId: string | null;
  servedBy: string | null;
}

async function placeOrder(
  cluster: Cluster,
  products: ShopProduct[],
  settings: CheckoutSettings,
): Promise<OrderOutcome> {
  const product = products[Math.floor(Math.random() * products.length)] as ShopProduct;
  const unit = unitPriceCentsOf(product) ?? fail(`no price for ${product.sku}`);
  const lines = [{ id: product.id, unitPriceCents: unit, quantity: 1 + Math.floor(Math.random() * 2) }];
  const body = testOrderBody(
    lines,
    { f_name: 'Cluster', l_name: 'Shopper', email: `cluster.${randomUUID().slice(0, 8)}@example.com` },
    {},
    settings,
  );
  const key = randomUUID();
  // The shopper's browser repeats the same request with the same key while the answer is an error of the way.
  for (let attempts = 1; ; attempts++) {
    let res: Answer | null = null;
    try {
      res = await call(`${cluster.lbUrl}/api/place-order`, {
        headers: { 'idempotency-key': key, 'x-forwarded-for': '198.51.100.20' },
        body,
      });
    } catch {
      res = null;
    }
    if (res && res.status < 500 && res.status !== 429) {
      return {
        status: res.status,
        orderNumber: field<string>(res.body, 'data', 'invoice_number') ?? null,
        publicId: field<string>(res.body, 'data', 'id') ?? null,
        attempts,
        requestId: res.requestId,
        servedBy: res.servedBy,
      };
    }
    if (attempts >= 20)
      return {
        status: res?.status ?? 0,
        orderNumber: null,
        publicId: null,
        attempts,
        requestId: res?.requestId ?? null,
        servedBy: res?.servedBy ?? null,
      };
    await sleep(250);
  }
}

async function storeSettings(baseUrl: string): Promise<CheckoutSettings> {
  const res = await call(`${baseUrl}/api/store-config`);
  const cents = (dollars: unknown) => Math.round(Number(dollars) * 100);
  return {
    gstPercent: Number(field(res.body, 'data', 'gst_percent')),
    deliveryChargeCents: cents(field(res.body, 'data', 'delivery_charge')),
    freeDeliveryThresholdCents: cents(field(res.body, 'data', 'free_delivery_threshold')),
  };
}

/** How many confirmation mails in the shared outbox name each order number ("... order INV is confirmed"). */
async function confirmationMails(outboxDir: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const files = await readdir(outboxDir).catch(() => [] as string[]);
  for (const file of files.filter((f) => f.endsWith('.eml'))) {
    const text = await readFile(path.join(outboxDir, file), 'utf8');
    const number = /^Subject: .* order (\S+) is confirmed\s*$/m.exec(text)?.[1];
    if (number) counts.set(number, (counts.get(number) ?? 0) + 1);
  }
  return counts;
}

async function rollingRestartDuringOrders(cluster: Cluster, token: string): Promise<void> {
  const [a] = cluster.instances as [Instance, Instance];
  const settings = await storeSettings(cluster.lbUrl);
  // Plenty of stock on the products ordered, so every order can be paid.
  const products = (await shopProducts(cluster.lbUrl)).slice(0, 5);
  for (const p of products) {
    const res = await call(`${a.url}/api/admin/products/${encodeURIComponent(p.sku)}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '198.51.100.10' },
      body: { stock: 100_000 },
    });
    if (res.status !== 200) fail(`stock for ${p.sku}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const fresh = await Promise.all(products.map((p) => productOn(cluster.lbUrl, p.sku)));

  const outcomes: OrderOutcome[] = [];
  let placing = true;
  // A placer's own error stops the stream and fails the run after the restarts, never mid-way without cleanup.
  let placerError: Error | null = null;
  const placers = Array.from({ length: PLACERS }, async () => {
    try {
      while (placing) outcomes.push(await placeOrder(cluster, fresh, settings));
    } catch (error) {
      placerError ??= error as Error;
      placing = false;
    }
  });
  await sleep(2_000);
  const restarts: string[] = [];
  for (const instance of cluster.instances) {
    const r = await restartInstance(cluster, instance);
    restarts.push(`${instance.name}: drained and stopped in ${r.stopMs} ms, ready again in ${r.readyMs} ms`);
    await sleep(1_000);
  }
  await sleep(2_000);
  placing = false;
  await Promise.all(placers);
  if (placerError) fail(`placing orders: ${(placerError as Error).message}`);

  const ok = outcomes.filter((o) => o.status === 200);
  const refused = outcomes.filter((o) => o.status !== 200);
  if (refused.length > 0)
    fail(
      `orders not answered 200: ${refused.map((o) => `${o.status} after ${o.attempts} tries`).join(', ')}`,
    );
  const retries = outcomes.reduce((n, o) => n + o.attempts - 1, 0);

  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  try {
    const numbers = ok.map((o) => o.orderNumber ?? fail('an order answered 200 without its number'));
    if (new Set(numbers).size !== numbers.length) fail('two answers named the same order');
    const paid = await db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM orders WHERE payment_status = 'completed' AND public_id = ANY($1)`,
      [ok.map((o) => o.publicId)],
    );
    if (Number(paid.rows[0]?.n) !== ok.length)
      fail(`${ok.length} orders answered 200, ${paid.rows[0]?.n} of them paid in the database`);
    const all = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM orders`);
    // Every confirmation mailed once: the worker may still be working through the queue.
    let mails = new Map<string, number>();
    await waitUntil('every confirmation mailed', 60_000, async () => {
      mails = await confirmationMails(cluster.outboxDir);
      return numbers.every((n) => mails.has(n));
    }).catch(() => undefined);
    const missing = numbers.filter((n) => !mails.has(n));
    const twice = [...mails].filter(([, count]) => count > 1).map(([n]) => n);
    if (missing.length > 0)
      fail(`no confirmation mail for ${missing.length} orders: ${missing.slice(0, 5).join(', ')}`);
    if (twice.length > 0) fail(`confirmation mailed more than once for ${twice.join(', ')}`);
    const retried = await db
      .query<{ n: string }>(`SELECT count(*)::text AS n FROM pgboss.job WHERE retry_count > 0`)
      .then((r) => r.rows[0]?.n ?? '0')
      .catch(() => 'n/a');
    console.log(
      `4. rolling restart (${restarts.join('; ')}) during a stream of orders from ${PLACERS} shoppers:\n` +
        `   ${ok.length} orders answered 200, all paid (${all.rows[0]?.n} orders in the database), ` +
        `${retries} repeats by clients (same Idempotency-Key), ${ok.length} confirmations mailed once each, ` +
        `jobs retried: ${retried}`,
    );
  } finally {
    await db.end();
  }
}

/**
 * One order through the load balancer, followed from HAProxy's access log line to the store's database statements:
 * HAProxy names the request (X-Request-Id), the store keeps the name on its trace's server span, and the trace
 * (exported over OTLP to this script's collector) holds the pg spans under it.
 */
async function traceOfOneOrder(cluster: Cluster): Promise<void> {
  const settings = await storeSettings(cluster.lbUrl);
  const products = (await shopProducts(cluster.lbUrl)).slice(0, 5);
  const order = await placeOrder(cluster, products, settings);
  if (order.status !== 200) fail(`the traced order answered ${order.status}`);
  const id = order.requestId ?? fail('the order answer carried no X-Request-Id');
  let logged: string | undefined;
  await waitUntil(`HAProxy's log line for ${id}`, 5_000, async () => {
    const log = await readFile(path.join(cluster.logDir, 'haproxy.log'), 'utf8');
    logged = log.split('\n').find((l) => l.startsWith(`${id} `));
    return !!logged;
  });
  const spans = cluster.collector.spans;
  const top = () =>
    spans.find(
      (s) => s.kind === SPAN_KIND_SERVER && !s.parentSpanId && spanAttribute(s, 'request.id') === id,
    );
  await waitUntil(`the trace of request ${id}`, 15_000, async () => {
    const t = top();
    return !!t && spans.filter((s) => s.traceId === t.traceId && s.scope === PG_SCOPE).length > 3;
  });
  const tree = traceTree(spans, top()!);
  const queries = tree.spans.filter((s) => s.scope === PG_SCOPE);
  if (
    !queries.some((s) =>
      /insert into "orders"/.test(
        String(spanAttribute(s, 'db.query.text') ?? spanAttribute(s, 'db.statement') ?? ''),
      ),
    )
  )
    fail(`the trace of ${id} has no insert into orders`);
  for (const span of tree.spans)
    if (tree.ancestry(span).at(-1) !== tree.top) fail(`span ${span.name} is not under the request's span`);
  const text = tree.text().split('\n');
  console.log(
    `5. one order through the load balancer, from its access log to the database:\n` +
      `   HAProxy: ${logged}\n` +
      `   store ${order.servedBy}: trace ${tree.top.traceId}, ${tree.spans.length} spans, ${queries.length} statements:\n` +
      text
        .slice(0, 40)
        .map((l) => `     ${l}`)
        .join('\n') +
      (text.length > 40 ? `\n     ... ${text.length - 40} more` : ''),
  );
}

/** Journeys that buy, read the thank-you page and the mails, and track an order, run through the load balancer. */
const JOURNEYS = ['e2e/after-paying.spec.ts', 'e2e/track-order-by-number.spec.ts'];
/** The journeys' whole run, after which they are stopped (each journey has its own budget inside it). */
const JOURNEYS_TIMEOUT_MS = 15 * 60_000;

async function journeysThroughTheLoadBalancer(cluster: Cluster): Promise<void> {
  const started = Date.now();
  // Not spawnSync: the S3 server and the trace collector run in this process and must go on answering.
  const journeys = spawn(
    'npx',
    [
      'playwright',
      'test',
      '-c',
      'e2e/playwright.config.ts',
      ...JOURNEYS,
      // after-paying runs on the phone only (its desktop screens are taken by resizing).
      '--project=phone',
      '--project=desktop',
      '--reporter=line',
    ],
    {
      cwd: path.resolve(API_DIR, '../..'),
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_BASE_URL: cluster.lbUrl,
        // The worker writes the mails to the cluster's shared folder, where the journeys read them.
        E2E_DATA_DIR: cluster.dataDir,
        E2E_SCREENS: '0',
        E2E_OUTPUT_DIR: path.join(cluster.dataDir, 'test-results'),
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      },
    },
  );
  onCleanup(async () => {
    if (journeys.exitCode === null && journeys.signalCode === null) {
      journeys.kill('SIGTERM');
      await exited(journeys, 10_000);
    }
  });
  const status = await exited(journeys, JOURNEYS_TIMEOUT_MS);
  if (status !== 0) fail(`the journeys through the load balancer failed (${JOURNEYS.join(', ')})`);
  console.log(
    `6. journeys through the load balancer passed in ${((Date.now() - started) / 1000).toFixed(0)} s: ${JOURNEYS.join(', ')}`,
  );
}

async function main(): Promise<void> {
  const cluster = await startCluster();
  console.log(
    `cluster up: load balancer ${cluster.lbUrl} -> ${cluster.instances.map((i) => i.url).join(', ')}, a worker`,
  );
  const [a] = cluster.instances as [Instance, Instance];
  const token = await signInAdmin(cluster, a.url);
  const [first] = await shopProducts(cluster.lbUrl);
  await imageUploadedOnAServedByB(cluster, token);
  await catalogEditOnASeenOnB(cluster, token, (first ?? fail('no product')).sku);
  await signInsAcrossInstances(cluster, token);
  await rollingRestartDuringOrders(cluster, token);
  await traceOfOneOrder(cluster);
  // The journeys need Chromium and a minute more; CI turns them on (issue 38, decision 0065).
  if (process.env.CLUSTER_JOURNEYS === '1') await journeysThroughTheLoadBalancer(cluster);
  console.log(`cluster test passed (logs in ${cluster.logDir}${KEEP ? '' : ', removed'})`);
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  console.error(`cluster test failed: ${(error as Error).message}`);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
