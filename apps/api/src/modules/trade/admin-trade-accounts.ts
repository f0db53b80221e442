/**
 * The back office's trade accounts (issue 39 §1, §4, §6; decision 0066): applications and their decision,
 * accounts with their money (balance, overdue, ageing: the one ledger allocation of trade-ledger.ts), changes to
 * lists, limit, terms and status, payments received, and the ageing report. Every change is audited in its own
 * transaction; a decision and a payment take the account's row `FOR UPDATE` before they check (decision 0041), so
 * two staff deciding at once get one decision and payments at once never take the balance below zero.
 */
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { formatAbn, normalizeAbn } from '@store/shared/abn';
import { centsToDecimalString } from '@store/shared/money';
import {
  AGEING_BUCKETS,
  storeDay,
  TRADE_ADMIN_MESSAGES as A,
  TRADE_MESSAGES,
  type AdminAgeingReport,
  type AdminLedgerEntry,
  type AdminTradeAccountDetail,
  type AdminTradeAccountRow,
  type AdminTradeApplication,
  type Ageing,
  type TradeAccountStatus,
  type TradeTerms,
} from '@store/shared/trade-accounts';
import type { z } from 'zod';
import type {
  tradeAccountUpdateSchema,
  tradeDecisionRequestSchema,
  tradePaymentRequestSchema,
} from '@store/shared/trade-accounts';
import type { Database } from '../../db/client';
import {
  priceLists,
  staffUsers,
  tradeAccountPriceLists,
  tradeAccounts,
  tradeAccountUsers,
  tradeLedger,
  users,
} from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { recordAudit } from '../admin/record-audit';
import { ledgerEntries, summariseLedger, type LedgerEntry, type LedgerSummary } from './trade-ledger';
import { presentTradeAccount, priceListNamesOf, showExGst, tradeUserIds } from './trade-account-service';
import { priceListIdsOf } from './trade-pricing-context';
import { mailApproved, mailDeclined, type TradeMailDeps } from './trade-admin-mails';

type TradeAccountRow = typeof tradeAccounts.$inferSelect;
export type TradeDecision = z.output<typeof tradeDecisionRequestSchema>;
export type TradeAccountUpdate = z.output<typeof tradeAccountUpdateSchema>;
export type TradePayment = z.output<typeof tradePaymentRequestSchema>;

const AUDIT_ENTITY = 'trade_account';
const money = centsToDecimalString;
const ageingOf = (s: LedgerSummary): Ageing =>
  Object.fromEntries(AGEING_BUCKETS.map((b) => [b, money(s.ageing[b])])) as Ageing;

/** The application's fields as the back office reads them. */
async function presentApplication(db: Database, a: TradeAccountRow): Promise<AdminTradeApplication> {
  const [owner] = await db
    .select({ name: users.name, email: users.email })
    .from(tradeAccountUsers)
    .innerJoin(users, eq(users.id, tradeAccountUsers.userId))
    .where(and(eq(tradeAccountUsers.tradeAccountId, a.id), eq(tradeAccountUsers.role, 'owner')));
  const [decider] = a.decidedBy
    ? await db.select({ name: staffUsers.name }).from(staffUsers).where(eq(staffUsers.id, a.decidedBy))
    : [];
  return {
    id: a.id,
    status: a.status as TradeAccountStatus,
    business_name: a.businessName,
    abn: formatAbn(a.abn),
    gst_registered: a.gstRegistered,
    street_address: a.streetAddress,
    suburb: a.suburb,
    state: a.state,
    post_code: a.postCode,
    contact_name: a.contactName,
    contact_phone: a.contactPhone,
    accounts_email: a.accountsEmail,
    expected_monthly_spend: money(a.expectedMonthlySpendCents),
    abn_check: a.abnCheck ?? null,
    owner_name: owner?.name ?? null,
    owner_email: owner?.email ?? null,
    decline_reason: a.declineReason,
    created_at: a.createdAt.toISOString(),
    decided_at: a.decidedAt?.toISOString() ?? null,
    decided_by: decider?.name ?? null,
  };
}

