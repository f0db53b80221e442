/**
 * The back office's return requests (issue 12): a paged, filtered, searchable list; one request with its file and
 * linked order; the stored file's key (looked up by the row's generated name only); and the one decision each
 * request gets, approve or reject, conditional on the request still being open, with its audit row.
 */
import { and, count, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_RETURN_MESSAGES as M,
  raNumberText,
  RETURN_STATUS_MOVES,
  RETURN_STATUSES,
  type AdminReturnReceive,
  type AdminReturnDetail,
  type AdminReturnListQuery,
  type AdminReturnRow,
  type ReturnStatus,
} from '@store/shared/admin-returns';
import { centsToDecimalString } from '@store/shared/money';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { orderLineItems, orderReturns, orders, returnLines, staffUsers } from '../../db/schema';
import { refundDestination } from '@store/shared/refund-lines';
import { lineRefundPlan } from '../orders/refunded-lines';
import { HttpError } from '../../plugins/error-handling';
import { auditTrail, recordAudit } from './record-audit';
import { takeUnitsOff } from '../locations/put-back-order-units';

/** What `saveReturnRequest` names a stored file: a v4 uuid and one of the sniffed extensions. */
const STORED_FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|pdf|txt)$/;

/** A return's id from its path segment, or null (answered 404) for anything but a positive whole number. */
export function parseReturnId(text: string): number | null {
  if (!/^[1-9]\d{0,8}$/.test(text)) return null;
  return Number(text);
}

type ReturnRow = typeof orderReturns.$inferSelect;
type LinkedOrder = typeof orders.$inferSelect;

function presentRow(r: ReturnRow, invoiceNumber: string | null): AdminReturnRow {
  return {
    id: r.id,
    created_at: r.createdAt.toISOString(),
    customer: `${r.fName} ${r.lName}`.trim(),
    email: r.email,
    order_reference: r.orderReference,
    invoice_number: invoiceNumber,
    subject: r.subject,
    status: r.status,
    has_file: r.storedFile !== null,
  };
}

/** Requests matching `query`, newest first, one page of them, and how many match in all. */
export async function listAdminReturns(
  db: Database,
  query: AdminReturnListQuery,
): Promise<{ data: AdminReturnRow[]; total: number }> {
  const where: SQL[] = [];
  if (query.status) where.push(eq(orderReturns.status, query.status));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const search = or(
      ilike(orderReturns.email, like),
      ilike(sql`${orderReturns.fName} || ' ' || ${orderReturns.lName}`, like),
      ilike(orderReturns.orderReference, like),
      ilike(orders.invoiceNumber, like),
      eq(orders.publicId, query.q),
    );
    if (search) where.push(search);
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ r: orderReturns, invoiceNumber: orders.invoiceNumber })
      .from(orderReturns)
      .leftJoin(orders, eq(orders.id, orderReturns.orderId))
      .where(condition)
      .orderBy(desc(orderReturns.createdAt), desc(orderReturns.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ n: count() })
      .from(orderReturns)
      .leftJoin(orders, eq(orders.id, orderReturns.orderId))
      .where(condition),
  ]);
  return { data: rows.map((x) => presentRow(x.r, x.invoiceNumber)), total: counted?.n ?? 0 };
}

