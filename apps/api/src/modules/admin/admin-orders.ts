/**
 * The back office's orders (issue 12): a paged, filtered, searchable list; one order with everything staff need;
 * and status moves along `pending → processing → shipped → delivered` or to `cancelled`, each recorded in the
 * order's history and the audit trail. A cancelled unpaid order gives its stock back exactly once: the move
 * locks the order row before it reads its status (issue 43), and is conditional on the status it starts from.
 */
import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_ORDER_MESSAGES as M,
  allowedOrderMoves,
  ORDER_STATUS_MOVES,
  shippedCarrierName,
  type AdminOrderListQuery,
  type AdminOrderRow,
  type AdminOrderStatusRequest,
  type OrderStatus,
} from '@store/shared/admin-orders';
import { centsToDecimalString } from '@store/shared/money';
import type { OrderDetail } from '@store/shared/order';
import { ORDER_MONEY_META, type OrderAmounts } from '@store/shared/order-breakdown';
import {
  PAYMENT_STATUS_COMPLETED,
  PAYMENT_STATUS_DISPUTED,
  PAYMENT_STATUS_FAILED,
  PAYMENT_STATUS_PARTIALLY_REFUNDED,
  PAYMENT_STATUS_PENDING,
} from '@store/shared/order-constants';
import type { Database } from '../../db/client';
import {
  orderLineItems,
  orderReturns,
  orderStatusHistory,
  orders,
  staffUsers,
  storeSettings,
} from '../../db/schema';
import { uncollectedSince, uncollectedText } from '@store/shared/click-and-collect';
import { HttpError } from '../../plugins/error-handling';
import { issueAdjustmentNote } from '../orders/issue-adjustment-note';
import type { TaxDocumentConfig } from '../orders/issue-tax-invoice';
import { lineGstOfItem, orderAmountsOfRow } from '../orders/order-amounts';
import type { OrderLineItemRow, OrderRow } from '../orders/order-presenter';
import { recordAudit } from './record-audit';
import { putBackOrderUnits } from '../locations/put-back-order-units';

/** Money that is (still) the store's: such an order is refunded before it is cancelled. */
const PAID = [PAYMENT_STATUS_COMPLETED, PAYMENT_STATUS_PARTIALLY_REFUNDED, PAYMENT_STATUS_DISPUTED];

/**
 * The list's filters as one condition (status, payment status, Sydney calendar days `from`..`to`, search by
 * invoice number, public id, email or name); the list and the orders export (issue 36 §4) both filter with it.
 */
export function adminOrderListCondition(
  query: Pick<AdminOrderListQuery, 'status' | 'payment_status' | 'from' | 'to' | 'q' | 'uncollected'>,
): SQL | undefined {
  const where: SQL[] = [];
  // Issue 41 §2: ready for collection longer than the store's days (calendar days), not collected.
  if (query.uncollected) {
    where.push(sql`${orders.collectedAt} IS NULL AND ${orders.status} IN ('pending', 'processing')
      AND ${orders.readyForCollectionAt} < now() - make_interval(days => coalesce(
        (SELECT ${storeSettings.uncollectedAfterDays} FROM ${storeSettings} LIMIT 1), 7))`);
  }
  if (query.status) where.push(eq(orders.status, query.status));
  if (query.payment_status) where.push(eq(orders.paymentStatus, query.payment_status));
  // Calendar days in Sydney, where the store is; `to` includes its whole day.
  if (query.from)
    where.push(gte(orders.createdAt, sql`(${query.from}::date)::timestamp AT TIME ZONE 'Australia/Sydney'`));
  if (query.to) {
    where.push(lt(orders.createdAt, sql`(${query.to}::date + 1)::timestamp AT TIME ZONE 'Australia/Sydney'`));
  }
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const search = or(
      ilike(orders.invoiceNumber, like),
      eq(orders.publicId, query.q),
      ilike(orders.email, like),
      ilike(sql`${orders.fName} || ' ' || ${orders.lName}`, like),
    );
    if (search) where.push(search);
  }
  return where.length > 0 ? and(...where) : undefined;
}

