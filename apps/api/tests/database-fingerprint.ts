/**
 * A fingerprint of every table in schema `public` (row count and md5 of all rows as text), taken before and
 * after a request to prove that a refused request wrote nothing. `orderRowsSince` reads what a 402 may add
 * (decision 0009: a declined payment keeps its attempt as a cancelled order).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../src/db/client';

export interface TableFingerprint {
  rows: number;
  md5: string;
}

export interface DatabaseFingerprint {
  tables: Record<string, TableFingerprint>;
  /** Highest `orders.id` at the time, so rows added later can be told apart. */
  maxOrderId: number;
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Bookkeeping a refused request may legitimately write, left out of the fingerprint (issue 17's "a 4xx changes
 * nothing" is about the data a person sees): a live session's sliding expiry (any member request pushes it
 * forward, even one that is then refused), and a reset code's wrong-try counter (counting wrong tries is what
 * a refused confirm-otp is for, DESIGN §5.5), and a product's `changed_at` (decision 0019: a declined payment
 * takes the stock and puts it back, which dates the row for the catalog read model although its data is the same),
 * and for the same reason a location's `updated_at` on its stock row (issue 41, decision 0069).
 */
export const BOOKKEEPING_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  user_sessions: ['expires_at'],
  staff_sessions: ['expires_at'],
  password_resets: ['attempts'],
  products: ['changed_at'],
  location_stock: ['updated_at'],
};

/** `count` and `md5` of the rows of `table` (optionally only those matching `where`, a SQL condition on `t`). */
export function fingerprintSql(table: string, where = 'true'): string {
  const skipped = BOOKKEEPING_COLUMNS[table] ?? [];
  const row = skipped.reduce((expr, column) => `${expr} - ${quoteLiteral(column)}`, 'to_jsonb(t)');
  return (
    `SELECT ${quoteLiteral(table)}::text AS table_name, count(*)::int AS rows, ` +
    `md5(coalesce(string_agg((${row})::text, '|' ORDER BY (${row})::text), '')) AS md5 ` +
    `FROM ${quoteIdentifier(table)} t WHERE ${where}`
  );
}

/** Names of the base tables in schema `public`, sorted. */
export async function listPublicTables(db: Database): Promise<string[]> {
  const rows = rowsOf<{ table_name: string }>(
    await db.execute(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    ),
  );
  return rows.map((r) => r.table_name);
}

function fingerprintQuery(tables: string[]): string {
  return [
    ...tables.map((t) => fingerprintSql(t)),
    `SELECT '#max_order_id'::text, coalesce(max(id), 0)::int, ''::text FROM orders`,
  ].join(' UNION ALL ');
}

function fingerprintOfRows(rows: { table_name: string; rows: number; md5: string }[]): DatabaseFingerprint {
  const fingerprint: DatabaseFingerprint = { tables: {}, maxOrderId: 0 };
  for (const r of rows) {
    if (r.table_name === '#max_order_id') fingerprint.maxOrderId = Number(r.rows);
    else fingerprint.tables[r.table_name] = { rows: Number(r.rows), md5: r.md5 };
  }
  return fingerprint;
}

/** One query over every table of `tables` (by default every table in `public`). */
export async function databaseFingerprint(db: Database, tables?: string[]): Promise<DatabaseFingerprint> {
  tables ??= await listPublicTables(db);
  return fingerprintOfRows(rowsOf(await db.execute(sql.raw(fingerprintQuery(tables)))));
}

let nextFingerprintFunction = 1;

/**
 * `databaseFingerprint` of `tables` for a caller that takes thousands (the fuzz suite takes one or two around
 * every request): the query lives in a PL/pgSQL function made here, whose plan PostgreSQL keeps, where a
 * 57-table UNION sent as text was planned anew each time (PGlite: 15-23 ms a fingerprint, 3 ms from the
 * function). The function is in the test's own database; it reads only, and no fingerprint covers functions.
 */
export async function fingerprinter(
  db: Database,
  tables: string[],
): Promise<() => Promise<DatabaseFingerprint>> {
  const name = `test_fingerprint_${process.pid}_${nextFingerprintFunction++}`;
  await db.execute(
    sql.raw(
      `CREATE FUNCTION ${name}() RETURNS TABLE (table_name text, rows int, md5 text) LANGUAGE plpgsql AS ` +
        `$fingerprint$ BEGIN RETURN QUERY ${fingerprintQuery(tables)}; END $fingerprint$`,
    ),
  );
  return async () => fingerprintOfRows(rowsOf(await db.execute(sql.raw(`SELECT * FROM ${name}()`))));
}

/** Names of the tables whose fingerprint differs, with their row counts before and after. */
export function changedTables(before: DatabaseFingerprint, after: DatabaseFingerprint): string[] {
  const names = new Set([...Object.keys(before.tables), ...Object.keys(after.tables)]);
  return [...names]
    .filter((name) => {
      const a = before.tables[name];
      const b = after.tables[name];
      return a?.rows !== b?.rows || a?.md5 !== b?.md5;
    })
    .map((name) => `${name} (${before.tables[name]?.rows ?? 0} -> ${after.tables[name]?.rows ?? 0} rows)`);
}

/** Fingerprint of `table` as it was at `maxOrderId`: the rows that a later order did not add. */
export async function fingerprintWithout(
  db: Database,
  table: string,
  condition: string,
): Promise<TableFingerprint> {
  const [row] = rowsOf<{ rows: number; md5: string }>(
    await db.execute(sql.raw(fingerprintSql(table, condition))),
  );
  return { rows: Number(row?.rows ?? 0), md5: row?.md5 ?? '' };
}

/** Status of every order added after `maxOrderId`. */
export async function orderStatusesSince(db: Database, maxOrderId: number): Promise<string[]> {
  const rows = rowsOf<{ status: string }>(
    await db.execute(sql`SELECT status FROM orders WHERE id > ${maxOrderId} ORDER BY id`),
  );
  return rows.map((r) => r.status);
}
