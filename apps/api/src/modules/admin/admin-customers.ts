/**
 * The back office's customers, contact messages and newsletter subscribers (issue 12): members with their order
 * figures, one member with their membership plans, addresses and orders, membership plans granted and removed
 * (issue 34 §4, with an audit row each), contact messages marked handled (with an audit row), and the
 * subscribers list and CSV export (unsubscribed addresses excluded, spreadsheet formulas defused). Never reads a
 * password hash or a token into an answer.
 */
import { Readable, pipeline, type Transform } from 'node:stream';
import { and, asc, count, desc, eq, gt, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import {
  ADMIN_CUSTOMER_MESSAGES as M,
  SUBSCRIBER_CSV_COLUMNS,
  type AdminCustomerDetail,
  type AdminCustomerPlan,
  type AdminCustomerListQuery,
  type AdminCustomerRow,
  type AdminMessageListQuery,
  type AdminMessageRow,
  type AdminSubscriberListQuery,
  type AdminSubscriberRow,
} from '@store/shared/admin-customers';
import { centsToDecimalString } from '@store/shared/money';
import {
  PAYMENT_STATUS_COMPLETED,
  PAYMENT_STATUS_DISPUTED,
  PAYMENT_STATUS_PARTIALLY_REFUNDED,
} from '@store/shared/order-constants';
import type { Database } from '../../db/client';
import {
  contactMessages,
  discountPlans,
  heldPlans,
  newsletterSubscriptions,
  orders,
  refunds,
  staffUsers,
  userAddresses,
  users,
} from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { recordAudit } from './record-audit';

const escapeLike = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Payments the store holds: these orders count towards what a customer spent (less refunds recorded). */
const HELD_PAYMENTS = [PAYMENT_STATUS_COMPLETED, PAYMENT_STATUS_PARTIALLY_REFUNDED, PAYMENT_STATUS_DISPUTED];

/** Per member: orders placed, cents spent (paid orders less the refunds recorded against them), last order. */
function orderStats(db: Database) {
  const held = sql.join(
    HELD_PAYMENTS.map((s) => sql`${s}`),
    sql`, `,
  );
  return db
    .select({
      userId: orders.userId,
      ordersCount: sql<number>`count(*)::int`.as('orders_count'),
      spentCents: sql<number>`coalesce(sum(${orders.totalCents} - coalesce((
          select sum(r.amount_cents) from ${refunds} r where r.order_id = ${orders.id} and r.status = 'succeeded'
        ), 0)) filter (where ${orders.paymentStatus} in (${held})), 0)::int`.as('spent_cents'),
      lastOrderAt: sql<Date | string | null>`max(${orders.createdAt})`.as('last_order_at'),
    })
    .from(orders)
    .where(gt(orders.userId, 0))
    .groupBy(orders.userId)
    .as('stats');
}

/** Members matching `query`, one page of them, and how many match in all. */
export async function listAdminCustomers(
  db: Database,
  query: AdminCustomerListQuery,
): Promise<{ data: AdminCustomerRow[]; total: number }> {
  const condition = query.q
    ? or(ilike(users.name, escapeLike(query.q)), ilike(users.email, escapeLike(query.q)))
    : undefined;
  const { rows, total } = await selectCustomers(db, condition, query);
  return { data: rows, total };
}

async function selectCustomers(
  db: Database,
  condition: SQL | undefined,
  query: Pick<AdminCustomerListQuery, 'sort' | 'direction' | 'page' | 'per_page'>,
) {
  const stats = orderStats(db);
  const column = {
    name: sql`lower(${users.name})`,
    created_at: sql`${users.createdAt}`,
    orders: sql`coalesce(${stats.ordersCount}, 0)`,
    spent: sql`coalesce(${stats.spentCents}, 0)`,
  }[query.sort];
  const order = query.direction === 'asc' ? asc(column) : desc(column);
  const [found, [counted]] = await Promise.all([
    db
      .select({
        // Named columns only: the password hash never leaves the table.
        id: users.id,
        name: users.name,
        email: users.email,
        phone: users.phone,
        createdAt: users.createdAt,
        ordersCount: stats.ordersCount,
        spentCents: stats.spentCents,
        lastOrderAt: stats.lastOrderAt,
      })
      .from(users)
      .leftJoin(stats, eq(stats.userId, users.id))
      .where(condition)
      .orderBy(order, desc(users.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(users).where(condition),
  ]);
  return {
    rows: found.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      phone: u.phone,
      created_at: u.createdAt.toISOString(),
      orders_count: Number(u.ordersCount ?? 0),
      total_spent: centsToDecimalString(Number(u.spentCents ?? 0)),
      last_order_at: iso(u.lastOrderAt ?? null),
    })),
    total: counted?.n ?? 0,
  };
}