/** Orders matching `query`, one page of them, and how many match in all. */
export async function listAdminOrders(
  db: Database,
  query: AdminOrderListQuery,
): Promise<{ data: AdminOrderRow[]; total: number }> {
  const condition = adminOrderListCondition(query);
  const column = {
    created_at: orders.createdAt,
    total: orders.totalCents,
    invoice_number: orders.invoiceNumber,
  }[query.sort];
  const order = query.direction === 'asc' ? asc(column) : desc(column);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(condition)
      .orderBy(order, desc(orders.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(orders).where(condition),
  ]);
  const [settings] = await db
    .select({ days: storeSettings.uncollectedAfterDays })
    .from(storeSettings)
    .limit(1);
  const uncollected = (o: (typeof rows)[number]) => {
    const since = uncollectedSince(o.readyForCollectionAt, o.collectedAt, settings?.days ?? 7);
    return since && (o.status === 'pending' || o.status === 'processing') ? uncollectedText(since) : null;
  };
  return {
    data: rows.map((o) => ({
      public_id: o.publicId,
      invoice_number: o.invoiceNumber,
      created_at: o.createdAt.toISOString(),
      customer: `${o.fName} ${o.lName}`,
      email: o.email,
      total: centsToDecimalString(o.totalCents),
      payment_status: o.paymentStatus,
      status: o.status,
      uncollected: uncollected(o),
    })),
    total: counted?.n ?? 0,
  };
}

/** One order with its lines, history and returns, or null. */
export async function getAdminOrder(db: Database, publicId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.publicId, publicId));
  if (!order) return null;
  const [items, history, returns] = await Promise.all([
    db
      .select()
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, order.id))
      .orderBy(asc(orderLineItems.id)),
    db
      .select({
        fromStatus: orderStatusHistory.fromStatus,
        toStatus: orderStatusHistory.toStatus,
        staffId: orderStatusHistory.staffId,
        staffName: staffUsers.name,
        note: orderStatusHistory.note,
        createdAt: orderStatusHistory.createdAt,
      })
      .from(orderStatusHistory)
      .leftJoin(staffUsers, eq(staffUsers.id, orderStatusHistory.staffId))
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    db.select().from(orderReturns).where(eq(orderReturns.orderId, order.id)).orderBy(asc(orderReturns.id)),
  ]);
  return { order, items, history, returns };
}

export type AdminOrder = NonNullable<Awaited<ReturnType<typeof getAdminOrder>>>;

/** `amounts` as the ORDER_MONEY_META options `amountsOfOrder` reads back (money as decimal strings). */
function moneyMetaOf(a: OrderAmounts): { option: string; value: string }[] {
  const money = centsToDecimalString;
  const pairs: [string, string | null][] = [
    [ORDER_MONEY_META.pricesIncludeGst, a.pricesIncludeGst ? 'yes' : null],
    [ORDER_MONEY_META.gstPercent, String(a.gstPercent)],
    [ORDER_MONEY_META.signupDiscount, a.signupDiscountCents > 0 ? money(a.signupDiscountCents) : null],
    [ORDER_MONEY_META.membershipPlan, a.membershipPlanName],
    [
      ORDER_MONEY_META.membershipDiscount,
      a.membershipPlanName !== null || a.membershipDiscountCents > 0
        ? money(a.membershipDiscountCents)
        : null,
    ],
    [ORDER_MONEY_META.discountCode, a.discountCode],
    [ORDER_MONEY_META.codeDiscount, a.codeDiscountCents > 0 ? money(a.codeDiscountCents) : null],
  ];
  return pairs.flatMap(([option, value]) => (value === null ? [] : [{ option, value }]));
}

/**
 * The money of the back office's order answer (issue 34 §2): the stored record read once with
 * `orderAmountsOfRow`, served as the ORDER_MONEY_META options in `order_meta` (replacing any the customer's view
 * already carries, so each is there once and says what the row says), and each line with the GST it includes
 * (`gst`: dollars; null for an order placed before decision 0046, whose GST was charged on the whole). The admin
 * screens turn it into rows with `breakdownRows(amountsOfOrder(order))`, the same rows every mail and PDF shows.
 */
