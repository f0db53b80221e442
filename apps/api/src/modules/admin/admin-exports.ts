/**
 * The back office's CSV exports (issue 36 §4), streamed in batches so a large store's export holds one batch in
 * memory: orders (the list's filters; for the accountant's BAS, each order's money from its stored breakdown,
 * `orderAmountsOfRow`, the same amounts `breakdownRows` lays out on every page, mail and invoice, and its GST),
 * products (the whole catalog, archived ones marked) and customers (members and guest buyers, one row per email).
 * Every text cell is defused against spreadsheet formulas (`spreadsheetSafe`), and the file starts with a UTF-8
 * byte-order mark so Excel reads it as UTF-8. A database failure midway ends the stream with an error.
 */
import { Readable, pipeline, type Transform } from 'node:stream';
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import { BUSINESS_META_KEYS } from '@store/shared/account-constants';
import { REFUND_STATUS_SUCCEEDED } from '@store/shared/admin-orders';
import {
  CUSTOMER_EXPORT_COLUMNS,
  CUSTOMER_EXPORT_TYPES,
  ORDER_EXPORT_COLUMNS,
  PRODUCT_EXPORT_COLUMNS,
} from '@store/shared/admin-exports';
import { discountedPriceCents, type DiscountType } from '@store/shared/discount';
import { centsToDecimalString } from '@store/shared/money';
import {
  PAYMENT_STATUS_COMPLETED,
  PAYMENT_STATUS_DISPUTED,
  PAYMENT_STATUS_PARTIALLY_REFUNDED,
} from '@store/shared/order-constants';
import { formatTaxInvoiceNumber } from '@store/shared/tax-invoice';
import { rowsOf, type Database } from '../../db/client';
import {
  brands,
  categories,
  childCategories,
  orders,
  productDiscounts,
  products,
  refunds,
  taxInvoices,
  userMeta,
} from '../../db/schema';
import { businessOfBuyer } from '../orders/issue-tax-invoice';
import { orderAmountsOfRow } from '../orders/order-amounts';
import type { OrderRow } from '../orders/order-presenter';
import { spreadsheetSafe } from './admin-customers';

/** Rows read per query while a CSV streams. */
const BATCH = 1_000;

type Cell = string | number;
type Columns = readonly { key: string; header: string }[];

/** A Sydney calendar day (yyyy-mm-dd) of an instant. */
export const sydneyDate = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(d);

/**
 * The records `batches` yields as a CSV with a header row and a byte-order mark, each text cell defused
 * (`spreadsheetSafe`); answers the stream to send.
 */
export function csvStream(columns: Columns, batches: AsyncGenerator<Record<string, Cell>[]>): Transform {
  async function* records() {
    for await (const batch of batches) {
      for (const record of batch) {
        yield Object.fromEntries(
          columns.map(({ key }) => {
            const v = record[key];
            return [key, typeof v === 'string' ? spreadsheetSafe(v) : (v ?? '')];
          }),
        );
      }
    }
  }
  const csv = stringify({
    header: true,
    bom: true,
    columns: columns.map((c) => ({ key: c.key, header: c.header })),
    record_delimiter: 'windows',
  });
  pipeline(Readable.from(records()), csv, () => {
    // An error has already been passed to `csv`, which ends the answer; nothing more to do here.
  });
  return csv;
}

/** The business details (`_b_*`) of members `userIds`, by member. */
async function businessMetaOf(db: Database, userIds: number[]) {
  const byUser = new Map<number, Record<string, string>>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select()
    .from(userMeta)
    .where(and(inArray(userMeta.userId, userIds), inArray(userMeta.option, [...BUSINESS_META_KEYS])));
  for (const r of rows) {
    const meta = byUser.get(r.userId) ?? {};
    meta[r.option] = r.value.trim();
    byUser.set(r.userId, meta);
  }
  return byUser;
}

/**
 * One orders-export record of `order` (ORDER_EXPORT_COLUMNS): its money from `orderAmountsOfRow` (cents as
 * dollars), the tax invoice's number and buyer as issued when there is one (decision 0036), else the member's
 * business details or the checkout's company; `refundedCents` is what succeeded refunds gave back.
 */
