/**
 * One process at a time on an embedded database folder (issue 43 §3, decision 0042). PGlite keeps no lock of its
 * own: two processes that open one folder both write it, and each overwrites what the other wrote (ids handed out
 * twice, rows the other never sees). `lockDataFolder` takes an exclusive lock file beside the folder
 * (`<folder>.lock`, created with O_EXCL) that names its holder: process id, its start time as the kernel counts it,
 * the machine, and what it is (`the store`, `npm run catalog:import`).
 *
 * A lock whose holder is gone (a crash, `kill -9`, a reboot) is taken over at once: the holder is asked of the
 * kernel (`kill(pid, 0)`, and on Linux the process's start time in /proc, so that a reused pid is not mistaken for
 * the holder), never guessed from the lock's age, because PGlite runs its queries on the event loop's thread and a
 * long statement would stop any heartbeat. Taking over goes through a second O_EXCL file (`<folder>.lock.takeover`)
 * so that two processes finding the same dead lock cannot both take it.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';

/** Who holds a data folder's lock, as written in the lock file. */
export interface DataFolderHolder {
  pid: number;
  /** What the holder is: `the store`, or the command line (`npm run admin:create`). */
  command: string;
  /** os.hostname() of the holder's machine: a holder on another machine cannot be asked whether it is alive. */
  host: string;
  /** ISO time the lock was taken. */
  since: string;
  /** The process's start time in clock ticks after boot (/proc/<pid>/stat field 22), Linux only. */
  processStart?: string;
  /** /proc/sys/kernel/random/boot_id: a lock from before a reboot is stale whatever its pid. */
  bootId?: string;
  /** Unique per lock taken: release removes the file only while it is still this one. */
  token: string;
}

/** What a store's holder calls itself; CLIs forward their commands to a holder with this name (decision 0042). */
export const STORE_HOLDER = 'the store';

/** The lock file of a PGlite folder: beside it, since PGlite's initdb wants its own folder empty. */
export function dataFolderLockPath(dir: string): string {
  return `${dir}.lock`;
}

/** Thrown when another live process holds the folder. `message` says who, and what to do. */
export class DataFolderLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: DataFolderHolder,
  ) {
    super(describeHolder(dir, holder));
    this.name = 'DataFolderLockedError';
  }

  /** True when the holder is a running store, which takes CLI commands on its control socket. */
  get heldByStore(): boolean {
    return this.holder.command === STORE_HOLDER;
  }
}

function describeHolder(dir: string, holder: DataFolderHolder): string {
  const where = holder.host === os.hostname() ? '' : ` on ${holder.host}`;
  const who = `process ${holder.pid}${where}, ${holder.command}, since ${holder.since}`;
  if (holder.command === STORE_HOLDER) {
    return (
      `The store is running on the data folder ${dir} (${who}). Only one process may open an embedded ` +
      'database: stop that store first, or start this one with another DATA_DIR, or use PostgreSQL (DATABASE_URL) ' +
      'to run several.'
    );
  }
  return (
    `The data folder ${dir} is in use by ${who}. Only one process may open an embedded database: wait for it to ` +
    `finish, or stop it, then try again.` +
    (where ? ` If it is no longer running there, delete ${dataFolderLockPath(dir)}.` : '')
  );
}

/** A lock this process holds. */
export interface DataFolderLock {
  readonly file: string;
  readonly holder: DataFolderHolder;
  /** Removes the lock file if it is still this lock's; idempotent. */
  release(): void;
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat (after the command name, which may hold spaces and parentheses). */
function processStartOf(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19];
}

const bootId = () => readText('/proc/sys/kernel/random/boot_id')?.trim();

