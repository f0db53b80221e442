/**
 * Tax invoices (issue 18 §3, decision 0036): one per paid order, numbered `TI-000123` in a gap-free series and
 * issued once — when the order's payment is confirmed, or at the first request for an order paid before invoices
 * existed. The seller (the store settings: name, ABN, address, sales email) and the buyer (billing name, business name and ABN) are kept
 * as they were at issue, so every later copy reads the same; the amounts are always the order's stored ones.
 */
import { eq, sql } from 'drizzle-orm';
import { BUSINESS_META_KEYS } from '@store/shared/account-constants';
import { formatAddressLine } from '@store/shared/address';
import { formatAbn } from '@store/shared/abn';
import {
  hasTaxInvoice,
  sellerAbnOf,
  type TaxDocumentBuyer,
  type TaxDocumentSeller,
} from '@store/shared/tax-invoice';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { orders, taxDocumentCounters, taxInvoices, tradeAccounts, userMeta } from '../../db/schema';
import { getStoreSettings } from '../content/content-service';
import type { OrderRow } from './order-presenter';

/**
 * What issuing needs from the configuration: MAIL_FROM, the seller's email when the settings have no `sales_email`.
 * The seller's ABN is the store setting `abn` (issue 34 §6; decision 0036 amended: `STORE_ABN` is gone).
 */
export interface TaxDocumentConfig {
  mailFrom: string;
}

export type TaxInvoiceRow = typeof taxInvoices.$inferSelect;

/**
 * The next number of `series` ('tax_invoice' or 'adjustment_note'), 1 for the first. Call inside the transaction
 * that inserts the document: the counter row stays locked until it ends, and a rollback gives the number back.
 */
export async function takeDocumentNumber(
  tx: Database,
  series: 'tax_invoice' | 'adjustment_note',
): Promise<number> {
  const [row] = await nextNumberOf(tx).execute({ series });
  if (!row) throw new Error(`no number was taken in series ${series}`);
  return row.n;
}

// Every paid order runs these inside its transaction: built once (decision 0097).
const nextNumberOf = preparedStatement((db) =>
  db
    .insert(taxDocumentCounters)
    .values({ series: sql.placeholder('series'), lastNumber: 1 })
    .onConflictDoUpdate({
      target: taxDocumentCounters.series,
      set: { lastNumber: sql`${taxDocumentCounters.lastNumber} + 1` },
    })
    .returning({ n: taxDocumentCounters.lastNumber }),
);
const paidOrderToInvoice = preparedStatement((db) =>
  db
    .select({
      order: orders,
      // The order's id as a parameter: a column of the outer query would be written unqualified (`"id"`),
      // which inside the subquery is the invoice's own id.
      invoiced: sql<boolean>`EXISTS (SELECT 1 FROM ${taxInvoices} WHERE ${taxInvoices.orderId} = ${sql.placeholder('orderId')})`,
    })
    .from(orders)
    .where(eq(orders.id, sql.placeholder('orderId')))
    .for('update'),
);
const insertInvoice = preparedStatement((db) =>
  db
    .insert(taxInvoices)
    .values({
      orderId: sql.placeholder('orderId'),
      number: sql.placeholder('number'),
      seller: sql.placeholder('seller'),
      buyer: sql.placeholder('buyer'),
    })
    .returning(),
);

/**
 * The seller as documents print it now, all from the store settings (the mails' footer reads the same): name, ABN
 * (`sellerAbnOf`: null unless its check digits add up), address, and sales email (else MAIL_FROM).
 */
export async function currentSeller(db: Database, config: TaxDocumentConfig): Promise<TaxDocumentSeller> {
  const s = await getStoreSettings(db);
  return {
    name: s.storeName,
    abn: sellerAbnOf(s.abn),
    address: s.businessAddress,
    email: s.salesEmail || config.mailFrom,
    gstPercent: s.gstPercent,
  };
}

/**
 * The buyer of `order`: the billing name, email and address; the business name and ABN from the member's
 * business details (SPEC §3 `_b_name`, `_b_number`) when they gave them, else the checkout's company field.
 */
async function buyerOf(db: Database, order: OrderRow): Promise<TaxDocumentBuyer> {
  const business: Record<string, string> = {};
  if (order.userId !== 0) {
    const rows = await db.select().from(userMeta).where(eq(userMeta.userId, order.userId));
    for (const r of rows) {
      if ((BUSINESS_META_KEYS as readonly string[]).includes(r.option)) business[r.option] = r.value.trim();
    }
  }
  return {
    name: `${order.fName} ${order.lName}`.trim(),
    email: order.email,
    address: formatAddressLine({
      street_address: order.streetAddress,
      city: order.city,
      state: order.state,
      post_code: order.postCode,
    }),
    ...((await tradeBuyerOf(db, order)) ?? businessOfBuyer(business, order.company)),
  };
}

