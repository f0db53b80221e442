/**
 * Trade accounts for their users (issue 39 §1, §4, §5; decision 0066): applying (the ABN checked by its checksum
 * in the schema and, with ABN_LOOKUP_GUID, by the ABR), the account as its users read it (lists, terms, limit,
 * balance, open invoices, ageing, statements), and the owner adding or removing the customers who order for it.
 * Every change that checks and then acts holds the account's row (or the unique indexes) first (decision 0041).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { centsToDecimalString, formatCents } from '@store/shared/money';
import { formatAbn } from '@store/shared/abn';
import {
  AGEING_BUCKETS,
  storeDay,
  TRADE_MESSAGES,
  type AbnCheck,
  type TradeAccountStatus,
  type TradeAccountView,
  type TradeApplicationRequest,
  type TradeRole,
  type TradeTerms,
} from '@store/shared/trade-accounts';
import { PRICE_DISPLAY_META_KEY } from '@store/shared/gst-prices';
import type { Database } from '../../db/client';
import {
  priceLists,
  tradeAccountPriceLists,
  tradeAccounts,
  tradeAccountUsers,
  userMeta,
  users,
} from '../../db/schema';
import { describeDatabaseError } from '../../db/describe-database-error';
import { HttpError } from '../../plugins/error-handling';
import { AbnLookupError, lookUpAbn } from './abn-lookup';
import { ledgerEntries, statementMonths, summariseLedger, type LedgerSummary } from './trade-ledger';
import { tradeMembershipOf } from './trade-pricing-context';

type TradeAccountRow = typeof tradeAccounts.$inferSelect;

/** How the ABN is checked with the ABR: off without a GUID. */
export interface AbnLookupConfig {
  guid: string | undefined;
  baseUrl: string;
}

/** The index a unique violation broke ('' when the driver does not say), or null for any other error. */
function uniqueViolation(error: unknown): string | null {
  const failure = describeDatabaseError(error);
  return failure?.sqlstate === '23505' ? (failure.constraint ?? '') : null;
}

/**
 * Asks the ABR about `abn` when a GUID is set. Throws HttpError 400 (field `abn`) when the ABR has no such ABN or
 * lists it cancelled; returns null when there is no GUID or the ABR could not be asked (the back office checks it).
 */
export async function checkAbnWithAbr(config: AbnLookupConfig, abn: string): Promise<AbnCheck | null> {
  if (!config.guid) return null;
  try {
    const details = await lookUpAbn({ baseUrl: config.baseUrl, guid: config.guid }, abn);
    if (!details.found)
      throw new HttpError(400, TRADE_MESSAGES.abnNotFound, [
        { field: 'abn', message: TRADE_MESSAGES.abnNotFound },
      ]);
    if (!details.active) {
      const message = TRADE_MESSAGES.abnNotActive(details.entityName);
      throw new HttpError(400, message, [{ field: 'abn', message }]);
    }
    return {
      entity_name: details.entityName,
      active: details.active,
      gst_registered: details.gstRegistered,
      checked_at: new Date().toISOString(),
    };
  } catch (error) {
    if (error instanceof AbnLookupError) return null;
    throw error;
  }
}

/**
 * Member `userId` applies for a trade account for their business: written pending with the member as its owner.
 * Throws HttpError 409 TRADE_MESSAGES.alreadyApplied when the member already belongs to a business, abnTaken when
 * a live account (pending, approved or on hold) has this ABN, and checkAbnWithAbr's 400s.
 */
export async function applyForTradeAccount(
  db: Database,
  abr: AbnLookupConfig,
  userId: number,
  application: TradeApplicationRequest,
): Promise<number> {
  if (await tradeMembershipOf(db, userId)) throw new HttpError(409, TRADE_MESSAGES.alreadyApplied);
  const abnCheck = await checkAbnWithAbr(abr, application.abn);
  try {
    return await db.transaction(async (tx) => {
      const [account] = await tx
        .insert(tradeAccounts)
        .values({
          businessName: application.business_name,
          abn: application.abn,
          gstRegistered: application.gst_registered,
          streetAddress: application.street_address,
          suburb: application.suburb,
          state: application.state,
          postCode: application.post_code,
          contactName: application.contact_name,
          contactPhone: application.contact_phone,
          accountsEmail: application.accounts_email,
          expectedMonthlySpendCents: application.expected_monthly_spend,
          abnCheck,
        })
        .returning({ id: tradeAccounts.id });
      if (!account) throw new Error('trade account insert returned no row');
      // The unique index on user_id makes two applications at once by one member one account.
      await tx.insert(tradeAccountUsers).values({ tradeAccountId: account.id, userId, role: 'owner' });
      return account.id;
    });
  } catch (error) {
    const index = uniqueViolation(error);
    if (index === 'trade_accounts_live_abn_idx')
      throw new HttpError(409, TRADE_MESSAGES.abnTaken, [{ field: 'abn', message: TRADE_MESSAGES.abnTaken }]);
    if (index !== null) throw new HttpError(409, TRADE_MESSAGES.alreadyApplied);
    throw error;
  }
}

