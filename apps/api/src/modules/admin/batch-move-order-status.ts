/**
 * Batch status moves (issue 36 §4, decision 0054): each order of the batch is moved by `moveOrderStatus`, the
 * single move's own function, in its own transaction under its own row lock, with the one transition rule
 * (ORDER_STATUS_MOVES) and its audit row. A move the rule refuses (or an unknown order) is reported with the
 * single move's message and skipped; the others are done. Not all-or-nothing on purpose: one order already shipped
 * by a colleague must not hold back the rest of the morning's parcels.
 */
import type { BatchStatusMove, BatchStatusResult } from '@store/shared/admin-fulfilment';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import type { TaxDocumentConfig } from '../orders/issue-tax-invoice';
import type { OrderRow } from '../orders/order-presenter';
import { moveOrderStatus } from './admin-orders';

/**
 * Moves each order as `moves` says, one after another, by `staffId`. Answers each order's outcome in the order
 * given and the rows of those moved (for their mails). Errors other than a refused move (the database gone)
 * reject; the moves made before stay made and audited.
 */
export async function batchMoveOrderStatus(
  db: Database,
  moves: readonly BatchStatusMove[],
  staffId: number,
  taxConfig: TaxDocumentConfig,
): Promise<{ results: BatchStatusResult[]; moved: OrderRow[] }> {
  const results: BatchStatusResult[] = [];
  const moved: OrderRow[] = [];
  for (const { order: publicId, ...move } of moves) {
    try {
      const { after } = await moveOrderStatus(db, publicId, move, staffId, taxConfig);
      moved.push(after);
      results.push({
        order: publicId,
        invoice_number: after.invoiceNumber,
        moved: true,
        status: after.status,
        message: `Now ${after.status}.`,
      });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      const [row] = await db
        .select({ invoiceNumber: orders.invoiceNumber, status: orders.status })
        .from(orders)
        .where(eq(orders.publicId, publicId));
      results.push({
        order: publicId,
        invoice_number: row?.invoiceNumber ?? null,
        moved: false,
        status: row?.status ?? null,
        message: err.message,
      });
    }
  }
  return { results, moved };
}
