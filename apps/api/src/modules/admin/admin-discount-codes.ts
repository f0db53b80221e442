/**
 * The back office's discount codes (issue 34 §5, decision 0047): list (paged, newest first, searched by code,
 * filtered active or not), create, edit and (de)activate, each change with its audit row in the same transaction
 * (decision 0018). Codes are never deleted: an order that used one keeps pointing at it. Schemas and messages in
 * `packages/shared/src/discount-codes.ts`.
 */
import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import {
  ADMIN_DISCOUNT_CODE_MESSAGES,
  describeDiscount,
  storedDiscountValue,
  type AdminDiscountCode,
  type AdminDiscountCodeInput,
} from '@store/shared/discount-codes';
import { centsToDecimalString, parseDecimalToCents } from '@store/shared/money';
import { MAX_DB_ID, type Database } from '../../db/client';
import { categories, discountCodes, products, staffUsers } from '../../db/schema';
import { describeDatabaseError } from '../../db/describe-database-error';
import { HttpError } from '../../plugins/error-handling';
import { recordAudit } from './record-audit';

type Row = typeof discountCodes.$inferSelect;
const M = ADMIN_DISCOUNT_CODE_MESSAGES;

/** A stored code as the back office shows it (money as decimal strings, dates ISO 8601). */
export function presentDiscountCode(r: Row, createdBy: string | null): AdminDiscountCode {
  return {
    id: r.id,
    code: r.code,
    kind: r.kind,
    value: r.kind === 'percent' ? String(r.value) : centsToDecimalString(r.value),
    description: describeDiscount(r.kind, r.value),
    min_spend: centsToDecimalString(r.minSpendCents),
    starts_at: r.startsAt?.toISOString() ?? null,
    ends_at: r.endsAt?.toISOString() ?? null,
    usage_limit: r.usageLimit,
    used_count: r.usedCount,
    once_per_customer: r.oncePerCustomer,
    applies_to: r.appliesTo,
    target_ids: r.targetIds,
    email: r.email,
    active: r.active,
    created_at: r.createdAt.toISOString(),
    created_by: createdBy,
  };
}

const withCreator = { code: discountCodes, staffName: staffUsers.name };

/** One page of codes, newest first, with the total matching. */
export async function listDiscountCodes(
  db: Database,
  q: { page: number; per_page: number; search?: string; status?: 'active' | 'inactive' },
): Promise<{ data: AdminDiscountCode[]; total: number }> {
  const conditions: SQL[] = [];
  if (q.search) conditions.push(ilike(discountCodes.code, `%${q.search.replace(/[\\%_]/g, '\\$&')}%`));
  if (q.status) conditions.push(eq(discountCodes.active, q.status === 'active'));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(withCreator)
      .from(discountCodes)
      .leftJoin(staffUsers, eq(staffUsers.id, discountCodes.createdBy))
      .where(where)
      .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(discountCodes).where(where),
  ]);
  return { data: rows.map((r) => presentDiscountCode(r.code, r.staffName)), total: total?.n ?? 0 };
}

/** One code, or null. */
export async function getDiscountCode(db: Database, id: number): Promise<AdminDiscountCode | null> {
  if (id > MAX_DB_ID) return null;
  const [row] = await db
    .select(withCreator)
    .from(discountCodes)
    .leftJoin(staffUsers, eq(staffUsers.id, discountCodes.createdBy))
    .where(eq(discountCodes.id, id));
  return row ? presentDiscountCode(row.code, row.staffName) : null;
}

/** The columns of a code from the form's fields (already checked by the schema). */
function columnsOf(input: AdminDiscountCodeInput) {
  return {
    code: input.code,
    kind: input.kind,
    value: storedDiscountValue(input.kind, input.value),
    minSpendCents: parseDecimalToCents(input.min_spend === '' ? '0' : input.min_spend) ?? 0,
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at ? new Date(input.ends_at) : null,
    usageLimit: input.usage_limit,
    oncePerCustomer: input.once_per_customer,
    appliesTo: input.applies_to,
    targetIds: input.applies_to === 'all' ? [] : [...new Set(input.target_ids)].sort((a, b) => a - b),
    active: input.active,
  };
}

