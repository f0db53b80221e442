/**
 * A trade account's money (issue 39 §4, decision 0066): the ledger's sum is the balance; payments and credits pay
 * the oldest invoices first, so what is left open on each invoice, what is overdue and the ageing buckets all come
 * from one allocation. Read by the account page, the checkout's on-account check, statements and the back office.
 * Amounts are integer cents inc. GST; days are the store's calendar days (YYYY-MM-DD, Australia/Sydney).
 */
import { asc, eq } from 'drizzle-orm';
import { AGEING_BUCKETS, ageingBucket, type AgeingBucket } from '@store/shared/trade-accounts';
import type { Database } from '../../db/client';
import { orders, tradeLedger, users } from '../../db/schema';

/** One ledger entry as the allocation and the statement read it. */
export interface LedgerEntry {
  id: number;
  kind: 'invoice' | 'payment' | 'credit';
  orderId: number | null;
  /** The order's public id and invoice number, for invoices. */
  orderPublicId: string | null;
  invoiceNumber: string | null;
  purchaseOrderNumber: string | null;
  placedBy: string | null;
  /** Positive for an invoice, negative for a payment or credit. */
  amountCents: number;
  reference: string;
  entryDay: string;
  dueDay: string | null;
}

export interface OpenItem {
  entry: LedgerEntry;
  /** What is still owed on the invoice after the payments and credits allocated to it. */
  openCents: number;
  bucket: AgeingBucket;
}

export interface LedgerSummary {
  /** Σ entries: what the business owes now (negative when it paid ahead). */
  balanceCents: number;
  /** What is open on invoices past their due day. */
  overdueCents: number;
  openItems: OpenItem[];
  ageing: Record<AgeingBucket, number>;
}

/** The entries of account `accountId`, oldest first, with their invoices' order details. */
export async function ledgerEntries(db: Database, accountId: number): Promise<LedgerEntry[]> {
  const rows = await db
    .select({
      e: tradeLedger,
      publicId: orders.publicId,
      invoiceNumber: orders.invoiceNumber,
      po: orders.purchaseOrderNumber,
      placedBy: users.name,
    })
    .from(tradeLedger)
    .leftJoin(orders, eq(orders.id, tradeLedger.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(tradeLedger.tradeAccountId, accountId))
    .orderBy(asc(tradeLedger.entryDay), asc(tradeLedger.id));
  return rows.map((r) => ({
    id: r.e.id,
    kind: r.e.kind as LedgerEntry['kind'],
    orderId: r.e.orderId,
    orderPublicId: r.publicId,
    invoiceNumber: r.invoiceNumber,
    purchaseOrderNumber: r.po,
    placedBy: r.placedBy,
    amountCents: r.e.amountCents,
    reference: r.e.reference,
    entryDay: r.e.entryDay,
    dueDay: r.e.dueDay,
  }));
}

/**
 * Allocates payments and credits to the oldest invoices (by due day, then entry) and sums what is left: balance,
 * overdue as of `today`, the open invoices and the ageing buckets. Pure: the ledger's entries in, figures out.
 */
export function summariseLedger(entries: readonly LedgerEntry[], today: string): LedgerSummary {
  const invoices = entries
    .filter((e) => e.kind === 'invoice')
    .sort(
      (a, b) =>
        (a.dueDay ?? '').localeCompare(b.dueDay ?? '') || a.entryDay.localeCompare(b.entryDay) || a.id - b.id,
    );
  let unallocated = -entries.filter((e) => e.kind !== 'invoice').reduce((s, e) => s + e.amountCents, 0);
  const ageing = Object.fromEntries(AGEING_BUCKETS.map((b) => [b, 0])) as Record<AgeingBucket, number>;
  const openItems: OpenItem[] = [];
  let overdueCents = 0;
  for (const entry of invoices) {
    const paid = Math.min(unallocated, entry.amountCents);
    unallocated -= paid;
    const openCents = entry.amountCents - paid;
    if (openCents === 0) continue;
    const bucket = ageingBucket(entry.dueDay ?? entry.entryDay, today);
    ageing[bucket] += openCents;
    if (bucket !== 'current') overdueCents += openCents;
    openItems.push({ entry, openCents, bucket });
  }
  const balanceCents = entries.reduce((s, e) => s + e.amountCents, 0);
  openItems.sort((a, b) => a.entry.entryDay.localeCompare(b.entry.entryDay) || a.entry.id - b.entry.id);
  return { balanceCents, overdueCents, openItems, ageing };
}

/** `summariseLedger` of account `accountId` as of `today`. */
export async function ledgerSummary(db: Database, accountId: number, today: string): Promise<LedgerSummary> {
  return summariseLedger(await ledgerEntries(db, accountId), today);
}

/** Months (YYYY-MM) with ledger activity, newest first: the months a statement can be printed for. */
export function statementMonths(entries: readonly LedgerEntry[]): string[] {
  return [...new Set(entries.map((e) => e.entryDay.slice(0, 7)))].sort().reverse();
}
