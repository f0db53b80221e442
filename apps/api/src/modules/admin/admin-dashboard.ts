/**
 * The dashboard's figures (issue 12 item 6), read in a handful of aggregate queries: orders and revenue for
 * Sydney's current day and month (the store is in Sydney; DESIGN §5.3), paid orders waiting to ship, open returns,
 * unhandled contact messages and products low on stock. Revenue counts orders whose payment was taken (also those
 * refunded or disputed since: refunds are a figure of their own, the succeeded ones by the day the provider
 * confirmed them, issue 43). Cancelled orders are
 * left out of every figure, their refunds included: the money came and went.
 *
 * Money is summed from each order's stored record (issue 34 §2): `total_cents` is what the order charged (the sum
 * of its breakdown, GST included, whichever money model it was placed under) and `gst_cents` the GST it includes,
 * so the cards agree with every order page, mail and invoice. Revenue less refunds is charged less succeeded
 * refunds.
 */
import { and, asc, count, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD, type AdminDashboard } from '@store/shared/admin-dashboard';
import { REFUND_STATUS_SUCCEEDED } from '@store/shared/admin-orders';
import { centsToDecimalString } from '@store/shared/money';
import {
  PAYMENT_STATUS_COMPLETED,
  PAYMENT_STATUS_DISPUTED,
  PAYMENT_STATUS_PARTIALLY_REFUNDED,
  PAYMENT_STATUS_REFUNDED,
} from '@store/shared/order-constants';
import type { Database } from '../../db/client';
import { contactMessages, orderReturns, orders, products, refunds } from '../../db/schema';

const TAKEN = [
  PAYMENT_STATUS_COMPLETED,
  PAYMENT_STATUS_PARTIALLY_REFUNDED,
  PAYMENT_STATUS_REFUNDED,
  PAYMENT_STATUS_DISPUTED,
];
const TAKEN_SQL = sql.join(
  TAKEN.map((s) => sql`${s}`),
  sql`, `,
);
const SYDNEY = 'Australia/Sydney';

/** When a refund's money went back: when the provider confirmed it (rows recorded before issue 43: when made). */
const refundedAt = sql`coalesce(${refunds.settledAt}, ${refunds.createdAt})`;

