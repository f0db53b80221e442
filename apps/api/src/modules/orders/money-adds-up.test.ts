/**
 * The must-show property of issue 34 (§1-2): over 30 random orders placed through the API (seeded, so a failure
 * replays), the amount the payment provider was asked to charge equals the sum of the figures shown — the line
 * totals, the discount lines and the delivery — and the GST is the sum of one-eleventh of each of them, line by
 * line, as `computeCheckoutTotals` derives it. The same figures, row for row, are in the order's API answer
 * (`/api/orders-detail`), in the confirmation mail (the outbox's .eml) and in the tax invoice (pdftotext).
 *
 * Carts: 1-4 lines, quantities 1-100, unit prices ending in every cents from 00 to 99, half of them under the
 * free-delivery threshold; a member's 10% signup discount on some. Discount codes (issue 34 §5) have a place,
 * `codeOf`, for the engineer who adds them.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  computeCheckoutTotals,
  type CodeDiscount,
  type OrderDiscounts,
  type PricedLine,
} from '@store/shared/checkout-totals';
import { formatCents, parseDecimalToCents } from '@store/shared/money';
import {
  amountsOfOrder,
  amountsOfTotals,
  breakdownRows,
  type BreakdownRow,
} from '@store/shared/order-breakdown';
import type { OrderDetail } from '@store/shared/order';
import { taxInvoicePath } from '@store/shared/tax-invoice';
import { orders, storeSettings } from '../../db/schema';
import { HAS_PDFTOTEXT, pdfText } from '../../../tests/pdf-text';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedCustomer } from '../../../tests/seeders';
import { linkExpiry, signDocumentPath } from './order-document-links';
import { TEST_STORE_SETTINGS, testOrderBody } from './test-order-body';

const ORDERS = 30;
/** The test store's signup plan: every member order gets 10% off (seedCatalog). */
const MEMBER_PERCENT = 10;

/** mulberry32: a small seeded generator, so every run places the same orders. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = seeded(34);
const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

/** One product per cents ending, 00 to 99; dollars 0-60 (never a free product). */
const catalog: { id: number; sku: string; title: string; priceCents: number }[] = [];

/**
 * The discount code order `index` uses, or null. Discount codes (issue 34 §5) are not placed through the API yet:
 * when they are, create codes in `beforeAll` and answer one here for some orders; the checks below already expect
 * the code's row in every document (breakdownRows shows it).
 */
function codeOf(index: number): CodeDiscount | null {
  void index;
  return null;
}

let t: TestApp;
/** What the card provider was asked to charge, by its payment id: the amount the server charged. */
const charged = new Map<string, number>();
let memberToken = '';

beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.publicBaseUrl = 'https://shop.example.com.au';
      c.rateLimits.placeOrdersPerMinute = 100_000;
      c.rateLimits.orderLookupsPerMinute = 100_000;
    },
  });
  const db = t.database.db;
  await seedCatalog(db);
  await db.update(storeSettings).set({ abn: '51 824 753 556' });
  for (let cents = 0; cents < 100; cents += 1) {
    const dollars = between(cents === 0 ? 1 : 0, 60);
    const sku = `MONEY-${String(cents).padStart(2, '0')}`;
    const priceCents = dollars * 100 + cents;
    const id = await seedProduct(db, { sku, title: `Part ${sku}`, priceCents, stock: 100_000 });
    catalog.push({ id, sku, title: `Part ${sku}`, priceCents });
  }
  // The real card provider, watched: what it is asked to charge is what the shopper pays.
  const card = t.app.payments.card;
  if (!card) throw new Error('the test store has no card provider');
  const charge = card.charge.bind(card);
  card.charge = async (request) => {
    const result = await charge(request);
    if ('paymentId' in result && result.paymentId) charged.set(result.paymentId, request.amountCents);
    return result;
  };
  ({ token: memberToken } = await seedCustomer(t, { name: 'Mo Member', email: 'mo.member@example.com' }));
});
afterAll(() => t?.close());

interface RandomOrder {
  lines: (PricedLine & { id: number; sku: string; title: string })[];
  member: boolean;
  code: CodeDiscount | null;
}

