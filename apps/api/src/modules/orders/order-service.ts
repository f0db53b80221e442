/**
 * Order reads (SPEC §7 guest/track-order, orders-detail): by public id, never by the serial id; by the order
 * number (`invoice_number`) only together with the order's email (issue 34 §6, a departure from DESIGN §5.3's
 * "public id only" that the issue asks for: the number is what people are given and read out over the phone).
 */
import { collectLocationOf } from '../delivery/collect-location-of';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderDetail, TrackOrderRequest } from '@store/shared/order';
import { normaliseOrderNumber } from '@store/shared/order-number';
import { carrierTrackingUrl } from '@store/shared/store-promises';
import { hasTaxInvoice } from '@store/shared/tax-invoice';
import type { Database } from '../../db/client';
import { locations, orderLineItems, orderStatusHistory, orders, taxInvoices } from '../../db/schema';
import { shopperReturnsOf } from '../customer-service/shopper-returns';
import { presentOrderDetail, type OrderRow } from './order-presenter';

/** Public ids are letters and digits (generatePublicOrderId); anything else cannot match one. */
const PUBLIC_ID_SHAPE = /^[A-Za-z0-9]{16,64}$/;

/**
 * The order with this public id (exact, case-sensitive), or null. Customer details (name, email, phone) are
 * filled only for the signed-in member who placed it (`viewerUserId`, SPEC §2: "only when signed in").
 */
export async function findOrderByPublicId(
  db: Database,
  publicId: string,
  viewerUserId: number | null = null,
): Promise<OrderDetail | null> {
  if (!PUBLIC_ID_SHAPE.test(publicId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.publicId, publicId)).limit(1);
  return order ? presentFor(db, order, viewerUserId) : null;
}

/**
 * When the order reached each step of the shopper's progress line (issue 37 §2): received when placed, paid when its
 * tax invoice was issued (that happens as the payment is confirmed, issue 18 §3), shipped and delivered when the
 * back office first moved it there (`order_status_history`). Null for a step not reached or not recorded.
 */
async function stepDatesOf(db: Database, order: OrderRow): Promise<NonNullable<OrderDetail['step_dates']>> {
  const [invoice] = hasTaxInvoice(order.paymentStatus)
    ? await db
        .select({ issuedAt: taxInvoices.issuedAt })
        .from(taxInvoices)
        .where(eq(taxInvoices.orderId, order.id))
    : [];
  const moves = await db
    .select({ to: orderStatusHistory.toStatus, at: orderStatusHistory.createdAt })
    .from(orderStatusHistory)
    .where(
      and(
        eq(orderStatusHistory.orderId, order.id),
        inArray(orderStatusHistory.toStatus, ['shipped', 'delivered']),
      ),
    )
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
  const firstAt = (to: string) => moves.find((m) => m.to === to)?.at.toISOString() ?? null;
  return {
    received_at: order.createdAt.toISOString(),
    paid_at: invoice?.issuedAt.toISOString() ?? null,
    shipped_at: firstAt('shipped'),
    delivered_at: firstAt('delivered'),
  };
}

/**
 * The order's detail with its lines, the dates of its progress and its parcel (issue 37 §2); customer fields only
 * for its owner signed in (`viewerUserId`) or when `withBuyer` (the thank-you page's pass, decision 0056).
 */
export async function presentFor(
  db: Database,
  order: OrderRow,
  viewerUserId: number | null,
  withBuyer = false,
): Promise<OrderDetail> {
  const items = await db
    .select()
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, order.id))
    .orderBy(asc(orderLineItems.id));
  const detail: OrderDetail = {
    ...presentOrderDetail(order, items, await collectLocationOf(db, order.collectLocationId)),
    // Issue 37 §3: the order's return requests, for its "Returns" section.
    returns: await shopperReturnsOf(db, order.id),
    step_dates: await stepDatesOf(db, order),
    shipment:
      order.carrier && order.trackingNumber
        ? {
            carrier: order.carrier,
            tracking_number: order.trackingNumber,
            tracking_url: carrierTrackingUrl(order.carrier, order.trackingNumber),
          }
        : null,
  };
  // Issue 41 §2: only a click & collect order carries its collection (delivery answers stay as they were).
  const collection = await collectionOf(db, order);
  if (collection) detail.collection = collection;
  if (withBuyer || (viewerUserId !== null && order.userId !== 0 && order.userId === viewerUserId)) {
    return { ...detail, f_name: order.fName, l_name: order.lName, email: order.email, phone: order.phone };
  }
  return detail;
}

/** Issue 41 §2: where a click & collect order is collected and its steps; null for a delivered order. */
async function collectionOf(db: Database, order: OrderRow): Promise<OrderDetail['collection']> {
  if (order.collectLocationId === null) return null;
  const [at] = await db
    .select({ name: locations.name })
    .from(locations)
    .where(eq(locations.id, order.collectLocationId));
  return {
    location_name: at?.name ?? '',
    ready_for_collection_at: order.readyForCollectionAt?.toISOString() ?? null,
    collected_at: order.collectedAt?.toISOString() ?? null,
  };
}

/** What a tracking request looks the order up by: a public id, or an order number and the email to match. */
export type TrackingKey = { publicId: string } | { orderNumber: string; email: string };

/**
 * How `POST /api/guest/track-order`'s body finds an order (issue 34 §6): a public id (16-64 letters and digits)
 * alone, as the mail's link does; otherwise an order number (`normaliseOrderNumber`) with a non-empty email.
 * Answers 'email required' for a number without an email (that says nothing about the order), and null when
 * the text is neither a public id nor an order number (answered as not found).
 */
export function trackingKeyOf(request: TrackOrderRequest): TrackingKey | 'email required' | null {
  const id = request.id.trim();
  const email = request.email?.trim() ?? '';
  const orderNumber = normaliseOrderNumber(id);
  // A 16-digit text could be either; a public id has 64 random bits, an order number that many digits never.
  if (PUBLIC_ID_SHAPE.test(id) && (orderNumber === null || email === '')) return { publicId: id };
  if (orderNumber === null) return null;
  return email === '' ? 'email required' : { orderNumber, email };
}

/**
 * The order a tracking key finds, or null. By order number, only when `email` is the order's email (trimmed, any
 * case): a wrong email is answered exactly like an unknown number, so neither can be told apart. Customer fields
 * as `findOrderByPublicId` (only for the owner signed in): giving the email shows the order, not its buyer.
 */
export async function findTrackedOrder(
  db: Database,
  key: TrackingKey,
  viewerUserId: number | null = null,
): Promise<OrderDetail | null> {
  if ('publicId' in key) return findOrderByPublicId(db, key.publicId, viewerUserId);
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.invoiceNumber, key.orderNumber),
        sql`lower(btrim(${orders.email})) = lower(${key.email})`,
      ),
    )
    .limit(1);
  return order ? presentFor(db, order, viewerUserId) : null;
}