export function orderExportRecord(
  order: OrderRow,
  invoice: { number: number; buyer: { businessName: string; abn: string } } | null,
  business: Record<string, string>,
  refundedCents: number,
): Record<(typeof ORDER_EXPORT_COLUMNS)[number]['key'], Cell> {
  const a = orderAmountsOfRow(order);
  const buyer = invoice ? invoice.buyer : businessOfBuyer(business, order.company);
  const money = centsToDecimalString;
  return {
    order_number: order.invoiceNumber,
    tax_invoice_number: invoice ? formatTaxInvoiceNumber(invoice.number) : '',
    date: sydneyDate(order.createdAt),
    status: order.status,
    payment_status: order.paymentStatus,
    customer: `${order.fName} ${order.lName}`.trim(),
    email: order.email,
    business_name: buyer.businessName,
    abn: buyer.abn,
    subtotal: money(a.subtotalCents),
    discounts: money(a.signupDiscountCents + a.membershipDiscountCents + a.codeDiscountCents),
    delivery_charge: money(a.deliveryChargeCents),
    total: money(a.totalCents),
    gst: money(a.gstCents),
    refunded: money(refundedCents),
  };
}

/** The orders matching `condition` (the list's filters) as the orders export, oldest first. */
export function ordersCsv(db: Database, condition: SQL | undefined): Transform {
  async function* batches() {
    let after = 0;
    for (;;) {
      const batch = await db
        .select()
        .from(orders)
        .where(and(condition, gt(orders.id, after)))
        .orderBy(asc(orders.id))
        .limit(BATCH);
      if (batch.length === 0) return;
      const ids = batch.map((o) => o.id);
      const [invoices, refunded, business] = await Promise.all([
        db.select().from(taxInvoices).where(inArray(taxInvoices.orderId, ids)),
        db
          .select({
            orderId: refunds.orderId,
            cents: sql<number>`sum(${refunds.amountCents})`.mapWith(Number),
          })
          .from(refunds)
          .where(and(inArray(refunds.orderId, ids), eq(refunds.status, REFUND_STATUS_SUCCEEDED)))
          .groupBy(refunds.orderId),
        businessMetaOf(db, [...new Set(batch.map((o) => o.userId).filter((id) => id > 0))]),
      ]);
      const invoiceOf = new Map(invoices.map((i) => [i.orderId, i]));
      const refundedOf = new Map(refunded.map((r) => [r.orderId, r.cents]));
      yield batch.map((o) =>
        orderExportRecord(
          o,
          invoiceOf.get(o.id) ?? null,
          business.get(o.userId) ?? {},
          refundedOf.get(o.id) ?? 0,
        ),
      );
      after = batch.at(-1)?.id ?? after;
      if (batch.length < BATCH) return;
    }
  }
  return csvStream(ORDER_EXPORT_COLUMNS, batches());
}

/** Every product, by SKU, as the products export: prices inc. GST, the sale price after its discount. */
export function productsCsv(db: Database): Transform {
  async function* batches() {
    let after = '';
    for (;;) {
      const batch = await db
        .select({
          sku: products.sku,
          title: products.title,
          category: categories.title,
          childCategory: childCategories.childTitle,
          brand: brands.title,
          priceCents: products.priceCents,
          discountType: productDiscounts.discountType,
          discountValue: productDiscounts.discountValue,
          stock: products.stock,
          reorderLevel: products.reorderLevel,
          partNumbers: products.partNumbers,
          archivedAt: products.archivedAt,
        })
        .from(products)
        .leftJoin(categories, eq(categories.id, products.categoryId))
        .leftJoin(childCategories, eq(childCategories.id, products.childCategoryId))
        .leftJoin(brands, eq(brands.id, products.brandId))
        .leftJoin(productDiscounts, eq(productDiscounts.productId, products.id))
        .where(gt(products.sku, after))
        .orderBy(asc(products.sku))
        .limit(BATCH);
      if (batch.length === 0) return;
      yield batch.map((p) => ({
        sku: p.sku,
        title: p.title,
        category: p.category ?? '',
        child_category: p.childCategory ?? '',
        brand: p.brand ?? '',
        price: centsToDecimalString(p.priceCents),
        sale_price:
          p.discountType === null || p.discountValue === null
            ? ''
            : centsToDecimalString(
                discountedPriceCents(p.priceCents, {
                  type: p.discountType as DiscountType,
                  value: p.discountValue,
                }),
              ),
        stock: p.stock ?? '',
        reorder_level: p.reorderLevel,
        part_numbers: p.partNumbers ?? '',
        archived: p.archivedAt ? sydneyDate(p.archivedAt) : '',
      }));
      after = batch.at(-1)?.sku ?? after;
      if (batch.length < BATCH) return;
    }
  }
  return csvStream(PRODUCT_EXPORT_COLUMNS, batches());
}

