/**
 * The catalog's version (decision 0019): one row in `catalog_state`, bumped inside the transaction of every change
 * the read model cannot pick up row by row — an import, categories, brands, images, discounts. Product rows
 * themselves (stock, price) are dated by the `products_touch_changed_at` trigger and re-read without a bump.
 *
 * A bump also sends `NOTIFY catalog_changed` (delivered on commit only, so a rolled-back import tells no one):
 * on PostgreSQL every instance listening reloads at once; the read model's poll is the safety net for a
 * listener that was disconnected, and the only path on embedded PGlite (one process).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client';

/** The channel every instance LISTENs on; the payload is the new version as decimal text. */
export const CATALOG_CHANNEL = 'catalog_changed';

/** Anything that can run a statement: the database or an open transaction. */
export type SqlRunner = Pick<Database, 'execute'>;

/**
 * Bumps the catalog version and announces it on commit. Call it inside the transaction that changes the catalog.
 * Returns the new version.
 */
export async function bumpCatalogVersion(db: SqlRunner): Promise<number> {
  const rows = rowsOf<{ version: string | number }>(
    await db.execute(sql`
      UPDATE catalog_state SET version = version + 1, changed_at = now() WHERE id = 1 RETURNING version`),
  );
  const version = Number(rows[0]?.version ?? 0);
  await db.execute(sql`SELECT pg_notify(${CATALOG_CHANNEL}, ${String(version)})`);
  return version;
}

/** The catalog version as committed. */
export async function readCatalogVersion(db: SqlRunner): Promise<number> {
  const rows = rowsOf<{ version: string | number }>(
    await db.execute(sql`SELECT version FROM catalog_state WHERE id = 1`),
  );
  return Number(rows[0]?.version ?? 0);
}
