/**
 * The store's sales figures (issue 36 §4), one definition for the dashboard's day and month cards, the sales
 * report at `/admin/reports` and its CSVs, so they agree to the cent for the same period:
 * - orders: placed in the period, cancelled ones excluded;
 * - charged and GST: the stored `total_cents` and `gst_cents` (issue 34 §2, decision 0046) of those orders whose
 *   payment was taken (completed, partially refunded, refunded or disputed);
 * - refunded: succeeded refunds, by the moment the money went back, of orders not cancelled (issue 43);
 * - net sales: charged less refunded.
 * Cancelled orders count nowhere: their money came and went. Periods are instants [start, end); the report's are
 * Sydney calendar days (DESIGN §5.3).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { REFUND_STATUS_SUCCEEDED } from '@store/shared/admin-orders';
import {
  REPORT_LABELS,
  reportRange,
  sydneyDay,
  type SalesReport,
  type ReportSection,
  type SalesReportQuery,
  type SalesTotals,
} from '@store/shared/admin-reports';
import { centsToDecimalString } from '@store/shared/money';
import {
  PAYMENT_STATUS_COMPLETED,
  PAYMENT_STATUS_DISPUTED,
  PAYMENT_STATUS_PARTIALLY_REFUNDED,
  PAYMENT_STATUS_REFUNDED,
} from '@store/shared/order-constants';
import type { Database } from '../../db/client';
import { categories, orderLineItems, orders, products, refunds } from '../../db/schema';

/** Payments taken: such an order's total is money charged (refunds are a figure of their own). */
export const PAYMENT_TAKEN = [
  PAYMENT_STATUS_COMPLETED,
  PAYMENT_STATUS_PARTIALLY_REFUNDED,
  PAYMENT_STATUS_REFUNDED,
  PAYMENT_STATUS_DISPUTED,
] as const;

/** True for an order whose total counts as charged: payment taken and not cancelled. */
export function countsAsCharged(o: { status: string; paymentStatus: string }): boolean {
  return (PAYMENT_TAKEN as readonly string[]).includes(o.paymentStatus) && o.status !== 'cancelled';
}

const SYDNEY = 'Australia/Sydney';
const TAKEN_SQL = sql.join(
  PAYMENT_TAKEN.map((s) => sql`${s}`),
  sql`, `,
);
const taken = sql`${orders.paymentStatus} IN (${TAKEN_SQL}) AND ${orders.status} <> 'cancelled'`;
/** When a refund's money went back: when the provider confirmed it (rows recorded before issue 43: when made). */
const refundedAt = sql`coalesce(${refunds.settledAt}, ${refunds.createdAt})`;

/** A period as two instants (SQL timestamptz expressions): start included, end excluded. */
export interface SalesPeriod {
  start: SQL;
  end: SQL;
}

/** Midnight in Sydney at the start of calendar day `day` (yyyy-mm-dd), as an instant. */
export const sydneyMidnight = (day: string) => sql`((${day}::date)::timestamp AT TIME ZONE ${SYDNEY})`;

/** The period of Sydney calendar days `from`..`to`, both included. */
export function sydneyDays(from: string, to: string): SalesPeriod {
  return { start: sydneyMidnight(from), end: sql`(((${to}::date + 1)::timestamp) AT TIME ZONE ${SYDNEY})` };
}

const money = centsToDecimalString;
const num = (v: unknown) => Number(v ?? 0);

