/**
 * Makes place-order safe to repeat (decision 0009; issue 43 §1): the first request with an `Idempotency-Key` does
 * the work; a repeat with the same key and body gets the first answer (status and body) again, and a repeat that
 * arrives while the first is still running waits for it. The key lives in `idempotency_keys`, so every API
 * instance sees it.
 *
 * A claim is leased: its owner (a random token) holds it for IDEMPOTENCY_LEASE_MS, renewed while it works, and
 * every write of the owner to the row is conditional on its token. The order the work writes is linked to the
 * claim in the order's own transaction (linkOrderToClaim), so a key never has an order it does not know of. A
 * claim whose owner died or lost the database mid-way is taken over, once its lease ends, by one conditional
 * UPDATE: with no order linked the work runs afresh (nothing was written), with one it is resumed (never placed
 * or charged a second time).
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { ORDER_MESSAGES } from '@store/shared/order-constants';
import { rowsOf, type Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { idempotencyKeys } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';

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
   * True when `work` already stored this final answer against its claim (storeAnswer), in the statement
   * that made the order final, so nothing is written again.
   */
  stored?: boolean;
}

/**
 * The claim a running `work` holds: the key and its owner's token. With it, the work links the order it writes to
 * the key (linkOrderToClaim) and may store its final answer in the same statement as its last write (place-order:
 * marking the order paid). Every such write is void once another request has taken the claim over.
 */
export interface IdempotencyClaim {
  key: string;
  token: string;
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
  /** How long a claim is its owner's without a renewal, ms (IDEMPOTENCY_LEASE_MS; tests shorten it). */
  leaseMs?: number;
}

export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/**
 * A claim's lease, ms. Renewed every third of it while the work runs (a provider may take 40 s), so it ends only
 * when its owner is gone or cannot reach the database; short enough that a repeat, which waits 15 s, usually
 * takes an abandoned claim over within one request after the 503's Retry-After (5 s).
 */
export const IDEMPOTENCY_LEASE_MS = 15_000;
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
 * - a new key: claims it ('in_progress', leased to this request), runs `work`; when `work` wrote an order the
 *   answer is stored ('done') and replayed to every repeat; when it wrote nothing (a 4xx the client can correct)
 *   the claim is deleted, so the corrected request may use the same key;
 * - `work` throws: the claim is deleted if no order is linked to it, else its lease is ended so the next repeat
 *   resumes the order at once; if even that fails (the database is away) the lease simply runs out;
 * - a repeat with another body: 422 ORDER_MESSAGES.idempotencyKeyReused;
 * - a repeat while the first runs: polls every `pollMs` (25) up to `waitMs` (15 000), then answers the
 *   stored answer, or runs `work` itself if the first released the key, or 409 STILL_PROCESSING_MESSAGE;
 * - a repeat of a 'held' answer (not final, see IdempotentOutcome.final), or of a claim whose lease ended: takes
 *   the key over (one conditional UPDATE, so one repeat of many) and runs `resume(orderId, claim)` when an order
 *   is linked, else `work`. Without `resume`, a held answer is replayed and a claim with an order is never taken
 *   over (409 after the wait).
 *
 * Keys older than 24 h are deleted lazily and may be used again. Errors thrown by `work` propagate; so do the
 * database's own (a 503 during an outage: the key is then left to its lease, never to a second order).
 */
