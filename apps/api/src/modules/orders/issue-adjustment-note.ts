/**
 * Adjustment notes (issue 18 §3, decision 0036): a refund or a cancellation of an invoiced order issues a note,
 * numbered `ADJ-000007` in its own gap-free series, that references the order's tax invoice and states the amount
 * given back and the GST in it. `source` names the event (`refund:12`, `cancellation:34`): the same event never
 * issues two notes.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adjustmentNotes, orders } from '../../db/schema';
import { issueTaxInvoice, takeDocumentNumber, type TaxDocumentConfig } from './issue-tax-invoice';

export type AdjustmentNoteRow = typeof adjustmentNotes.$inferSelect;

export interface AdjustmentNoteRequest {
  orderId: number;
  kind: 'refund' | 'cancellation';
  /** What caused it, unique: `refund:<refunds.id>`, `cancellation:<orders.id>`. */
  source: string;
  /**
   * Integer cents given back, GST included; null for a cancellation: whatever of the total no note covers yet.
   * Capped at what no note covers yet, so notes never add up to more than the invoice.
   */
  amountCents: number | null;
  reason: string;
}

/** Integer cents of order `orderId` that adjustment notes cover so far. */
export async function adjustedCentsOf(db: Database, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${adjustmentNotes.amountCents}), 0)::int` })
    .from(adjustmentNotes)
    .where(eq(adjustmentNotes.orderId, orderId));
  return Number(row?.n ?? 0);
}

/**
 * Issues the adjustment note of `request` (issuing the order's tax invoice first if it has none), inside the
 * caller's transaction when `db` is one, so that the note and what caused it are recorded together. Answers the
 * note; the earlier note when `source` already issued one; null when there is nothing to adjust (the order was
 * never paid, or notes already cover its whole total).
 */
export async function issueAdjustmentNote(
  db: Database,
  request: AdjustmentNoteRequest,
  config: TaxDocumentConfig,
): Promise<AdjustmentNoteRow | null> {
  const [earlier] = await db.select().from(adjustmentNotes).where(eq(adjustmentNotes.source, request.source));
  if (earlier) return earlier;
  const invoice = await issueTaxInvoice(db, request.orderId, config);
  if (!invoice) return null;
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for('update');
    if (!order) return null;
    const left = order.totalCents - (await adjustedCentsOf(tx, order.id));
    const amountCents = Math.min(request.amountCents ?? left, left);
    if (amountCents <= 0) return null;
    // The GST in the amount is the order's own share of GST in its total, so a full refund gives back its GST.
    const gstCents = order.totalCents > 0 ? Math.round((amountCents * order.gstCents) / order.totalCents) : 0;
    const number = await takeDocumentNumber(tx, 'adjustment_note');
    const [note] = await tx
      .insert(adjustmentNotes)
      .values({
        number,
        orderId: order.id,
        taxInvoiceId: invoice.id,
        kind: request.kind,
        source: request.source,
        amountCents,
        gstCents,
        reason: request.reason,
        // The seller as on the invoice it adjusts.
        seller: invoice.seller,
      })
      .returning();
    return note ?? null;
  });
}

/** The adjustment notes of order `orderId`, oldest first. */
export async function listAdjustmentNotes(db: Database, orderId: number): Promise<AdjustmentNoteRow[]> {
  return db
    .select()
    .from(adjustmentNotes)
    .where(eq(adjustmentNotes.orderId, orderId))
    .orderBy(adjustmentNotes.number);
}
