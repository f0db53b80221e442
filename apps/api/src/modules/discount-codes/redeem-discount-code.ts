/**
 * Redeeming a discount code for an order, and giving the use back when the order is cancelled unpaid (issue 34 §5,
 * decisions 0041 and 0047). Both run inside the caller's transaction (the order's own), so the order, its
 * redemption and the code's count are written together or not at all.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { DISCOUNT_CODE_MESSAGES } from '@store/shared/discount-codes';
import type { Database } from '../../db/client';
import { discountCodeRedemptions, discountCodes } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { checkCodeMayBeUsed } from './resolve-discount-code';

/** The statements redeeming needs: a transaction (`db.transaction`'s `tx`) or, in tests, the database. */
export type Transaction = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

/** A code locked for one order's transaction, its rules checked: what `recordRedemption` writes. */
export interface LockedDiscountCode {
  codeId: number;
  once: boolean;
  email: string;
  userId: number;
}

/**
 * Locks the code's row (`SELECT … FOR UPDATE`) in the order's transaction and checks, under the lock, the rules
 * another order may have changed since the code was resolved: its usage limit, dates and active flag, the email it
 * is tied to and "once per customer" (by email, or by member id). Concurrent orders with the same code decide one
 * after the other. Throws HttpError 400 with the shopper's reason (DISCOUNT_CODE_MESSAGES), which rolls the
 * caller's transaction back. `email` is compared lower case; `userId` 0 for guests.
 */
export async function lockDiscountCode(
  tx: Transaction,
  codeId: number,
  buyer: { email: string; userId: number },
  now: Date = new Date(),
): Promise<LockedDiscountCode> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, codeId)).for('update');
  if (!row) throw new HttpError(400, DISCOUNT_CODE_MESSAGES.unknown(''));
  const email = buyer.email.trim().toLowerCase();
  checkCodeMayBeUsed(row, { email, now });
  if (row.oncePerCustomer) {
    const [used] = await tx
      .select({ id: discountCodeRedemptions.id })
      .from(discountCodeRedemptions)
      .where(
        and(
          eq(discountCodeRedemptions.codeId, codeId),
          or(
            eq(discountCodeRedemptions.email, email),
            buyer.userId > 0 ? eq(discountCodeRedemptions.userId, buyer.userId) : sql`false`,
          ),
        ),
      )
      .limit(1);
    if (used) throw new HttpError(400, DISCOUNT_CODE_MESSAGES.alreadyUsed(row.code));
  }
  return { codeId, once: row.oncePerCustomer, email, userId: buyer.userId };
}

/**
 * Writes the use of a code locked by `lockDiscountCode` in the same transaction: the redemption row for order
 * `orderId`, and one more on the code's `used_count`.
 */
export async function recordRedemption(
  tx: Transaction,
  locked: LockedDiscountCode,
  orderId: number,
): Promise<void> {
  await tx.insert(discountCodeRedemptions).values({
    codeId: locked.codeId,
    orderId,
    email: locked.email,
    userId: locked.userId,
    once: locked.once,
  });
  await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(eq(discountCodes.id, locked.codeId));
}

/**
 * Records that order `orderId` used code `codeId`: `lockDiscountCode` then `recordRedemption`, in the caller's
 * transaction. Throws HttpError 400 with the reason as lockDiscountCode. (Place-order runs the two steps apart,
 * the lock before it takes an invoice number, so a refused code leaves no gap in the numbers.)
 */
export async function redeemDiscountCode(
  tx: Transaction,
  codeId: number,
  order: { orderId: number; email: string; userId: number },
  now: Date = new Date(),
): Promise<void> {
  await recordRedemption(tx, await lockDiscountCode(tx, codeId, order, now), order.orderId);
}

/**
 * Gives back the code use of an order cancelled before it was paid (payment declined or failed): deletes its
 * redemption and takes one off the code's `used_count`, in one statement, so the use can be made again (and "once
 * per customer" lets the same buyer retry). Does nothing for an order without a code. Run it in the transaction
 * that cancels the order, which happens once (it is conditional on the order being pending).
 */
export async function releaseDiscountCode(tx: Pick<Database, 'execute'>, orderId: number): Promise<void> {
  await tx.execute(sql`
    WITH released AS (
      DELETE FROM ${discountCodeRedemptions} WHERE ${discountCodeRedemptions.orderId} = ${orderId}
      RETURNING ${discountCodeRedemptions.codeId} AS code_id
    )
    UPDATE ${discountCodes} SET used_count = ${discountCodes.usedCount} - 1
    FROM released WHERE ${discountCodes.id} = released.code_id AND ${discountCodes.usedCount} > 0`);
}