/** Throws HttpError 400 naming the ids that are no product (or no category). */
async function checkTargets(
  db: Database,
  appliesTo: Row['appliesTo'],
  ids: readonly number[],
): Promise<void> {
  if (appliesTo === 'all' || ids.length === 0) return;
  const table = appliesTo === 'products' ? products : categories;
  const valid = ids.filter((id) => id <= MAX_DB_ID);
  const found = new Set(
    valid.length === 0
      ? []
      : (await db.select({ id: table.id }).from(table).where(inArray(table.id, valid))).map((r) => r.id),
  );
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new HttpError(400, M.unknownTargets(appliesTo, missing), [
      { field: 'target_ids', message: M.unknownTargets(appliesTo, missing) },
    ]);
  }
}

const takenError = (err: unknown, code: string) =>
  describeDatabaseError(err)?.constraint === 'discount_codes_code_idx'
    ? new HttpError(409, M.taken(code), [{ field: 'code', message: M.taken(code) }])
    : err;

/** The audited fields of a code: only the ones that differ between `a` and `b`. */
function changedFields(a: Record<string, unknown>, b: Record<string, unknown>) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of Object.keys(b)) {
    const x = a[key] instanceof Date ? (a[key] as Date).toISOString() : a[key];
    const y = b[key] instanceof Date ? (b[key] as Date).toISOString() : b[key];
    if (JSON.stringify(x) !== JSON.stringify(y)) {
      before[key] = x;
      after[key] = y;
    }
  }
  return { before, after };
}

/** Creates a code (audited). Throws HttpError 409 when the code exists (any case), 400 for unknown targets. */
export async function createDiscountCode(
  db: Database,
  input: AdminDiscountCodeInput,
  staffId: number,
): Promise<AdminDiscountCode> {
  const values = columnsOf(input);
  await checkTargets(db, values.appliesTo, values.targetIds);
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(discountCodes)
        .values({ ...values, createdBy: staffId })
        .returning();
      if (!created) throw new Error('discount code insert returned no row');
      await recordAudit(tx, {
        staffId,
        action: 'discount_code.create',
        entityType: 'discount_code',
        entityId: String(created.id),
        before: null,
        after: changedFields({}, values).after,
      });
      return created;
    });
    return (await getDiscountCode(db, row.id)) ?? presentDiscountCode(row, null);
  } catch (err) {
    throw takenError(err, values.code);
  }
}

/**
 * Replaces a code's fields (audited; only what changed is recorded). The usage limit cannot go below the uses
 * already made (checked under the row's lock, decision 0041: an order may be redeeming it at that moment).
 * Returns null when there is no such code; throws HttpError 409 / 400 as createDiscountCode.
 */
export async function updateDiscountCode(
  db: Database,
  id: number,
  input: AdminDiscountCodeInput,
  staffId: number,
): Promise<{ code: AdminDiscountCode; changed: boolean } | null> {
  if (id > MAX_DB_ID) return null;
  const values = columnsOf(input);
  await checkTargets(db, values.appliesTo, values.targetIds);
  try {
    const changed = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
      if (!before) return null;
      if (values.usageLimit !== null && values.usageLimit < before.usedCount) {
        throw new HttpError(400, M.usageLimitBelowUses(before.usedCount), [
          { field: 'usage_limit', message: M.usageLimitBelowUses(before.usedCount) },
        ]);
      }
      const diff = changedFields(before, values);
      if (Object.keys(diff.after).length === 0) return false;
      await tx
        .update(discountCodes)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(discountCodes.id, id));
      await recordAudit(tx, {
        staffId,
        action: 'discount_code.update',
        entityType: 'discount_code',
        entityId: String(id),
        ...diff,
      });
      return true;
    });
    if (changed === null) return null;
    const code = await getDiscountCode(db, id);
    return code ? { code, changed } : null;
  } catch (err) {
    throw takenError(err, values.code);
  }
}

/** Deactivates (or activates again) a code, audited. Null when there is no such code. */
export async function setDiscountCodeActive(
  db: Database,
  id: number,
  active: boolean,
  staffId: number,
): Promise<AdminDiscountCode | null> {
  if (id > MAX_DB_ID) return null;
  const found = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ active: discountCodes.active })
      .from(discountCodes)
      .where(eq(discountCodes.id, id))
      .for('update');
    if (!before) return false;
    if (before.active === active) return true;
    await tx.update(discountCodes).set({ active, updatedAt: new Date() }).where(eq(discountCodes.id, id));
    await recordAudit(tx, {
      staffId,
      action: active ? 'discount_code.activate' : 'discount_code.deactivate',
      entityType: 'discount_code',
      entityId: String(id),
      before: { active: before.active },
      after: { active },
    });
    return true;
  });
  return found ? getDiscountCode(db, id) : null;
}
