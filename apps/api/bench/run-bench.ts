/**
 * `npm run bench`: imports a generated 10,000-product catalog (timed), then measures req/s and latency of
 * the hot catalog calls, of place-order (offline test card, a fresh Idempotency-Key per request, a product
 * whose stock is untracked so it never runs out), of sign-in and of a signed-in profile read with autocannon on loopback, beside a bare node:http
 * hello-world measured in the same run, and prints each as a ratio to it. Server and load generator are
 * separate processes.
 *
 * Options (env): BENCH_COUNT (10000), BENCH_SECONDS per endpoint (10), BENCH_CONNECTIONS (20),
 * BENCH_DATABASE_URL (PostgreSQL instead of embedded PGlite; the database is emptied first), BENCH_LOG_LEVEL
 * (warn; `info` logs every request as production does, through the redaction of decision 0011, to /dev/null).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COUNT = Number(process.env.BENCH_COUNT ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: API_DIR, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`)),
    );
  });
}

async function startServer(args: string[], env: NodeJS.ProcessEnv, readyUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: API_DIR,
    env,
    // Request logs (BENCH_LOG_LEVEL=info) are written and thrown away: their cost counts, their lines do not.
    stdio: ['ignore', env.LOG_LEVEL === 'info' ? 'ignore' : 'inherit', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(readyUrl);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`server did not answer ${readyUrl}`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Measured {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** The q-quantile (0-1) of sorted values, ms with one decimal. */
function quantile(sorted: number[], q: number): number {
  const v = sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return Math.round(v * 10) / 10;
}

/**
 * Warms up for 2 s (JIT, database caches), then measures for BENCH_SECONDS. GETs rotate through `paths`;
 * a `request` (e.g. a POST with its own setupRequest) replaces them. autocannon reports no p95, so the
 * response times are collected from its 'response' events.
 */
async function measure(
  name: string,
  baseUrl: string,
  paths: string[],
  request?: autocannon.Request,
): Promise<Measured> {
  let i = 0;
  const load = async (duration: number) => {
    const times: number[] = [];
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: baseUrl,
          connections: CONNECTIONS,
          duration,
          requests: [
            request ?? { setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] ?? '/' }) },
          ],
        },
        (err, res) => (err ? reject(err) : resolve(res)),
      );
      instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
    });
    return { result, times: times.sort((a, b) => a - b) };
  };
  await load(2);
  const { result, times } = await load(SECONDS);
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p95: quantile(times, 0.95),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * The place-order load: one untracked-stock product (it never sells out), the body priced by the server's
 * own 409 answer, and a fresh Idempotency-Key per request so each one places a new order.
 */
async function placeOrderRequest(base: string): Promise<autocannon.Request> {
  const shop = (await (await fetch(`${base}/api/shop?pagination=100`)).json()) as {
    data: { id: number; product_meta: { option: string }[] }[];
  };
  const untracked = shop.data.find((p) => !p.product_meta.some((m) => m.option === '_stock'));
  if (!untracked) throw new Error('no product with untracked stock in the first 100 of the catalog');
  const body = {
    f_name: 'Bench',
    l_name: 'Buyer',
    email: 'bench@example.com',
    phone: '0412345678',
    street_address: '1 Test St',
    city: 'Sydney',
    state: 'NSW',
    post_code: '2000',
    payment_method: 'Stripe',
    stripePaymentMethodId: 'pm_card_visa',
    products: [{ id: untracked.id, quantity: 1, qp_subtotal: '0' }],
    subTotal: '0',
    delivery_charges: '0',
    totalGst: '0',
    grand_total: '0',
  };
  const probe = await fetch(`${base}/api/place-order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const server = (await probe.json()) as {
    data?: {
      subTotal: string;
      delivery_charges: string;
      totalGst: string;
      grand_total: string;
      products: { qp_subtotal: string }[];
    };
  };
  if (probe.status !== 409 || !server.data) throw new Error(`place-order probe answered ${probe.status}`);
  const priced = JSON.stringify({
    ...body,
    products: [{ id: untracked.id, quantity: 1, qp_subtotal: server.data.products[0]?.qp_subtotal }],
    subTotal: server.data.subTotal,
    delivery_charges: server.data.delivery_charges,
    totalGst: server.data.totalGst,
    grand_total: server.data.grand_total,
  });
  const check = await fetch(`${base}/api/place-order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: priced,
  });
  if (check.status !== 200) throw new Error(`place-order answered ${check.status}: ${await check.text()}`);
  return {
    method: 'POST',
    path: '/api/place-order',
    body: priced,
    setupRequest: (req) => ({
      ...req,
      headers: { ...req.headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    }),
  };
}

/**
 * A member registered for the bench: sign-in (one argon2id verification each, 19 MiB, t=2) and a profile read
 * with the bearer (one session lookup, sliding expiry written at most once a minute).
 */
async function memberRequests(
  base: string,
): Promise<{ login: autocannon.Request; profile: autocannon.Request }> {
  const credentials = { email: `bench.${randomUUID()}@example.com`, password: 'Bench!passw0rd' };
  const registered = await fetch(`${base}/api/registered`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Member', phone: '0412345678', ...credentials }),
  });
  const answer = (await registered.json()) as { token?: string };
  if (registered.status !== 200 || !answer.token)
    throw new Error(`registration answered ${registered.status}`);
  return {
    login: {
      method: 'POST',
      path: '/api/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    },
    profile: { method: 'GET', path: '/api/profile', headers: { authorization: `Bearer ${answer.token}` } },
  };
}