/** One member with their saved addresses and orders (newest first, at most 500), or null. */
export async function getAdminCustomer(db: Database, id: number): Promise<AdminCustomerDetail | null> {
  const { rows } = await selectCustomers(db, eq(users.id, id), {
    sort: 'created_at',
    direction: 'desc',
    page: 1,
    per_page: 1,
  });
  const [customer] = rows;
  if (!customer) return null;
  const [plans, addresses, placed] = await Promise.all([
    customerPlans(db, id),
    db.select().from(userAddresses).where(eq(userAddresses.userId, id)).orderBy(asc(userAddresses.id)),
    db
      .select({
        publicId: orders.publicId,
        invoiceNumber: orders.invoiceNumber,
        createdAt: orders.createdAt,
        totalCents: orders.totalCents,
        paymentStatus: orders.paymentStatus,
        status: orders.status,
      })
      .from(orders)
      .where(eq(orders.userId, id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(500),
  ]);
  return {
    ...customer,
    membership_plans: plans,
    addresses: addresses.map((a) => ({
      id: a.id,
      name: `${a.fName} ${a.lName}`,
      address: `${a.streetAddress}, ${a.city} ${a.state} ${a.postCode}`,
      phone: a.phone,
      address_type: a.addressType,
    })),
    orders: placed.map((o) => ({
      public_id: o.publicId,
      invoice_number: o.invoiceNumber,
      created_at: o.createdAt.toISOString(),
      total: centsToDecimalString(o.totalCents),
      payment_status: o.paymentStatus,
      status: o.status,
    })),
  };
}

/** Every active membership plan, and any switched-off one the customer still holds, with their holding. */
async function customerPlans(db: Database, userId: number): Promise<AdminCustomerPlan[]> {
  const rows = await db
    .select({
      plan: discountPlans,
      grantedAt: heldPlans.grantedAt,
      grantedBy: heldPlans.grantedBy,
      held: sql<boolean>`${heldPlans.id} is not null`,
      staffName: staffUsers.name,
    })
    .from(discountPlans)
    .leftJoin(heldPlans, and(eq(heldPlans.planId, discountPlans.id), eq(heldPlans.userId, userId)))
    .leftJoin(staffUsers, eq(staffUsers.id, heldPlans.grantedBy))
    .where(
      and(eq(discountPlans.kind, 'membership'), or(eq(discountPlans.active, true), isNotNull(heldPlans.id))),
    )
    .orderBy(asc(discountPlans.sortOrder), asc(discountPlans.id));
  return rows.map((r) => ({
    id: r.plan.id,
    plan_name: r.plan.planName,
    discount_percentage: r.plan.discountPercentage,
    active: r.plan.active,
    held: r.held,
    granted_at: r.held ? iso(r.grantedAt) : null,
    // A grant whose staff account was deleted reads like one from the command line (as the audit trail does).
    granted_by: r.held ? (r.staffName ?? 'Command line') : null,
  }));
}

/** What a plan change records in the audit trail: the plan, its percent as it was then. */
const planAudit = (p: typeof discountPlans.$inferSelect) => ({
  membership_plan: p.planName,
  plan_id: p.id,
  discount_percentage: p.discountPercentage,
});

/**
 * Grants (`held` true) or removes (`held` false) membership plan `planId` for customer `userId`, by `staffId`,
 * with an audit row ('customer.plan_grant' / 'customer.plan_remove', entity 'customer' and the user id, the plan
 * after or before) in the same transaction (issue 34 §4). Answers whether anything changed and the plan's name:
 * granting a held plan or removing one not held changes nothing and writes no row, so two clicks at once make one
 * change and one row (the unique (user, plan) index decides the grant, the DELETE's row count the removal).
 * Throws HttpError 404 (customerNotFound, planNotFound: unknown or not a membership plan) and 409 planInactive
 * when granting a switched-off plan (removing one is allowed). Removal does not touch orders already placed.
 */
export async function setCustomerPlan(
  db: Database,
  userId: number,
  planId: number,
  held: boolean,
  staffId: number,
): Promise<{ changed: boolean; planName: string }> {
  return db.transaction(async (tx) => {
    // Key-share locks: the customer and the plan cannot be deleted meanwhile (the held row needs both).
    const [customer] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, userId))
      .for('key share');
    if (!customer) throw new HttpError(404, M.customerNotFound);
    const [plan] = await tx
      .select()
      .from(discountPlans)
      .where(and(eq(discountPlans.id, planId), eq(discountPlans.kind, 'membership')))
      .for('key share');
    if (!plan) throw new HttpError(404, M.planNotFound);
    if (held) {
      if (!plan.active) throw new HttpError(409, M.planInactive);
      const granted = await tx
        .insert(heldPlans)
        .values({ userId, planId, grantedBy: staffId })
        .onConflictDoNothing({ target: [heldPlans.userId, heldPlans.planId] })
        .returning({ id: heldPlans.id });
      if (granted.length === 0) return { changed: false, planName: plan.planName };
    } else {
      const removed = await tx
        .delete(heldPlans)
        .where(and(eq(heldPlans.userId, userId), eq(heldPlans.planId, planId)))
        .returning({ id: heldPlans.id });
      if (removed.length === 0) return { changed: false, planName: plan.planName };
    }
    await recordAudit(tx, {
      staffId,
      action: held ? 'customer.plan_grant' : 'customer.plan_remove',
      entityType: 'customer',
      entityId: String(userId),
      before: held ? null : planAudit(plan),
      after: held ? planAudit(plan) : null,
    });
    return { changed: true, planName: plan.planName };
  });
}

