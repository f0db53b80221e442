/**
 * Makes place-order safe to repeat (decision 0009): the first request with an `Idempotency-Key` does the
 * work; a repeat with the same key and body gets the first answer (status and body) again, and a repeat that
 * arrives while the first is still running waits for it. The key lives in `idempotency_keys`, so every API
 * instance sees it.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import { ORDER_MESSAGES } from '@store/shared/order-constants';
import { rowsOf, type Database } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';

/** What the work answered, and the order it wrote (null when it wrote nothing). */
export interface IdempotentOutcome<B> {
  statusCode: number;
  body: B;
  orderId: number | null;
  /**
   * False when the answer is not the last word on the order (3-D Secure asked for, provider unreachable): it is
   * stored 'held', and a repeat runs `resume` for the order instead of replaying it. Default true.
   */
  final?: boolean;
  /**
   * True when `work` already stored this final answer against its claim (storeFinalAnswer), in the statement
   * that made the order final, so nothing is written again.
   */
  stored?: boolean;
}

/**
 * The key a running `work` holds. With it, the work can store its final answer in the same statement as its
 * last write (place-order: marking the order paid): one statement fewer per order, and no moment in which the
 * order is paid while its key still says 'in_progress'.
 */
export interface IdempotencyClaim {
  key: string;
}

export interface IdempotentAnswer<B> {
  statusCode: number;
  body: B | { message: string };
  /** True when this answer is a stored one, replayed. */
  replayed: boolean;
}

export interface IdempotencyOptions {
  /** How often a waiting repeat looks at the key again, ms. */
  pollMs?: number;
  /** How long a repeat waits for the first request before giving up, ms. */
  waitMs?: number;
}

export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
export const STILL_PROCESSING_MESSAGE =
  'This order is still being processed. Please wait a moment, then try again.';