async function main() {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'store-bench-'));
  const csv = path.join(tmp, 'catalog.csv');
  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: tmp,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    DEMO_CATALOG: '0',
    NODE_ENV: 'production',
    DATABASE_URL: DATABASE_URL ?? '',
  };
  if (DATABASE_URL) {
    const c = new pg.Client({ connectionString: DATABASE_URL });
    await c.connect();
    await c.query(
      'DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;',
    );
    await c.end();
  }

  console.log(`generating ${COUNT} products ...`);
  await run(
    process.execPath,
    ['--import', 'tsx', 'src/cli/catalog-generate.ts', '--count', String(COUNT), '--out', csv],
    baseEnv,
  );
  console.log(`importing into ${DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'} ...`);
  const t0 = performance.now();
  await run(process.execPath, ['--import', 'tsx', 'src/cli/catalog-import.ts', csv], baseEnv);
  const importMs = performance.now() - t0;
  console.log(`second import of the same file (nothing changes) ...`);
  const t1 = performance.now();
  await run(process.execPath, ['--import', 'tsx', 'src/cli/catalog-import.ts', csv], baseEnv);
  const reimportMs = performance.now() - t1;

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const store = await startServer(
    ['src/server.ts'],
    {
      ...baseEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      // NODE_ENV=production: the offline test card provider must be allowed explicitly (DESIGN §3).
      ALLOW_TEST_PAYMENTS: '1',
      RATE_LIMIT_PLACE_ORDERS_PER_MINUTE: '100000000',
      RATE_LIMIT_LOGINS_PER_MINUTE: '100000000',
      RATE_LIMIT_API_PER_MINUTE: '100000000',
    },
    `${base}/api/store-config`,
  );
  const results: Measured[] = [];
  const rss: number[] = [];
  try {
    const shop = (await (await fetch(`${base}/api/shop?pagination=100`)).json()) as {
      data: { sku: string }[];
    };
    const skus = shop.data.map((p) => p.sku);
    const cats = (await (await fetch(`${base}/api/categories`)).json()) as { data: { sku: string }[] };
    // Caches are bypassed: each request is a distinct URL the server must answer in full.
    results.push(
      await measure(
        'GET /api/products/{sku}',
        base,
        skus.map((s) => `/api/products/${encodeURIComponent(s)}`),
      ),
    );
    results.push(
      await measure(
        'GET /api/shop',
        base,
        cats.data
          .flatMap((c) => [1, 2, 3, 7].map((p) => `/api/shop?page=${p}&category=${c.sku}`))
          .concat(['/api/shop?page=1', '/api/shop?page=40']),
      ),
    );
    results.push(
      await measure(
        'GET /api/search-product',
        base,
        [
          'battery',
          'h4 globe',
          'batt',
          'socket set',
          'ratchet strap',
          'wheel nut',
          'batery',
          'led torch',
          skus[0] ?? 'x',
        ].map((q) => `/api/search-product?search=${encodeURIComponent(q)}`),
      ),
    );
    results.push(await measure('POST /api/place-order', base, [], await placeOrderRequest(base)));
    const member = await memberRequests(base);
    results.push(await measure('POST /api/login (argon2id)', base, [], member.login));
    results.push(await measure('GET /api/profile (bearer)', base, [], member.profile));
    const { execSync } = await import('node:child_process');
    rss.push(Number(execSync(`ps -o rss= -p ${store.pid}`).toString().trim()) * 1024);
  } finally {
    await stop(store);
  }

  const helloPort = await freePort();
  const hello = await startServer(
    ['bench/hello-server.ts'],
    { ...process.env, PORT: String(helloPort) },
    `http://127.0.0.1:${helloPort}/`,
  );
  let baseline: Measured;
  try {
    baseline = await measure('bare node:http hello-world', `http://127.0.0.1:${helloPort}`, ['/']);
  } finally {
    await stop(hello);
  }
  await rm(tmp, { recursive: true, force: true });

  const pad = (s: string, n: number) => s.padEnd(n);
  console.log(
    `\nBenchmark: ${COUNT} products, ${DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, ${CONNECTIONS} connections, ${SECONDS}s each, ${os.cpus().length} cores, Node ${process.version}`,
  );
  console.log(
    `import of ${COUNT} rows: ${(importMs / 1000).toFixed(1)} s (${Math.round(COUNT / (importMs / 1000))} rows/s, whole CLI process); re-import unchanged: ${(reimportMs / 1000).toFixed(1)} s`,
  );
  console.log(`store RSS after load: ${Math.round((rss[0] ?? 0) / 1024 / 1024)} MiB`);
  console.log(
    `${pad('endpoint', 30)} ${pad('req/s', 9)} ${pad('p50 ms', 8)} ${pad('p95 ms', 8)} ${pad('p99 ms', 8)} ${pad('errors', 7)} ratio to baseline`,
  );
  for (const r of [baseline, ...results]) {
    console.log(
      `${pad(r.name, 30)} ${pad(r.rps.toFixed(0), 9)} ${pad(String(r.p50), 8)} ${pad(String(r.p95), 8)} ${pad(String(r.p99), 8)} ${pad(String(r.errors), 7)} ${(r.rps / baseline.rps).toFixed(3)}`,
    );
  }
}

await main();