/** Order `index`: even ones stay under the free-delivery threshold (one line), odd ones may go anywhere. */
function randomOrder(index: number): RandomOrder {
  const under = index % 2 === 0;
  const count = under ? 1 : between(1, 4);
  const picked = new Set<number>();
  const lines: RandomOrder['lines'] = [];
  while (lines.length < count) {
    // Under the threshold, every cents ending still comes up: the product is picked by its ending.
    const p = catalog[(index * 7 + lines.length * 31 + between(0, 99)) % 100];
    if (!p || picked.has(p.id)) continue;
    const most = under
      ? Math.min(100, Math.floor((TEST_STORE_SETTINGS.freeDeliveryThresholdCents - 1) / p.priceCents))
      : 100;
    if (most < 1) continue;
    picked.add(p.id);
    lines.push({ ...p, unitPriceCents: p.priceCents, quantity: between(1, most) });
  }
  return { lines, member: index % 3 === 1, code: codeOf(index) };
}

/** One-eleventh (at 10%) of a GST-inclusive amount, to the nearest cent: worked out here, not by the model. */
const gstOf = (cents: number) =>
  Math.sign(cents) *
  Math.round((Math.abs(cents) * TEST_STORE_SETTINGS.gstPercent) / (100 + TEST_STORE_SETTINGS.gstPercent));

/** Text with runs of white space as one space, so "Label   $1.00" reads "Label $1.00". */
const squeeze = (text: string) => text.replace(/\s+/g, ' ');
/** The PDF's fonts have no minus sign (U+2212): it prints a hyphen. */
const asPrinted = (row: BreakdownRow) => `${row.label} ${row.text}`.replace(/\u2212/g, '-');

async function mailTo(address: string): Promise<string> {
  await t.app.mail.settled();
  const dir = t.app.config.outboxDir;
  const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
  for (const f of files) {
    const raw = await readFile(path.join(dir, f), 'utf8');
    if (raw.includes(`To: ${address}`)) return (await simpleParser(raw)).text ?? '';
  }
  throw new Error(`no mail to ${address}`);
}

const cents = (decimal: string) => {
  const c = parseDecimalToCents(decimal);
  if (c === null) throw new Error(`not an amount: ${decimal}`);
  return c;
};

