/**
 * An order's payment status, changed in one place for every path that learns about a payment (issue 10):
 * place-order when the provider answers, the providers' webhooks, and `npm run payments:reconcile`.
 *
 *   pending --paid--> completed --refund--> partially_refunded / refunded
 *      |                  \--dispute--> disputed
 *      \--declined--> failed (order cancelled, stock released)
 *
 * Every change is conditional on the status it starts from, so two paths learning the same news (the browser
 * and the webhook, or a replayed event) change the order once, and stock is never released twice. The move to
 * paid takes an `onPaid` that runs in the same transaction when the move happened: the confirmation mail's job is
 * written there (issue 38 §2, decision 0062), so 'paid' and 'to be mailed' commit together.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ORDER_STATUS_CANCELLED,
  PAYMENT_STATUS_COMPLETED,
  PAYMENT_STATUS_DISPUTED,
  PAYMENT_STATUS_FAILED,
  PAYMENT_STATUS_PARTIALLY_REFUNDED,
  PAYMENT_STATUS_PENDING,
  PAYMENT_STATUS_REFUNDED,
} from '@store/shared/order-constants';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { idempotencyKeys, orderLineItems, orders } from '../../db/schema';
import { storeMetrics } from '../../plugins/store-metrics';
import { releaseDiscountCode } from '../discount-codes/redeem-discount-code';
import type { OrderRow } from './order-presenter';
import {
  storedAnswerUpdate,
  storedAnswerValues,
  type IdempotencyClaim,
  type StoredAnswer,
} from './with-idempotency-key';
import { putBackOrderUnits } from '../locations/put-back-order-units';

/** What a payment event or a provider's answer means for an order. */
export type PaymentNews = 'completed' | 'failed' | 'refunded' | 'partially_refunded' | 'disputed';

/**
 * Runs inside the transaction that moved an order to paid, only when it did (the order's confirmation jobs).
 * Throwing rolls the move back.
 */
export type OnPaid = (tx: Database, orderId: number) => Promise<void>;

/** What applying the news did: 'changed', or 'unchanged' when the order already was there or cannot go there. */
export type PaymentChange = 'changed' | 'unchanged';

/** From which payment statuses each piece of news moves an order. */
const MOVES_FROM: Record<Exclude<PaymentNews, 'failed'>, readonly string[]> = {
  completed: [PAYMENT_STATUS_PENDING],
  refunded: [PAYMENT_STATUS_COMPLETED, PAYMENT_STATUS_PARTIALLY_REFUNDED, PAYMENT_STATUS_DISPUTED],
  partially_refunded: [PAYMENT_STATUS_COMPLETED, PAYMENT_STATUS_DISPUTED],
  disputed: [PAYMENT_STATUS_COMPLETED, PAYMENT_STATUS_PARTIALLY_REFUNDED],
};

const STATUS_OF: Record<Exclude<PaymentNews, 'failed'>, string> = {
  completed: PAYMENT_STATUS_COMPLETED,
  refunded: PAYMENT_STATUS_REFUNDED,
  partially_refunded: PAYMENT_STATUS_PARTIALLY_REFUNDED,
  disputed: PAYMENT_STATUS_DISPUTED,
};

/**
 * Marks a pending order paid with the provider's payment id (`reference`, kept when null). Answers whether this
 * call is the one that marked it paid (false when it was paid already, e.g. by the webhook first, or is not
 * pending). With `answer`, the same statement stores the place-order answer against its Idempotency-Key, only if
 * the order was marked paid (`stored` says whether it was). With `onPaid`, all of it is one transaction with it.
 */
export async function markOrderPaid(
  db: Database,
  orderId: number,
  reference: string | null,
  answer?: IdempotencyClaim & StoredAnswer,
  onPaid?: OnPaid,
): Promise<{ changed: boolean; stored: boolean }> {
  if (!onPaid) return markPaid(db, orderId, reference, answer);
  return db.transaction(async (tx) => {
    const marked = await markPaid(tx, orderId, reference, answer);
    if (marked.changed) await onPaid(tx, orderId);
    return marked;
  });
}

async function markPaid(
  db: Database,
  orderId: number,
  reference: string | null,
  answer?: IdempotencyClaim & StoredAnswer,
): Promise<{ changed: boolean; stored: boolean }> {
  if (!answer) {
    const paid = await db
      .update(orders)
      .set({
        paymentStatus: PAYMENT_STATUS_COMPLETED,
        ...(reference ? { paymentReference: reference } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, PAYMENT_STATUS_PENDING)))
      .returning({ id: orders.id });
    return { changed: paid.length > 0, stored: false };
  }
  const [row] = await markPaidStoringAnswer(db).execute({
    orderId,
    reference,
    ...storedAnswerValues(answer, answer),
  });
  return { changed: row !== undefined, stored: row?.stored === true };
}

