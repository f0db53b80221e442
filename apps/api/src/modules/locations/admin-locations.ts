/**
 * The back office's locations and stock by location (issue 41 §1-2, decision 0069): list, create and edit
 * locations (never switching off the last shipping location, nor one that holds stock), a product's stock per
 * location with its movements, transfers and counts under row locks, and the movements history.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ADMIN_LOCATION_MESSAGES,
  type AdminLocation,
  type AdminLocationValues,
  type StockMovement,
} from '@store/shared/admin-locations';
import { LOCATION_MESSAGES } from '@store/shared/stock-locations';
import type { Database } from '../../db/client';
import { describeDatabaseError } from '../../db/describe-database-error';
import { locations, locationStock, products, stockMovements } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { markLocationStockManaged } from './mark-location-stock-managed';

/** Every location (active or not), by sort order, with the units each holds. */
export async function listAdminLocations(db: Database): Promise<AdminLocation[]> {
  const rows = await db
    .select({
      location: locations,
      units: sql<number>`coalesce((SELECT sum(${locationStock.onHand}) FROM ${locationStock}
        WHERE ${locationStock.locationId} = ${locations.id}), 0)::int`,
    })
    .from(locations)
    .orderBy(asc(locations.sortOrder), asc(locations.id));
  return rows.map((r) => presentLocation(r.location, r.units));
}

function presentLocation(l: typeof locations.$inferSelect, units: number): AdminLocation {
  return {
    id: l.id,
    code: l.code,
    name: l.name,
    street_address: l.streetAddress,
    suburb: l.suburb,
    state: l.state,
    post_code: l.postCode,
    phone: l.phone,
    opening_hours: l.openingHours,
    ships: l.ships,
    hands_over: l.handsOver,
    ready_minutes: l.readyMinutes,
    dispatch_days_min: l.dispatchDaysMin,
    dispatch_days_max: l.dispatchDaysMax,
    sort_order: l.sortOrder,
    active: l.active,
    units_on_hand: Number(units),
  };
}

function columnsOf(v: AdminLocationValues) {
  return {
    code: v.code,
    name: v.name,
    streetAddress: v.street_address,
    suburb: v.suburb,
    state: v.state,
    postCode: v.post_code,
    phone: v.phone,
    openingHours: v.opening_hours,
    ships: v.ships,
    handsOver: v.hands_over,
    readyMinutes: v.ready_minutes,
    dispatchDaysMin: v.dispatch_days_min,
    dispatchDaysMax: v.dispatch_days_max,
    sortOrder: v.sort_order,
    active: v.active,
  };
}

const codeTaken = (err: unknown, code: string): never => {
  if (describeDatabaseError(err)?.constraint === 'locations_code_unique') {
    const message = LOCATION_MESSAGES.codeTaken(code);
    throw new HttpError(409, message, [{ field: 'code', message }]);
  }
  throw err;
};

/**
 * Saves location `id` (null: a new one) with `values`. Under the locations' row locks (every location, id order,
 * so two edits at once are decided one after the other): refuses with 409 leaving no active shipping location
 * (LOCATION_MESSAGES.lastShipping) or switching off a location that holds units (hasStock); 404 for an unknown id;
 * 409 for a code another location uses.
 */
