/**
 * Click & collect in the back office (issue 41 §2, decision 0069): "ready for collection" and "collected" as
 * conditional UPDATEs (two clicks at once do one thing, decision 0041), the customer's mail and text, and the pick
 * list of a location.
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  COLLECT_MESSAGES,
  type PickList,
  type PickListOrder,
  readyForCollectionSms,
  readyForCollectionSubject,
  uncollectedSince,
  uncollectedText,
} from '@store/shared/click-and-collect';
import { openingHoursSummary } from '@store/shared/opening-hours';
import { absoluteUrl, guestTrackOrderPath } from '@store/shared/paths';
import { LOCATION_MESSAGES } from '@store/shared/stock-locations';
import { PAYMENT_STATUS_COMPLETED } from '@store/shared/order-constants';
import type { Database } from '../../db/client';
import { locations, orderLineItems, orders, orderStockAllocations, storeSettings } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { mailStoreOf } from '../mail/mail-store';
import { renderMail } from '../mail/render-mail';
import type { MailMessage } from '../mail/send-mail';
import { ReadyForCollectionMail } from '../mail/templates/ready-for-collection-mail';
import type { SmsMessage } from '../sms/sms-sender';

type OrderRow = typeof orders.$inferSelect;
type LocationRow = typeof locations.$inferSelect;

const ORDER_NOT_FOUND = 'No order with this number.';

async function orderAndLocation(db: Database, publicId: string) {
  const [found] = await db
    .select({ order: orders, location: locations })
    .from(orders)
    .leftJoin(locations, eq(locations.id, orders.collectLocationId))
    .where(eq(orders.publicId, publicId));
  if (!found) throw new HttpError(404, ORDER_NOT_FOUND);
  if (found.order.deliveryOption !== 'click_and_collect' || !found.location) {
    throw new HttpError(409, COLLECT_MESSAGES.notClickAndCollect);
  }
  return { order: found.order, location: found.location };
}

/**
 * Marks paid click & collect order `publicId` ready for collection (and processing, when still pending) by one
 * conditional UPDATE: only the first of two clicks changes it (`changed`), and only that one should mail and text
 * the customer. 404 unknown; 409 not click & collect, not paid, or shipped/delivered/cancelled.
 */
export async function markReadyForCollection(
  db: Database,
  publicId: string,
): Promise<{ order: OrderRow; location: LocationRow; changed: boolean }> {
  const { order, location } = await orderAndLocation(db, publicId);
  const [moved] = await db
    .update(orders)
    .set({
      readyForCollectionAt: sql`now()`,
      status: sql`CASE WHEN ${orders.status} = 'pending' THEN 'processing' ELSE ${orders.status} END`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(orders.id, order.id),
        isNull(orders.readyForCollectionAt),
        inArray(orders.status, ['pending', 'processing']),
        eq(orders.paymentStatus, PAYMENT_STATUS_COMPLETED),
      ),
    )
    .returning();
  if (moved) return { order: moved, location, changed: true };
  const [now] = await db.select().from(orders).where(eq(orders.id, order.id));
  if (now?.readyForCollectionAt) return { order: now, location, changed: false };
  if (now?.paymentStatus !== PAYMENT_STATUS_COMPLETED) throw new HttpError(409, COLLECT_MESSAGES.notPaid);
  throw new HttpError(409, COLLECT_MESSAGES.notOpen(now?.status ?? order.status));
}

/**
 * Records that order `publicId` was collected by `collectedBy` (1–80 characters, checked by the route's schema):
 * collected_at, collected_by, status delivered, by one conditional UPDATE on a ready, uncollected order.
 * 404 unknown; 409 not click & collect, not ready yet, or already collected (naming by whom).
 */
export async function markCollected(db: Database, publicId: string, collectedBy: string): Promise<OrderRow> {
  const { order } = await orderAndLocation(db, publicId);
  const [moved] = await db
    .update(orders)
    .set({ collectedAt: sql`now()`, collectedBy, status: 'delivered', updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, order.id),
        sql`${orders.readyForCollectionAt} IS NOT NULL`,
        isNull(orders.collectedAt),
        inArray(orders.status, ['pending', 'processing']),
      ),
    )
    .returning();
  if (moved) return moved;
  const [now] = await db.select().from(orders).where(eq(orders.id, order.id));
  if (now?.collectedAt) throw new HttpError(409, COLLECT_MESSAGES.alreadyCollected(now.collectedBy ?? ''));
  if (!now?.readyForCollectionAt) throw new HttpError(409, COLLECT_MESSAGES.notReady);
  throw new HttpError(409, COLLECT_MESSAGES.notOpen(now.status));
}

