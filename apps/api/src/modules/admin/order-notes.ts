/**
 * Internal order notes (issue 36 §4, migration 0031): staff add them on the order's back-office page; they are
 * listed newest first with their author and time, and each one added is audited ('order.note'). The store adds
 * one itself for a shipping-address correction (`correct-shipping-address.ts`). No customer answer reads them.
 */
import { desc, eq } from 'drizzle-orm';
import { ADMIN_ORDER_MESSAGES } from '@store/shared/admin-orders';
import { ORDER_NOTE_MESSAGES, type OrderNote } from '@store/shared/admin-order-notes';
import type { Database } from '../../db/client';
import { orderNotes, orders, staffUsers } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { recordAudit } from './record-audit';

/** The notes of order `publicId`, newest first. Throws HttpError 404 for an unknown order. */
export async function listOrderNotes(db: Database, publicId: string): Promise<OrderNote[]> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.publicId, publicId));
  if (!order) throw new HttpError(404, ADMIN_ORDER_MESSAGES.notFound);
  const rows = await db
    .select({ note: orderNotes, author: staffUsers.name })
    .from(orderNotes)
    .leftJoin(staffUsers, eq(staffUsers.id, orderNotes.staffId))
    .where(eq(orderNotes.orderId, order.id))
    .orderBy(desc(orderNotes.createdAt), desc(orderNotes.id));
  return rows.map(({ note, author }) => ({
    id: note.id,
    kind: note.kind,
    body: note.body,
    author: author ?? ORDER_NOTE_MESSAGES.formerStaff,
    created_at: note.createdAt.toISOString(),
  }));
}

/**
 * Adds note `body` (already checked by `orderNoteRequestSchema`) to order `publicId` by `staffId`, with its audit
 * row in the same transaction. Throws HttpError 404 for an unknown order. Answers the new note's id.
 */
export async function addOrderNote(
  db: Database,
  publicId: string,
  body: string,
  staffId: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    // Key share: the order cannot be deleted under the note, and status moves are not held up by it.
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.publicId, publicId))
      .for('key share');
    if (!order) throw new HttpError(404, ADMIN_ORDER_MESSAGES.notFound);
    const [note] = await tx
      .insert(orderNotes)
      .values({ orderId: order.id, staffId, kind: 'note', body })
      .returning({ id: orderNotes.id });
    if (!note) throw new Error('the order note was not inserted');
    await recordAudit(tx, {
      staffId,
      action: 'order.note',
      entityType: 'order',
      entityId: publicId,
      before: null,
      after: { note_id: note.id, note: body },
    });
    return note.id;
  });
}