function presentMessage(m: typeof contactMessages.$inferSelect, handledBy: string | null): AdminMessageRow {
  return {
    id: m.id,
    created_at: m.createdAt.toISOString(),
    name: [m.fName, m.lName].filter(Boolean).join(' '),
    email: m.email,
    phone: m.phone,
    subject: m.subject,
    message: m.message,
    member: m.userId !== null,
    handled_at: iso(m.handledAt),
    handled_by: m.handledAt ? (handledBy ?? 'Command line') : null,
    kind: m.kind,
    part_number: m.partNumber,
    vehicle: m.vehicle,
    search_query: m.searchQuery,
  };
}

/** Contact messages, newest first, optionally only the handled or unhandled ones. */
export async function listAdminMessages(
  db: Database,
  query: AdminMessageListQuery,
): Promise<{ data: AdminMessageRow[]; total: number }> {
  const condition =
    query.status === 'handled'
      ? isNotNull(contactMessages.handledAt)
      : query.status === 'unhandled'
        ? isNull(contactMessages.handledAt)
        : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ m: contactMessages, handledBy: staffUsers.name })
      .from(contactMessages)
      .leftJoin(staffUsers, eq(staffUsers.id, contactMessages.handledBy))
      .where(condition)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(contactMessages).where(condition),
  ]);
  return { data: rows.map((r) => presentMessage(r.m, r.handledBy)), total: counted?.n ?? 0 };
}

/**
 * Marks message `id` handled (now, by `staffId`) or not handled, with an audit row ('contact_message.handled').
 * Marking it as it already is changes nothing and writes no row. Throws HttpError 404. Answers the message.
 */
