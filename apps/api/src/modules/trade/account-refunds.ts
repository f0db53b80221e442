/**
 * Refunds of orders charged to a trade account (issue 39 §4, decision 0066): no provider took the money, so giving
 * it back is a credit on the account's ledger (negative cents), which lowers the balance and pays the oldest open
 * invoices first. It plays the provider's part in the refund workflow (refund-order.ts: reserve, "provider", settle),
 * idempotent by the workflow's key like a provider's: the same key is the same credit, never a second one.
 */
import { and, eq } from 'drizzle-orm';
import { storeDay } from '@store/shared/trade-accounts';
import type { Database } from '../../db/client';
import { orders, tradeLedger } from '../../db/schema';
import type { CardPaymentProvider, RefundResult } from '../payments/payment-provider';

/** `payment_provider` of an order charged to a trade account: place-order's ACCOUNT_PROVIDER. */
export const ACCOUNT_REFUNDS_NAME = 'account';

/** The payment reference place-order gives an order charged to an account (unique like a provider's id). */
export function accountPaymentReference(orderPublicId: string): string {
  return `account:${orderPublicId}`;
}

const creditReference = (idempotencyKey: string) => `refund:${idempotencyKey}`;

/** Credits to the ledger in the shape of a provider's refund calls. */
export function accountRefunds(db: Database): Pick<CardPaymentProvider, 'name' | 'refund' | 'findRefund'> {
  async function find(idempotencyKey: string): Promise<RefundResult | null> {
    const [row] = await db
      .select({ id: tradeLedger.id })
      .from(tradeLedger)
      .where(and(eq(tradeLedger.kind, 'credit'), eq(tradeLedger.reference, creditReference(idempotencyKey))));
    return row ? { status: 'succeeded', refundId: `credit-${row.id}` } : null;
  }
  return {
    name: ACCOUNT_REFUNDS_NAME,
    async refund(request) {
      const [order] = await db
        .select({ id: orders.id, accountId: orders.tradeAccountId })
        .from(orders)
        .where(eq(orders.paymentReference, request.paymentId));
      if (!order?.accountId)
        return { status: 'failed', message: 'This order was not charged to a trade account.' };
      await db
        .insert(tradeLedger)
        .values({
          tradeAccountId: order.accountId,
          kind: 'credit',
          orderId: order.id,
          amountCents: -request.amountCents,
          reference: creditReference(request.idempotencyKey),
          entryDay: storeDay(new Date()),
        })
        .onConflictDoNothing();
      return (
        (await find(request.idempotencyKey)) ?? { status: 'failed', message: 'The credit was not recorded.' }
      );
    },
    findRefund: (lookup) => find(lookup.idempotencyKey),
  };
}