/** Payments the store holds: these orders count towards what a customer spent (as the customers list counts). */
const HELD = [PAYMENT_STATUS_COMPLETED, PAYMENT_STATUS_PARTIALLY_REFUNDED, PAYMENT_STATUS_DISPUTED];

interface CustomerExportRow {
  key: string;
  member_id: number | null;
  member_name: string | null;
  member_email: string | null;
  member_phone: string | null;
  order_email: string | null;
  order_name: string | null;
  order_phone: string | null;
  order_company: string | null;
  orders_count: number | string | null;
  spent_cents: number | string | null;
  last_order_at: Date | string | null;
}

/**
 * Everyone who has an account or has ordered, one row per email (case-insensitive), by email: members with their
 * name, phone and business details; guests with the name, phone and company of their latest order. Orders count
 * every order placed with that email (a member's guest orders too); total spent is what paid orders charged less
 * succeeded refunds (as the customers list counts it).
 */
export function customersCsv(db: Database): Transform {
  const held = sql.join(
    HELD.map((s) => sql`${s}`),
    sql`, `,
  );
  async function* batches() {
    let after = '';
    for (;;) {
      const batch = rowsOf<CustomerExportRow>(
        await db.execute(sql`
          WITH by_email AS (
            SELECT lower(o.email) AS key,
              count(*)::int AS orders_count,
              coalesce(sum(o.total_cents - coalesce((
                SELECT sum(r.amount_cents) FROM refunds r WHERE r.order_id = o.id AND r.status = ${REFUND_STATUS_SUCCEEDED}
              ), 0)) FILTER (WHERE o.payment_status IN (${held})), 0)::bigint AS spent_cents,
              max(o.created_at) AS last_order_at,
              (array_agg(o.email ORDER BY o.created_at DESC, o.id DESC))[1] AS order_email,
              (array_agg(o.f_name || ' ' || o.l_name ORDER BY o.created_at DESC, o.id DESC))[1] AS order_name,
              (array_agg(o.phone ORDER BY o.created_at DESC, o.id DESC))[1] AS order_phone,
              (array_agg(o.company ORDER BY o.created_at DESC, o.id DESC))[1] AS order_company
            FROM orders o GROUP BY lower(o.email)
          ), members AS (
            SELECT DISTINCT ON (lower(u.email)) lower(u.email) AS key, u.id, u.name, u.email, u.phone
            FROM users u ORDER BY lower(u.email), u.id
          )
          SELECT coalesce(m.key, b.key) AS key,
            m.id AS member_id, m.name AS member_name, m.email AS member_email, m.phone AS member_phone,
            b.order_email, b.order_name, b.order_phone, b.order_company,
            b.orders_count, b.spent_cents, b.last_order_at
          FROM members m FULL OUTER JOIN by_email b ON b.key = m.key
          WHERE coalesce(m.key, b.key) > ${after}
          ORDER BY 1
          LIMIT ${BATCH}
        `),
      );
      if (batch.length === 0) return;
      const business = await businessMetaOf(
        db,
        batch.flatMap((r) => (r.member_id === null ? [] : [Number(r.member_id)])),
      );
      yield batch.map((r) => {
        const member = r.member_id !== null;
        const buyer = businessOfBuyer(
          member ? (business.get(Number(r.member_id)) ?? {}) : {},
          r.order_company ?? '',
        );
        return {
          email: (member ? r.member_email : r.order_email) ?? r.key,
          name: ((member ? r.member_name : r.order_name) ?? '').trim(),
          type: member ? CUSTOMER_EXPORT_TYPES.member : CUSTOMER_EXPORT_TYPES.guest,
          phone: (member ? r.member_phone : r.order_phone) ?? '',
          business_name: buyer.businessName,
          abn: buyer.abn,
          orders: Number(r.orders_count ?? 0),
          total_spent: centsToDecimalString(Number(r.spent_cents ?? 0)),
          last_order_date: r.last_order_at ? sydneyDate(new Date(r.last_order_at)) : '',
        };
      });
      after = batch.at(-1)?.key ?? after;
      if (batch.length < BATCH) return;
    }
  }
  return csvStream(CUSTOMER_EXPORT_COLUMNS, batches());
}
