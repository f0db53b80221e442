/**
 * The figures every row of the bench reports (req/s, quantiles, errors, bytes), made one way for each load generator
 * that reads the answers itself: autocannon's rows (run-bench.ts) and the steady rows (steady-arrivals.ts).
 */

/** What a load measured: the figures every row of the bench prints. */
export interface LoadFigures {
  /** Answers a second. */
  rps: number;
  /** Quantiles of the answers' times, ms with one decimal: from the request's start to the answer's end. */
  p50: number;
  p95: number;
  p99: number;
  /** Non-2xx answers, socket errors and requests unanswered in time. */
  errors: number;
  /** Mean bytes of an answer as read (head and body): what a row's growth carries besides the catalog's size. */
  bytes: number;
}

/** The q-quantile (0-1) of sorted values, ms with one decimal. */
export function quantile(sorted: readonly number[], q: number): number {
  const v = sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return Math.round(v * 10) / 10;
}

/**
 * The figures of a load from its answers' times (ms, sorted here in place), the seconds it was measured over, its
 * errors and the bytes of all its answers.
 */
export function loadFigures(times: number[], seconds: number, errors: number, bytes: number): LoadFigures {
  times.sort((a, b) => a - b);
  return {
    rps: times.length / seconds,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    p99: quantile(times, 0.99),
    errors,
    bytes: times.length ? bytes / times.length : 0,
  };
}
