/**
 * Place-order's reservation at the locations (issue 41 §1, decision 0069): under the products' row locks place-order
 * already took, the order's location rows are locked, `planAllocation` decides where each unit comes from, and the
 * units come off there.
 */
import { and, asc, sql } from 'drizzle-orm';
import { planAllocation, type Allocation, type WantedUnits } from '@store/shared/stock-locations';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { locationStock, orderStockAllocations, stockMovements } from '../../db/schema';

/**
 * Takes `wanted` (tracked products only, product id order) off the locations of `preference` (location ids, best
 * first: `allocationPreference`'s answer). Locks the products' location rows first (product id, then location id:
 * the order every writer of location_stock takes them in). Answers the allocations (units already taken off
 * location_stock), or the first product the locations cannot cover with the units they hold between them; the
 * caller then rolls back. A product that tracks stock but has no location rows is a shortage: since migration
 * 0039/0040 every tracked product has them, so that would be a bug, and selling units no location holds would
 * break products.stock = SUM(on_hand).
 *
 * Must run in the caller's transaction, after `markLocationStockManaged` and after the products UPDATE that took
 * the total (which locked the product rows, so nothing else changes these rows meanwhile).
 */
export async function reserveAtLocations(
  tx: Database,
  wanted: readonly WantedUnits[],
  preference: readonly number[],
): Promise<{ allocations: Allocation[] } | { shortage: { productId: number; left: number } }> {
  if (wanted.length === 0) return { allocations: [] };
  const stock = await lockedStockOf(tx).execute({ ids: wanted.map((w) => w.productId) });
  const plan = planAllocation(wanted, stock, preference);
  if ('shortage' in plan) return plan;
  // One statement for the lot; the check constraint (on_hand >= 0) backs the plan made under the locks.
  await takeAtLocations(tx).execute(columnsOf(plan.allocations));
  return { allocations: plan.allocations };
}

/**
 * Records where order `orderId`'s units were taken (`reserveAtLocations`' answer): its allocation rows, so a
 * cancel or restock puts them back there, and a movement 'order' per allocation. In the order's transaction.
 */
export async function recordAllocations(
  tx: Database,
  orderId: number,
  allocations: readonly Allocation[],
): Promise<void> {
  if (allocations.length === 0) return;
  const { productIds, locationIds, quantities } = columnsOf(allocations);
  // Both in one statement, one text for any number of allocations (decision 0097).
  await tx.execute(sql`
    WITH taken AS (
      SELECT * FROM unnest(${sql.param(productIds)}::int4[], ${sql.param(locationIds)}::int4[],
        ${sql.param(quantities)}::int4[])
        AS t (product_id, location_id, quantity)
    ), allocated AS (
      INSERT INTO ${orderStockAllocations} (order_id, product_id, location_id, quantity)
      SELECT ${orderId}::int4, product_id, location_id, quantity FROM taken
    )
    INSERT INTO ${stockMovements} (product_id, from_location_id, quantity, reason, order_id)
    SELECT product_id, location_id, quantity, 'order', ${orderId}::int4 FROM taken`);
}

/** Allocations as one array per column: the statements below take them through unnest, whatever their count. */
function columnsOf(allocations: readonly Allocation[]) {
  return {
    productIds: allocations.map((a) => a.productId),
    locationIds: allocations.map((a) => a.locationId),
    quantities: allocations.map((a) => a.quantity),
  };
}

// Every order of tracked stock runs these in its transaction, with arrays for any number of lines: one text each,
// built once (decision 0097).
const allocated = sql`unnest(${sql.placeholder('productIds')}::int4[], ${sql.placeholder('locationIds')}::int4[],
  ${sql.placeholder('quantities')}::int4[]) AS taken (product_id, location_id, quantity)`;
const lockedStockOf = preparedStatement((db) =>
  db
    .select({
      locationId: locationStock.locationId,
      productId: locationStock.productId,
      onHand: locationStock.onHand,
    })
    .from(locationStock)
    .where(sql`${locationStock.productId} = ANY(${sql.placeholder('ids')}::int4[])`)
    .orderBy(asc(locationStock.productId), asc(locationStock.locationId))
    .for('update'),
);
const takeAtLocations = preparedStatement((db) =>
  db
    .update(locationStock)
    .set({ onHand: sql`${locationStock.onHand} - taken.quantity`, updatedAt: sql`now()` })
    .from(allocated)
    .where(
      and(
        sql`${locationStock.productId} = taken.product_id`,
        sql`${locationStock.locationId} = taken.location_id`,
      ),
    ),
);
