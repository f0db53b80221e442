/**
 * One verified provider event applied to our orders, once (issue 10 webhooks): the event id is claimed in
 * `payment_events` first, so a replayed or re-delivered event finds its row and changes nothing; the order is
 * found by the provider's payment id or by our public id, checked against the amount charged, and moved with
 * the same payment-status functions place-order uses.
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { orders, paymentEvents } from '../../db/schema';
import type { OrderMails } from '../orders/order-mails';
import { applyPaymentNews, type OnPaid, type PaymentNews } from '../orders/order-payment-status';

/** What a provider event says, once read by that provider's module; null fields are unknown. */
export interface PaymentEventNews {
  provider: 'stripe' | 'paypal';
  eventId: string;
  eventType: string;
  /** null for event types the store does not act on (recorded as 'ignored'). */
  news: PaymentNews | null;
  /** The provider's payment id (PaymentIntent, PayPal capture) to find the order and to keep when paid. */
  paymentReference: string | null;
  /** PayPal's order id (wallet payments). */
  walletOrderId: string | null;
  /** Our order's public id, when the provider carries it (Stripe metadata). */
  orderPublicId: string | null;
  /** Amount the provider charged, cents, for 'completed' news; checked against the order's total. */
  amountCents: number | null;
  currency: string | null;
  /** For 'refunded' news: everything refunded so far, cents; less than the order's total is a partial refund. */
  refundedCents: number | null;
}

/** An event that says nothing yet: the provider modules fill in what their event type tells. */
export function eventNews(
  provider: PaymentEventNews['provider'],
  eventId: string,
  eventType: string,
): PaymentEventNews {
  return {
    provider,
    eventId,
    eventType,
    news: null,
    paymentReference: null,
    walletOrderId: null,
    orderPublicId: null,
    amountCents: null,
    currency: null,
    refundedCents: null,
  };
}

export interface ProcessedEvent {
  /** True when the event id was seen before: nothing was changed this time. */
  duplicate: boolean;
  /** 'changed', 'unchanged', 'ignored', 'no_order' or 'amount_mismatch'. */
  outcome: string;
}

/**
 * Claims the event id, applies the news to the order it names, and records what happened. Answers
 * `{ duplicate: true }` for an event id already claimed. When applying throws (the database is down) the claim
 * is released and the error rethrown, so the provider's retry processes it again.
 */
export async function processPaymentEvent(
  db: Database,
  event: PaymentEventNews,
  log?: FastifyBaseLogger,
  mails?: Pick<OrderMails, 'paymentConfirmed' | 'queueConfirmation'>,
): Promise<ProcessedEvent> {
  const claimed = await db
    .insert(paymentEvents)
    .values({
      provider: event.provider,
      eventId: event.eventId,
      eventType: event.eventType,
      outcome: 'processing',
    })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  if (claimed.length === 0) return { duplicate: true, outcome: 'duplicate' };

  const thisEvent = and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventId, event.eventId));
  try {
    const { outcome, orderId } = await applyEvent(db, event, log, mails?.queueConfirmation);
    await db.update(paymentEvents).set({ outcome, orderId }).where(thisEvent);
    // Paid by this event (the browser went away, or the answer was lost): the customer hears it now.
    if (outcome === 'changed' && event.news === 'completed' && orderId !== null)
      await mails?.paymentConfirmed(orderId);
    return { duplicate: false, outcome };
  } catch (err) {
    await db
      .delete(paymentEvents)
      .where(thisEvent)
      .catch(() => undefined);
    throw err;
  }
}

async function applyEvent(
  db: Database,
  event: PaymentEventNews,
  log?: FastifyBaseLogger,
  onPaid?: OnPaid,
): Promise<{ outcome: string; orderId: number | null }> {
  if (!event.news) return { outcome: 'ignored', orderId: null };
  const ways: SQL[] = [];
  if (event.paymentReference) ways.push(eq(orders.paymentReference, event.paymentReference));
  if (event.walletOrderId) ways.push(eq(orders.walletOrderId, event.walletOrderId));
  if (event.orderPublicId) ways.push(eq(orders.publicId, event.orderPublicId));
  if (ways.length === 0) return { outcome: 'no_order', orderId: null };
  const [order] = await db
    .select({ id: orders.id, totalCents: orders.totalCents, invoiceNumber: orders.invoiceNumber })
    .from(orders)
    .where(or(...ways))
    .orderBy(sql`${orders.id}`)
    .limit(1);
  if (!order) {
    log?.warn({ eventId: event.eventId, eventType: event.eventType }, 'payment event names no order of ours');
    return { outcome: 'no_order', orderId: null };
  }
  if (
    event.news === 'completed' &&
    (event.amountCents !== order.totalCents || (event.currency ?? '').toUpperCase() !== 'AUD')
  ) {
    // Never mark an order paid for money that is not its total; someone must look at it.
    log?.error(
      { eventId: event.eventId, invoice: order.invoiceNumber, amountCents: event.amountCents },
      'payment event amount differs from the order total: not marked paid',
    );
    return { outcome: 'amount_mismatch', orderId: order.id };
  }
  const news =
    event.news === 'refunded' && event.refundedCents !== null && event.refundedCents < order.totalCents
      ? 'partially_refunded'
      : event.news;
  const change = await applyPaymentNews(db, order.id, news, event.paymentReference, onPaid);
  return { outcome: change, orderId: order.id };
}
