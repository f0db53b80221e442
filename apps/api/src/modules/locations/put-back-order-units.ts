/**
 * Units of an order going back on the shelf (issue 41 §1, decision 0069): a cancel releases what the order
 * reserved, a refund or a received return with restock puts its units back, each at the location the order took
 * them from, with `products.stock` changed by the same amount in the same transaction.
 */
import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { locationStock, orderStockAllocations, products, stockMovements } from '../../db/schema';
import { markLocationStockManaged } from './mark-location-stock-managed';
import { defaultLocationId, sortOrderOf } from './default-location-id';

/** Units of one product. */
export interface ProductUnits {
  productId: number;
  quantity: number;
}

/**
 * Puts `units` of order `orderId` back: each unit at the location an unreleased allocation of the order took it
 * from (marking it released), any unit no allocation covers (an order placed before stock by location) at the
 * default location. Products that do not track stock are skipped. Locks the product rows (id order), then the
 * allocations, then writes location_stock: the order place-order takes them in. `reason` is the movements':
 * 'order_released' for a cancel, 'restock' for a refund or return. In the caller's transaction.
 */
export async function putBackOrderUnits(
  tx: Database,
  orderId: number,
  units: readonly ProductUnits[],
  reason: 'order_released' | 'restock',
): Promise<void> {
  const wanted = new Map<number, number>();
  for (const u of units)
    if (u.quantity > 0) wanted.set(u.productId, (wanted.get(u.productId) ?? 0) + u.quantity);
  if (wanted.size === 0) return;
  await markLocationStockManaged(tx);
  const tracked = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...wanted.keys()]), isNotNull(products.stock)))
    .orderBy(asc(products.id))
    .for('update');
  if (tracked.length === 0) return;
  const ids = tracked.map((p) => p.id);
  const open = await tx
    .select({
      id: orderStockAllocations.id,
      productId: orderStockAllocations.productId,
      locationId: orderStockAllocations.locationId,
      left: sql<number>`${orderStockAllocations.quantity} - ${orderStockAllocations.released}`.mapWith(
        Number,
      ),
    })
    .from(orderStockAllocations)
    .where(
      and(
        eq(orderStockAllocations.orderId, orderId),
        inArray(orderStockAllocations.productId, ids),
        lt(orderStockAllocations.released, orderStockAllocations.quantity),
      ),
    )
    .orderBy(asc(orderStockAllocations.productId), asc(orderStockAllocations.id))
    .for('update');
  const home = await defaultLocationId(tx);

  const back = new Map<string, { productId: number; locationId: number; quantity: number }>();
  const add = (productId: number, locationId: number, quantity: number) => {
    const key = `${productId}:${locationId}`;
    const entry = back.get(key) ?? { productId, locationId, quantity: 0 };
    entry.quantity += quantity;
    back.set(key, entry);
  };
  for (const productId of ids) {
    let need = wanted.get(productId) ?? 0;
    for (const a of open.filter((o) => o.productId === productId)) {
      if (need === 0) break;
      const give = Math.min(need, a.left);
      await tx
        .update(orderStockAllocations)
        .set({ released: sql`${orderStockAllocations.released} + ${give}` })
        .where(eq(orderStockAllocations.id, a.id));
      add(productId, a.locationId, give);
      need -= give;
    }
    if (need > 0) add(productId, home, need);
  }
  const moves = [...back.values()].sort((a, b) => a.productId - b.productId || a.locationId - b.locationId);
  for (const m of moves) {
    await tx
      .insert(locationStock)
      .values({ productId: m.productId, locationId: m.locationId, onHand: m.quantity })
      .onConflictDoUpdate({
        target: [locationStock.productId, locationStock.locationId],
        set: { onHand: sql`${locationStock.onHand} + ${m.quantity}`, updatedAt: sql`now()` },
      });
  }
  for (const productId of ids) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${wanted.get(productId) ?? 0}` })
      .where(eq(products.id, productId));
  }
  await tx.insert(stockMovements).values(
    moves.map((m) => ({
      productId: m.productId,
      toLocationId: m.locationId,
      quantity: m.quantity,
      reason,
      orderId,
    })),
  );
}

/**
 * Takes `quantity` units of `productId` off the shelf outside an order's reservation (a replacement sent for a
 * return, a refused refund's restock taken back): from the default location first, then the others by sort order,
 * `products.stock` by the same. `atMost` takes what there is (never below 0); otherwise answers `{ short: units on
 * hand }` and changes nothing when there are fewer. A product that does not track stock answers `{ taken: 0 }`.
 * In the caller's transaction.
 */
export async function takeUnitsOff(
  tx: Database,
  productId: number,
  quantity: number,
  options: { reason: 'order' | 'count'; orderId?: number | null; atMost?: boolean; note?: string },
): Promise<{ taken: number } | { short: number }> {
  await markLocationStockManaged(tx);
  const [product] = await tx
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!product || product.stock === null) return { taken: 0 };
  const home = await defaultLocationId(tx);
  const rows = await tx
    .select({ locationId: locationStock.locationId, onHand: locationStock.onHand })
    .from(locationStock)
    .where(eq(locationStock.productId, productId))
    .orderBy(asc(locationStock.locationId))
    .for('update');
  const onHand = rows.reduce((n, r) => n + r.onHand, 0);
  if (onHand < quantity && !options.atMost) return { short: onHand };
  const order = await sortOrderOf(tx);
  rows.sort(
    (a, b) =>
      Number(b.locationId === home) - Number(a.locationId === home) ||
      (order.get(a.locationId) ?? 0) - (order.get(b.locationId) ?? 0) ||
      a.locationId - b.locationId,
  );
  let need = Math.min(quantity, onHand);
  const taken = need;
  for (const r of rows) {
    if (need === 0) break;
    const take = Math.min(need, r.onHand);
    if (take === 0) continue;
    await tx
      .update(locationStock)
      .set({ onHand: sql`${locationStock.onHand} - ${take}`, updatedAt: sql`now()` })
      .where(and(eq(locationStock.productId, productId), eq(locationStock.locationId, r.locationId)));
    await tx.insert(stockMovements).values({
      productId,
      fromLocationId: r.locationId,
      quantity: take,
      reason: options.reason,
      orderId: options.orderId ?? null,
      note: options.note ?? '',
    });
    need -= take;
  }
  if (taken > 0) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${taken}` })
      .where(eq(products.id, productId));
  }
  return { taken };
}
