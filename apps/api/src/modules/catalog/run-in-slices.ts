/**
 * Long in-process builds a slice at a time (issue 42 §3, decision 0074): a build written as a generator that
 * yields about every millisecond of work runs for `sliceMs` at most, then lets the event loop answer requests
 * (setImmediate) before its next slice. A caller that cannot wait finishes it at once (`finish`), as a
 * synchronous build would.
 */

export /** Ms of work a slice does before it lets other work run. */
const DEFAULT_SLICE_MS = 8;

/**
 * For an async loop that works a piece at a time (a catalog's load, decision 0079): the returned `pause()` gives
 * null while less than `sliceMs` of work has passed since the last turn of the event loop, else a promise that
 * resolves after a turn (setImmediate). `const p = pause(); if (p) await p;` costs nothing between turns.
 */
export function slicePauser(sliceMs = DEFAULT_SLICE_MS): () => Promise<void> | null {
  let until = performance.now() + sliceMs;
  return () => {
    if (performance.now() < until) return null;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        until = performance.now() + sliceMs;
        resolve();
      }),
    );
  };
}

/** Runs a sliced build to its end at once. */
export function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** A build under way. */
export interface SlicedRun<T> {
  /** Resolves with the build's value, or rejects with what the build threw. */
  readonly done: Promise<T>;
  /** Whether the build has ended (`finish` then costs nothing). */
  readonly finished: boolean;
  /** Runs what is left now, on this call's stack, and returns the value; throws what the build throws. */
  finish(): T;
}

/**
 * Starts `steps` in slices of `sliceMs` (8 ms by default). `done` never goes unhandled: a failed build's error is
 * also thrown by `finish`, and whoever awaits `done` sees it.
 */
export function runInSlices<T>(steps: Generator<void, T>, sliceMs = DEFAULT_SLICE_MS): SlicedRun<T> {
  let ended: { value: T } | { error: unknown } | null = null;
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const done = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  done.catch(() => {});
  const end = (outcome: { value: T } | { error: unknown }) => {
    ended = outcome;
    if ('value' in outcome) resolve(outcome.value);
    else reject(outcome.error);
  };
  /** Runs steps until the build ends or `until` (performance.now ms) passes; true when it ended. */
  const advance = (until: number): boolean => {
    try {
      for (;;) {
        const step = steps.next();
        if (step.done) {
          end({ value: step.value });
          return true;
        }
        if (performance.now() >= until) return false;
      }
    } catch (error) {
      end({ error });
      return true;
    }
  };
  const slice = () => {
    if (ended === null && !advance(performance.now() + sliceMs)) setImmediate(slice);
  };
  setImmediate(slice);
  const outcome = (): T => {
    const last = ended as { value: T } | { error: unknown };
    if ('error' in last) throw last.error;
    return last.value;
  };
  return {
    done,
    get finished() {
      return ended !== null;
    },
    finish() {
      if (ended === null) advance(Infinity);
      return outcome();
    },
  };
}

/** Elements a sliced sort sorts or merges between two yields, unless told otherwise. */
const SORT_STEP = 16_384;

/**
 * `values` sorted by `cmp`, a slice at a time: runs of `step` (SORT_STEP) sorted by the engine, then merged
 * pairwise, a yield every `step` elements (a million-product catalog has millions of terms: one sort() held the
 * event loop for seconds). A costly `cmp` wants a smaller step. Stable; sorts `values` itself or returns a sorted
 * copy.
 */
export function* sortedInSteps(
  values: Int32Array<ArrayBuffer>,
  cmp: (a: number, b: number) => number,
  step = SORT_STEP,
): Generator<void, Int32Array<ArrayBuffer>> {
  const n = values.length;
  for (let from = 0; from < n; from += step) {
    values.subarray(from, Math.min(n, from + step)).sort(cmp);
    yield;
  }
  let src = values;
  let dst = new Int32Array(n);
  for (let width = step; width < n; width *= 2) {
    let done = 0;
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(n, lo + width);
      const hi = Math.min(n, lo + 2 * width);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        // `<= 0` takes the left run first on ties: stable.
        dst[k++] = cmp(src[i] as number, src[j] as number) <= 0 ? (src[i++] as number) : (src[j++] as number);
        if (++done % step === 0) yield;
      }
      while (i < mid) dst[k++] = src[i++] as number;
      while (j < hi) dst[k++] = src[j++] as number;
    }
    [src, dst] = [dst, src];
    yield;
  }
  return src;
}
