import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Tells the database that this transaction writes `location_stock` and `products.stock` together itself, so the
 * products triggers of migration 0040 (which apply an outright stock figure at the default location) stay out of
 * it (decision 0069). Lasts until the transaction ends: `tx` must be a transaction, never the pool (outside one the
 * setting would end with this statement and the trigger would count the change twice).
 */
export async function markLocationStockManaged(tx: Pick<Database, 'execute'>): Promise<void> {
  await tx.execute(sql`SELECT set_config('store.location_stock_managed', 'on', true)`);
}
