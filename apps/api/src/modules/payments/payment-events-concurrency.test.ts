/**
 * Provider events applied once under deliveries sent at once (issue 43 §2, decision 0041): an event id is claimed
 * by INSERT … ON CONFLICT DO NOTHING before it is applied, and every payment-status move is a conditional UPDATE
 * from the statuses it may start from, so a re-delivered event, or several events telling the same news at once,
 * move an order once and mail its confirmation once; a failed payment releases its stock once.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentEvents, products, taxDocumentCounters, taxInvoices } from '../../db/schema';
import { issueTaxInvoice } from '../orders/issue-tax-invoice';
import { atOnce } from '../../../tests/concurrency';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { testOrderBody } from '../orders/test-order-body';
import { eventNews, processPaymentEvent } from './process-payment-event';

let t: TestApp;
let productId = 0;

beforeAll(async () => {
  t = await createTestApp({ config: (c) => (c.rateLimits.placeOrdersPerMinute = 10_000) });
  await seedCatalog(t.database.db);
  productId = await seedProduct(t.database.db, {
    sku: 'EVT-HORN',
    title: 'Event Horn',
    priceCents: 3_000,
    stock: 100,
  });
});
afterAll(() => t.close());

/** A pending order (3-D Secure not finished) holding 2 units, with its payment reference. */
async function pendingOrder() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/place-order',
    payload: testOrderBody([{ id: productId, unitPriceCents: 3_000, quantity: 2 }], {
      email: 'events@example.com',
      stripePaymentMethodId: 'pm_card_authenticationRequired',
    }),
    headers: { 'idempotency-key': randomUUID() },
  });
  const publicId = (res.json() as { order_id: string }).order_id;
  const [order] = await t.database.db.select().from(orders).where(eq(orders.publicId, publicId));
  if (!order?.paymentReference) throw new Error('no pending order');
  return order;
}

const stockOf = async () =>
  (await t.database.db.select({ s: products.stock }).from(products).where(eq(products.id, productId)))[0]?.s;

describe('payment events at once (issue 43 §2)', () => {
  it('one event delivered ten times at once, and five other events telling the same payment: paid once, mailed once', async () => {
    const order = await pendingOrder();
    const confirmed: number[] = [];
    const queued: number[] = [];
    const mails = {
      paymentConfirmed: async (id: number) => void confirmed.push(id),
      // Called inside the transaction that moved the order to paid: once, with the move.
      queueConfirmation: async (_tx: unknown, id: number) => void queued.push(id),
    };
    const paid = (eventId: string) => ({
      ...eventNews('stripe', eventId, 'payment_intent.succeeded'),
      news: 'completed' as const,
      paymentReference: order.paymentReference,
      amountCents: order.totalCents,
      currency: 'aud',
    });
    const same = `evt_${randomUUID()}`;
    const outcomes = await atOnce(15, (i) =>
      processPaymentEvent(t.database.db, paid(i < 10 ? same : `evt_${randomUUID()}`), undefined, mails),
    );
    const results = outcomes.map((o) => o.value?.outcome);
    expect(results.filter((r) => r === 'changed')).toHaveLength(1);
    expect(results.filter((r) => r === 'duplicate')).toHaveLength(9);
    expect(results.filter((r) => r === 'unchanged')).toHaveLength(5);
    expect(confirmed).toEqual([order.id]);
    expect(queued).toEqual([order.id]);
    const claimed = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, same));
    expect(claimed).toHaveLength(1);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after?.paymentStatus).toBe('completed');
  });

  it('ten failure events of one pending payment at once: cancelled once, its 2 units back once', async () => {
    const order = await pendingOrder();
    const before = await stockOf();
    const outcomes = await atOnce(10, () =>
      processPaymentEvent(t.database.db, {
        ...eventNews('stripe', `evt_${randomUUID()}`, 'payment_intent.payment_failed'),
        news: 'failed',
        paymentReference: order.paymentReference,
      }),
    );
    expect(outcomes.filter((o) => o.value?.outcome === 'changed')).toHaveLength(1);
    expect(await stockOf()).toBe((before ?? 0) + 2);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
  });

  it("events confirming five pending orders at once, with their invoices' downloads: each paid order has one tax invoice, numbered with no gap (decision 0085)", async () => {
    const pending: Awaited<ReturnType<typeof pendingOrder>>[] = [];
    for (let i = 0; i < 5; i++) pending.push(await pendingOrder());
    const config = { mailFrom: t.app.config.mailFrom };
    const paid = (order: (typeof pending)[number]) => ({
      ...eventNews('stripe', `evt_${randomUUID()}`, 'payment_intent.succeeded'),
      news: 'completed' as const,
      paymentReference: order.paymentReference,
      amountCents: order.totalCents,
      currency: 'aud',
    });
    // For each order: two events telling its payment, and a download of its invoice racing them.
    const outcomes = await atOnce(15, async (i) => {
      const order = pending[i % 5];
      if (!order) throw new Error('no order');
      if (i >= 10) return issueTaxInvoice(t.database.db, order.id, config);
      return processPaymentEvent(t.database.db, paid(order), undefined, t.app.orderMails);
    });
    expect(outcomes.filter((o) => o.error !== undefined)).toEqual([]);
    const ids = pending.map((o) => o.id);
    const issued = await t.database.db.select().from(taxInvoices).where(inArray(taxInvoices.orderId, ids));
    expect(issued.map((r) => r.orderId).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    // Every invoice the store has issued, in number order, is 1, 2, 3, … and the counter is at the last.
    const all = await t.database.db.select({ n: taxInvoices.number }).from(taxInvoices);
    const numbers = all.map((r) => r.n).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const [counter] = await t.database.db
      .select({ n: taxDocumentCounters.lastNumber })
      .from(taxDocumentCounters)
      .where(eq(taxDocumentCounters.series, 'tax_invoice'));
    expect(counter?.n).toBe(numbers.length);
  });
});
