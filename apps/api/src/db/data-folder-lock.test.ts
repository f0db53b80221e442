/**
 * One process at a time on a PGlite folder (issue 43 §3, decision 0042): a held folder is refused with who holds
 * it and what to do; a lock whose holder is gone (dead pid, reused pid) is taken over; of several processes taking
 * over one dead lock at once exactly one gets it; the store refuses to start on a held folder.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runChild, startChild, stopChildren } from '../../tests/child-processes';
import { openDatabase } from './client';
import {
  DataFolderLockedError,
  STORE_HOLDER,
  dataFolderLockPath,
  lockDataFolder,
  type DataFolderHolder,
} from './data-folder-lock';

let root: string;
let dir: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'store-lock-'));
  dir = path.join(root, 'pglite');
});
afterEach(async () => {
  await stopChildren();
  await rm(root, { recursive: true, force: true });
});

/** The pid of a process that has just ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid as number;
}

async function writeLock(holder: Partial<DataFolderHolder>): Promise<void> {
  const full: DataFolderHolder = {
    pid: 1,
    command: 'npm run catalog:import',
    host: os.hostname(),
    since: '2026-01-01T00:00:00.000Z',
    token: 'someone-else',
    ...holder,
  };
  await writeFile(dataFolderLockPath(dir), JSON.stringify(full));
}

const holderOf = async () => JSON.parse(await readFile(dataFolderLockPath(dir), 'utf8')) as DataFolderHolder;

describe('the data folder lock', () => {
  it('refuses a second open of a held folder, saying which process holds it and what to do', () => {
    const lock = lockDataFolder(dir, STORE_HOLDER);
    try {
      let refused: unknown;
      try {
        lockDataFolder(dir, 'npm run admin:create');
      } catch (error) {
        refused = error;
      }
      expect(refused).toBeInstanceOf(DataFolderLockedError);
      const message = (refused as Error).message;
      expect(message).toContain(`The store is running on the data folder ${dir} (process ${process.pid}`);
      expect(message).toMatch(/stop that store first, or start this one with another DATA_DIR/);
    } finally {
      lock.release();
    }
    expect(existsSync(dataFolderLockPath(dir))).toBe(false);
    lockDataFolder(dir, 'npm run admin:create').release();
  });

  it('takes over a lock left by a process that was killed', async () => {
    const pid = await deadPid();
    await writeLock({ pid, command: STORE_HOLDER });
    const lock = lockDataFolder(dir, STORE_HOLDER);
    try {
      expect(await holderOf()).toMatchObject({ pid: process.pid, command: STORE_HOLDER });
    } finally {
      lock.release();
    }
  });

  it.runIf(existsSync('/proc/self/stat'))(
    'takes over a lock whose pid now belongs to another process (the holder started at another time)',
    async () => {
      await writeLock({ pid: process.ppid, processStart: '1' });
      const lock = lockDataFolder(dir, STORE_HOLDER);
      lock.release();
    },
  );

  it('never takes over a lock held on another machine, and says how to free it', async () => {
    await writeLock({ pid: process.pid, host: 'elsewhere.example' });
    expect(() => lockDataFolder(dir, STORE_HOLDER)).toThrow(
      `If it is no longer running there, delete ${dataFolderLockPath(dir)}.`,
    );
    expect((await holderOf()).host).toBe('elsewhere.example');
  });

  it('release leaves alone a lock that is no longer this one', async () => {
    const lock = lockDataFolder(dir, STORE_HOLDER);
    await writeLock({ pid: process.ppid, token: 'another-holder' });
    lock.release();
    expect((await holderOf()).token).toBe('another-holder');
  });

  it('gives a dead lock to exactly one of several processes taking it over at once', async () => {
    await writeLock({ pid: await deadPid(), command: STORE_HOLDER });
    const racers = Array.from({ length: 4 }, () => startChild('tests/take-data-folder-lock.ts', [dir], {}));
    const firstLines = racers.map((child) => {
      const lines = createInterface({ input: child.stdout! });
      const seen: string[] = [];
      const waiters: Array<() => void> = [];
      lines.on('line', (line) => {
        seen.push(line);
        waiters.splice(0).forEach((w) => w());
      });
      return async (n: number) => {
        while (seen.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
        return seen[n - 1];
      };
    });
    // All started and waiting before any tries: then all at once.
    expect(await Promise.all(firstLines.map((line) => line(1)))).toEqual([
      'ready',
      'ready',
      'ready',
      'ready',
    ]);
    for (const child of racers) child.stdin!.write('go\n');
    const outcomes = await Promise.all(firstLines.map((line) => line(2)));
    expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'lost')).toHaveLength(3);
    const winner = racers[outcomes.indexOf('won')]!;
    expect((await holderOf()).pid).toBe(winner.pid);
    for (const child of racers) child.stdin!.end();
    await Promise.all(racers.map((c) => new Promise((resolve) => c.once('exit', resolve))));
    expect(existsSync(dataFolderLockPath(dir))).toBe(false);
  }, 60_000);

  it('openDatabase refuses a held folder before opening it, and frees the folder when closed', async () => {
    const lock = lockDataFolder(dir, 'npm run catalog:import');
    try {
      await expect(openDatabase({ pgliteDir: dir, migrate: false })).rejects.toThrow(
        /in use by process \d+, npm run catalog:import.*wait for it to finish/,
      );
      expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(false);
    } finally {
      lock.release();
    }
  });

  it('the store refuses to start on a folder another process holds, with one sentence', async () => {
    const lock = lockDataFolder(dir, 'npm run catalog:import');
    try {
      const run = await runChild('src/server.ts', [], { PGLITE_DIR: dir, DATA_DIR: root, PORT: '0' });
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toBe(new DataFolderLockedError(dir, lock.holder).message);
      expect(run.stdout).not.toMatch(/listening/);
    } finally {
      lock.release();
    }
  }, 60_000);
});
