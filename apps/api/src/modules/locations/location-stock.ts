/**
 * Locations and their stock as place-order, the delivery-options quote and the product page read them (issue 41,
 * decision 0069). The rule of where units come from is the shared `planAllocation`; this module reads its inputs.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { bulkyItemText, dangerousGoodText, type DeliveryOption } from '@store/shared/delivery-rules';
import type { ProductAvailability } from '@store/shared/product-availability';
import type { LocationStockRow, StoreLocation } from '@store/shared/stock-locations';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { locations, locationStock, products } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { ADMIN_LOCATION_MESSAGES } from '@store/shared/admin-locations';
import { getStoreSettings } from '../content/content-service';

export type LocationRow = typeof locations.$inferSelect;

/** A row as the shared type. */
export function toStoreLocation(row: LocationRow): StoreLocation {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    streetAddress: row.streetAddress,
    suburb: row.suburb,
    state: row.state,
    postCode: row.postCode,
    phone: row.phone,
    openingHours: row.openingHours,
    ships: row.ships,
    handsOver: row.handsOver,
    readyMinutes: row.readyMinutes,
    dispatchDaysMin: row.dispatchDaysMin,
    dispatchDaysMax: row.dispatchDaysMax,
    sortOrder: row.sortOrder,
    active: row.active,
  };
}

// Every checkout quote and order reads them (decision 0096): built once per database handle.
const activeLocationRows = preparedStatement((db) =>
  db
    .select()
    .from(locations)
    .where(eq(locations.active, true))
    .orderBy(asc(locations.sortOrder), asc(locations.id)),
);

/** The active locations, by sort order then id. */
export async function loadActiveLocations(db: Database): Promise<StoreLocation[]> {
  const rows = await activeLocationRows(db).execute();
  return rows.map(toStoreLocation);
}

/**
 * The locations that may give an order's units, in order (planAllocation's `preference`): for delivery the active
 * shipping locations; for click & collect the chosen location first, then the shipping locations (their units
 * are moved to it). Null when `collectLocationId` is not an active hand-over location.
 */
export function allocationPreference(
  active: readonly StoreLocation[],
  option: DeliveryOption,
  collectLocationId: number | null,
): number[] | null {
  const shipping = active.filter((l) => l.ships).map((l) => l.id);
  if (option !== 'click_and_collect') return shipping;
  const collect = active.find((l) => l.id === collectLocationId && l.handsOver);
  if (!collect) return null;
  return [collect.id, ...shipping.filter((id) => id !== collect.id)];
}

/**
 * Units on hand per location for `productIds` (a plain read: the quote's view; place-order reads them again under
 * lock). `forUpdate` locks the rows, for a transaction that will change them.
 */
export async function readLocationStock(
  db: Pick<Database, 'select'>,
  productIds: readonly number[],
  locationIds?: readonly number[],
): Promise<LocationStockRow[]> {
  if (productIds.length === 0) return [];
  const where =
    locationIds === undefined
      ? inArray(locationStock.productId, [...productIds])
      : and(
          inArray(locationStock.productId, [...productIds]),
          inArray(locationStock.locationId, [...locationIds]),
        );
  return db
    .select({
      locationId: locationStock.locationId,
      productId: locationStock.productId,
      onHand: locationStock.onHand,
    })
    .from(locationStock)
    .where(where);
}

/**
 * The product page's availability of product `productId` (issue 41 §1): the active locations, and its units at
 * each (null when it does not track stock), and its delivery notes (dangerous good, bulky). Two small reads for one
 * product (a third for a bulky one's surcharge); 404 for an unknown product.
 */
export async function productAvailability(db: Database, productId: number): Promise<ProductAvailability> {
  const [product] = await db
    .select({
      stock: products.stock,
      dangerousGoodsClass: products.dangerousGoodsClass,
      bulky: products.bulky,
    })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw new HttpError(404, ADMIN_LOCATION_MESSAGES.productNotFound);
  const active = await loadActiveLocations(db);
  const deliveryNotes: string[] = [];
  if (product.dangerousGoodsClass) deliveryNotes.push(dangerousGoodText(product.dangerousGoodsClass));
  if (product.bulky) deliveryNotes.push(bulkyItemText((await getStoreSettings(db)).bulkySurchargeCents));
  if (product.stock === null) return { locations: active, stock_at: null, delivery_notes: deliveryNotes };
  const rows = await readLocationStock(
    db,
    [productId],
    active.map((l) => l.id),
  );
  return {
    locations: active,
    stock_at: Object.fromEntries(rows.map((r) => [String(r.locationId), r.onHand])),
    delivery_notes: deliveryNotes,
  };
}
