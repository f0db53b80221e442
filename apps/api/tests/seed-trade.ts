/**
 * Trade accounts for tests (issue 39): an application written as `applyForTradeAccount` writes it (pending, the
 * member its owner), valid ABNs that differ per call, and ledger invoices for an account's money.
 */
import { eq } from 'drizzle-orm';
import { isValidAbn } from '@store/shared/abn';
import type { Database } from '../src/db/client';
import { orders, tradeAccounts, tradeAccountUsers, tradeLedger } from '../src/db/schema';
import type { TestApp } from './test-app';
import { seedCustomer, type SeededCustomer } from './seeders';

let nextAbn = 51_824_753_556;

/** A valid ABN (its check digits add up) not handed out before in this process. */
export function freshAbn(): string {
  for (;;) {
    nextAbn += 1;
    const abn = String(nextAbn);
    if (isValidAbn(abn)) return abn;
  }
}

export interface SeededTradeAccount {
  id: number;
  abn: string;
  owner: SeededCustomer;
}

/** A pending application by a new member (its owner), with `over` written over the row's fields. */
export async function seedTradeApplication(
  t: TestApp,
  over: Partial<typeof tradeAccounts.$inferInsert> = {},
  ownerEmail?: string,
): Promise<SeededTradeAccount> {
  const owner = await seedCustomer(t, ownerEmail ? { email: ownerEmail } : {});
  const abn = over.abn ?? freshAbn();
  const [row] = await t.database.db
    .insert(tradeAccounts)
    .values({
      businessName: 'Rivet Motors Pty Ltd',
      abn,
      gstRegistered: true,
      streetAddress: '12 Spanner St',
      suburb: 'Parramatta',
      state: 'NSW',
      postCode: '2150',
      contactName: 'Rita Rivet',
      contactPhone: '0298765432',
      accountsEmail: `accounts.${abn}@example.com`,
      expectedMonthlySpendCents: 250_000,
      ...over,
    })
    .returning({ id: tradeAccounts.id });
  await t.database.db
    .insert(tradeAccountUsers)
    .values({ tradeAccountId: row!.id, userId: owner.id, role: 'owner' });
  return { id: row!.id, abn, owner };
}

/** An approved account (no lists, the limit and terms given). */
export async function seedApprovedTradeAccount(
  t: TestApp,
  over: Partial<typeof tradeAccounts.$inferInsert> = {},
): Promise<SeededTradeAccount> {
  return seedTradeApplication(t, {
    status: 'approved',
    creditLimitCents: 1_000_000,
    terms: '30_days',
    decidedAt: new Date(),
    ...over,
  });
}

/** An invoice of `cents` on the account's ledger dated `day`, due `due` (optionally for an order, with its PO). */
export async function seedLedgerInvoice(
  db: Database,
  accountId: number,
  cents: number,
  day: string,
  due: string,
  order?: { id: number; po?: string },
): Promise<number> {
  if (order?.po !== undefined)
    await db
      .update(orders)
      .set({ purchaseOrderNumber: order.po, tradeAccountId: accountId })
      .where(eq(orders.id, order.id));
  const [row] = await db
    .insert(tradeLedger)
    .values({
      tradeAccountId: accountId,
      kind: 'invoice',
      orderId: order?.id ?? null,
      amountCents: cents,
      reference: order ? '' : `INV-T${cents}`,
      entryDay: day,
      dueDay: due,
    })
    .returning({ id: tradeLedger.id });
  return row!.id;
}
