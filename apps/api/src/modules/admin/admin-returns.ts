/**
 * The back office's return requests (issue 12): a paged, filtered, searchable list; one request with its file and
 * linked order; the stored file's path (looked up by the row's generated name only); and the one decision each
 * request gets, approve or reject, conditional on the request still being open, with its audit row.
 */
import path from 'node:path';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_RETURN_MESSAGES as M,
  type AdminReturnDetail,
  type AdminReturnListQuery,
  type AdminReturnRow,
  type ReturnStatus,
} from '@store/shared/admin-returns';
import { centsToDecimalString } from '@store/shared/money';
import type { Database } from '../../db/client';
import { orderReturns, orders, staffUsers } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { recordAudit } from './record-audit';

/** What `saveReturnRequest` names a stored file: a v4 uuid and one of the sniffed extensions. */
const STORED_FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|pdf|txt)$/;

/** A return's id from its path segment, or null (answered 404) for anything but a positive whole number. */
export function parseReturnId(text: string): number | null {
  if (!/^[1-9]\d{0,8}$/.test(text)) return null;
  return Number(text);
}

type ReturnRow = typeof orderReturns.$inferSelect;
type LinkedOrder = Pick<
  typeof orders.$inferSelect,
  'publicId' | 'invoiceNumber' | 'totalCents' | 'paymentStatus' | 'status'
>;

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

/** One request as the back office shows it, or null. */
export async function getAdminReturn(db: Database, id: number): Promise<AdminReturnDetail | null> {
  const [found] = await db
    .select({
      r: orderReturns,
      order: {
        publicId: orders.publicId,
        invoiceNumber: orders.invoiceNumber,
        totalCents: orders.totalCents,
        paymentStatus: orders.paymentStatus,
        status: orders.status,
      },
      decidedBy: staffUsers.name,
    })
    .from(orderReturns)
    .leftJoin(orders, eq(orders.id, orderReturns.orderId))
    .leftJoin(staffUsers, eq(staffUsers.id, orderReturns.decidedBy))
    .where(eq(orderReturns.id, id));
  if (!found) return null;
  return presentDetail(found.r, found.order, found.decidedBy);
}

function presentDetail(r: ReturnRow, order: LinkedOrder | null, decidedBy: string | null): AdminReturnDetail {
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
    decision:
      r.status !== 'open' && r.decidedAt
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
 * Where request `id`'s file is, and the name the customer gave it. The path is built from the row's generated
 * stored name only, which must look like one (never from anything in the request). Throws HttpError 404 when
 * there is no such request, it has no file, or the stored name is not one `saveReturnRequest` makes.
 */
export async function returnFileOf(
  db: Database,
  uploadsDir: string,
  id: number,
): Promise<{ path: string; name: string; bytes: number | null }> {
  const [row] = await db
    .select({
      storedFile: orderReturns.storedFile,
      fileName: orderReturns.fileName,
      fileBytes: orderReturns.fileBytes,
    })
    .from(orderReturns)
    .where(eq(orderReturns.id, id));
  if (!row) throw new HttpError(404, M.notFound);
  if (!row.storedFile || !STORED_FILE_NAME.test(row.storedFile)) throw new HttpError(404, M.noFile);
  const root = path.resolve(uploadsDir);
  const full = path.resolve(root, row.storedFile);
  // Belt and braces: the name above cannot leave the folder, and this says so again.
  if (path.dirname(full) !== root) throw new HttpError(404, M.noFile);
  return { path: full, name: row.fileName ?? row.storedFile, bytes: row.fileBytes };
}

export type ReturnDecision =
  { status: 'approved'; refundCents: number; note: string } | { status: 'rejected'; reason: string };

/** The decided request and what the customer's mail needs. */
export interface DecidedReturn {
  row: ReturnRow;
  order: LinkedOrder | null;
}

/**
 * Decides open request `id` by `staffId`: status, refund (approved, integer cents), note or reason, when and by
 * whom, with an audit row ('return.approve' / 'return.reject'), in `tx` (a transaction the caller opened, so a
 * refund made in the same transaction stands or falls with the decision). Conditional on the request being open:
 * a second decision, sequential or concurrent, changes nothing. Throws HttpError 404, 409 (already decided).
 */
export async function decideReturn(
  tx: Database,
  id: number,
  decision: ReturnDecision,
  staffId: number,
): Promise<DecidedReturn> {
  const [before] = await tx.select().from(orderReturns).where(eq(orderReturns.id, id));
  if (!before) throw new HttpError(404, M.notFound);
  if (before.status !== 'open') throw new HttpError(409, M.alreadyDecided(before.status));
  const [after] = await tx
    .update(orderReturns)
    .set({
      status: decision.status,
      refundCents: decision.status === 'approved' ? decision.refundCents : null,
      decisionNote: decision.status === 'approved' ? decision.note : decision.reason,
      decidedAt: sql`now()`,
      decidedBy: staffId,
    })
    // Only while open: of two decisions at once, the second finds nothing to change.
    .where(and(eq(orderReturns.id, id), eq(orderReturns.status, 'open' satisfies ReturnStatus)))
    .returning();
  if (!after) {
    const [now] = await tx
      .select({ status: orderReturns.status })
      .from(orderReturns)
      .where(eq(orderReturns.id, id));
    throw new HttpError(409, M.alreadyDecided(now?.status ?? 'decided'));
  }
  const snapshot = (r: ReturnRow) => ({
    status: r.status,
    refund_cents: r.refundCents,
    decision_note: r.decisionNote,
  });
  await recordAudit(tx, {
    staffId,
    action: decision.status === 'approved' ? 'return.approve' : 'return.reject',
    entityType: 'return',
    entityId: String(id),
    before: snapshot(before),
    after: snapshot(after),
  });
  const [order] = after.orderId
    ? await tx
        .select({
          publicId: orders.publicId,
          invoiceNumber: orders.invoiceNumber,
          totalCents: orders.totalCents,
          paymentStatus: orders.paymentStatus,
          status: orders.status,
        })
        .from(orders)
        .where(eq(orders.id, after.orderId))
    : [];
  return { row: after, order: order ?? null };
}

/**
 * Puts approved request `id` back to open (issue 43 §2) when the refund its approval reserved was refused by the
 * provider, so the money and the decision never disagree: the approval and its refund's reservation were made in
 * one transaction, and this undoes the approval in the transaction that marks the refund failed. Conditional on
 * the request still being approved; records a 'return.reopen' audit row with `why`. Answers whether it reopened.
 */
export async function reopenReturn(
  tx: Database,
  id: number,
  staffId: number | null,
  why: string,
): Promise<boolean> {
  const [reopened] = await tx
    .update(orderReturns)
    .set({ status: 'open', refundCents: null, decisionNote: '', decidedAt: null, decidedBy: null })
    .where(and(eq(orderReturns.id, id), eq(orderReturns.status, 'approved' satisfies ReturnStatus)))
    .returning({ id: orderReturns.id });
  if (!reopened) return false;
  await recordAudit(tx, {
    staffId,
    action: 'return.reopen',
    entityType: 'return',
    entityId: String(id),
    before: { status: 'approved' },
    after: { status: 'open', reason: why },
  });
  return true;
}