/**
 * Every order paid at once runs it (decision 0097): the order moved to paid and, only if it was, the answer stored
 * against its key, in one statement built once. A null `reference` keeps the one the order has.
 */
const markPaidStoringAnswer = preparedStatement((db) => {
  const paidOrder = db.$with('paid_order').as(
    db
      .update(orders)
      .set({
        paymentStatus: PAYMENT_STATUS_COMPLETED,
        paymentReference: sql`coalesce(${sql.placeholder('reference')}::text, ${orders.paymentReference})`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(orders.id, sql.placeholder('orderId')), eq(orders.paymentStatus, PAYMENT_STATUS_PENDING)))
      .returning({ id: orders.id }),
  );
  const storedAnswer = db.$with('stored_answer').as(
    storedAnswerUpdate(db, sql`EXISTS (SELECT 1 FROM ${paidOrder})`).returning({
      key: idempotencyKeys.key,
    }),
  );
  return db
    .with(paidOrder, storedAnswer)
    .select({ stored: sql<boolean>`EXISTS (SELECT 1 FROM ${storedAnswer})` })
    .from(paidOrder);
});

/**
 * The order as markOrderPaid leaves it, without reading it back: payment completed, the provider's payment id
 * kept. (`updated_at` is the database's clock there and this process's here; nothing shown reads it.)
 */
export function asPaid(order: OrderRow, reference: string | null): OrderRow {
  return {
    ...order,
    paymentStatus: PAYMENT_STATUS_COMPLETED,
    paymentReference: reference ?? order.paymentReference,
    updatedAt: new Date(),
  };
}

/** Keeps the provider's payment id on a pending order (known before it is paid, e.g. during 3-D Secure). */
export async function recordPaymentReference(
  db: Database,
  orderId: number,
  reference: string,
): Promise<void> {
  await db
    .update(orders)
    .set({ paymentReference: reference, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, PAYMENT_STATUS_PENDING)));
}

/**
 * Payment failed: one transaction marks a still-pending order cancelled / payment 'failed' and gives its stock
 * back, and its discount code's use (issue 34 §5). Answers 'unchanged' when the order was not pending (already
 * paid, or cancelled before).
 */
export async function cancelUnpaidOrder(db: Database, orderId: number): Promise<PaymentChange> {
  const change = await db.transaction(async (tx): Promise<PaymentChange> => {
    const cancelled = await tx
      .update(orders)
      .set({ status: ORDER_STATUS_CANCELLED, paymentStatus: PAYMENT_STATUS_FAILED, updatedAt: sql`now()` })
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, PAYMENT_STATUS_PENDING)))
      .returning({ id: orders.id });
    if (cancelled.length === 0) return 'unchanged';
    const items = await tx
      .select({ productId: orderLineItems.productId, quantity: orderLineItems.quantity })
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, orderId));
    // Back at the locations the order took them from, products.stock with them (decision 0069); in product id
    // order, as stock is reserved, so two transactions never wait on each other's rows.
    const lines = items.filter((i): i is { productId: number; quantity: number } => i.productId !== null);
    await putBackOrderUnits(tx as Database, orderId, lines, 'order_released');
    // After the products, as place-order locks them before the code: its discount code's use is given back.
    await releaseDiscountCode(tx, orderId);
    return 'changed';
  });
  // Counted once committed: a transaction rolled back failed no payment.
  if (change === 'changed') storeMetrics.paymentsFailed.inc();
  return change;
}

/**
 * Applies what a provider says about an order's payment (webhooks, reconciliation). 'completed' marks a
 * pending order paid (with `reference` when given); 'failed' cancels a pending order and releases its stock;
 * refunds and disputes move a paid order. Anything else is 'unchanged'. `onPaid` runs in the transaction of a
 * move to paid.
 */
export async function applyPaymentNews(
  db: Database,
  orderId: number,
  news: PaymentNews,
  reference: string | null = null,
  onPaid?: OnPaid,
): Promise<PaymentChange> {
  if (news === 'failed') return cancelUnpaidOrder(db, orderId);
  if (news === 'completed' && onPaid) {
    return db.transaction(async (tx) => {
      const change = await moveOrder(tx, orderId, news, reference);
      if (change === 'changed') await onPaid(tx, orderId);
      return change;
    });
  }
  return moveOrder(db, orderId, news, reference);
}

async function moveOrder(
  db: Database,
  orderId: number,
  news: Exclude<PaymentNews, 'failed'>,
  reference: string | null,
): Promise<PaymentChange> {
  const changed = await db
    .update(orders)
    .set({
      paymentStatus: STATUS_OF[news],
      ...(news === 'completed' && reference ? { paymentReference: reference } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, orderId), inArray(orders.paymentStatus, [...MOVES_FROM[news]])))
    .returning({ id: orders.id });
  return changed.length > 0 ? 'changed' : 'unchanged';
}
