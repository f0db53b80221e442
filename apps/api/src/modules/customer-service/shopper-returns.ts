/**
 * The shopper's return request from an order (issue 37 §3, decision 0057), on the back office's model (decision
 * 0053): a row of `order_returns` with its reason, and a `return_lines` row per chosen order line with the units
 * asked for. What is still returnable is counted, never remembered: bought less refunded (pending or succeeded
 * refunds, `lineRefundPlan`) less the units held by the order's other requests that are neither rejected nor
 * settled by a refund (`returnableUnits`). A request is decided with the order's row locked, so requests at once
 * never return more than was bought.
 */
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { raNumberText, type ReturnReason, type ReturnStatus } from '@store/shared/admin-returns';
import type { OrderReturnRequest } from '@store/shared/customer-service';
import { normaliseOrderNumber } from '@store/shared/order-number';
import { returnableUnits } from '@store/shared/refund-lines';
import {
  reasonKeepsToWindow,
  returnRequestNumberText,
  SHOPPER_RETURN_MESSAGES as M,
  shopperReturnStatusText,
  withinReturnWindow,
  type ReturnableOrder,
  type ReturnLineChoice,
  type ShopperReturn,
} from '@store/shared/shopper-returns';
import type { StorePromises } from '@store/shared/store-promises';
import type { Database } from '../../db/client';
import { orderLineItems, orderReturns, orders, orderStatusHistory, returnLines } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { lineRefundPlan } from '../orders/refunded-lines';
import type { FileStore } from '../../storage/file-store';
import { returnRowValues, storeReturnFile, type ReturnUpload } from './store-return-file';

type OrderRow = typeof orders.$inferSelect;

/** Public ids are 16-64 letters and digits (generatePublicOrderId). */
const PUBLIC_ID_SHAPE = /^[A-Za-z0-9]{16,64}$/;

/** Steps whose requested (or, once back, received) units are held against the order's lines. */
const HOLDING: readonly ReturnStatus[] = ['open', 'approved', 'received', 'replaced'];

/**
 * The order `reference` names (its public id, or its order number as people type it, `normaliseOrderNumber`),
 * when it is the sender's: the signed-in member's own order, or an order placed with `email` (trimmed, any
 * case). Null otherwise, exactly as for an unknown reference, so neither can be told apart.
 */
export async function findOrderForReturn(
  db: Database,
  reference: string,
  email: string,
  userId: number | null,
): Promise<OrderRow | null> {
  const ref = reference.trim();
  const orderNumber = normaliseOrderNumber(ref);
  const names: SQL[] = [];
  if (PUBLIC_ID_SHAPE.test(ref)) names.push(eq(orders.publicId, ref));
  if (orderNumber) names.push(eq(orders.invoiceNumber, orderNumber));
  if (names.length === 0) return null;
  const owners: SQL[] = [];
  if (email.trim()) owners.push(sql`lower(btrim(${orders.email})) = lower(${email.trim()})`);
  if (userId !== null && userId !== 0) owners.push(eq(orders.userId, userId));
  if (owners.length === 0) return null;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(or(...names), or(...owners)))
    .limit(1);
  return order ?? null;
}

/** When the order was last recorded delivered, or null while it is not delivered. */
async function deliveredAt(db: Database, order: OrderRow): Promise<Date | null> {
  if (order.status !== 'delivered') return null;
  const [moved] = await db
    .select({ at: orderStatusHistory.createdAt })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.toStatus, 'delivered')))
    .orderBy(desc(orderStatusHistory.createdAt))
    .limit(1);
  return moved?.at ?? order.updatedAt ?? null;
}

/**
 * Each line of `order` with the units still returnable, read in `db` (the caller's transaction with the order
 * locked, when it is about to record a request).
 */
export async function returnableLinesOf(db: Database, order: OrderRow) {
  const [plan, held] = await Promise.all([
    lineRefundPlan(db, order),
    db
      .select({
        lineId: returnLines.orderLineItemId,
        n: sql<number>`coalesce(sum(case when ${orderReturns.status} in ('received', 'replaced') and ${returnLines.quantityReceived} is not null then ${returnLines.quantityReceived} else ${returnLines.quantityRequested} end), 0)::int`,
      })
      .from(returnLines)
      .innerJoin(orderReturns, eq(orderReturns.id, returnLines.returnId))
      .where(and(eq(orderReturns.orderId, order.id), inArray(orderReturns.status, HOLDING)))
      .groupBy(returnLines.orderLineItemId),
  ]);
  const heldBy = new Map(held.map((h) => [h.lineId, Number(h.n)]));
  return plan.lines.map((l) => ({
    line_id: l.line_id,
    product_title: l.title,
    sku: l.sku,
    quantity: l.quantity,
    returnable: returnableUnits(l.quantity, l.refunded_quantity, heldBy.get(l.line_id) ?? 0),
  }));
}