/** Applications with `status` (all when absent): pending first, newest first. */
export async function listTradeApplications(
  db: Database,
  status?: TradeAccountStatus,
): Promise<AdminTradeApplication[]> {
  const rows = await db
    .select()
    .from(tradeAccounts)
    .where(status ? eq(tradeAccounts.status, status) : undefined)
    .orderBy(
      sql`(${tradeAccounts.status} = 'pending') desc`,
      desc(tradeAccounts.createdAt),
      desc(tradeAccounts.id),
    );
  return Promise.all(rows.map((r) => presentApplication(db, r)));
}

async function accountRow(db: Database, id: number): Promise<TradeAccountRow> {
  const [row] = await db.select().from(tradeAccounts).where(eq(tradeAccounts.id, id));
  if (!row) throw new HttpError(404, A.accountNotFound);
  return row;
}

/** The account, its application and its ledger with the balance after each entry. */
export async function tradeAccountDetail(
  db: Database,
  id: number,
  now = new Date(),
): Promise<AdminTradeAccountDetail> {
  const row = await accountRow(db, id);
  const [account, application, listIds, entries, recorders] = await Promise.all([
    presentTradeAccount(db, row, 'owner', now),
    presentApplication(db, row),
    priceListIdsOf(db, id),
    ledgerEntries(db, id),
    db
      .select({ id: tradeLedger.id, name: staffUsers.name })
      .from(tradeLedger)
      .innerJoin(staffUsers, eq(staffUsers.id, tradeLedger.recordedBy))
      .where(eq(tradeLedger.tradeAccountId, id)),
  ]);
  const recordedBy = new Map(recorders.map((r) => [r.id, r.name]));
  return {
    account,
    application,
    price_list_ids: listIds,
    ledger: withRunningBalance(entries).map((e) => ({ ...e, recorded_by: recordedBy.get(e.id) ?? null })),
  };
}

/** Entries oldest first with the balance after each. */
export function withRunningBalance(entries: readonly LedgerEntry[]): Omit<AdminLedgerEntry, 'recorded_by'>[] {
  let balance = 0;
  return entries.map((e) => {
    balance += e.amountCents;
    return {
      id: e.id,
      kind: e.kind,
      day: e.entryDay,
      due_day: e.dueDay,
      order_id: e.orderPublicId,
      invoice_number: e.invoiceNumber,
      purchase_order_number: e.purchaseOrderNumber,
      reference: e.reference,
      amount: money(e.amountCents),
      balance: money(balance),
    };
  });
}

/** Throws HttpError 400 unless every id names a price list. */
async function checkPriceLists(db: Database, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return [];
  const found = await db.select({ id: priceLists.id }).from(priceLists).where(inArray(priceLists.id, unique));
  if (found.length !== unique.length)
    throw new HttpError(400, A.unknownPriceLists, [
      { field: 'price_list_ids', message: A.unknownPriceLists },
    ]);
  return unique;
}

async function setPriceLists(tx: Database, accountId: number, ids: readonly number[]): Promise<void> {
  await tx.delete(tradeAccountPriceLists).where(eq(tradeAccountPriceLists.tradeAccountId, accountId));
  if (ids.length > 0)
    await tx
      .insert(tradeAccountPriceLists)
      .values(ids.map((priceListId) => ({ tradeAccountId: accountId, priceListId })));
}

/** The account's row, locked until the transaction ends; 404 when there is none. */
async function lockAccount(tx: Database, id: number): Promise<TradeAccountRow> {
  const [row] = await tx.select().from(tradeAccounts).where(eq(tradeAccounts.id, id)).for('update');
  if (!row) throw new HttpError(404, A.accountNotFound);
  return row;
}

/**
 * Approves or declines pending application `id` (the account's row locked first: of two decisions at once, the
 * second finds it decided and gets 409 alreadyDecided). Approving sets the lists, limit and terms and turns on the
 * ex-GST display of the account's users; the applicant is mailed after the commit.
 */