export async function withIdempotencyKey<B extends Record<string, unknown>>(
  db: Database,
  key: string | undefined,
  request: unknown,
  work: (claim: IdempotencyClaim | null) => Promise<IdempotentOutcome<B>>,
  options: IdempotencyOptions = {},
  resume?: (orderId: number, claim: IdempotencyClaim) => Promise<IdempotentOutcome<B>>,
): Promise<IdempotentAnswer<B>> {
  if (key === undefined) {
    const outcome = await work(null);
    return { statusCode: outcome.statusCode, body: outcome.body, replayed: false };
  }
  // Repeats wait with a growing pause (25 ms, doubling to 250 ms): on embedded PGlite every query of every waiting
  // repeat runs in the one thread, and ten repeats polling every 25 ms could delay the owner's lease renewal past
  // its lease, so that a live claim was taken over.
  let pollMs = options.pollMs ?? 25;
  const waitMs = options.waitMs ?? 15_000;
  const leaseMs = options.leaseMs ?? IDEMPOTENCY_LEASE_MS;
  const requestHash = hashRequest(request);
  const deadline = Date.now() + waitMs;
  const ttl = sql`now() - interval '${sql.raw(String(IDEMPOTENCY_KEY_TTL_HOURS))} hours'`;
  const k = idempotencyKeys;

  // Expired keys of other clients go now and then, so the table stays the size of one day's orders.
  if (Math.random() < 0.01) await db.delete(k).where(lt(k.createdAt, ttl));

  for (;;) {
    const claim = await claimKey(db, key, requestHash, leaseMs);
    if (claim) return runClaimed(db, claim, leaseMs, () => work(claim));

    const [row] = await db
      .select({
        requestHash: k.requestHash,
        status: k.status,
        responseStatus: k.responseStatus,
        responseBody: k.responseBody,
        orderId: k.orderId,
        expired: sql<boolean>`${k.createdAt} < ${ttl}`,
        // NULL (a claim made before leases existed) never ends.
        leaseEnded: sql<boolean>`coalesce(${k.leaseExpiresAt} <= now(), false)`,
      })
      .from(k)
      .where(eq(k.key, key));
    if (!row) continue; // released between our insert and this read: try to claim it again
    if (row.expired) {
      await db.delete(k).where(and(eq(k.key, key), lt(k.createdAt, ttl)));
      continue;
    }
    if (row.requestHash !== requestHash) {
      return { statusCode: 422, body: { message: ORDER_MESSAGES.idempotencyKeyReused }, replayed: false };
    }
    if (row.status === 'done' && row.responseStatus !== null && row.responseBody !== null) {
      // Written by runClaimed below from this same work's answer body.
      return { statusCode: row.responseStatus, body: row.responseBody as B, replayed: true };
    }
    const held = row.status === 'held' && row.responseStatus !== null && row.responseBody !== null;
    if (held && !resume && row.responseStatus !== null) {
      return { statusCode: row.responseStatus, body: row.responseBody as B, replayed: true };
    }
    const abandoned = row.status === 'in_progress' && row.leaseEnded && (row.orderId === null || resume);
    if (held || abandoned) {
      const taken = await takeOver(db, key, requestHash, leaseMs, resume !== undefined);
      if (taken) {
        const { claim: ours, orderId } = taken;
        return orderId !== null && resume
          ? runClaimed(db, ours, leaseMs, () => resume(orderId, ours))
          : runClaimed(db, ours, leaseMs, () => work(ours));
      }
      continue; // another repeat took it first: wait for its answer like any other
    }
    if (Date.now() >= deadline) {
      return { statusCode: 409, body: { message: STILL_PROCESSING_MESSAGE }, replayed: false };
    }
    await sleep(pollMs);
    pollMs = Math.min(pollMs * 2, Math.max(options.pollMs ?? 25, 250));
  }
}

/** `now() + leaseMs` in the database's clock, which every instance shares. */
const leaseEnd = (leaseMs: number) => sql`now() + make_interval(secs => ${leaseMs / 1000})`;

/** The row is still `claim`'s: its token, and nobody has stored an answer over it. */
const ownedBy = (claim: { [K in keyof IdempotencyClaim]: string | Placeholder }): SQL | undefined =>
  and(
    eq(idempotencyKeys.key, claim.key),
    eq(idempotencyKeys.claimToken, claim.token),
    eq(idempotencyKeys.status, 'in_progress'),
  );

/**
 * Claims `key` ('in_progress', a new token, leased for `leaseMs`); null when a row for it exists already. The
 * claim's commit does not wait for the WAL to reach the disk (synchronous_commit off for this one transaction,
 * decision 0023): that wait is a few milliseconds of each order's answer on PostgreSQL, and the claim needs no
 * durability of its own. The order transaction that follows does wait, and its flush carries every earlier WAL
 * record, the claim's included; if the database stops before that, the claim is lost but so is everything after
 * it, and a retry simply starts again. (PGlite runs without fsync; the setting changes nothing there.)
 */
async function claimKey(
  db: Database,
  key: string,
  requestHash: string,
  leaseMs: number,
): Promise<IdempotencyClaim | null> {
  const k = idempotencyKeys;
  const token = randomUUID();
  const column = (c: { name: string }) => sql.identifier(c.name);
  const claimed = rowsOf<{ key: string }>(
    await db.execute(sql`INSERT INTO ${k} (${column(k.key)}, ${column(k.requestHash)}, ${column(k.claimToken)},
        ${column(k.leaseExpiresAt)})
      SELECT ${key}, ${requestHash}, ${token}::uuid, ${leaseEnd(leaseMs)}
      FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
      ON CONFLICT (${column(k.key)}) DO NOTHING
      RETURNING ${column(k.key)}`),
  );
  return claimed.length > 0 ? { key, token } : null;
}

/**
 * Takes over a 'held' key, or an 'in_progress' one whose lease has ended, for this request: one UPDATE whose
 * condition is re-read under the row's lock, so of N repeats at once exactly one gets a row back (the others
 * then see a live lease). Answers the new claim and the order linked to the key (null: none was written).
 * Without `canResume`, a key with an order is left alone.
 */