/** The period's totals (see the module comment), money in cents. */
export async function salesTotalsCents(db: Database, period: SalesPeriod) {
  const inPeriod = sql`${orders.createdAt} >= ${period.start} AND ${orders.createdAt} < ${period.end}`;
  const [[sales], [items], [refunded]] = await Promise.all([
    db
      .select({
        orders: sql<number>`count(*) FILTER (WHERE ${orders.status} <> 'cancelled')`.mapWith(Number),
        paidOrders: sql<number>`count(*) FILTER (WHERE ${taken})`.mapWith(Number),
        charged: sql<number>`coalesce(sum(${orders.totalCents}) FILTER (WHERE ${taken}), 0)`.mapWith(Number),
        gst: sql<number>`coalesce(sum(${orders.gstCents}) FILTER (WHERE ${taken}), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(inPeriod),
    db
      .select({ units: sql<number>`coalesce(sum(${orderLineItems.quantity}), 0)`.mapWith(Number) })
      .from(orderLineItems)
      .innerJoin(orders, eq(orders.id, orderLineItems.orderId))
      .where(and(inPeriod, taken)),
    db
      .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)`.mapWith(Number) })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(
        sql`${refunds.status} = ${REFUND_STATUS_SUCCEEDED} AND ${refundedAt} >= ${period.start} AND ${refundedAt} < ${period.end} AND ${orders.status} <> 'cancelled'`,
      ),
  ]);
  const chargedCents = num(sales?.charged);
  const refundedCents = num(refunded?.cents);
  return {
    orders: num(sales?.orders),
    paidOrders: num(sales?.paidOrders),
    items: num(items?.units),
    chargedCents,
    gstCents: num(sales?.gst),
    refundedCents,
    netCents: chargedCents - refundedCents,
  };
}

/** The period's totals as answered (dollars). */
export async function salesTotals(db: Database, period: SalesPeriod): Promise<SalesTotals> {
  const t = await salesTotalsCents(db, period);
  return {
    orders: t.orders,
    paid_orders: t.paidOrders,
    items: t.items,
    charged: money(t.chargedCents),
    gst: money(t.gstCents),
    refunded: money(t.refundedCents),
    net_sales: money(t.netCents),
  };
}

/**
 * The sales report for `query` as of `now` (tests pass a fixed moment): the period's Sydney days, its totals
 * (`salesTotals`), the top `query.top` products by sales, every category, and every day of the period.
 */
