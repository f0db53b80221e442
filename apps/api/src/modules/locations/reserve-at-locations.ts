/**
 * Place-order's reservation at the locations (issue 41 §1, decision 0069): under the products' row locks place-order
 * already took, the order's location rows are locked, `planAllocation` decides where each unit comes from, and the
 * units come off there.
 */
import { and, asc, inArray, sql } from 'drizzle-orm';
import { planAllocation, type Allocation, type WantedUnits } from '@store/shared/stock-locations';
import type { Database } from '../../db/client';
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
  tx: Pick<Database, 'select' | 'update'>,
  wanted: readonly WantedUnits[],
  preference: readonly number[],
): Promise<{ allocations: Allocation[] } | { shortage: { productId: number; left: number } }> {
  if (wanted.length === 0) return { allocations: [] };
  const productIds = wanted.map((w) => w.productId);
  const stock = await tx
    .select({
      locationId: locationStock.locationId,
      productId: locationStock.productId,
      onHand: locationStock.onHand,
    })
    .from(locationStock)
    .where(inArray(locationStock.productId, productIds))
    .orderBy(asc(locationStock.productId), asc(locationStock.locationId))
    .for('update');
  const plan = planAllocation(wanted, stock, preference);
  if ('shortage' in plan) return plan;
  const rows = sql.join(
    plan.allocations.map(
      (a) => sql`(${a.productId}::integer, ${a.locationId}::integer, ${a.quantity}::integer)`,
    ),
    sql`, `,
  );
  // One statement for the lot; the check constraint (on_hand >= 0) backs the plan made under the locks.
  await tx
    .update(locationStock)
    .set({ onHand: sql`${locationStock.onHand} - taken.quantity`, updatedAt: sql`now()` })
    .from(sql`(VALUES ${rows}) AS taken (product_id, location_id, quantity)`)
    .where(
      and(
        sql`${locationStock.productId} = taken.product_id`,
        sql`${locationStock.locationId} = taken.location_id`,
      ),
    );
  return { allocations: plan.allocations };
}

/**
 * Records where order `orderId`'s units were taken (`reserveAtLocations`' answer): its allocation rows, so a
 * cancel or restock puts them back there, and a movement 'order' per allocation. In the order's transaction.
 */
export async function recordAllocations(
  tx: Pick<Database, 'insert'>,
  orderId: number,
  allocations: readonly Allocation[],
): Promise<void> {
  if (allocations.length === 0) return;
  await tx.insert(orderStockAllocations).values(
    allocations.map((a) => ({
      orderId,
      productId: a.productId,
      locationId: a.locationId,
      quantity: a.quantity,
    })),
  );
  await tx.insert(stockMovements).values(
    allocations.map((a) => ({
      productId: a.productId,
      fromLocationId: a.locationId,
      quantity: a.quantity,
      reason: 'order' as const,
      orderId,
    })),
  );
}