async function takeOver(
  db: Database,
  key: string,
  requestHash: string,
  leaseMs: number,
  canResume: boolean,
): Promise<{ claim: IdempotencyClaim; orderId: number | null } | null> {
  const k = idempotencyKeys;
  const token = randomUUID();
  const [taken] = await db
    .update(k)
    .set({ status: 'in_progress', claimToken: token, leaseExpiresAt: leaseEnd(leaseMs) })
    .where(
      and(
        eq(k.key, key),
        eq(k.requestHash, requestHash),
        sql`(${k.status} = 'held' OR (${k.status} = 'in_progress' AND ${k.leaseExpiresAt} <= now()))`,
        canResume ? undefined : isNull(k.orderId),
      ),
    )
    .returning({ orderId: k.orderId });
  return taken ? { claim: { key, token }, orderId: taken.orderId } : null;
}

/**
 * Links the order `work` just wrote to its claim, inside the order's transaction (`tx`), so the order and the
 * key's knowledge of it commit together: a claim taken over without an order linked really has none. Throws
 * HttpError 409 STILL_PROCESSING_MESSAGE, rolling the order back, when the claim is no longer this request's
 * (its lease ended and a repeat took the key over; that repeat answers the shopper).
 */
export async function linkOrderToClaim(
  tx: Database,
  claim: IdempotencyClaim,
  orderId: number,
): Promise<void> {
  const linked = await linkOrder(tx).execute({ orderId, key: claim.key, token: claim.token });
  if (linked.length === 0) throw new HttpError(409, STILL_PROCESSING_MESSAGE);
}

// Every order placed with a key runs it inside its transaction: built once (decision 0097).
const linkOrder = preparedStatement((db) =>
  db
    .update(idempotencyKeys)
    .set({ orderId: sql`${sql.placeholder('orderId')}` })
    .where(ownedBy({ key: sql.placeholder('key'), token: sql.placeholder('token') }))
    .returning({ key: idempotencyKeys.key }),
);

/**
 * Runs `work` on a claimed key, renewing the claim's lease every third of `leaseMs` while it runs, and stores
 * its answer. When `work` throws, the claim is deleted if no order is linked to it (nothing was written, the
 * retry runs afresh), else its lease is ended (the retry resumes the order at once); if the database cannot be
 * reached for that either, the lease runs out by itself.
 */
async function runClaimed<B extends Record<string, unknown>>(
  db: Database,
  claim: IdempotencyClaim,
  leaseMs: number,
  work: () => Promise<IdempotentOutcome<B>>,
): Promise<IdempotentAnswer<B>> {
  const k = idempotencyKeys;
  let renewing: Promise<unknown> = Promise.resolve();
  const renewal = setInterval(() => {
    // A renewal that fails (the database is away) is not retried: the lease then ends, as it should.
    renewing = db
      .update(k)
      .set({ leaseExpiresAt: leaseEnd(leaseMs) })
      .where(ownedBy(claim))
      .catch(() => undefined);
  }, leaseMs / 3);
  renewal.unref();
  let outcome: IdempotentOutcome<B>;
  try {
    outcome = await work();
  } catch (err) {
    // No renewal may land after the lease is ended below.
    clearInterval(renewal);
    await renewing;
    await db
      .delete(k)
      .where(and(ownedBy(claim), isNull(k.orderId)))
      .then(() =>
        db
          .update(k)
          .set({ leaseExpiresAt: sql`now()` })
          .where(and(ownedBy(claim), isNotNull(k.orderId))),
      )
      .catch(() => undefined);
    throw err;
  } finally {
    clearInterval(renewal);
  }
  if (outcome.orderId === null) {
    await db.delete(k).where(and(ownedBy(claim), isNull(k.orderId)));
  } else if (!outcome.stored) {
    await storeAnswer(db).execute(storedAnswerValues(claim, { ...outcome, orderId: outcome.orderId }));
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
 * The UPDATE that stores an answer against a claim's key, only while the claim is still its owner's; `onlyIf` is
 * an extra condition, e.g. on the outcome of the caller's own write when this UPDATE runs as a CTE beside it
 * (markOrderPaid). Its values are placeholders, filled by `storedAnswerValues`: every order stores one, so the
 * statements holding it are built once (decision 0097).
 */
export function storedAnswerUpdate(db: Database, onlyIf?: SQL) {
  return db
    .update(idempotencyKeys)
    .set({
      status: sql`${sql.placeholder('answerStatus')}`,
      responseStatus: sql`${sql.placeholder('answerStatusCode')}`,
      responseBody: sql`${sql.placeholder('answerBody')}::jsonb`,
      orderId: sql`${sql.placeholder('answerOrderId')}`,
    })
    .where(and(ownedBy({ key: sql.placeholder('key'), token: sql.placeholder('token') }), onlyIf));
}

/** The values of `storedAnswerUpdate`'s placeholders: `answer`, final ('done') unless `final` is false ('held'). */
export function storedAnswerValues(claim: IdempotencyClaim, answer: StoredAnswer) {
  return {
    key: claim.key,
    token: claim.token,
    answerStatus: answer.final === false ? 'held' : 'done',
    answerStatusCode: answer.statusCode,
    answerBody: JSON.stringify(answer.body),
    answerOrderId: answer.orderId,
  };
}

const storeAnswer = preparedStatement((db) => storedAnswerUpdate(db));