/** Issue 39: an order placed for a trade account names the account's business and ABN, as the ABR knows them. */
async function tradeBuyerOf(
  db: Database,
  order: OrderRow,
): Promise<{ businessName: string; abn: string } | null> {
  if (order.tradeAccountId === null) return null;
  const [account] = await db
    .select({ businessName: tradeAccounts.businessName, abn: tradeAccounts.abn })
    .from(tradeAccounts)
    .where(eq(tradeAccounts.id, order.tradeAccountId));
  return account ? { businessName: account.businessName, abn: formatAbn(account.abn) } : null;
}

/**
 * The buyer's business as a tax invoice names it: the member's business details (SPEC §3 `_b_name`, `_b_number`)
 * when given, else the checkout's company and no ABN. The orders and customers exports (issue 36 §4) read it too.
 */
export function businessOfBuyer(
  business: Partial<Record<string, string>>,
  company: string,
): { businessName: string; abn: string } {
  return { businessName: business._b_name || company.trim(), abn: business._b_number ?? '' };
}

/** An order's tax invoice, if issued: read by every confirmation mail (decision 0096). */
const taxInvoiceOf = preparedStatement((db) =>
  db
    .select()
    .from(taxInvoices)
    .where(eq(taxInvoices.orderId, sql.placeholder('orderId'))),
);

/**
 * The tax invoice of order `orderId`, issuing it (next gap-free number, seller and buyer as they are now) when the
 * order is paid and has none yet. Answers null when the order does not exist or its payment was never received.
 * Safe to call from several places at once: the order row is locked, so an order gets one invoice and one number.
 * May run inside another transaction (it then uses a savepoint). An order that becomes paid is issued its invoice
 * by that move's own transaction (issueTaxInvoiceAsPaid); this is for an order paid before invoices existed, and
 * for a caller that finds none (a document's first download, a mail composed after a failed move).
 */
export async function issueTaxInvoice(
  db: Database,
  orderId: number,
  config: TaxDocumentConfig,
): Promise<TaxInvoiceRow | null> {
  const [existing] = await taxInvoiceOf(db).execute({ orderId });
  if (existing) return existing;
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || !hasTaxInvoice(order.paymentStatus)) return null;
    // Another request may have issued it while this one waited for the lock.
    const [issued] = await tx.select().from(taxInvoices).where(eq(taxInvoices.orderId, orderId));
    if (issued) return issued;
    return insertTaxInvoice(tx, order, config);
  });
}

/**
 * Issues order `orderId`'s tax invoice inside `tx`, the transaction that has just moved the order to paid (or
 * written it paid, on account), so the invoice and its number commit with 'paid' (decision 0085): no paid order
 * waits for its invoice between two commits, and a move that rolls back takes no number. The order is read and
 * locked and its invoice looked for in one statement; an order that is not paid, or has its invoice, is left as
 * it is. Under a savepoint: should issuing fail, the savepoint is rolled back and the error thrown, and the caller
 * may still commit 'paid' (the invoice is then issued as the confirmation is composed, or at its first download).
 */
export async function issueTaxInvoiceAsPaid(
  tx: Database,
  orderId: number,
  config: TaxDocumentConfig,
): Promise<void> {
  await tx.transaction(async (savepoint) => {
    const [row] = await paidOrderToInvoice(savepoint as Database).execute({ orderId });
    if (!row || row.invoiced || !hasTaxInvoice(row.order.paymentStatus)) return;
    await insertTaxInvoice(savepoint as Database, row.order, config);
  });
}

/** The invoice of `order`, paid and locked by `tx`, with none yet: the seller and buyer as they are now, the next number. */
async function insertTaxInvoice(
  tx: Database,
  order: OrderRow,
  config: TaxDocumentConfig,
): Promise<TaxInvoiceRow> {
  const seller = await currentSeller(tx, config);
  const buyer = await buyerOf(tx, order);
  // Taken last: the series' counter row stays locked until the transaction ends.
  const number = await takeDocumentNumber(tx, 'tax_invoice');
  const [row] = await insertInvoice(tx).execute({ orderId: order.id, number, seller, buyer });
  if (!row) throw new Error('the tax invoice was not inserted');
  return row;
}
