/**
 * What refunds gave back of an order's lines (issue 36 §3, decision 0053): the offer the refund dialog and the
 * return page show (each line's quantity, units refunded or being refunded, its net charge after discounts, and
 * whether its stock is tracked), the delivery charge left to refund, and the lines of one refund as its
 * adjustment note and the customer's mail list them. The maths is `@store/shared/refund-lines`.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { REFUND_STATUS_PENDING, REFUND_STATUS_SUCCEEDED } from '@store/shared/admin-orders';
import {
  chargedDeliveryCents,
  lineNetCents,
  type RefundedLine,
  type RefundLineOffer,
} from '@store/shared/refund-lines';
import { centsToDecimalString } from '@store/shared/money';
import type { Database } from '../../db/client';
import type { orders } from '../../db/schema';
import { discountCodes, orderLineItems, products, refundLines, refunds } from '../../db/schema';
import { eligibleLineIndexes } from '../discount-codes/resolve-discount-code';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLineItems.$inferSelect;

/** Refund states whose lines count against what is left: given back, or reserved while the provider is asked. */
const COMMITTED = [REFUND_STATUS_SUCCEEDED, REFUND_STATUS_PENDING];

/** One line as the server refunds it: the offer plus its row, cents. */
export interface LineRefundPlanLine extends RefundLineOffer {
  netCents: number;
  title: string;
  sku: string;
  productId: number | null;
}

export interface LineRefundPlan {
  lines: LineRefundPlanLine[];
  /** The delivery charge as paid, and what of it refunds have not given back yet, cents. */
  shippingChargedCents: number;
  shippingLeftCents: number;
}

/**
 * The lines of `order` with what is left to refund of each, read in `db` (the caller's transaction, the order row
 * locked, when it is about to refund). A discount code's eligible lines are the code's targets as they are now
 * (decision 0053); a code that has gone, or now matches none of the lines, is spread over every line.
 */
export async function lineRefundPlan(db: Database, order: OrderRow): Promise<LineRefundPlan> {
  const items: LineRow[] = await db
    .select()
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, order.id))
    .orderBy(asc(orderLineItems.id));
  const ids = items.map((i) => i.id);
  const [refundedRows, shippingRows, stockRows, codeRows] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({
            lineId: refundLines.orderLineItemId,
            n: sql<number>`coalesce(sum(${refundLines.quantity}), 0)::int`,
          })
          .from(refundLines)
          .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
          .where(and(inArray(refundLines.orderLineItemId, ids), inArray(refunds.status, COMMITTED)))
          .groupBy(refundLines.orderLineItemId),
    db
      .select({ n: sql<number>`coalesce(sum(${refunds.shippingCents}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), inArray(refunds.status, COMMITTED))),
    (() => {
      const productIds = items.flatMap((i) => (i.productId === null ? [] : [i.productId]));
      return productIds.length === 0
        ? []
        : db
            .select({ id: products.id, stock: products.stock })
            .from(products)
            .where(inArray(products.id, productIds));
    })(),
    order.discountCode && order.codeDiscountCents > 0
      ? db.select().from(discountCodes).where(eq(discountCodes.code, order.discountCode))
      : [],
  ]);
  const refunded = new Map(refundedRows.map((r) => [r.lineId, Number(r.n)]));
  const tracked = new Map(stockRows.map((r) => [r.id, r.stock !== null]));
  const code = codeRows[0];
  const eligible =
    code && order.codeDiscountCents > 0
      ? await eligibleLineIndexes(
          db,
          code,
          items.map((i) => ({ productId: i.productId ?? 0, lineSubtotalCents: i.lineSubtotalCents })),
        )
      : null;
  const nets = lineNetCents({
    pricesIncludeGst: order.pricesIncludeGst,
    gstPercent: order.gstPercent,
    totalCents: order.totalCents,
    deliveryChargeCents: order.deliveryChargeCents,
    signupDiscountCents: order.signupDiscountCents,
    membershipDiscountCents: order.membershipDiscountCents,
    codeDiscountCents: order.codeDiscountCents,
    lines: items.map((i, index) => ({
      lineCents: i.lineSubtotalCents,
      codeApplies: eligible === null || eligible.includes(index),
    })),
  });
  const shippingChargedCents = chargedDeliveryCents(order);
  return {
    lines: items.map((i, index) => ({
      line_id: i.id,
      quantity: i.quantity,
      refunded_quantity: Math.min(i.quantity, refunded.get(i.id) ?? 0),
      netCents: nets[index] ?? 0,
      net: centsToDecimalString(nets[index] ?? 0),
      restockable: i.productId !== null && (tracked.get(i.productId) ?? false),
      title: i.productTitle,
      sku: i.sku,
      productId: i.productId,
    })),
    shippingChargedCents,
    shippingLeftCents: Math.max(0, shippingChargedCents - Number(shippingRows[0]?.n ?? 0)),
  };
}

/** The lines and delivery charge refund `refundId` gave back, as its note and mail list them (none for old refunds). */
export async function refundedLinesOf(
  db: Database,
  refundId: number,
): Promise<{ lines: RefundedLine[]; shippingCents: number }> {
  const [rows, [refund]] = await Promise.all([
    db
      .select({ line: refundLines, title: orderLineItems.productTitle, sku: orderLineItems.sku })
      .from(refundLines)
      .innerJoin(orderLineItems, eq(orderLineItems.id, refundLines.orderLineItemId))
      .where(eq(refundLines.refundId, refundId))
      .orderBy(asc(refundLines.orderLineItemId)),
    db.select({ shippingCents: refunds.shippingCents }).from(refunds).where(eq(refunds.id, refundId)),
  ]);
  return {
    lines: rows.map((r) => ({
      title: r.title,
      sku: r.sku,
      quantity: r.line.quantity,
      amountCents: r.line.amountCents,
      restocked: r.line.restock,
    })),
    shippingCents: refund?.shippingCents ?? 0,
  };
}

/** The refund id an adjustment note's `source` names (`refund:12` → 12), or null for other causes. */
export function refundIdOfSource(source: string): number | null {
  const m = /^refund:(\d{1,9})$/.exec(source);
  return m ? Number(m[1]) : null;
}
