/**
 * Test helper: a fingerprint of every table in the `public` schema (row count and an md5 of its rows), so a
 * test can assert that a refused request changed nothing anywhere (issue 17: a 4xx changes nothing).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../src/db/client';

/** Table name -> `count:md5` of its rows, sorted by name. */
export type DatabaseFingerprint = Record<string, string>;

/** Reads the fingerprint of every table in `public`. */
export async function databaseFingerprint(db: Database): Promise<DatabaseFingerprint> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    ),
  );
  const out: DatabaseFingerprint = {};
  for (const { name } of tables) {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    const [row] = rowsOf<{ n: string; h: string }>(
      await db.execute(
        sql.raw(
          `SELECT count(*)::text AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM ${quoted} t`,
        ),
      ),
    );
    out[name] = `${row?.n ?? '?'}:${row?.h ?? '?'}`;
  }
  return out;
}