export function presentAdminOrderMoney(
  order: OrderRow,
  items: readonly OrderLineItemRow[],
  detail: Pick<OrderDetail, 'order_meta' | 'order_items'>,
) {
  const amounts = orderAmountsOfRow(order);
  const moneyOptions = new Set<string>(Object.values(ORDER_MONEY_META));
  const byId = new Map(items.map((i) => [i.id, i]));
  return {
    order_meta: [...detail.order_meta.filter((m) => !moneyOptions.has(m.option)), ...moneyMetaOf(amounts)],
    order_items: detail.order_items.map((line) => {
      const item = byId.get(line.id);
      const gst = item ? lineGstOfItem(item, amounts) : null;
      return { ...line, gst: gst === null ? null : centsToDecimalString(gst) };
    }),
  };
}

/**
 * Moves the order to `request.status` when the move is legal (ORDER_STATUS_MOVES), by `staffId`. Shipping records
 * the carrier and tracking number; cancelling gives an unpaid order's stock back and marks its payment failed; a
 * paid order is refused until refunded; cancelling an invoiced (refunded) order issues an adjustment note for what
 * no refund's note covers (`taxConfig`: MAIL_FROM for an invoice issued then). Throws HttpError 404, 409 (illegal
 * move, paid, changed meanwhile).
 * Answers the order before and after.
 */
export async function moveOrderStatus(
  db: Database,
  publicId: string,
  request: AdminOrderStatusRequest,
  staffId: number,
  taxConfig: TaxDocumentConfig = { mailFrom: '' },
) {
  return db.transaction(async (tx) => {
    // Locked before anything is decided (issue 43 §2): the payment status checked below cannot change under us
    // (a webhook marking it paid, a refund settling), and concurrent moves of one order queue here.
    const [order] = await tx.select().from(orders).where(eq(orders.publicId, publicId)).for('update');
    if (!order) throw new HttpError(404, M.notFound);
    const from = order.status as OrderStatus;
    const to = request.status;
    if (!(ORDER_STATUS_MOVES[from] ?? []).includes(to)) throw new HttpError(409, M.illegalMove(from, to));
    // Issue 36 §3: a fully refunded order is not processed or shipped any more (the one rule, shared).
    if (!allowedOrderMoves(from, order.paymentStatus).includes(to))
      throw new HttpError(409, M.refundedMove(to));
    if (to === 'cancelled' && PAID.includes(order.paymentStatus)) throw new HttpError(409, M.paidNeedsRefund);

    const [moved] = await tx
      .update(orders)
      .set({
        status: to,
        ...(to === 'shipped'
          ? { carrier: shippedCarrierName(request), trackingNumber: request.tracking_number }
          : {}),
        ...(to === 'cancelled' && order.paymentStatus === PAYMENT_STATUS_PENDING
          ? { paymentStatus: PAYMENT_STATUS_FAILED }
          : {}),
        updatedAt: sql`now()`,
      })
      // Only from the status read above (belt and braces: the row is locked): a second move changes nothing.
      .where(and(eq(orders.id, order.id), eq(orders.status, from)))
      .returning();
    if (!moved) throw new HttpError(409, M.changedMeanwhile);

    if (to === 'cancelled') {
      const lines = await tx
        .select({ productId: orderLineItems.productId, quantity: orderLineItems.quantity })
        .from(orderLineItems)
        .where(eq(orderLineItems.orderId, order.id));
      // Back at the locations the order took them from (decision 0069).
      await putBackOrderUnits(
        tx as Database,
        order.id,
        lines.flatMap((l) =>
          l.productId === null ? [] : [{ productId: l.productId, quantity: l.quantity }],
        ),
        'order_released',
      );
    }
    if (to === 'cancelled') {
      // An invoiced order (paid, then refunded) gets a note for whatever of its total no note covers yet, e.g. a
      // refund made on the provider's dashboard (issue 18 §3); none when the refunds' notes cover it all.
      await issueAdjustmentNote(
        tx,
        {
          orderId: order.id,
          kind: 'cancellation',
          source: `cancellation:${order.id}`,
          amountCents: null,
          reason: request.note ?? '',
        },
        taxConfig,
      );
    }
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: from,
      toStatus: to,
      staffId,
      note: request.note ?? '',
    });
    const snapshot = (o: typeof order) => ({
      status: o.status,
      payment_status: o.paymentStatus,
      carrier: o.carrier,
      tracking_number: o.trackingNumber,
    });
    await recordAudit(tx, {
      staffId,
      action: 'order.status',
      entityType: 'order',
      entityId: order.publicId,
      before: snapshot(order),
      after: snapshot(moved),
    });
    return { before: order, after: moved };
  });
}