export async function saveAdminLocation(
  db: Database,
  id: number | null,
  values: AdminLocationValues,
): Promise<AdminLocation> {
  return db
    .transaction(async (tx) => {
      const all = await tx.select().from(locations).orderBy(asc(locations.id)).for('update');
      if (id !== null && !all.some((l) => l.id === id)) throw new HttpError(404, LOCATION_MESSAGES.notFound);
      const shipsAfter = all.some((l) => (l.id === id ? values.active && values.ships : l.active && l.ships));
      if (!shipsAfter && !(id === null && values.active && values.ships)) {
        throw new HttpError(409, LOCATION_MESSAGES.lastShipping, [
          { field: 'ships', message: LOCATION_MESSAGES.lastShipping },
        ]);
      }
      if (id !== null && !values.active) {
        // Units held here would be stranded (no order may take them): counted under the lock of their rows.
        const [held] = await tx
          .select({ units: sql<number>`coalesce(sum(${locationStock.onHand}), 0)::int` })
          .from(locationStock)
          .where(eq(locationStock.locationId, id));
        const units = Number(held?.units ?? 0);
        if (units > 0) {
          throw new HttpError(409, LOCATION_MESSAGES.hasStock(units), [
            { field: 'active', message: LOCATION_MESSAGES.hasStock(units) },
          ]);
        }
      }
      const [row] =
        id === null
          ? await tx.insert(locations).values(columnsOf(values)).returning()
          : await tx
              .update(locations)
              .set({ ...columnsOf(values), updatedAt: sql`now()` })
              .where(eq(locations.id, id))
              .returning();
      if (!row) throw new HttpError(404, LOCATION_MESSAGES.notFound);
      const [held] = await tx
        .select({ units: sql<number>`coalesce(sum(${locationStock.onHand}), 0)::int` })
        .from(locationStock)
        .where(eq(locationStock.locationId, row.id));
      return presentLocation(row, Number(held?.units ?? 0));
    })
    .catch((err: unknown) => codeTaken(err, values.code));
}

const fromLocation = alias(locations, 'from_location');
const toLocation = alias(locations, 'to_location');

/** The latest movements (newest first), of one product and/or one location. */
export async function listStockMovements(
  db: Database,
  filter: { productId?: number; sku?: string; locationId?: number; limit: number },
): Promise<StockMovement[]> {
  const where: SQL[] = [];
  if (filter.productId !== undefined) where.push(eq(stockMovements.productId, filter.productId));
  if (filter.sku) where.push(sql`lower(${products.sku}) = lower(${filter.sku})`);
  if (filter.locationId !== undefined) {
    where.push(
      sql`(${stockMovements.fromLocationId} = ${filter.locationId} OR ${stockMovements.toLocationId} = ${filter.locationId})`,
    );
  }
  const rows = await db
    .select({
      m: stockMovements,
      sku: products.sku,
      from: fromLocation.name,
      to: toLocation.name,
    })
    .from(stockMovements)
    .innerJoin(products, eq(products.id, stockMovements.productId))
    .leftJoin(fromLocation, eq(fromLocation.id, stockMovements.fromLocationId))
    .leftJoin(toLocation, eq(toLocation.id, stockMovements.toLocationId))
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(filter.limit);
  return rows.map((r) => ({
    id: r.m.id,
    product_id: r.m.productId,
    sku: r.sku,
    from_location: r.from,
    to_location: r.to,
    quantity: r.m.quantity,
    reason: r.m.reason,
    note: r.m.note,
    order_id: r.m.orderId,
    staff_name: r.m.staffName,
    created_at: r.m.createdAt.toISOString(),
  }));
}