/** The users of account `accountId`, owner first. */
export async function tradeUsersOf(db: Database, accountId: number) {
  const rows = await db
    .select({ userId: users.id, name: users.name, email: users.email, role: tradeAccountUsers.role })
    .from(tradeAccountUsers)
    .innerJoin(users, eq(users.id, tradeAccountUsers.userId))
    .where(eq(tradeAccountUsers.tradeAccountId, accountId))
    .orderBy(asc(tradeAccountUsers.addedAt), asc(users.id));
  return rows
    .map((r) => ({ user_id: r.userId, name: r.name, email: r.email, role: r.role as TradeRole }))
    .sort((a, b) => (a.role === b.role ? 0 : a.role === 'owner' ? -1 : 1));
}

/** The names of the price lists of account `accountId`, in id order. */
export async function priceListNamesOf(db: Database, accountId: number): Promise<string[]> {
  const rows = await db
    .select({ name: priceLists.name })
    .from(tradeAccountPriceLists)
    .innerJoin(priceLists, eq(priceLists.id, tradeAccountPriceLists.priceListId))
    .where(eq(tradeAccountPriceLists.tradeAccountId, accountId))
    .orderBy(asc(priceLists.id));
  return rows.map((r) => r.name);
}

/** Why "On account" is refused now, in words, or null when it is offered (the checkout's and place-order's rule). */
export function onAccountBlocked(
  account: Pick<TradeAccountRow, 'status' | 'creditLimitCents'>,
  summary: Pick<LedgerSummary, 'balanceCents' | 'overdueCents'>,
  orderTotalCents = 0,
): string | null {
  if (account.status !== 'approved') return TRADE_MESSAGES.accountNotApproved;
  if (summary.overdueCents > 0) return TRADE_MESSAGES.overdue(formatCents(summary.overdueCents));
  const available = account.creditLimitCents - summary.balanceCents;
  if (available <= 0) return TRADE_MESSAGES.limitReached(formatCents(account.creditLimitCents));
  if (orderTotalCents > available)
    return TRADE_MESSAGES.overLimit(formatCents(Math.max(0, available)), formatCents(orderTotalCents));
  return null;
}

/** The account as its users (and the back office) read it, as of `now`. */
export async function presentTradeAccount(
  db: Database,
  account: TradeAccountRow,
  role: TradeRole,
  now = new Date(),
): Promise<TradeAccountView> {
  const today = storeDay(now);
  const [entries, users_, lists] = await Promise.all([
    ledgerEntries(db, account.id),
    tradeUsersOf(db, account.id),
    priceListNamesOf(db, account.id),
  ]);
  const summary = summariseLedger(entries, today);
  const blocked = onAccountBlocked(account, summary, 0);
  const available = Math.max(0, account.creditLimitCents - summary.balanceCents);
  return {
    id: account.id,
    status: account.status as TradeAccountStatus,
    business_name: account.businessName,
    abn: formatAbn(account.abn),
    gst_registered: account.gstRegistered,
    decline_reason: account.declineReason,
    role,
    price_lists: lists,
    terms: account.terms as TradeTerms,
    credit_limit: centsToDecimalString(account.creditLimitCents),
    balance: centsToDecimalString(summary.balanceCents),
    available_credit: centsToDecimalString(available),
    overdue: centsToDecimalString(summary.overdueCents),
    can_order_on_account: blocked === null,
    on_account_blocked: blocked,
    users: users_,
    open_invoices: summary.openItems.map((item) => ({
      order_id: item.entry.orderPublicId ?? '',
      invoice_number: item.entry.invoiceNumber ?? item.entry.reference,
      purchase_order_number: item.entry.purchaseOrderNumber,
      placed_by: item.entry.placedBy ?? '',
      invoice_day: item.entry.entryDay,
      due_day: item.entry.dueDay ?? item.entry.entryDay,
      total: centsToDecimalString(item.entry.amountCents),
      open: centsToDecimalString(item.openCents),
      bucket: item.bucket,
    })),
    ageing: Object.fromEntries(
      AGEING_BUCKETS.map((b) => [b, centsToDecimalString(summary.ageing[b])]),
    ) as TradeAccountView['ageing'],
    statement_months: statementMonths(entries),
  };
}