/** The dashboard as of `now` (tests pass a fixed moment). */
export async function readDashboard(db: Database, now = new Date()): Promise<AdminDashboard> {
  const at = now.toISOString();
  // Midnight at the start of Sydney's day and month, as instants.
  const dayStart = sql`(date_trunc('day', ${at}::timestamptz AT TIME ZONE ${SYDNEY}) AT TIME ZONE ${SYDNEY})`;
  const monthStart = sql`(date_trunc('month', ${at}::timestamptz AT TIME ZONE ${SYDNEY}) AT TIME ZONE ${SYDNEY})`;
  const inPeriod = (start: typeof dayStart) => sql`${orders.createdAt} >= ${start}`;
  const taken = sql`${orders.paymentStatus} IN (${TAKEN_SQL}) AND ${orders.status} <> 'cancelled'`;

  const [[sales], [refunded], waiting, [waitingCount], [openReturns], [unhandled], low, [lowCount]] =
    await Promise.all([
      db
        .select({
          ordersToday:
            sql<number>`count(*) FILTER (WHERE ${inPeriod(dayStart)} AND ${orders.status} <> 'cancelled')`.mapWith(
              Number,
            ),
          ordersMonth: sql<number>`count(*) FILTER (WHERE ${orders.status} <> 'cancelled')`.mapWith(Number),
          revenueToday:
            sql<number>`coalesce(sum(${orders.totalCents}) FILTER (WHERE ${inPeriod(dayStart)} AND ${taken}), 0)`.mapWith(
              Number,
            ),
          revenueMonth: sql<number>`coalesce(sum(${orders.totalCents}) FILTER (WHERE ${taken}), 0)`.mapWith(
            Number,
          ),
          gstToday:
            sql<number>`coalesce(sum(${orders.gstCents}) FILTER (WHERE ${inPeriod(dayStart)} AND ${taken}), 0)`.mapWith(
              Number,
            ),
          gstMonth: sql<number>`coalesce(sum(${orders.gstCents}) FILTER (WHERE ${taken}), 0)`.mapWith(Number),
        })
        .from(orders)
        .where(sql`${orders.createdAt} >= ${monthStart} AND ${orders.createdAt} <= ${at}::timestamptz`),
      db
        .select({
          today:
            sql<number>`coalesce(sum(${refunds.amountCents}) FILTER (WHERE ${refundedAt} >= ${dayStart}), 0)`.mapWith(
              Number,
            ),
          month: sql<number>`coalesce(sum(${refunds.amountCents}), 0)`.mapWith(Number),
        })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        // Money given back only (issue 43): a pending refund is not yet, a failed one never; by the day it went.
        .where(
          sql`${refunds.status} = ${REFUND_STATUS_SUCCEEDED} AND ${refundedAt} >= ${monthStart} AND ${refundedAt} <= ${at}::timestamptz AND ${orders.status} <> 'cancelled'`,
        ),
      db
        .select()
        .from(orders)
        .where(
          and(
            inArray(orders.status, ['pending', 'processing']),
            eq(orders.paymentStatus, PAYMENT_STATUS_COMPLETED),
          ),
        )
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(10),
      db
        .select({ n: count() })
        .from(orders)
        .where(
          and(
            inArray(orders.status, ['pending', 'processing']),
            eq(orders.paymentStatus, PAYMENT_STATUS_COMPLETED),
          ),
        ),
      db.select({ n: count() }).from(orderReturns).where(eq(orderReturns.status, 'open')),
      db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.handledAt)),
      db
        .select({ sku: products.sku, title: products.title, stock: products.stock })
        .from(products)
        .where(and(isNotNull(products.stock), lte(products.stock, LOW_STOCK_THRESHOLD)))
        .orderBy(asc(products.stock), asc(products.title))
        .limit(20),
      db
        .select({ n: count() })
        .from(products)
        .where(and(isNotNull(products.stock), lte(products.stock, LOW_STOCK_THRESHOLD))),
    ]);

  // 'en-CA' writes dates as yyyy-mm-dd.
  const sydneyDay = new Intl.DateTimeFormat('en-CA', { timeZone: SYDNEY }).format(now);
  const money = (cents: number | undefined) => centsToDecimalString(cents ?? 0);
  return {
    today: sydneyDay,
    month: sydneyDay.slice(0, 7),
    periods: {
      today: {
        orders: sales?.ordersToday ?? 0,
        revenue: money(sales?.revenueToday),
        gst: money(sales?.gstToday),
        refunded: money(refunded?.today),
        net_revenue: money((sales?.revenueToday ?? 0) - (refunded?.today ?? 0)),
      },
      month: {
        orders: sales?.ordersMonth ?? 0,
        revenue: money(sales?.revenueMonth),
        gst: money(sales?.gstMonth),
        refunded: money(refunded?.month),
        net_revenue: money((sales?.revenueMonth ?? 0) - (refunded?.month ?? 0)),
      },
    },
    waiting_to_ship: {
      total: waitingCount?.n ?? 0,
      data: waiting.map((o) => ({
        public_id: o.publicId,
        invoice_number: o.invoiceNumber,
        created_at: o.createdAt.toISOString(),
        customer: `${o.fName} ${o.lName}`,
        total: money(o.totalCents),
        status: o.status,
      })),
    },
    open_returns: openReturns?.n ?? 0,
    unhandled_messages: unhandled?.n ?? 0,
    low_stock: {
      total: lowCount?.n ?? 0,
      data: low.map((p) => ({ sku: p.sku, title: p.title, stock: p.stock ?? 0 })),
    },
  };
}