/** Product `productId`'s units per location (every location, 0 where none) and its latest 50 movements; 404. */
export async function productLocationStock(db: Database, productId: number) {
  const [product] = await db
    .select({ id: products.id, sku: products.sku, stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw new HttpError(404, ADMIN_LOCATION_MESSAGES.productNotFound);
  const rows = await db
    .select({
      locationId: locations.id,
      name: locations.name,
      active: locations.active,
      onHand: sql<number>`coalesce(${locationStock.onHand}, 0)`,
    })
    .from(locations)
    .leftJoin(
      locationStock,
      and(eq(locationStock.locationId, locations.id), eq(locationStock.productId, productId)),
    )
    .orderBy(asc(locations.sortOrder), asc(locations.id));
  return {
    product_id: product.id,
    sku: product.sku,
    stock: product.stock,
    locations: rows.map((r) => ({
      location_id: r.locationId,
      name: r.name,
      active: r.active,
      on_hand: Number(r.onHand),
    })),
    movements: await listStockMovements(db, { productId, limit: 50 }),
  };
}

interface Staff {
  id: number;
  name: string;
}

/**
 * Locks product `productId` (the lock every writer of its stock takes first, decision 0069) and the location rows
 * `locationIds`, in location id order; 404 for an unknown product or location, 400 when it does not track stock.
 */
async function lockForStockChange(tx: Database, productId: number, locationIds: readonly number[]) {
  await markLocationStockManaged(tx);
  const [product] = await tx
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!product) throw new HttpError(404, ADMIN_LOCATION_MESSAGES.productNotFound);
  if (product.stock === null) throw new HttpError(400, ADMIN_LOCATION_MESSAGES.untracked);
  const named = await tx.select({ id: locations.id, name: locations.name }).from(locations);
  const names = new Map(named.map((l) => [l.id, l.name]));
  for (const id of locationIds) if (!names.has(id)) throw new HttpError(404, LOCATION_MESSAGES.notFound);
  // Rows missing so far start at 0, so each can be locked and changed.
  for (const locationId of [...locationIds].sort((a, b) => a - b)) {
    await tx.insert(locationStock).values({ productId, locationId, onHand: 0 }).onConflictDoNothing();
  }
  const held = await tx
    .select({ locationId: locationStock.locationId, onHand: locationStock.onHand })
    .from(locationStock)
    .where(eq(locationStock.productId, productId))
    .orderBy(asc(locationStock.locationId))
    .for('update');
  return { names, onHand: new Map(held.map((h) => [h.locationId, h.onHand])) };
}

/**
 * Moves `quantity` units of `productId` from one location to another (products.stock unchanged), recorded as a
 * 'transfer' by `staff`. Under the product's and the locations' row locks: 409 LOCATION_MESSAGES.transferShort when
 * the source holds fewer (nothing written), so transfers at once never take a location below 0.
 */
export async function transferStock(
  db: Database,
  productId: number,
  move: { fromLocationId: number; toLocationId: number; quantity: number; note: string },
  staff: Staff,
): Promise<string> {
  if (move.fromLocationId === move.toLocationId) throw new HttpError(400, LOCATION_MESSAGES.transferSame);
  return db.transaction(async (tx) => {
    const { names, onHand } = await lockForStockChange(tx, productId, [
      move.fromLocationId,
      move.toLocationId,
    ]);
    const from = names.get(move.fromLocationId) ?? '';
    const left = onHand.get(move.fromLocationId) ?? 0;
    if (left < move.quantity) {
      const message = LOCATION_MESSAGES.transferShort(left, from);
      throw new HttpError(409, message, [{ field: 'quantity', message }]);
    }
    const change = async (locationId: number, by: number) =>
      tx
        .update(locationStock)
        .set({ onHand: sql`${locationStock.onHand} + ${by}`, updatedAt: sql`now()` })
        .where(and(eq(locationStock.productId, productId), eq(locationStock.locationId, locationId)));
    await change(move.fromLocationId, -move.quantity);
    await change(move.toLocationId, move.quantity);
    await tx.insert(stockMovements).values({
      productId,
      fromLocationId: move.fromLocationId,
      toLocationId: move.toLocationId,
      quantity: move.quantity,
      reason: 'transfer',
      note: move.note,
      staffUserId: staff.id,
      staffName: staff.name,
    });
    return ADMIN_LOCATION_MESSAGES.transferred(move.quantity, from, names.get(move.toLocationId) ?? '');
  });
}

/**
 * Sets the units of `productId` on hand at `locationId` to what was counted, products.stock by the difference, in
 * one transaction under the row locks; recorded as a movement 'count' of the difference (none when equal).
 */
export async function countStock(
  db: Database,
  productId: number,
  count: { locationId: number; onHand: number; note: string },
  staff: Staff,
): Promise<string> {
  return db.transaction(async (tx) => {
    const { names, onHand } = await lockForStockChange(tx, productId, [count.locationId]);
    const before = onHand.get(count.locationId) ?? 0;
    const diff = count.onHand - before;
    if (diff !== 0) {
      await tx
        .update(locationStock)
        .set({ onHand: count.onHand, updatedAt: sql`now()` })
        .where(and(eq(locationStock.productId, productId), eq(locationStock.locationId, count.locationId)));
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${diff}` })
        .where(eq(products.id, productId));
      await tx.insert(stockMovements).values({
        productId,
        fromLocationId: diff < 0 ? count.locationId : null,
        toLocationId: diff > 0 ? count.locationId : null,
        quantity: Math.abs(diff),
        reason: 'count',
        note: count.note,
        staffUserId: staff.id,
        staffName: staff.name,
      });
    }
    return ADMIN_LOCATION_MESSAGES.counted(count.onHand, names.get(count.locationId) ?? '');
  });
}