export async function salesReport(
  db: Database,
  query: SalesReportQuery,
  now: Date = new Date(),
): Promise<SalesReport> {
  const { from, to } = reportRange(query.period, sydneyDay(now), query);
  const period = sydneyDays(from, to);
  const inPeriod = sql`${orders.createdAt} >= ${period.start} AND ${orders.createdAt} < ${period.end}`;
  const quantity = sql<number>`coalesce(sum(${orderLineItems.quantity}), 0)`.mapWith(Number);
  const sales = sql<number>`coalesce(sum(${orderLineItems.lineSubtotalCents}), 0)`.mapWith(Number);
  const gst = sql<number>`coalesce(sum(${orderLineItems.lineGstCents}), 0)`.mapWith(Number);
  // The zone written into the statement, not a parameter: GROUP BY must read the same expression as SELECT.
  const zone = sql.raw(`'${SYDNEY}'`);
  const orderDay = sql<string>`to_char(${orders.createdAt} AT TIME ZONE ${zone}, 'YYYY-MM-DD')`;
  const refundDay = sql<string>`to_char(${refundedAt} AT TIME ZONE ${zone}, 'YYYY-MM-DD')`;

  const [totals, byProduct, byCategory, orderDays, refundDays] = await Promise.all([
    salesTotals(db, period),
    db
      .select({
        sku: orderLineItems.sku,
        title: sql<string>`max(${orderLineItems.productTitle})`,
        quantity,
        sales,
        gst,
      })
      .from(orderLineItems)
      .innerJoin(orders, eq(orders.id, orderLineItems.orderId))
      .where(and(inPeriod, taken))
      .groupBy(orderLineItems.sku)
      // Sales first, then units.
      .orderBy(sql`4 DESC`, sql`3 DESC`, orderLineItems.sku)
      .limit(query.top),
    db
      .select({ category: categories.title, quantity, sales, gst })
      .from(orderLineItems)
      .innerJoin(orders, eq(orders.id, orderLineItems.orderId))
      .leftJoin(products, eq(products.id, orderLineItems.productId))
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(and(inPeriod, taken))
      .groupBy(categories.title)
      .orderBy(sql`3 DESC`, categories.title),
    db
      .select({
        day: orderDay,
        orders: sql<number>`count(*) FILTER (WHERE ${orders.status} <> 'cancelled')`.mapWith(Number),
        charged: sql<number>`coalesce(sum(${orders.totalCents}) FILTER (WHERE ${taken}), 0)`.mapWith(Number),
        gst: sql<number>`coalesce(sum(${orders.gstCents}) FILTER (WHERE ${taken}), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(inPeriod)
      .groupBy(orderDay),
    db
      .select({
        day: refundDay,
        cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)`.mapWith(Number),
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(
        sql`${refunds.status} = ${REFUND_STATUS_SUCCEEDED} AND ${refundedAt} >= ${period.start} AND ${refundedAt} < ${period.end} AND ${orders.status} <> 'cancelled'`,
      )
      .groupBy(refundDay),
  ]);

  const ordersByDay = new Map(orderDays.map((d) => [d.day, d]));
  const refundsByDay = new Map(refundDays.map((d) => [d.day, d.cents]));
  const days: SalesReport['days'] = [];
  for (let n = Date.parse(`${from}T00:00:00Z`); n <= Date.parse(`${to}T00:00:00Z`); n += 86_400_000) {
    const day = new Date(n).toISOString().slice(0, 10);
    const o = ordersByDay.get(day);
    const refundedCents = refundsByDay.get(day) ?? 0;
    const chargedCents = o?.charged ?? 0;
    days.push({
      day,
      orders: o?.orders ?? 0,
      charged: money(chargedCents),
      gst: money(o?.gst ?? 0),
      refunded: money(refundedCents),
      net_sales: money(chargedCents - refundedCents),
    });
  }
  const line = (r: { quantity: number; sales: number; gst: number }) => ({
    quantity: r.quantity,
    sales: money(r.sales),
    gst: money(r.gst),
  });
  return {
    period: query.period,
    from,
    to,
    totals,
    products: byProduct.map((r) => ({ sku: r.sku, title: r.title, ...line(r) })),
    categories: byCategory.map((r) => ({ category: r.category ?? REPORT_LABELS.uncategorised, ...line(r) })),
    days,
  };
}

/** The CSV columns of each section of the sales report (REPORT_LABELS as headers). */
export const REPORT_CSV_COLUMNS = {
  totals: [
    { key: 'from', header: 'From' },
    { key: 'to', header: 'To' },
    { key: 'orders', header: REPORT_LABELS.orders },
    { key: 'paid_orders', header: REPORT_LABELS.paidOrders },
    { key: 'items', header: REPORT_LABELS.items },
    { key: 'charged', header: REPORT_LABELS.charged },
    { key: 'gst', header: REPORT_LABELS.gst },
    { key: 'refunded', header: REPORT_LABELS.refunded },
    { key: 'net_sales', header: REPORT_LABELS.netSales },
  ],
  products: [
    { key: 'sku', header: REPORT_LABELS.sku },
    { key: 'title', header: REPORT_LABELS.title },
    { key: 'quantity', header: REPORT_LABELS.quantity },
    { key: 'sales', header: REPORT_LABELS.sales },
    { key: 'gst', header: REPORT_LABELS.gst },
  ],
  categories: [
    { key: 'category', header: REPORT_LABELS.category },
    { key: 'quantity', header: REPORT_LABELS.quantity },
    { key: 'sales', header: REPORT_LABELS.sales },
    { key: 'gst', header: REPORT_LABELS.gst },
  ],
  days: [
    { key: 'day', header: REPORT_LABELS.day },
    { key: 'orders', header: REPORT_LABELS.orders },
    { key: 'charged', header: REPORT_LABELS.charged },
    { key: 'gst', header: REPORT_LABELS.gst },
    { key: 'refunded', header: REPORT_LABELS.refunded },
    { key: 'net_sales', header: REPORT_LABELS.netSales },
  ],
} as const satisfies Record<ReportSection, readonly { key: string; header: string }[]>;

/** The records of one section of `report`, for its CSV. */
export function reportSectionRecords(
  report: SalesReport,
  section: ReportSection,
): Record<string, string | number>[] {
  if (section === 'totals') return [{ from: report.from, to: report.to, ...report.totals }];
  return report[section];
}
