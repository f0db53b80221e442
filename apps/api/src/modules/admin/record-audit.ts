/**
 * The back office's audit trail (issue 12): every change made by staff (status move, refund, return decision,
 * price or stock edit, import, staff change) is one `audit_log` row with who, when, what, and the changed fields
 * before and after. Written in the same transaction as the change, so a change without its row cannot happen.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { AuditEntry } from '@store/shared/admin';
import type { Database } from '../../db/client';
import { auditLog, staffUsers } from '../../db/schema';

export interface AuditRecord {
  /** The staff member who made the change; null for the command line. */
  staffId: number | null;
  /** What happened, as `<entity>.<verb>`: 'order.status', 'order.refund', 'product.update', 'catalog.import'. */
  action: string;
  /** 'order' | 'product' | 'return' | 'staff' | 'catalog' | 'contact_message'. */
  entityType: string;
  /** The entity's public key: an order's public id, a product's SKU, a row id as text. */
  entityId: string;
  /** Only the fields that changed (money in integer cents), or null for a creation / a deletion. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Adds one audit row. Pass the transaction that makes the change. */
export async function recordAudit(db: Database, entry: AuditRecord): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** The trail of one entity, newest first, with each staff member's name (at most `limit` rows). */
export async function auditTrail(
  db: Database,
  entityType: string,
  entityId: string,
  limit = 100,
): Promise<AuditEntry[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
      staffName: staffUsers.name,
    })
    .from(auditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, auditLog.staffId))
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    staff_name: r.staffName ?? 'Command line',
    before: r.before,
    after: r.after,
    at: r.createdAt.toISOString(),
  }));
}
