/**
 * Charging an order to a trade account (issue 39 §4, decision 0066), inside place-order's transaction: the
 * account's row is locked first, then its ledger read, so orders placed at once are decided one after another
 * against the balance the previous one left (decision 0041: check then act under one lock). Refused — in the
 * words of `onAccountBlocked` — when the account is not approved, has anything overdue, or the order would take
 * the balance past the credit limit. Otherwise the order's invoice is posted to the ledger, due by the terms.
 */
import { eq } from 'drizzle-orm';
import { dueDay, storeDay, type TradeTerms } from '@store/shared/trade-accounts';
import type { Database } from '../../db/client';
import { tradeAccounts, tradeLedger } from '../../db/schema';
import { onAccountBlocked } from './trade-account-service';
import { ledgerSummary } from './trade-ledger';

export type AccountCharge = { refused: string } | { day: string; dueDay: string };

/** Locks account `accountId` and decides whether `totalCents` may be charged to it now. */
export async function chargeToAccount(
  tx: Database,
  accountId: number,
  totalCents: number,
  now = new Date(),
): Promise<AccountCharge> {
  const [account] = await tx
    .select()
    .from(tradeAccounts)
    .where(eq(tradeAccounts.id, accountId))
    .for('update');
  if (!account) throw new Error(`trade account ${accountId} is gone`);
  const day = storeDay(now);
  const refused = onAccountBlocked(account, await ledgerSummary(tx, accountId, day), totalCents);
  if (refused) return { refused };
  return { day, dueDay: dueDay(day, account.terms as TradeTerms) };
}

/** Posts the invoice of `order` (charged to the account) to its ledger, in the order's transaction. */
export async function postAccountInvoice(
  tx: Database,
  accountId: number,
  order: { id: number; invoiceNumber: string; totalCents: number },
  charge: { day: string; dueDay: string },
): Promise<void> {
  // An order every cent of which was discounted away owes nothing: no invoice to chase.
  if (order.totalCents <= 0) return;
  await tx.insert(tradeLedger).values({
    tradeAccountId: accountId,
    kind: 'invoice',
    orderId: order.id,
    amountCents: order.totalCents,
    reference: order.invoiceNumber,
    entryDay: charge.day,
    dueDay: charge.dueDay,
  });
}
