import { asc, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client';
import { locations } from '../../db/schema';

/**
 * The default location (decision 0069): the first active shipping location by sort order, else the first location.
 * Where an outright stock figure and units no allocation covers go. The same rule as the SQL function
 * `store_default_location()` of migration 0040, which this calls so the two cannot disagree.
 */
export async function defaultLocationId(db: Pick<Database, 'execute'>): Promise<number> {
  const id = rowsOf<{ id: number | null }>(await db.execute(sql`SELECT store_default_location() AS id`))[0]
    ?.id;
  if (id === null || id === undefined)
    throw new Error('no store location exists (migration 0039 creates one)');
  return Number(id);
}

/** Each location's sort order, by id. */
export async function sortOrderOf(db: Pick<Database, 'select'>): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: locations.id, sortOrder: locations.sortOrder })
    .from(locations)
    .orderBy(asc(locations.id));
  return new Map(rows.map((r) => [r.id, r.sortOrder]));
}