/** One request as the back office shows it, or null: its steps, RA number, lines and history (issue 36 §3). */
export async function getAdminReturn(db: Database, id: number): Promise<AdminReturnDetail | null> {
  const [found] = await db
    .select({ r: orderReturns, order: orders, decidedBy: staffUsers.name })
    .from(orderReturns)
    .leftJoin(orders, eq(orders.id, orderReturns.orderId))
    .leftJoin(staffUsers, eq(staffUsers.id, orderReturns.decidedBy))
    .where(eq(orderReturns.id, id));
  if (!found) return null;
  const [plan, received, trail] = await Promise.all([
    found.order ? lineRefundPlan(db, found.order) : null,
    db.select().from(returnLines).where(eq(returnLines.returnId, id)),
    auditTrail(db, 'return', String(id)),
  ]);
  const byLine = new Map(received.map((l) => [l.orderLineItemId, l]));
  return {
    ...presentDetail(found.r, found.order, found.decidedBy),
    ra_number: found.r.raNumber === null ? null : raNumberText(found.r.raNumber),
    lines: (plan?.lines ?? []).map((l) => ({
      line_id: l.line_id,
      product_title: l.title,
      sku: l.sku,
      quantity: l.quantity,
      refunded_quantity: l.refunded_quantity,
      net: l.net,
      restockable: l.restockable,
      quantity_requested: byLine.get(l.line_id)?.quantityRequested ?? 0,
      quantity_received: byLine.get(l.line_id)?.quantityReceived ?? null,
      condition: byLine.get(l.line_id)?.condition ?? null,
    })),
    reason: found.r.reason,
    shipping_refundable: centsToDecimalString(plan?.shippingLeftCents ?? 0),
    refund_destination: found.order
      ? refundDestination(
          found.order.paymentMethod,
          found.order.paymentProvider,
          found.order.paymentMethodType,
        )
      : '',
    inspection_note: found.r.inspectionNote,
    history: trail
      .slice()
      .reverse()
      .map((a) => ({
        action: a.action,
        staff_name: a.staff_name,
        at: a.at,
        note: historyNote(a.after),
      })),
  };
}

/** The note or reason a step's audit row carries, for the return's history. */
function historyNote(after: Record<string, unknown> | null): string {
  for (const key of ['ra_number', 'decision_note', 'inspection_note', 'reason']) {
    const value = after?.[key];
    if (typeof value === 'string' && value) return key === 'ra_number' ? value : value;
  }
  return '';
}

function presentDetail(
  r: ReturnRow,
  order: LinkedOrder | null,
  decidedBy: string | null,
): Omit<
  AdminReturnDetail,
  | 'ra_number'
  | 'lines'
  | 'shipping_refundable'
  | 'refund_destination'
  | 'inspection_note'
  | 'history'
  | 'reason'
> {
  return {
    ...presentRow(r, order?.invoiceNumber ?? null),
    f_name: r.fName,
    l_name: r.lName,
    phone: r.phone,
    message: r.message,
    file:
      r.storedFile !== null
        ? {
            name: r.fileName ?? 'attachment',
            type: r.fileType ?? 'application/octet-stream',
            bytes: r.fileBytes ?? 0,
          }
        : null,
    order: order
      ? {
          public_id: order.publicId,
          invoice_number: order.invoiceNumber,
          total: centsToDecimalString(order.totalCents),
          payment_status: order.paymentStatus,
          status: order.status,
        }
      : null,
    decision: r.decidedAt
      ? {
          refund_amount: r.refundCents === null ? null : centsToDecimalString(r.refundCents),
          note: r.decisionNote,
          decided_at: r.decidedAt.toISOString(),
          decided_by: decidedBy ?? 'Command line',
        }
      : null,
  };
}

/**
 * Request `id`'s file in the private store: its key and the name the customer gave it. The key is the row's
 * generated stored name only, which must look like one (never anything from the request). Throws HttpError 404
 * when there is no such request, it has no file, or the stored name is not one `storeReturnFile` makes.
 */
export async function returnFileOf(
  db: Database,
  id: number,
): Promise<{ key: string; name: string; bytes: number | null }> {
  const [row] = await db
    .select({
      storedFile: orderReturns.storedFile,
      fileName: orderReturns.fileName,
      fileBytes: orderReturns.fileBytes,
    })
    .from(orderReturns)
    .where(eq(orderReturns.id, id));
  if (!row) throw new HttpError(404, M.notFound);
  // A uuid and an extension: one segment, so it cannot name anything outside the private store.
  if (!row.storedFile || !STORED_FILE_NAME.test(row.storedFile)) throw new HttpError(404, M.noFile);
  return { key: row.storedFile, name: row.fileName ?? row.storedFile, bytes: row.fileBytes };
}