export async function decideTradeApplication(
  db: Database,
  mails: TradeMailDeps,
  id: number,
  decision: TradeDecision,
  staffId: number,
): Promise<string> {
  const listIds = decision.decision === 'approve' ? await checkPriceLists(db, decision.price_list_ids) : [];
  const account = await db.transaction(async (tx) => {
    const before = await lockAccount(tx, id);
    if (before.status !== 'pending')
      throw new HttpError(409, A.alreadyDecided(before.status as TradeAccountStatus));
    if (decision.decision === 'approve') {
      await setPriceLists(tx, id, listIds);
      const [after] = await tx
        .update(tradeAccounts)
        .set({
          status: 'approved',
          creditLimitCents: decision.credit_limit,
          terms: decision.terms,
          declineReason: null,
          decidedAt: new Date(),
          decidedBy: staffId,
          updatedAt: new Date(),
        })
        .where(eq(tradeAccounts.id, id))
        .returning();
      await showExGst(tx, before, await tradeUserIds(tx, id));
      await recordAudit(tx, {
        staffId,
        action: 'trade_account.approve',
        entityType: AUDIT_ENTITY,
        entityId: String(id),
        before: { status: before.status },
        after: {
          status: 'approved',
          price_list_ids: listIds,
          credit_limit_cents: decision.credit_limit,
          terms: decision.terms,
        },
      });
      return after!;
    }
    const [after] = await tx
      .update(tradeAccounts)
      .set({
        status: 'declined',
        declineReason: decision.reason,
        decidedAt: new Date(),
        decidedBy: staffId,
        updatedAt: new Date(),
      })
      .where(eq(tradeAccounts.id, id))
      .returning();
    await recordAudit(tx, {
      staffId,
      action: 'trade_account.decline',
      entityType: AUDIT_ENTITY,
      entityId: String(id),
      before: { status: before.status },
      after: { status: 'declined', reason: decision.reason },
    });
    return after!;
  });
  if (decision.decision === 'approve') {
    await mailApproved(mails, {
      accountId: id,
      businessName: account.businessName,
      accountsEmail: account.accountsEmail,
      priceLists: await priceListNamesOf(db, id),
      creditLimitCents: account.creditLimitCents,
      terms: account.terms as TradeTerms,
    });
    return TRADE_MESSAGES.decided('approved');
  }
  await mailDeclined(mails, {
    accountId: id,
    businessName: account.businessName,
    accountsEmail: account.accountsEmail,
    reason: decision.reason,
  });
  return TRADE_MESSAGES.decided('declined');
}

/** Changes lists, limit, terms or status (approved ↔ suspended) of a decided account, audited. */
export async function updateTradeAccount(
  db: Database,
  id: number,
  update: TradeAccountUpdate,
  staffId: number,
): Promise<void> {
  const listIds = update.price_list_ids ? await checkPriceLists(db, update.price_list_ids) : null;
  await db.transaction(async (tx) => {
    const before = await lockAccount(tx, id);
    if (before.status === 'pending' || before.status === 'declined')
      throw new HttpError(409, before.status === 'pending' ? A.notDecidedYet : A.alreadyDecided('declined'));
    const was: Record<string, unknown> = {};
    const now: Record<string, unknown> = {};
    const set: Partial<typeof tradeAccounts.$inferInsert> = {};
    if (update.status !== undefined && update.status !== before.status) {
      set.status = update.status;
      was.status = before.status;
      now.status = update.status;
    }
    if (update.credit_limit !== undefined && update.credit_limit !== before.creditLimitCents) {
      set.creditLimitCents = update.credit_limit;
      was.credit_limit_cents = before.creditLimitCents;
      now.credit_limit_cents = update.credit_limit;
    }
    if (update.terms !== undefined && update.terms !== before.terms) {
      set.terms = update.terms;
      was.terms = before.terms;
      now.terms = update.terms;
    }
    if (listIds) {
      const old = await priceListIdsOf(tx, id);
      if (old.join(',') !== listIds.join(',')) {
        await setPriceLists(tx, id, listIds);
        was.price_list_ids = old;
        now.price_list_ids = listIds;
      }
    }
    if (Object.keys(now).length === 0) return;
    if (Object.keys(set).length > 0)
      await tx
        .update(tradeAccounts)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(tradeAccounts.id, id));
    await recordAudit(tx, {
      staffId,
      action: 'trade_account.update',
      entityType: AUDIT_ENTITY,
      entityId: String(id),
      before: was,
      after: now,
    });
  });
}