/** A location's address on one line. */
export function addressLine(l: Pick<LocationRow, 'streetAddress' | 'suburb' | 'state' | 'postCode'>): string {
  return [l.streetAddress, [l.suburb, l.state, l.postCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
}

/** The "ready to collect" mail and text of `order` at `location`, links under `baseUrl` (PUBLIC_BASE_URL). */
export async function composeReadyForCollection(
  db: Database,
  baseUrl: string,
  order: Pick<OrderRow, 'fName' | 'email' | 'phone' | 'invoiceNumber' | 'publicId'>,
  location: LocationRow,
): Promise<{ mail: MailMessage; sms: SmsMessage | null }> {
  const store = await mailStoreOf(db, baseUrl);
  const parts = await renderMail(
    ReadyForCollectionMail({
      store,
      fName: order.fName,
      invoiceNumber: order.invoiceNumber,
      locationName: location.name,
      address: addressLine(location),
      hours: openingHoursSummary(location.openingHours),
      phone: location.phone,
      orderUrl: absoluteUrl(baseUrl, guestTrackOrderPath(order.publicId)),
    }),
  );
  return {
    mail: { to: order.email, subject: readyForCollectionSubject(store.name, order.invoiceNumber), ...parts },
    sms: order.phone
      ? {
          to: order.phone,
          body: readyForCollectionSms(order.invoiceNumber, location.name, addressLine(location)),
        }
      : null,
  };
}

/**
 * Location `locationId`'s pick list: paid orders not shipped, delivered or cancelled that are click & collect at
 * it, or delivery orders with units reserved at it; those not yet ready first (to pick), then those waiting at the
 * counter (with "Uncollected since …" past the store's `uncollected_after_days`). 404 for an unknown location.
 */
export async function locationPickList(
  db: Database,
  locationId: number,
  now: Date = new Date(),
): Promise<PickList> {
  const [location] = await db.select().from(locations).where(eq(locations.id, locationId));
  if (!location) throw new HttpError(404, LOCATION_MESSAGES.notFound);
  const [settings] = await db
    .select({ days: storeSettings.uncollectedAfterDays })
    .from(storeSettings)
    .limit(1);
  const days = settings?.days ?? 7;
  const reservedHere = sql`EXISTS (SELECT 1 FROM ${orderStockAllocations} a
    WHERE a.order_id = ${orders.id} AND a.location_id = ${locationId})`;
  const found = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, PAYMENT_STATUS_COMPLETED),
        inArray(orders.status, ['pending', 'processing']),
        isNull(orders.collectedAt),
        or(eq(orders.collectLocationId, locationId), and(isNull(orders.collectLocationId), reservedHere)),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(500);
  if (found.length === 0) return { location: location.name, to_pick: [], awaiting_collection: [] };
  const ids = found.map((o) => o.id);
  const lines = await db
    .select()
    .from(orderLineItems)
    .where(inArray(orderLineItems.orderId, ids))
    .orderBy(asc(orderLineItems.id));
  const allocations = await db
    .select({ a: orderStockAllocations, name: locations.name })
    .from(orderStockAllocations)
    .innerJoin(locations, eq(locations.id, orderStockAllocations.locationId))
    .where(inArray(orderStockAllocations.orderId, ids))
    .orderBy(asc(orderStockAllocations.id));
  const present = (o: OrderRow): PickListOrder => {
    const since = uncollectedSince(o.readyForCollectionAt, o.collectedAt, days, now);
    return {
      public_id: o.publicId,
      invoice_number: o.invoiceNumber,
      customer: `${o.fName} ${o.lName}`.trim(),
      delivery_option: o.deliveryOption,
      status: o.status,
      ready_for_collection_at: o.readyForCollectionAt?.toISOString() ?? null,
      uncollected: since ? uncollectedText(since) : null,
      lines: lines
        .filter((l) => l.orderId === o.id)
        .map((l) => ({
          sku: l.sku,
          title: l.productTitle,
          quantity: l.quantity,
          from: allocations
            .filter((x) => x.a.orderId === o.id && x.a.productId === l.productId)
            .map((x) => ({
              location: x.name,
              quantity: x.a.quantity,
              // Units reserved elsewhere for a collection here must be moved to the counter first.
              transfer_needed: o.collectLocationId !== null && x.a.locationId !== o.collectLocationId,
            })),
        })),
    };
  };
  return {
    location: location.name,
    to_pick: found.filter((o) => !o.readyForCollectionAt).map(present),
    awaiting_collection: found.filter((o) => o.readyForCollectionAt).map(present),
  };
}