/** The return requests of order `orderId`, newest first, as the shopper's order page shows them. */
export async function shopperReturnsOf(db: Database, orderId: number): Promise<ShopperReturn[]> {
  const rows = await db
    .select()
    .from(orderReturns)
    .where(eq(orderReturns.orderId, orderId))
    .orderBy(desc(orderReturns.createdAt), desc(orderReturns.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select({ line: returnLines, title: orderLineItems.productTitle, sku: orderLineItems.sku })
    .from(returnLines)
    .innerJoin(orderLineItems, eq(orderLineItems.id, returnLines.orderLineItemId))
    .where(
      inArray(
        returnLines.returnId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(returnLines.id));
  return rows.map((r) => {
    const ra = r.raNumber === null ? null : raNumberText(r.raNumber);
    return {
      number: returnRequestNumberText(r.id),
      status: r.status,
      status_text: shopperReturnStatusText(r.status, ra),
      ra_number: ra,
      reason: r.reason,
      created_at: r.createdAt.toISOString(),
      lines: lines
        .filter((l) => l.line.returnId === r.id)
        .map((l) => ({
          product_title: l.title,
          sku: l.sku,
          quantity: l.line.quantityRequested || (l.line.quantityReceived ?? 0),
        }))
        .filter((l) => l.quantity > 0),
    };
  });
}

/** `POST /api/returnable-order`'s data for `order`: the form's prefill, lines, window and requests so far. */
export async function presentReturnableOrder(
  db: Database,
  order: OrderRow,
  promises: Pick<StorePromises, 'returnWindowDays'>,
  now: Date,
): Promise<ReturnableOrder> {
  const [lines, returns, delivered] = await Promise.all([
    returnableLinesOf(db, order),
    shopperReturnsOf(db, order.id),
    deliveredAt(db, order),
  ]);
  return {
    order_id: order.publicId,
    invoice_number: order.invoiceNumber,
    f_name: order.fName,
    l_name: order.lName,
    email: order.email,
    phone: order.phone,
    delivered_at: delivered?.toISOString() ?? null,
    within_window: withinReturnWindow(delivered, promises.returnWindowDays, now),
    lines,
    returns,
  };
}

/** A delivery date as the refusal says it: '3 March 2026', Sydney time. */
function dayText(at: Date): string {
  return at.toLocaleDateString('en-AU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Australia/Sydney',
  });
}

function badLines(message: string): HttpError {
  return new HttpError(400, message, [{ field: 'lines', message }]);
}

/** What a recorded request is: its id, number, lines as chosen, and the order it belongs to. */
export interface SavedShopperReturn {
  id: number;
  number: string;
  order: OrderRow;
  lines: { product_title: string; sku: string; quantity: number }[];
}

/**
 * Records the shopper's request to return `choices` of `order` for `reason` (issue 37 §3): in one transaction
 * with the order's row locked, checks each line belongs to the order and asks for at most what is still
 * returnable, refuses a change of mind past the returns window (the policy's words), then writes the file (if
 * any, under a generated name in the private store `files`), the `order_returns` row and its `return_lines`. Throws
 * HttpError 400 naming `lines` or `reason`; nothing is written then.
 */
export async function saveShopperReturn(
  db: Database,
  files: FileStore,
  input: {
    order: OrderRow;
    request: OrderReturnRequest;
    choices: readonly ReturnLineChoice[];
    reason: ReturnReason;
    upload: ReturnUpload | null;
    userId: number | null;
    promises: Pick<StorePromises, 'returnWindowDays'>;
    now: Date;
  },
): Promise<SavedShopperReturn> {
  const { request, choices, reason, upload } = input;
  return db.transaction(async (tx) => {
    // The order's lock (decision 0041): requests for one order queue here, so each counts the ones before it.
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.order.id)).for('update');
    if (!order) throw new HttpError(400, M.orderNotFound, [{ field: 'order_id', message: M.orderNotFound }]);
    const lines = await returnableLinesOf(tx, order);
    const byId = new Map(lines.map((l) => [l.line_id, l]));
    for (const choice of choices) {
      const line = byId.get(choice.line_id);
      if (!line) throw badLines(M.notOrderLine(choice.line_id));
      if (choice.quantity > line.returnable) throw badLines(M.tooMany(line.product_title, line.returnable));
    }
    if (reasonKeepsToWindow(reason)) {
      const delivered = await deliveredAt(tx, order);
      if (delivered && !withinReturnWindow(delivered, input.promises.returnWindowDays, input.now)) {
        const message = M.pastWindow(input.promises, dayText(delivered));
        throw new HttpError(400, message, [{ field: 'reason', message }]);
      }
    }
    const storedFile = await storeReturnFile(files, upload);
    const [row] = await tx
      .insert(orderReturns)
      .values({ ...returnRowValues(request, upload, storedFile, order.id, input.userId), reason })
      .returning({ id: orderReturns.id });
    if (!row) throw new Error('return request insert returned no row');
    await tx
      .insert(returnLines)
      .values(
        choices.map((c) => ({ returnId: row.id, orderLineItemId: c.line_id, quantityRequested: c.quantity })),
      );
    return {
      id: row.id,
      number: returnRequestNumberText(row.id),
      order,
      lines: choices.map((c) => {
        const line = byId.get(c.line_id);
        return { product_title: line?.product_title ?? '', sku: line?.sku ?? '', quantity: c.quantity };
      }),
    };
  });
}
