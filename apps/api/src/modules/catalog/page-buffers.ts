/**
 * Reused buffers for built catalog pages (decision 0099, issue 42 §3). A listing page is one Buffer of tens of
 * kilobytes (catalog-answers.ts `withProducts`), outside V8's heap. A new one per page made V8 count that many
 * bytes of external memory each time, and every 64 MB of it started a full mark-compact of the store's heap, which
 * holds the whole catalog: at 100,000 products, shopping by vehicle (nearly every page a new one) collected about
 * every 600 ms and its p99 was 25–35 ms. A page taken from here is written into a buffer a sent or dropped page gave
 * back, so the external memory stays where it is.
 *
 * Who may hold a page is counted: the one that took it, each response sending it, the listing cache keeping it.
 * `hold()` adds a holder and answers that holder's release, which counts once however often it is called; the last
 * release gives the buffer back. A holder that never releases (a response cut off, a caller that keeps the bytes)
 * only costs the buffer to the garbage collector: nothing is reused while anyone may still read it.
 */

/** Pages shorter than this (bytes) come from Node's own 8 kB slabs (`Buffer.allocUnsafe`), which are cheap. */
const POOLED_MIN_BYTES = 4 * 1024;
/** The smallest pooled buffer, bytes: each size class doubles it. */
const SMALLEST_CLASS_BYTES = 8 * 1024;
/** Size classes: 8 kB to 1 MB. A longer page (over about 900 products) is allocated and left to the collector. */
const CLASSES = 8;
/** Bytes of free buffers kept for reuse, all classes together; more are left to the collector. */
export const PAGE_BUFFERS_FREE_BYTES = 16 * 1024 * 1024;

/** A built page's bytes and their holders. */
export interface PageBuffer {
  /** The page: the first `length` bytes of the pooled buffer. Not to be read after the holder's release. */
  readonly bytes: Buffer;
  /** Bytes the page keeps from reuse (its size class), for caches that count what they hold. */
  readonly capacity: number;
  /** One more holder; answers its release (a second call of it does nothing). Throws once the page is given back. */
  hold(): () => void;
}

export interface PageBufferPool {
  /**
   * A page of `length` bytes (unwritten) with one holder, the caller, and the caller's release. Pages shorter than
   * 4 kB or longer than 1 MB are plain buffers, never reused.
   */
  take(length: number): { page: PageBuffer; release: () => void };
  /** Free buffers kept, their bytes, and how many takes reused one, for tests and metrics. */
  stats(): { free: number; freeBytes: number; reused: number; allocated: number };
}

/** The size class of `length` bytes: 0 for up to 8 kB, 1 for up to 16 kB, …; CLASSES when too long to pool. */
function classOf(length: number): number {
  let k = 0;
  while (k < CLASSES && SMALLEST_CLASS_BYTES << k < length) k++;
  return k;
}

/** A pool keeping at most `freeBytes` bytes of free buffers (PAGE_BUFFERS_FREE_BYTES by default). */
export function createPageBufferPool(freeBytes = PAGE_BUFFERS_FREE_BYTES): PageBufferPool {
  const free: Buffer[][] = Array.from({ length: CLASSES }, () => []);
  let kept = 0;
  let reused = 0;
  let allocated = 0;

  const giveBack = (k: number, buffer: Buffer) => {
    if (kept + buffer.length > freeBytes) return;
    (free[k] as Buffer[]).push(buffer);
    kept += buffer.length;
  };

  return {
    take(length) {
      const k = length < POOLED_MIN_BYTES ? CLASSES : classOf(length);
      let buffer: Buffer | undefined;
      if (k < CLASSES) {
        buffer = (free[k] as Buffer[]).pop();
        if (buffer) {
          kept -= buffer.length;
          reused++;
        }
      }
      if (!buffer) {
        buffer = Buffer.allocUnsafe(k < CLASSES ? SMALLEST_CLASS_BYTES << k : length);
        allocated++;
      }
      const whole = buffer;
      let holders = 0;
      let released = false;
      const page: PageBuffer = {
        bytes: whole.subarray(0, length),
        capacity: whole.length,
        hold() {
          if (holders === 0 && released) throw new Error('A page buffer was held after it was given back');
          holders++;
          let done = false;
          return () => {
            if (done) return;
            done = true;
            if (--holders === 0) {
              released = true;
              if (k < CLASSES) giveBack(k, whole);
            }
          };
        },
      };
      return { page, release: page.hold() };
    },
    stats() {
      return { free: free.reduce((n, list) => n + list.length, 0), freeBytes: kept, reused, allocated };
    },
  };
}

/** The store process's pool: every catalog page is built in it. */
export const pageBuffers: PageBufferPool = createPageBufferPool();
