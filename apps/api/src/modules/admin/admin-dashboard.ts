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
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type AdminDashboard, type DashboardPeriod } from '@store/shared/admin-dashboard';
import { centsToDecimalString } from '@store/shared/money';
import { PAYMENT_STATUS_COMPLETED } from '@store/shared/order-constants';
import type { Database } from '../../db/client';
import { contactMessages, orderReturns, orders, products } from '../../db/schema';
import { listLowStock, lowStockCondition } from './low-stock';
import { salesTotalsCents } from './sales-figures';

const SYDNEY = 'Australia/Sydney';

/** A period card from the sales figures. */
function periodOf(t: Awaited<ReturnType<typeof salesTotalsCents>>): DashboardPeriod {
  return {
    orders: t.orders,
    revenue: centsToDecimalString(t.chargedCents),
    gst: centsToDecimalString(t.gstCents),
    refunded: centsToDecimalString(t.refundedCents),
    net_revenue: centsToDecimalString(t.netCents),
  };
}

/** The dashboard as of `now` (tests pass a fixed moment). */
export async function readDashboard(db: Database, now = new Date()): Promise<AdminDashboard> {
  const at = now.toISOString();
  // Midnight at the start of Sydney's day and month, as instants.
  const dayStart = sql`(date_trunc('day', ${at}::timestamptz AT TIME ZONE ${SYDNEY}) AT TIME ZONE ${SYDNEY})`;
  const monthStart = sql`(date_trunc('month', ${at}::timestamptz AT TIME ZONE ${SYDNEY}) AT TIME ZONE ${SYDNEY})`;
  // Up to and including `now` (timestamps are to the microsecond); the same figures as the sales report
  // (issue 36 §4: one function, `salesTotalsCents`).
  const end = sql`(${at}::timestamptz + interval '1 microsecond')`;

  const [today, month, waiting, [waitingCount], [openReturns], [unhandled], low, [lowCount]] =
    await Promise.all([
      salesTotalsCents(db, { start: dayStart, end }),
      salesTotalsCents(db, { start: monthStart, end }),
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
      // The one low-stock rule (issue 36 §4): each product's own reorder level, as the daily mail reads it.
      listLowStock(db, 20),
      db.select({ n: count() }).from(products).where(lowStockCondition),
    ]);

  // 'en-CA' writes dates as yyyy-mm-dd.
  const sydneyDay = new Intl.DateTimeFormat('en-CA', { timeZone: SYDNEY }).format(now);
  const money = (cents: number | undefined) => centsToDecimalString(cents ?? 0);
  return {
    today: sydneyDay,
    month: sydneyDay.slice(0, 7),
    periods: { today: periodOf(today), month: periodOf(month) },
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
      data: low.map((p) => ({ sku: p.sku, title: p.title, stock: p.stock, reorder_level: p.reorderLevel })),
    },
  };
}
