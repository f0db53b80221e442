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
/**
 * Buffers up to 64 kB come in steps of 2 kB, so a page of 28 kB holds at most 2 kB it does not use: the listing
 * cache counts what its pages hold, and coarser steps kept fewer pages in its bytes (power-of-two sizes cost the
 * cached shop pages about 7 % of their req/s at 100,000 products, in alternating runs).
 */
const STEP_BYTES = 2 * 1024;
const STEPPED_MAX_BYTES = 64 * 1024;
/** Longer pages double in size up to this; a longer one (over about 900 products) is left to the collector. */
const POOLED_MAX_BYTES = 1024 * 1024;
/** Bytes of free buffers kept for reuse, all sizes together; more are left to the collector. */
export const PAGE_BUFFERS_FREE_BYTES = 16 * 1024 * 1024;

/** The size of the pooled buffer for a page of `length` bytes; undefined when such a page is not pooled. */
function capacityOf(length: number): number | undefined {
  if (length < POOLED_MIN_BYTES || length > POOLED_MAX_BYTES) return undefined;
  if (length <= STEPPED_MAX_BYTES) return Math.ceil(length / STEP_BYTES) * STEP_BYTES;
  let capacity = STEPPED_MAX_BYTES * 2;
  while (capacity < length) capacity *= 2;
  return capacity;
}

/** A built page's bytes and their holders. */
export interface PageBuffer {
  /** The page: the first `length` bytes of the pooled buffer. Not to be read after the holder's release. */
  readonly bytes: Buffer;
  /** Bytes the page keeps from reuse (its buffer's size), for caches that count what they hold. */
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

/** A pool keeping at most `freeBytes` bytes of free buffers (PAGE_BUFFERS_FREE_BYTES by default). */
export function createPageBufferPool(freeBytes = PAGE_BUFFERS_FREE_BYTES): PageBufferPool {
  /** Free buffers by size. */
  const free = new Map<number, Buffer[]>();
  let kept = 0;
  let reused = 0;
  let allocated = 0;

  const giveBack = (buffer: Buffer) => {
    if (kept + buffer.length > freeBytes) return;
    const list = free.get(buffer.length);
    if (list) list.push(buffer);
    else free.set(buffer.length, [buffer]);
    kept += buffer.length;
  };

  return {
    take(length) {
      const capacity = capacityOf(length);
      let buffer = capacity === undefined ? undefined : free.get(capacity)?.pop();
      if (buffer) {
        kept -= buffer.length;
        reused++;
      } else {
        buffer = Buffer.allocUnsafe(capacity ?? length);
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
              if (capacity !== undefined) giveBack(whole);
            }
          };
        },
      };
      return { page, release: page.hold() };
    },
    stats() {
      let buffers = 0;
      for (const list of free.values()) buffers += list.length;
      return { free: buffers, freeBytes: kept, reused, allocated };
    },
  };
}

/** The store process's pool: every catalog page is built in it. */
export const pageBuffers: PageBufferPool = createPageBufferPool();