/** sha256 of the request with object keys sorted, so the same request always hashes the same. */
export function hashRequest(request: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v)
          .filter(([, value]) => value !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, value]) => [k, canonical(value)]),
      );
    }
    return v;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(request)))
    .digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` at most once per key (within 24 h):
 *
 * - no key: runs `work` and answers what it answered;
 * - a new key: claims it ('in_progress'), runs `work`; when `work` wrote an order the answer is stored
 *   ('done') and replayed to every repeat; when it wrote nothing (a 4xx the client can correct, or a
 *   thrown error) the claim is deleted, so the corrected request may use the same key;
 * - a repeat with another body: 422 ORDER_MESSAGES.idempotencyKeyReused;
 * - a repeat while the first runs: polls every `pollMs` (25) up to `waitMs` (15 000), then answers the
 *   stored answer, or runs `work` itself if the first released the key, or 409 STILL_PROCESSING_MESSAGE.
 *
 * - a repeat of a 'held' answer (not final, see IdempotentOutcome.final): claims the key again and runs
 *   `resume(orderId)` (without `resume`, replays the held answer).
 *
 * Keys older than 24 h are deleted lazily and may be used again. Errors thrown by `work` propagate.
 */
export async function withIdempotencyKey<B extends Record<string, unknown>>(
  db: Database,
  key: string | undefined,
  request: unknown,
  work: (claim: IdempotencyClaim | null) => Promise<IdempotentOutcome<B>>,
  options: IdempotencyOptions = {},
  resume?: (orderId: number) => Promise<IdempotentOutcome<B>>,
): Promise<IdempotentAnswer<B>> {
  if (key === undefined) {
    const outcome = await work(null);
    return { statusCode: outcome.statusCode, body: outcome.body, replayed: false };
  }
  const pollMs = options.pollMs ?? 25;
  const waitMs = options.waitMs ?? 15_000;
  const requestHash = hashRequest(request);
  const deadline = Date.now() + waitMs;
  const ttl = sql`now() - interval '${sql.raw(String(IDEMPOTENCY_KEY_TTL_HOURS))} hours'`;

  // Expired keys of other clients go now and then, so the table stays the size of one day's orders.
  if (Math.random() < 0.01) await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, ttl));

  for (;;) {
    if (await claimKey(db, key, requestHash)) return runClaimed(db, key, () => work({ key }), 'release');

    const [row] = await db
      .select({
        requestHash: idempotencyKeys.requestHash,
        status: idempotencyKeys.status,
        responseStatus: idempotencyKeys.responseStatus,
        responseBody: idempotencyKeys.responseBody,
        expired: sql<boolean>`${idempotencyKeys.createdAt} < ${ttl}`,
      })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    if (!row) continue; // released between our insert and this read: try to claim it again
    if (row.expired) {
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.key, key), lt(idempotencyKeys.createdAt, ttl)));
      continue;
    }
    if (row.requestHash !== requestHash) {
      return { statusCode: 422, body: { message: ORDER_MESSAGES.idempotencyKeyReused }, replayed: false };
    }
    if (row.status === 'done' && row.responseStatus !== null && row.responseBody !== null) {
      // Written by runClaimed below from this same work's answer body.
      return { statusCode: row.responseStatus, body: row.responseBody as B, replayed: true };
    }
    if (row.status === 'held' && row.responseStatus !== null && row.responseBody !== null) {
      if (!resume) return { statusCode: row.responseStatus, body: row.responseBody as B, replayed: true };
      // Only one repeat resumes at a time: it takes the key back to 'in_progress', the others wait.
      const [taken] = await db
        .update(idempotencyKeys)
        .set({ status: 'in_progress' })
        .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.status, 'held')))
        .returning({ orderId: idempotencyKeys.orderId });
      if (taken?.orderId != null) {
        const orderId = taken.orderId;
        return runClaimed(db, key, () => resume(orderId), 'hold');
      }
      continue;
    }
    if (Date.now() >= deadline) {
      return { statusCode: 409, body: { message: STILL_PROCESSING_MESSAGE }, replayed: false };
    }
    await sleep(pollMs);
  }
}

/**
 * Claims `key` ('in_progress'); false when a row for it exists already. The claim's commit does not wait for
 * the WAL to reach the disk (synchronous_commit off for this one transaction, decision 0023): that wait is a
 * few milliseconds of each order's answer on PostgreSQL, and the claim needs no durability of its own. The
 * order transaction that follows does wait, and its flush carries every earlier WAL record, the claim's
 * included; if the database stops before that, the claim is lost but so is everything after it, and a retry
 * simply starts again. (PGlite runs without fsync; the setting changes nothing there.)
 */
async function claimKey(db: Database, key: string, requestHash: string): Promise<boolean> {
  const k = idempotencyKeys;
  const claimed = rowsOf<{ key: string }>(
    await db.execute(sql`INSERT INTO ${k} (${sql.identifier(k.key.name)}, ${sql.identifier(k.requestHash.name)})
      SELECT ${key}, ${requestHash} FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
      ON CONFLICT (${sql.identifier(k.key.name)}) DO NOTHING
      RETURNING ${sql.identifier(k.key.name)}`),
  );
  return claimed.length > 0;
}

/**
 * Runs `work` on a claimed key and stores its answer. When `work` throws, `onThrow` says what becomes of the
 * key: 'release' deletes it (nothing was written, the retry runs afresh); 'hold' puts it back to 'held' (an
 * order exists, the retry resumes it).
 */
async function runClaimed<B extends Record<string, unknown>>(
  db: Database,
  key: string,
  work: () => Promise<IdempotentOutcome<B>>,
  onThrow: 'release' | 'hold',
): Promise<IdempotentAnswer<B>> {
  let outcome: IdempotentOutcome<B>;
  try {
    outcome = await work();
  } catch (err) {
    const undo =
      onThrow === 'release'
        ? db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key))
        : db.update(idempotencyKeys).set({ status: 'held' }).where(eq(idempotencyKeys.key, key));
    await undo.catch(() => undefined);
    throw err;
  }
  if (outcome.orderId === null) {
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  } else if (!outcome.stored) {
    await storeAnswer(db, key, { ...outcome, orderId: outcome.orderId });
  }
  return { statusCode: outcome.statusCode, body: outcome.body, replayed: false };
}

/** The answer to store against a key: final ('done') unless `final` is false ('held'). */
export interface StoredAnswer {
  statusCode: number;
  body: Record<string, unknown>;
  orderId: number;
  final?: boolean;
}

/**
 * The UPDATE that stores `answer` against `key`; `onlyIf` is an extra condition, e.g. on the outcome of the
 * caller's own write when this UPDATE runs as a CTE beside it (markOrderPaid).
 */
export function storeAnswer(db: Database, key: string, answer: StoredAnswer, onlyIf?: SQL) {
  return db
    .update(idempotencyKeys)
    .set({
      status: answer.final === false ? 'held' : 'done',
      responseStatus: answer.statusCode,
      responseBody: answer.body,
      orderId: answer.orderId,
    })
    .where(and(eq(idempotencyKeys.key, key), onlyIf));
}