/** The return and its order, after a step, for the customer's mail. */
export interface DecidedReturn {
  row: ReturnRow;
  order: LinkedOrder | null;
}

/** The audit snapshot of a return's step. */
const snapshot = (r: ReturnRow) => ({
  status: r.status,
  ra_number: r.raNumber === null ? null : raNumberText(r.raNumber),
  refund_cents: r.refundCents,
  decision_note: r.decisionNote,
  inspection_note: r.inspectionNote,
});

/**
 * Moves return `id` one step (issue 36 §3) to `to` with `set`, by `staffId`, in `tx`: a conditional UPDATE on the
 * step it starts from (RETURN_STATUS_MOVES), so of two steps at once the second changes nothing and is told so;
 * the audit row ('return.<action>') in the same transaction. Throws HttpError 404, 409 (not possible from here).
 */
async function stepReturn(
  tx: Database,
  id: number,
  to: ReturnStatus,
  set: PgUpdateSetSource<typeof orderReturns>,
  staffId: number,
  action: string,
): Promise<DecidedReturn> {
  const [before] = await tx.select().from(orderReturns).where(eq(orderReturns.id, id));
  if (!before) throw new HttpError(404, M.notFound);
  const from = RETURN_STATUSES.filter((s) => RETURN_STATUS_MOVES[s].includes(to));
  if (!from.includes(before.status)) throw new HttpError(409, M.illegalStep(before.status, to));
  const [after] = await tx
    .update(orderReturns)
    .set({ ...set, status: to })
    .where(and(eq(orderReturns.id, id), inArray(orderReturns.status, from)))
    .returning();
  if (!after) {
    const [now] = await tx
      .select({ status: orderReturns.status })
      .from(orderReturns)
      .where(eq(orderReturns.id, id));
    throw new HttpError(409, M.illegalStep(now?.status ?? before.status, to));
  }
  await recordAudit(tx, {
    staffId,
    action: `return.${action}`,
    entityType: 'return',
    entityId: String(id),
    before: snapshot(before),
    after: snapshot(after),
  });
  return { row: after, order: await linkedOrder(tx, after.orderId) };
}

async function linkedOrder(db: Database, orderId: number | null): Promise<LinkedOrder | null> {
  if (orderId === null) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order ?? null;
}

/**
 * Approves requested return `id` (issue 36 §3): a return authorisation number from `return_authorisation_seq`,
 * taken only by the UPDATE that wins (so numbers are unique and one per return), and the optional note.
 */
export function approveReturn(tx: Database, id: number, staffId: number, note: string) {
  return stepReturn(
    tx,
    id,
    'approved',
    {
      raNumber: sql`nextval('return_authorisation_seq')`,
      decisionNote: note,
      approvedAt: sql`now()`,
      approvedBy: staffId,
    },
    staffId,
    'approve',
  );
}

/**
 * Records approved return `id` as received and inspected: per order line, how many came back and their condition
 * (at most what was bought), and a note. Throws HttpError 400 naming `lines`, 404, 409.
 */
export async function receiveReturn(
  tx: Database,
  id: number,
  staffId: number,
  body: AdminReturnReceive,
): Promise<DecidedReturn> {
  const [current] = await tx.select().from(orderReturns).where(eq(orderReturns.id, id));
  if (!current) throw new HttpError(404, M.notFound);
  if (current.orderId === null) throw new HttpError(409, M.noOrder);
  const items = await tx.select().from(orderLineItems).where(eq(orderLineItems.orderId, current.orderId));
  const byId = new Map(items.map((i) => [i.id, i]));
  for (const l of body.lines) {
    const item = byId.get(l.line_id);
    const message = !item
      ? M.receivedLine(l.line_id)
      : l.quantity_received > item.quantity
        ? M.receivedTooMany(item.productTitle, item.quantity)
        : null;
    if (message) throw new HttpError(400, message, [{ field: 'lines', message }]);
  }
  const stepped = await stepReturn(
    tx,
    id,
    'received',
    { receivedAt: sql`now()`, receivedBy: staffId, inspectionNote: body.note ?? '' },
    staffId,
    'receive',
  );
  // Issue 37 §3: a line the shopper asked to return has its row already; what came back is recorded on it.
  await tx
    .insert(returnLines)
    .values(
      body.lines.map((l) => ({
        returnId: id,
        orderLineItemId: l.line_id,
        quantityReceived: l.quantity_received,
        condition: l.condition,
      })),
    )
    .onConflictDoUpdate({
      target: [returnLines.returnId, returnLines.orderLineItemId],
      set: { quantityReceived: sql`excluded.quantity_received`, condition: sql`excluded.condition` },
    });
  return stepped;
}

