/**
 * Correcting an order's shipping address from the back office (issue 36 §4). The order row is locked, its status
 * checked (pending or processing only: `canCorrectShippingAddress`) and the address written in one transaction, so
 * a status move to shipped racing the correction either comes first (the correction is refused, 409) or waits for
 * it (the parcel gets the corrected address) — decision 0041. Old → new goes to the audit trail
 * ('order.shipping_address', the changed fields) and, in words, to an automatic internal note. Only the shipping
 * block (`s_` columns) changes: the billing details, the order's email and any tax invoice already issued
 * (decision 0036: its buyer is stored as issued) stay as they are.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ADDRESS_CORRECTABLE_STATUSES,
  ADDRESS_CORRECTION_MESSAGES as M,
  addressCorrectionNote,
  canCorrectShippingAddress,
  type ShippingAddress,
  type ShippingAddressCorrection,
} from '@store/shared/admin-address-correction';
import { ADMIN_ORDER_MESSAGES } from '@store/shared/admin-orders';
import type { Database } from '../../db/client';
import { orderNotes, orders } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import type { OrderRow } from '../orders/order-presenter';
import { recordAudit } from './record-audit';

/** The shipping block of a stored order, as answered. */
export function shippingAddressOf(o: OrderRow): ShippingAddress {
  return {
    f_name: o.sFName,
    l_name: o.sLName,
    email: o.sEmail,
    phone: o.sPhone,
    street_address: o.sStreetAddress,
    city: o.sCity,
    state: o.sState,
    post_code: o.sPostCode,
    company: o.sCompany,
  };
}

/** The order `publicId`'s shipping block and whether it may be corrected now. Throws HttpError 404. */
export async function readShippingAddress(db: Database, publicId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.publicId, publicId));
  if (!order) throw new HttpError(404, ADMIN_ORDER_MESSAGES.notFound);
  return { data: shippingAddressOf(order), can_correct: canCorrectShippingAddress(order.status) };
}

/**
 * Writes `next` as order `publicId`'s shipping address, by `staffId`. Answers whether anything changed (the same
 * address again writes nothing: no audit row, no note) and the invoice number. Throws HttpError 404, 409 (shipped,
 * delivered or cancelled).
 */
export async function correctShippingAddress(
  db: Database,
  publicId: string,
  next: ShippingAddressCorrection,
  staffId: number,
): Promise<{ changed: boolean; invoiceNumber: string }> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.publicId, publicId)).for('update');
    if (!order) throw new HttpError(404, ADMIN_ORDER_MESSAGES.notFound);
    if (!canCorrectShippingAddress(order.status)) throw new HttpError(409, M.locked(order.status));
    const before = shippingAddressOf(order);
    const after: ShippingAddress = { ...next };
    const changed = (Object.keys(before) as (keyof ShippingAddress)[]).filter((k) => before[k] !== after[k]);
    if (changed.length === 0) return { changed: false, invoiceNumber: order.invoiceNumber };
    const [written] = await tx
      .update(orders)
      .set({
        sFName: after.f_name,
        sLName: after.l_name,
        sEmail: after.email,
        sPhone: after.phone,
        sStreetAddress: after.street_address,
        sCity: after.city,
        sState: after.state,
        sPostCode: after.post_code,
        sCompany: after.company,
        updatedAt: sql`now()`,
      })
      // Belt and braces under the lock: only while the order is still one whose address may change.
      .where(and(eq(orders.id, order.id), inArray(orders.status, [...ADDRESS_CORRECTABLE_STATUSES])))
      .returning({ id: orders.id });
    if (!written) throw new HttpError(409, M.locked(order.status));
    await tx.insert(orderNotes).values({
      orderId: order.id,
      staffId,
      kind: 'address_correction',
      body: addressCorrectionNote(before, after),
    });
    const pick = (a: ShippingAddress) => Object.fromEntries(changed.map((k) => [`shipping_${k}`, a[k]]));
    await recordAudit(tx, {
      staffId,
      action: 'order.shipping_address',
      entityType: 'order',
      entityId: publicId,
      before: pick(before),
      after: pick(after),
    });
    return { changed: true, invoiceNumber: order.invoiceNumber };
  });
}
