/**
 * A member's orders (SPEC §2 /order-history; §7 `GET /user-order?column=user_id&value=`): always the caller's
 * own, whatever `column` and `value` say (DESIGN §5.4), newest first.
 */
import { desc, eq } from 'drizzle-orm';
import { centsToDecimalString } from '@store/shared/money';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';

export interface OrderHistoryRow {
  id: string;
  invoice_number: string;
  created_at: string;
  total_amount: string;
  payment_method: string;
  /** How a card-provider payment was made (issue 40), else null. */
  payment_method_type: string | null;
  payment_status: string;
  status: string;
}

/** The member's orders as Order History lists them (at most 500, newest first). */
export async function listMemberOrders(db: Database, userId: number): Promise<OrderHistoryRow[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(500);
  return rows.map((o) => ({
    id: o.publicId,
    invoice_number: o.invoiceNumber,
    created_at: o.createdAt.toISOString(),
    total_amount: centsToDecimalString(o.totalCents),
    payment_method: o.paymentMethod,
    payment_method_type: o.paymentMethodType,
    payment_status: o.paymentStatus,
    status: o.status,
  }));
}
