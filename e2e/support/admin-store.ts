/**
 * A store of a journey's own, with a first admin made by the real CLI (issue 12).
 *
 * The store Playwright starts keeps its PGlite database open in its own process, and a second process writing that
 * folder is neither seen by the running store nor safe. So back-office journeys do what an owner does on a new
 * install: run `npm run admin:create` on a data folder of their own, then start a store of their own on that folder,
 * and stop it and remove the folder afterwards. The folder is a copy of the run's seed (global-setup.ts: a store
 * already migrated and loaded with the demo catalog), as a restored backup would be. Its outbox is
 * `<dataDir>/outbox` (see outbox.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Asks the OS for a port nobody is listening on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('No port assigned')),
      );
    });
  });
}

/** The environment of this file's CLI and store: the store's own defaults (PGlite, memory), none of the runner's. */
export function storeEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extra };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return env;
}

/** Runs `npm run admin:create` and answers the one-time password it printed. */
export function createAdmin(dataDir: string, email: string, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const cli = spawn(
      'npm',
      ['run', 'admin:create', '-w', '@store/api', '--', '--email', email, '--name', name],
      {
        cwd: repoRoot,
        env: storeEnv(dataDir),
      },
    );
    let output = '';
    cli.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    cli.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    cli.on('error', reject);
    cli.on('exit', (code) => {
      const password = /One-time password: (\S+)/.exec(output)?.[1];
      if (code === 0 && password) resolve(password);
      else reject(new Error(`admin:create exited with ${code}:\n${output}`));
    });
  });
}

/** Starts the store on `dataDir` as `npm start` does (the web app already built) and waits until it answers. */
export async function startStore(
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<{ baseURL: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn('npm', ['run', 'start', '-w', '@store/api'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: storeEnv(dataDir, {
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_LOGINS_PER_MINUTE: '200',
      RATE_LIMIT_FORMS_PER_MINUTE: '200',
      RATE_LIMIT_API_PER_MINUTE: '100000',
      ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
      ...extraEnv,
    }),
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`The admin store stopped (${child.exitCode}):\n${errors}`);
    const up = await fetch(`${baseURL}/api/store-config`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { baseURL, process: child };
    await new Promise((r) => setTimeout(r, 500));
  }
  // Not up in time: stop what was started before saying so, so nothing is left running.
  await stopStore(child);
  throw new Error(`The admin store did not answer in 120 s:\n${errors}`);
}

/** Stops the store this file started (its whole process group: npm, tsx and node) and waits for it to go. */
export async function stopStore(child: ChildProcess) {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  }, 10_000);
  await exited;
  clearTimeout(timer);
}

export interface AdminStore {
  baseURL: string;
  dataDir: string;
  /** The admin's sign-in, its one-time password already changed to `password`. */
  email: string;
  password: string;
  name: string;
  /** Stops the store and removes its folder; safe to call twice. */
  stop(): Promise<void>;
}

/** The first admin's sign-in (`password` 'Gearbox#2026', `name` 'Olive Owner' unless told) and the store's env. */
export interface AdminStoreOptions {
  email: string;
  name?: string;
  password?: string;
  env?: Record<string, string>;
}

/**
 * Creates a data folder (a copy of the run's seed, global-setup.ts, when there is one), its first admin (CLI),
 * starts a store on it and changes the admin's one-time password to
 * `password` through the API, so a journey can sign in at once. Give it 180 s (`test.setTimeout`). Stops what it
 * started when any step fails.
 */
export async function startAdminStore(options: AdminStoreOptions): Promise<AdminStore> {
  const name = options.name ?? 'Olive Owner';
  const password = options.password ?? 'Gearbox#2026';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-e2e-admin-'));
  let child: ChildProcess | undefined;
  const stop = async () => {
    if (child) await stopStore(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The run's seed (global-setup.ts): a store that has migrated and loaded the demo catalog, stopped.
    const seedDir = process.env.E2E_ADMIN_SEED_DIR;
    if (seedDir) cpSync(seedDir, dataDir, { recursive: true });
    const oneTime = await createAdmin(dataDir, options.email, name);
    const started = await startStore(dataDir, options.env);
    child = started.process;
    const login = await fetch(`${started.baseURL}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: options.email, password: oneTime }),
    });
    const { token } = (await login.json()) as { token: string };
    const changed = await fetch(`${started.baseURL}/api/admin/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ current_password: oneTime, new_password: password }),
    });
    if (!changed.ok) throw new Error(`Changing the one-time password answered ${changed.status}`);
    return { baseURL: started.baseURL, dataDir, email: options.email, password, name, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
