/**
 * What every answer to a fuzzed request must satisfy: no 5xx; every 4xx/5xx in the house shape (a JSON object
 * with a string `message`, 429 too) without a stack trace or SQL in it; and a 4xx (429 included) leaves every
 * table as it was. The one documented exception is 402 (decision 0009): a declined or failed payment keeps
 * its attempt as a cancelled order, so new `orders` rows (all cancelled), their `order_line_items`, where their units
 * were reserved and put back (`order_stock_allocations`, `stock_movements`; decision 0069), and the
 * `idempotency_keys` row that replays that 402 may appear; nothing else may change, products' stock and each
 * location's included.
 * A held 402 (`requires_action` for 3-D Secure, `payment_pending`; decision 0014) keeps its order pending with
 * its stock reserved instead: new pending orders and products' (and locations') stock may change, nothing else.
 */
import { ORDER_STATUS_CANCELLED, ORDER_STATUS_PENDING } from '@store/shared/order-constants';
import type { Database } from '../../src/db/client';
import {
  changedTables,
  fingerprintWithout,
  orderStatusesSince,
  type DatabaseFingerprint,
} from '../database-fingerprint';

/** Signs of an internal error reaching the client. */
const LEAKS: [string, RegExp][] = [
  ['a stack trace', /\n {4}at |node_modules|\.ts:/],
  ['SQL', /\bSELECT\b|\bINSERT\b|\bUPDATE\b[\s\S]*\bSET\b|\bDELETE FROM\b/],
  ['a database error', /syntax error|SQLSTATE|relation "|DrizzleQueryError|Failed query/i],
];

/** Tables a 402 may add rows to, each with the condition that picks the rows that were there before. */
const PAYMENT_FAILURE_TABLES: Record<string, (maxOrderId: number) => string> = {
  orders: (id) => `t.id <= ${id}`,
  order_line_items: (id) => `t.order_id <= ${id}`,
  idempotency_keys: (id) => `t.order_id IS NULL OR t.order_id <= ${id}`,
  order_stock_allocations: (id) => `t.order_id <= ${id}`,
  stock_movements: (id) => `t.order_id IS NULL OR t.order_id <= ${id}`,
};

export interface AnswerToCheck {
  status: number;
  body: string;
  /**
   * What the client sent: text the server merely echoes back is not a leak. A function, since it joins the whole
   * request (megabytes for a long-string mutation) and is needed only when an error answer looks like a leak.
   */
  sentText: () => string;
  db: Database;
  /** Takes the fingerprint after the answer (`fingerprinter` of the tables `before` covers). */
  fingerprint: () => Promise<DatabaseFingerprint>;
  before: DatabaseFingerprint;
}

/** The problems with one answer; empty when it is fine. */
export async function checkAnswer(a: AnswerToCheck): Promise<string[]> {
  const problems: string[] = [];
  if (a.status >= 500) problems.push(`status ${a.status} (a server error)`);
  if (a.status >= 400) {
    problems.push(...houseShapeProblems(a.body));
    let sent: string | undefined;
    for (const [what, pattern] of LEAKS) {
      if (pattern.test(a.body) && !pattern.test((sent ??= a.sentText())))
        problems.push(`the answer shows ${what}`);
    }
  }
  if (a.status >= 400 && a.status < 500) problems.push(...(await databaseProblems(a)));
  return problems;
}

function houseShapeProblems(body: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return ['the error answer is not JSON'];
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return ['the error answer is not a JSON object'];
  }
  return 'message' in parsed && typeof parsed.message === 'string'
    ? []
    : ['the error answer has no string "message"'];
}

async function databaseProblems(a: AnswerToCheck): Promise<string[]> {
  const after = await a.fingerprint();
  const changed = changedTables(a.before, after);
  if (changed.length === 0) return [];
  if (a.status !== 402) return [`a ${a.status} changed the database: ${changed.join(', ')}`];

  const problems: string[] = [];
  const held = /"code":"(requires_action|payment_pending)"/.test(a.body);
  for (const table of Object.keys(a.before.tables)) {
    if (held && (table === 'products' || table === 'location_stock')) continue;
    const keptRows = PAYMENT_FAILURE_TABLES[table];
    const was = a.before.tables[table];
    const now = keptRows
      ? await fingerprintWithout(a.db, table, keptRows(a.before.maxOrderId))
      : after.tables[table];
    if (was?.rows !== now?.rows || was?.md5 !== now?.md5) {
      problems.push(`a 402 changed ${keptRows ? 'existing rows of ' : ''}${table}`);
    }
  }
  const statuses = await orderStatusesSince(a.db, a.before.maxOrderId);
  const expected = held ? ORDER_STATUS_PENDING : ORDER_STATUS_CANCELLED;
  const others = statuses.filter((s) => s !== expected);
  if (others.length > 0) {
    problems.push(`a 402 left ${others.length} new order(s) not '${expected}': ${others.join(', ')}`);
  }
  return problems;
}