/** Rejects return `id` with `reason` (mailed), from any step before refunded or replaced. */
export function rejectReturn(tx: Database, id: number, staffId: number, reason: string) {
  return stepReturn(
    tx,
    id,
    'rejected',
    { decisionNote: reason, decidedAt: sql`now()`, decidedBy: staffId },
    staffId,
    'reject',
  );
}

/**
 * Marks received return `id` refunded (`refundCents`), inside the refund's reservation transaction, so the step
 * and the reserved money stand or fall together; a refund the provider refuses puts it back (reopenReturn).
 */
export function markReturnRefunded(
  tx: Database,
  id: number,
  staffId: number,
  refundCents: number,
  reason: string,
) {
  return stepReturn(
    tx,
    id,
    'refunded',
    { refundCents, decisionNote: reason, decidedAt: sql`now()`, decidedBy: staffId },
    staffId,
    'refund',
  );
}

/**
 * Replaces received return `id`: the replacement of every unit received leaves the shelf (stock down by the
 * units received, per line; untracked stock skipped), with `note` saying what is sent. Throws HttpError 409 when a
 * product has too few in stock (nothing is written).
 */
export async function replaceReturn(tx: Database, id: number, staffId: number, note: string) {
  const stepped = await stepReturn(
    tx,
    id,
    'replaced',
    { decisionNote: note, decidedAt: sql`now()`, decidedBy: staffId },
    staffId,
    'replace',
  );
  const lines = await tx
    .select({
      quantity: returnLines.quantityReceived,
      productId: orderLineItems.productId,
      title: orderLineItems.productTitle,
    })
    .from(returnLines)
    .innerJoin(orderLineItems, eq(orderLineItems.id, returnLines.orderLineItemId))
    .where(and(eq(returnLines.returnId, id), gt(returnLines.quantityReceived, 0)));
  for (const l of lines) {
    if (l.productId === null) continue;
    if (l.quantity === null) continue;
    // From the default location first, then the others (decision 0069); refused when they hold fewer.
    const taken = await takeUnitsOff(tx as Database, l.productId, l.quantity, {
      reason: 'order',
      orderId: null,
    });
    if ('short' in taken) throw new HttpError(409, M.replacementStock(l.title));
  }
  return stepped;
}

/**
 * Puts refunded return `id` back to received (issue 43 §2) when the refund its step reserved was refused by the
 * provider, so the money and the step never disagree; in the transaction that marks the refund failed. Records a
 * 'return.reopen' audit row with `why`. Answers whether it moved.
 */
export async function reopenReturn(
  tx: Database,
  id: number,
  staffId: number | null,
  why: string,
): Promise<boolean> {
  const [reopened] = await tx
    .update(orderReturns)
    .set({ status: 'received', refundCents: null, decisionNote: '', decidedAt: null, decidedBy: null })
    .where(and(eq(orderReturns.id, id), eq(orderReturns.status, 'refunded' satisfies ReturnStatus)))
    .returning({ id: orderReturns.id });
  if (!reopened) return false;
  await recordAudit(tx, {
    staffId,
    action: 'return.reopen',
    entityType: 'return',
    entityId: String(id),
    before: { status: 'refunded' },
    after: { status: 'received', reason: why },
  });
  return true;
}