/** The business of member `userId` as they read it, or null when they belong to none. */
export async function tradeAccountFor(db: Database, userId: number): Promise<TradeAccountView | null> {
  const membership = await tradeMembershipOf(db, userId);
  if (!membership) return null;
  const [account] = await db.select().from(tradeAccounts).where(eq(tradeAccounts.id, membership.accountId));
  return account ? presentTradeAccount(db, account, membership.role) : null;
}

/** The owner's business, or HttpError 403 ownerOnly / 404 notTrade. */
async function ownedAccount(db: Database, userId: number): Promise<number> {
  const membership = await tradeMembershipOf(db, userId);
  if (!membership) throw new HttpError(404, TRADE_MESSAGES.notTrade);
  if (membership.role !== 'owner') throw new HttpError(403, TRADE_MESSAGES.ownerOnly);
  return membership.accountId;
}

/**
 * The owner `ownerId` adds the store's customer with `email` to their business as a buyer; an approved business's
 * buyer sees its prices ex. GST like its owner. Throws HttpError 404 noSuchMember, 409 alreadyMember.
 */
export async function addTradeUser(
  db: Database,
  ownerId: number,
  email: string,
): Promise<{ userId: number; accountId: number }> {
  const accountId = await ownedAccount(db, ownerId);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user)
    throw new HttpError(404, TRADE_MESSAGES.noSuchMember, [
      { field: 'email', message: TRADE_MESSAGES.noSuchMember },
    ]);
  try {
    await db.insert(tradeAccountUsers).values({ tradeAccountId: accountId, userId: user.id, role: 'buyer' });
  } catch (error) {
    if (uniqueViolation(error) !== null)
      throw new HttpError(409, TRADE_MESSAGES.alreadyMember, [
        { field: 'email', message: TRADE_MESSAGES.alreadyMember },
      ]);
    throw error;
  }
  const [account] = await db.select().from(tradeAccounts).where(eq(tradeAccounts.id, accountId));
  if (account?.status === 'approved') await showExGst(db, account, [user.id]);
  return { userId: user.id, accountId };
}

/** The owner removes buyer `userId`. Throws HttpError 409 cannotRemoveOwner, 404 when they are not a user of it. */
export async function removeTradeUser(db: Database, ownerId: number, userId: number): Promise<void> {
  const accountId = await ownedAccount(db, ownerId);
  if (userId === ownerId) throw new HttpError(409, TRADE_MESSAGES.cannotRemoveOwner);
  const removed = await db
    .delete(tradeAccountUsers)
    .where(
      and(
        eq(tradeAccountUsers.tradeAccountId, accountId),
        eq(tradeAccountUsers.userId, userId),
        eq(tradeAccountUsers.role, 'buyer'),
      ),
    )
    .returning({ userId: tradeAccountUsers.userId });
  if (removed.length === 0) throw new HttpError(404, 'That customer is not a user of your trade account.');
}

/**
 * Gives `userIds` of an approved business the business details the ex-GST display needs (`_b_name`, `_b_number`)
 * and sets their display to ex. GST (issue 39 §3: trade accounts see ex-GST prices by default, with the existing
 * switch to change it). Details a member already entered are kept.
 */
export async function showExGst(
  db: Database,
  account: Pick<TradeAccountRow, 'businessName' | 'abn'>,
  userIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0) return;
  const values = userIds.flatMap((userId) => [
    { userId, option: '_b_name', value: account.businessName },
    { userId, option: '_b_number', value: formatAbn(account.abn) },
  ]);
  await db.insert(userMeta).values(values).onConflictDoNothing();
  await db
    .insert(userMeta)
    .values(userIds.map((userId) => ({ userId, option: PRICE_DISPLAY_META_KEY, value: 'ex_gst' })))
    .onConflictDoUpdate({ target: [userMeta.userId, userMeta.option], set: { value: 'ex_gst' } });
}

/** The user ids of account `accountId`. */
export async function tradeUserIds(db: Database, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: tradeAccountUsers.userId })
    .from(tradeAccountUsers)
    .where(eq(tradeAccountUsers.tradeAccountId, accountId));
  return rows.map((r) => r.userId);
}

/** The emails of the users of accounts `accountIds` (owner's mails go to them and the accounts email). */
export async function tradeUserEmails(db: Database, accountId: number): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(tradeAccountUsers)
    .innerJoin(users, eq(users.id, tradeAccountUsers.userId))
    .where(and(eq(tradeAccountUsers.tradeAccountId, accountId), inArray(tradeAccountUsers.role, ['owner'])));
  return rows.map((r) => r.email);
}