export async function setMessageHandled(
  db: Database,
  id: number,
  handled: boolean,
  staffId: number,
): Promise<AdminMessageRow> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id));
    if (!before) throw new HttpError(404, M.messageNotFound);
    if ((before.handledAt !== null) === handled) return;
    const [after] = await tx
      .update(contactMessages)
      .set(handled ? { handledAt: sql`now()`, handledBy: staffId } : { handledAt: null, handledBy: null })
      // Only from the state read above: of two clicks at once, the second changes nothing.
      .where(
        and(
          eq(contactMessages.id, id),
          handled ? isNull(contactMessages.handledAt) : isNotNull(contactMessages.handledAt),
        ),
      )
      .returning();
    if (!after) return;
    const snapshot = (m: typeof before) => ({
      handled_at: iso(m.handledAt),
      handled_by: m.handledBy,
    });
    await recordAudit(tx, {
      staffId,
      action: 'contact_message.handled',
      entityType: 'contact_message',
      entityId: String(id),
      before: snapshot(before),
      after: snapshot(after),
    });
  });
  const [row] = await db
    .select({ m: contactMessages, handledBy: staffUsers.name })
    .from(contactMessages)
    .leftJoin(staffUsers, eq(staffUsers.id, contactMessages.handledBy))
    .where(eq(contactMessages.id, id));
  if (!row) throw new HttpError(404, M.messageNotFound);
  return presentMessage(row.m, row.handledBy);
}

/** Newsletter subscribers, newest consent first: active (default), unsubscribed, or all. */
export async function listAdminSubscribers(
  db: Database,
  query: AdminSubscriberListQuery,
): Promise<{ data: AdminSubscriberRow[]; total: number }> {
  const condition =
    query.status === 'active'
      ? isNull(newsletterSubscriptions.unsubscribedAt)
      : query.status === 'unsubscribed'
        ? isNotNull(newsletterSubscriptions.unsubscribedAt)
        : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: newsletterSubscriptions.id,
        email: newsletterSubscriptions.email,
        consentAt: newsletterSubscriptions.consentAt,
        consentSource: newsletterSubscriptions.consentSource,
        unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
      })
      .from(newsletterSubscriptions)
      .where(condition)
      .orderBy(desc(newsletterSubscriptions.consentAt), desc(newsletterSubscriptions.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(newsletterSubscriptions).where(condition),
  ]);
  return {
    data: rows.map((s) => ({
      id: s.id,
      email: s.email,
      consent_at: s.consentAt.toISOString(),
      consent_source: s.consentSource,
      unsubscribed_at: iso(s.unsubscribedAt),
    })),
    total: counted?.n ?? 0,
  };
}

/**
 * A cell a spreadsheet will not run (OWASP CSV injection): text starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading apostrophe, so Excel, Numbers and LibreOffice show it as text.
 */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Rows read per query while the CSV streams: the export holds one batch in memory, not the whole list. */
const CSV_BATCH = 2_000;

/**
 * The active subscribers as CSV (email, consent_at in ISO 8601, consent_source; a header row), streamed in
 * batches by id. Unsubscribed addresses are left out. A database failure midway ends the stream with an error.
 */
export function subscribersCsv(db: Database): Transform {
  async function* records() {
    let after = 0;
    for (;;) {
      const batch = await db
        .select({
          id: newsletterSubscriptions.id,
          email: newsletterSubscriptions.email,
          consentAt: newsletterSubscriptions.consentAt,
          consentSource: newsletterSubscriptions.consentSource,
        })
        .from(newsletterSubscriptions)
        .where(and(isNull(newsletterSubscriptions.unsubscribedAt), gt(newsletterSubscriptions.id, after)))
        .orderBy(asc(newsletterSubscriptions.id))
        .limit(CSV_BATCH);
      for (const s of batch) {
        yield [spreadsheetSafe(s.email), s.consentAt.toISOString(), spreadsheetSafe(s.consentSource)];
      }
      const last = batch.at(-1);
      if (!last || batch.length < CSV_BATCH) return;
      after = last.id;
    }
  }
  const csv = stringify({ header: true, columns: [...SUBSCRIBER_CSV_COLUMNS], record_delimiter: 'windows' });
  pipeline(Readable.from(records()), csv, () => {
    // An error has already been passed to `csv`, which ends the answer; nothing more to do here.
  });
  return csv;
}