function parseHolder(text: string | undefined): DataFolderHolder | undefined {
  if (text === undefined) return undefined;
  try {
    const h = JSON.parse(text) as DataFolderHolder;
    return Number.isSafeInteger(h.pid) && typeof h.token === 'string' ? h : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the holder of a lock may still be running. A lock that cannot be read (a half-written file from a
 * holder killed while writing it) counts as dead; a holder on another machine counts as alive (we cannot ask).
 */
export function isHolderAlive(holder: DataFolderHolder | undefined): boolean {
  if (!holder) return false;
  if (holder.host !== os.hostname()) return true;
  const currentBoot = bootId();
  if (holder.bootId && currentBoot && holder.bootId !== currentBoot) return false;
  // Ours: alive while this process holds it (a second open here is refused too), else an earlier run's.
  if (holder.pid === process.pid) return [...held].some((l) => l.holder.token === holder.token);
  if (!pidExists(holder.pid)) return false;
  if (holder.processStart) {
    const start = processStartOf(holder.pid);
    if (start !== undefined && start !== holder.processStart) return false; // the pid was given to another process
  }
  return true;
}

/**
 * Creates `file` holding `text` only if it does not exist; false when it does. The text is written to a file of
 * our own first and linked into place, so nobody ever reads a lock half written (and judges it dead).
 */
function createExclusive(file: string, text: string): boolean {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(temporary, text, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/** The live holder of `dir`'s lock, or undefined when it is free or its holder is gone. */
export function dataFolderHolder(dir: string): DataFolderHolder | undefined {
  const holder = parseHolder(readText(dataFolderLockPath(dir)));
  return isHolderAlive(holder) ? holder : undefined;
}

const held = new Set<DataFolderLock>();
let exitHookInstalled = false;

/**
 * Takes `dir`'s lock for this process, as `command` (STORE_HOLDER or the CLI's command line). Throws
 * DataFolderLockedError when a live process holds it; takes over a lock whose holder is gone. Released by
 * `release()` or, at the latest, when this process exits normally.
 */
export function lockDataFolder(dir: string, command: string): DataFolderLock {
  const file = dataFolderLockPath(dir);
  const processStart = processStartOf(process.pid);
  const boot = bootId();
  const holder: DataFolderHolder = {
    pid: process.pid,
    command,
    host: os.hostname(),
    since: new Date().toISOString(),
    ...(processStart ? { processStart } : {}),
    ...(boot ? { bootId: boot } : {}),
    token: randomBytes(12).toString('hex'),
  };
  const text = `${JSON.stringify(holder)}\n`;
  for (let attempt = 0; attempt < 50; attempt++) {
    if (createExclusive(file, text)) return remember(file, holder);
    const current = readText(file);
    if (current === undefined) continue; // released meanwhile: try again
    const currentHolder = parseHolder(current);
    if (currentHolder && isHolderAlive(currentHolder)) throw new DataFolderLockedError(dir, currentHolder);
    takeOverStale(file, current);
  }
  throw new Error(`Could not take the lock ${file}: it kept changing hands. Try again.`);
}

/**
 * Removes the stale lock `file` if it still reads `staleText`. Only one process at a time may do this (the
 * takeover file), and it re-reads the lock inside: nobody else may replace a lock file, only create one where none
 * is, so the file it judged dead cannot become a live one between that read and the unlink.
 */
function takeOverStale(file: string, staleText: string): void {
  const takeover = `${file}.takeover`;
  const mine = `${JSON.stringify({ pid: process.pid, token: randomBytes(8).toString('hex') })}\n`;
  if (!createExclusive(takeover, mine)) {
    // Another process is taking over right now (a few system calls), or died doing so: then its file goes.
    const otherText = readText(takeover);
    const otherPid = parseTakeover(otherText);
    if (otherPid !== undefined && otherPid !== process.pid && pidExists(otherPid)) {
      pause(20);
      return;
    }
    rmIfReads(takeover, otherText);
    return;
  }
  try {
    if (readText(file) === staleText) rmIfReads(file, staleText);
  } finally {
    rmIfReads(takeover, mine);
  }
}

function parseTakeover(text: string | undefined): number | undefined {
  try {
    const pid = (JSON.parse(text ?? 'null') as { pid?: unknown } | null)?.pid;
    return typeof pid === 'number' ? pid : undefined;
  } catch {
    return undefined;
  }
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Sleeps `ms` without an event loop turn (the lock is taken synchronously, before anything else runs). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function rmIfReads(file: string, text: string | undefined): void {
  if (text === undefined || readText(file) !== text) return;
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function remember(file: string, holder: DataFolderHolder): DataFolderLock {
  const lock: DataFolderLock = {
    file,
    holder,
    release() {
      if (!held.delete(lock)) return;
      const current = parseHolder(readText(file));
      if (current?.token !== holder.token) return;
      try {
        unlinkSync(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },
  };
  held.add(lock);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // A process that exits without closing its database (process.exit after an error) leaves no lock behind; one
    // that is killed leaves a lock whose holder is dead, which the next opener takes over.
    process.on('exit', () => {
      for (const l of [...held]) {
        try {
          l.release();
        } catch {
          // exiting anyway
        }
      }
    });
  }
  return lock;
}
