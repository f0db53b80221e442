/**
 * Real child processes for the tests of commands and locks (issue 43 §3): a TypeScript file of apps/api run with
 * tsx, as `npm run admin:create` runs it. Every child started here is killed by `stopChildren()` (call it in
 * afterAll/afterEach) if it is still running, so a failed test leaves no process behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../src/env';

export const API_DIR = path.join(REPO_ROOT, 'apps/api');

const children = new Set<ChildProcess>();

/** An environment for a child: this one's, less what would point it at another database, plus `env`. */
export function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'PGLITE_DIR', 'INIT_CWD', 'TEST_DATABASE_URL'])
    delete base[name];
  return { ...base, LOG_LEVEL: 'warn', ...env };
}

/**
 * Starts `script` (relative to apps/api) under tsx's loader in one Node process (the `tsx` command would run it in
 * a second one, which a kill of the first could leave behind); the caller reads its streams and waits for it.
 */
export function startChild(script: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: API_DIR,
    env: childEnv(env),
    stdio: 'pipe',
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export interface ChildResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `script` to its end (killed after `timeoutMs`); resolves with its exit code and output. */
export function runChild(
  script: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 45_000,
): Promise<ChildResult> {
  const child = startChild(script, args, env);
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (t: string) => (stdout += t));
  child.stderr?.setEncoding('utf8').on('data', (t: string) => (stderr += t));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Kills every child still running and waits for each to be gone. */
export async function stopChildren(): Promise<void> {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

/** A running `npm run worker` (src/worker.ts) and what it has printed so far. */
export interface WorkerChild {
  child: ChildProcess;
  /** Its stdout and stderr so far, interleaved. */
  output(): string;
  /** Its exit code, once it has exited. */
  exited: Promise<number | null>;
}

/**
 * Starts the job worker as `npm run worker` runs it, on `databaseUrl` (PostgreSQL: the worker refuses PGlite) with
 * `dataDir` for its outbox and files, logging at info so its "is running" line can be read.
 */
export function startWorker(databaseUrl: string, dataDir: string): WorkerChild {
  const child = startChild('src/worker.ts', [], {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (t: string) => (output += t));
  child.stderr?.setEncoding('utf8').on('data', (t: string) => (output += t));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}
