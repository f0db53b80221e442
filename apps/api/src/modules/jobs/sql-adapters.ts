/**
 * The three ways pg-boss reaches the store's database (issue 38 §2, decision 0062), each an `executeSql(text,
 * values)` as pg-boss's `db` option takes it:
 *
 * - `poolExecutor`: PostgreSQL's pool, as pg-boss's own connection would (one statement or several);
 * - `pgliteExecutor`: the embedded PGlite client — parameterised text through `query`, text without values
 *   (pg-boss's schema and migrations, several statements with their own BEGIN/COMMIT) through `exec`;
 * - `transactionExecutor`: a Drizzle transaction, so that a job is written by the transaction that makes it
 *   necessary (an order moved to paid and its confirmation's job commit together, or neither does).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** pg-boss's `db` option. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

interface PoolLike {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

interface PgliteLike {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<{ rows: unknown[] }[]>;
}

/** Over a `pg` pool. */
export function poolExecutor(pool: PoolLike): SqlExecutor {
  return { executeSql: (text, values) => pool.query(text, values) };
}

/**
 * Over a PGlite client. PGlite runs one statement at a time for the whole process and keeps a top-level call
 * waiting while a transaction is open, so pg-boss's polling never interleaves with the store's transactions.
 * (Inside one of those, use `transactionExecutor`: the client itself would wait for the transaction to end.)
 */
export function pgliteExecutor(client: PgliteLike): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
  };
}

/**
 * Over a Drizzle transaction (either driver). The text's `$n` placeholders become Drizzle parameters in order,
 * so each may appear once only: true of pg-boss's `insert` (the only statement sent this way), and checked —
 * a repeated placeholder throws rather than binding a value twice with types inferred apart.
 */
export function transactionExecutor(tx: Database): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const result = await tx.execute(statementOf(text, values));
      return { rows: (result as unknown as { rows: unknown[] }).rows };
    },
  };
}

/** `text` with `$1…$n` bound to `values`, as one Drizzle statement. Exported for its test. */
export function statementOf(text: string, values: readonly unknown[]): SQL {
  const parts: SQL[] = [];
  const seen = new Set<number>();
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    const index = Number(match[1]);
    if (seen.has(index) || index < 1 || index > values.length) {
      throw new Error(
        `placeholder $${index} repeated or out of range: this statement cannot run in a transaction`,
      );
    }
    seen.add(index);
    parts.push(sql.raw(text.slice(last, match.index)), sql`${sql.param(values[index - 1])}`);
    last = match.index + match[0].length;
  }
  parts.push(sql.raw(text.slice(last)));
  return sql.join(parts);
}