describe('every order adds up, on every document (issue 34 must-show)', () => {
  it(`${ORDERS} random orders: charged = Σ shown figures, GST = Σ one-eleventh per line; the same in the API, mail and PDF`, async () => {
    const seen = { under: 0, over: 0, member: 0, endings: new Set<number>() };
    for (let i = 0; i < ORDERS; i += 1) {
      const order = randomOrder(i);
      const discounts: OrderDiscounts = {
        signupPercent: order.member ? MEMBER_PERCENT : 0,
        code: order.code,
      };
      const expected = computeCheckoutTotals(order.lines, TEST_STORE_SETTINGS, discounts);
      const email = `money.${i}@example.com`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/place-order',
        headers: {
          'idempotency-key': randomUUID(),
          ...(order.member ? { authorization: `Bearer ${memberToken}` } : {}),
        },
        payload: testOrderBody(order.lines, { email }, discounts),
      });
      expect(res.statusCode, res.body).toBe(200);
      const publicId = (res.json() as { data: { id: string } }).data.id;
      const [row] = await t.database.db.select().from(orders).where(eq(orders.publicId, publicId));
      if (!row) throw new Error(`order ${publicId} missing`);
      const context = `order ${i} (${row.invoiceNumber}): ${JSON.stringify(order.lines.map((l) => [l.unitPriceCents, l.quantity]))}`;

      // 1. What the card provider was asked to charge is the sum of the figures shown, to the cent.
      const amount = charged.get(row.paymentReference ?? '');
      const lineTotals = order.lines.map((l) => l.unitPriceCents * l.quantity);
      const discountLines = [
        expected.signupDiscountCents,
        expected.membershipDiscountCents,
        expected.codeDiscountCents,
      ];
      const shownSum =
        lineTotals.reduce((a, b) => a + b, 0) -
        discountLines.reduce((a, b) => a + b, 0) +
        expected.deliveryChargeCents;
      expect(amount, context).toBe(shownSum);
      expect(row.totalCents, context).toBe(shownSum);
      // 2. GST: one-eleventh of each line, less that of each discount line, plus that of the delivery.
      const gst =
        lineTotals.reduce((a, c) => a + gstOf(c), 0) -
        discountLines.reduce((a, c) => a + gstOf(c), 0) +
        gstOf(expected.deliveryChargeCents);
      expect(row.gstCents, context).toBe(gst);
      expect(row.pricesIncludeGst, context).toBe(true);

      // 3. The rows every document shows, from the cart as checked out.
      const rows = breakdownRows(amountsOfTotals(expected, TEST_STORE_SETTINGS), 'inc_gst');
      expect(
        rows.filter((r) => r.addsUp).reduce((a, r) => a + r.cents, 0),
        context,
      ).toBe(shownSum);

      // 4. The order's API answer: the same lines and the same rows.
      const detail = await t.app.inject({ method: 'GET', url: `/api/orders-detail?id=${publicId}` });
      expect(detail.statusCode, detail.body).toBe(200);
      const o = (detail.json() as { data: OrderDetail }).data;
      expect(cents(o.total_amount), context).toBe(shownSum);
      expect(cents(o.totalGst), context).toBe(gst);
      expect(cents(o.subTotal) - cents(o.discountedAmount) + cents(o.delivery_charges), context).toBe(
        shownSum,
      );
      expect(
        o.order_items.map((l) => [l.sku, l.quantity, cents(l.price), cents(l.qp_subtotal)]),
        context,
      ).toEqual(order.lines.map((l, n) => [l.sku, l.quantity, l.unitPriceCents, lineTotals[n]]));
      expect(breakdownRows(amountsOfOrder(o), 'inc_gst'), context).toEqual(rows);

      // 5. The confirmation mail: each line and each row, as text.
      const mail = squeeze(await mailTo(email));
      for (const [n, l] of order.lines.entries()) {
        expect(mail, context).toContain(
          // Issue 37 §3: "2 × $115.45 · SKU …" under the name, the line total beside it.
          `${l.quantity} × ${formatCents(l.unitPriceCents)} · SKU ${l.sku} ${formatCents(lineTotals[n] ?? 0)}`,
        );
      }
      for (const r of rows) expect(mail, context).toContain(`${r.label} ${r.text}`);

      // 6. The tax invoice: each line with its GST, each row, and the GST it includes.
      if (HAS_PDFTOTEXT) {
        const url = await signDocumentPath(
          t.database.db,
          taxInvoicePath(publicId),
          publicId,
          'tax-invoice',
          linkExpiry(3600),
        );
        const pdf = await t.app.inject({ method: 'GET', url });
        expect(pdf.statusCode, pdf.body).toBe(200);
        const text = squeeze(pdfText(pdf.rawPayload));
        for (const [n, l] of order.lines.entries()) {
          const lineTotal = lineTotals[n] ?? 0;
          expect(text, context).toContain(
            `${l.title} (SKU ${l.sku}) ${l.quantity} ${formatCents(l.unitPriceCents)} ${formatCents(gstOf(lineTotal))} ${formatCents(lineTotal)}`,
          );
        }
        for (const r of rows) expect(text, context).toContain(asPrinted(r));
        expect(text, context).toContain(`Total price includes GST of ${formatCents(gst)}.`);
        expect(text, context).toContain(`for order ${row.invoiceNumber}`);
      }

      if (expected.deliveryChargeCents > 0) seen.under += 1;
      else seen.over += 1;
      if (order.member) seen.member += 1;
      for (const l of order.lines) seen.endings.add(l.unitPriceCents % 100);
    }
    // The run covered what it claims: both sides of the threshold, members, many cents endings.
    expect(seen.under).toBeGreaterThanOrEqual(10);
    expect(seen.over).toBeGreaterThanOrEqual(10);
    expect(seen.member).toBeGreaterThanOrEqual(8);
    expect(seen.endings.size).toBeGreaterThanOrEqual(40);
  }, 300_000);
});