/**
 * Records a payment received: a 'payment' ledger entry of −amount with its reference and day, taken under the
 * account's row lock, refused (400 paymentTooLarge) when it is more than the balance then.
 */
export async function recordTradePayment(
  db: Database,
  id: number,
  payment: TradePayment,
  staffId: number,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, id);
    const [sum] = await tx
      .select({ balance: sql<string>`coalesce(sum(${tradeLedger.amountCents}), 0)` })
      .from(tradeLedger)
      .where(eq(tradeLedger.tradeAccountId, id));
    const balance = Number(sum?.balance ?? 0);
    if (payment.amount > balance)
      throw new HttpError(400, TRADE_MESSAGES.paymentTooLarge, [
        { field: 'amount', message: TRADE_MESSAGES.paymentTooLarge },
      ]);
    const [entry] = await tx
      .insert(tradeLedger)
      .values({
        tradeAccountId: id,
        kind: 'payment',
        amountCents: -payment.amount,
        reference: payment.reference,
        entryDay: payment.received_day ?? storeDay(now),
        recordedBy: staffId,
      })
      .returning({ id: tradeLedger.id });
    await recordAudit(tx, {
      staffId,
      action: 'trade_account.payment',
      entityType: AUDIT_ENTITY,
      entityId: String(id),
      before: { balance_cents: balance },
      after: {
        balance_cents: balance - payment.amount,
        amount_cents: payment.amount,
        reference: payment.reference,
      },
    });
    return entry!.id;
  });
}

/** Decided accounts (not pending or declined unless asked) with their money, searched by name, ABN or email. */
export async function listTradeAccounts(
  db: Database,
  query: { search?: string | undefined; status?: TradeAccountStatus | undefined },
  now = new Date(),
): Promise<AdminTradeAccountRow[]> {
  const search = query.search?.trim() ?? '';
  const digits = normalizeAbn(search);
  const conditions = [
    query.status
      ? eq(tradeAccounts.status, query.status)
      : inArray(tradeAccounts.status, ['approved', 'suspended']),
    search
      ? or(
          ilike(tradeAccounts.businessName, `%${search}%`),
          ilike(tradeAccounts.accountsEmail, `%${search}%`),
          ...(digits.length >= 3 && /^\d+$/.test(digits) ? [ilike(tradeAccounts.abn, `%${digits}%`)] : []),
        )
      : undefined,
  ];
  const rows = await db
    .select()
    .from(tradeAccounts)
    .where(and(...conditions))
    .orderBy(asc(tradeAccounts.businessName), asc(tradeAccounts.id));
  const today = storeDay(now);
  return Promise.all(
    rows.map(async (r) => {
      const [entries, lists] = await Promise.all([ledgerEntries(db, r.id), priceListNamesOf(db, r.id)]);
      const s = summariseLedger(entries, today);
      return {
        id: r.id,
        business_name: r.businessName,
        abn: formatAbn(r.abn),
        status: r.status as TradeAccountStatus,
        price_lists: lists,
        credit_limit: money(r.creditLimitCents),
        terms: r.terms as TradeTerms,
        balance: money(s.balanceCents),
        overdue: money(s.overdueCents),
        ageing: ageingOf(s),
      };
    }),
  );
}

/** What every account owes by ageing bucket, and the totals (accounts that owe nothing are left out). */
export async function tradeAgeingReport(db: Database, now = new Date()): Promise<AdminAgeingReport> {
  const rows = await listTradeAccounts(db, {}, now);
  const all = [...rows, ...(await listTradeAccounts(db, { status: 'declined' }, now))].filter(
    (r) => r.balance !== '0.00',
  );
  const cents = (s: string) => Math.round(Number(s) * 100);
  const totals = Object.fromEntries(
    AGEING_BUCKETS.map((b) => [b, money(all.reduce((sum, r) => sum + cents(r.ageing[b]), 0))]),
  ) as Ageing;
  return {
    as_of: storeDay(now),
    totals,
    total_balance: money(all.reduce((sum, r) => sum + cents(r.balance), 0)),
    accounts: all.sort((a, b) => cents(b.overdue) - cents(a.overdue) || cents(b.balance) - cents(a.balance)),
  };
}
