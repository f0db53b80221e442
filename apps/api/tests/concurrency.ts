/**
 * The concurrency test kit (issue 43 §2; decision 0041): fire N requests or calls at the same moment, then check
 * an invariant in the database. Every rule that is checked and then acted on (codes, money, stock, limits,
 * statuses) has a test built from these: the requests are all started before any is allowed to run, so on
 * PostgreSQL (TEST_DATABASE_URL, a pool of 20 connections per test database) they really overlap, and on PGlite
 * they interleave at every await as a single connection allows.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * Runs `task(0)` … `task(n - 1)` at once: each waits on one gate that opens only after all n have been started,
 * so none gets ahead by being created first. Resolves with every outcome in index order; a task that throws is
 * answered as `{ error }` (never rejects), so one failure cannot hide what the others did.
 */
export async function atOnce<T>(
  n: number,
  task: (index: number) => Promise<T>,
): Promise<Array<{ value: T; error?: undefined } | { value?: undefined; error: unknown }>> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const running = Array.from({ length: n }, async (_, index) => {
    await gate;
    try {
      return { value: await task(index) };
    } catch (error) {
      return { error };
    }
  });
  open();
  return Promise.all(running);
}

/**
 * Sends n requests to `app` at once (see atOnce), request `i` built by `request(i)`. Each comes from its own
 * client address (10.43.x.y) unless the request names one, so per-address rate limits do not decide the race.
 * Resolves with the responses in index order.
 */
export async function injectAtOnce(
  app: FastifyInstance,
  n: number,
  request: (index: number) => InjectOptions,
): Promise<LightMyRequestResponse[]> {
  const outcomes = await atOnce(n, (index) =>
    app.inject({
      remoteAddress: `10.43.${Math.floor(index / 250)}.${(index % 250) + 1}`,
      ...request(index),
    }),
  );
  return outcomes.map((outcome) => {
    if (outcome.error !== undefined) throw outcome.error;
    return outcome.value as LightMyRequestResponse;
  });
}

/** How many responses had each status code, e.g. `{ 200: 1, 400: 49 }`: what a race's assertion reads. */
export function statusCounts(responses: ReadonlyArray<{ statusCode: number }>): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}
