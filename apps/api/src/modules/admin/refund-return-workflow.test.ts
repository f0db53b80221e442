/**
 * Refunds by line item and returns as a workflow (issue 36 §3, decision 0053), through the real app: the amount
 * the server computes (a partial line, a discounted order, delivery), what it refuses (and that nothing is then
 * written), restock, the statuses that follow, each mail's words, the adjustment note's lines, and what holds with
 * many requests at once (the same unit never refunded nor restocked twice; one RA number per return, all unique).
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { desc, eq, inArray } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ORDER_MESSAGES } from '@store/shared/admin-orders';
import { ADMIN_RETURN_MESSAGES, raNumberText } from '@store/shared/admin-returns';
import { computeCheckoutTotals, type CodeDiscount } from '@store/shared/checkout-totals';
import { formatAdjustmentNoteNumber } from '@store/shared/tax-invoice';
import {
  adjustmentNotes,
  auditLog,
  discountCodes,
  orderLineItems,
  orderReturns,
  orders,
  products,
  refundLines,
  refunds,
} from '../../db/schema';
import { atOnce, injectAtOnce, statusCounts } from '../../../tests/concurrency';
import { HAS_PDFTOTEXT, pdfText } from '../../../tests/pdf-text';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedOrder, seedStaff } from '../../../tests/seeders';
import { TEST_STORE_SETTINGS } from '../orders/test-order-body';

let t: TestApp;
let token = '';
let pads = 0;
let wiper = 0;
let untracked = 0;
const PADS_CENTS = 4_999;
const WIPER_CENTS = 1_999;

beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.publicBaseUrl = 'https://shop.example.com.au';
      c.rateLimits.formsPerMinute = 10_000;
      c.rateLimits.placeOrdersPerMinute = 10_000;
      // Longer than the file: the shop shows a restock at once only because the refund re-reads the catalog.
      c.catalogPollMs = 600_000;
    },
  });
  await seedCatalog(t.database.db);
  pads = await seedProduct(t.database.db, {
    sku: 'RF-PADS',
    title: 'Brake Pads',
    priceCents: PADS_CENTS,
    stock: 100,
  });
  wiper = await seedProduct(t.database.db, {
    sku: 'RF-WIPER',
    title: 'Wiper Blade',
    priceCents: WIPER_CENTS,
    stock: 100,
  });
  untracked = await seedProduct(t.database.db, {
    sku: 'RF-FREE',
    title: 'Air Freshener',
    priceCents: 500,
    stock: null,
  });
  ({ token } = await seedStaff(t, {
    email: 'refunds.admin@example.com',
    name: 'Rita Refunds',
    role: 'admin',
  }));
});
afterAll(() => t.close());

const auth = () => ({ authorization: `Bearer ${token}` });

/** 3 pads and 1 wiper ($169.96: no delivery), paid by the test card. */
async function paidOrder(email = 'buyer@example.com', code?: CodeDiscount) {
  const { publicId, row } = await seedOrder(t, {
    lines: [
      { id: pads, unitPriceCents: PADS_CENTS, quantity: 3 },
      { id: wiper, unitPriceCents: WIPER_CENTS, quantity: 1 },
    ],
    fields: { email, ...(code ? { discount_code: code.code } : {}) },
    discounts: code ? { code } : {},
  });
  const lines = await t.database.db
    .select()
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, row.id))
    .orderBy(orderLineItems.id);
  return { publicId, row, padsLine: lines[0]!.id, wiperLine: lines[1]!.id };
}

const refund = (publicId: string, body: object, key = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${publicId}/line-refunds`,
    headers: { ...auth(), 'idempotency-key': key },
    payload: body,
  });

const stockOf = async (id: number) =>
  (await t.database.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]?.s;

/** The stock the shop's product API shows for `sku` (the catalog read model's). */
async function stockShown(sku: string): Promise<string | undefined> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products/${sku}` });
  const meta = (res.json() as { data: { product_meta: { option: string; value: string }[] } }).data
    .product_meta;
  return meta.find((m) => m.option === '_stock')?.value;
}

async function mailsTo(address: string, subject: RegExp) {
  await t.app.mail.settled();
  const dir = t.app.config.outboxDir;
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const parsed = await Promise.all(
    files.map(async (f) => simpleParser(await readFile(path.join(dir, f), 'utf8'))),
  );
  return parsed.filter(
    (m) => m.to && !Array.isArray(m.to) && m.to.text === address && subject.test(m.subject ?? ''),
  );
}

describe('a refund by line item', () => {
  it('one of three pads with restock: the amount is one unit as charged; stock, figures, note and mail agree', async () => {
    const o = await paidOrder('partial@example.com');
    const before = await stockOf(pads);
    expect(await stockShown('RF-PADS'), 'the shop shows the stock as sold').toBe(String(before));
    const res = await refund(o.publicId, {
      lines: [{ line_id: o.padsLine, quantity: 1, restock: true }],
      reason: 'One set was the wrong size',
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data.refunded_total).toBe('49.99');
    expect(data.payment_status).toBe('partially_refunded');
    expect(data.refund_lines[0]).toMatchObject({ line_id: o.padsLine, quantity: 3, refunded_quantity: 1 });
    expect(await stockOf(pads)).toBe((before ?? 0) + 1);
    expect(await stockShown('RF-PADS'), 'the shop shows the restock on the next request').toBe(
      String((before ?? 0) + 1),
    );
    const [line] = await t.database.db
      .select()
      .from(refundLines)
      .where(eq(refundLines.orderLineItemId, o.padsLine));
    expect(line).toMatchObject({ quantity: 1, amountCents: 4_999, restock: true });

    const [mail] = await mailsTo('partial@example.com', /A refund for your/);
    expect(mail?.text).toContain('We have refunded $49.99 of order');
    expect(mail?.text).toContain('1 × Brake Pads (SKU RF-PADS): $49.99');
    expect(mail?.text).toContain('Reason: One set was the wrong size');

    const [note] = await t.database.db
      .select()
      .from(adjustmentNotes)
      .where(eq(adjustmentNotes.orderId, o.row.id));
    expect(note?.amountCents).toBe(4_999);
    if (HAS_PDFTOTEXT && note) {
      const pdf = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${o.publicId}/adjustment-notes/${formatAdjustmentNoteNumber(note.number)}`,
        headers: auth(),
      });
      expect(pdf.statusCode, pdf.body).toBe(200);
      const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
      expect(text).toContain('1 × Brake Pads (SKU RF-PADS): $49.99');
      expect(text).toContain('-$49.99');
    }
  });

  it('a discount code on the pads only: a pad gives back its discounted price, the wiper its full price', async () => {
    await t.database.db.insert(discountCodes).values({
      code: 'PADS20',
      kind: 'percent',
      value: 20,
      appliesTo: 'products',
      targetIds: [pads],
    });
    const code: CodeDiscount = { code: 'PADS20', percent: 20, amountCents: null, eligibleLines: [0] };
    const o = await paidOrder('discounted@example.com', code);
    const totals = computeCheckoutTotals(
      [
        { unitPriceCents: PADS_CENTS, quantity: 3 },
        { unitPriceCents: WIPER_CENTS, quantity: 1 },
      ],
      TEST_STORE_SETTINGS,
      { code },
    );
    expect(o.row.codeDiscountCents).toBe(totals.codeDiscountCents);
    const wiperOnly = await refund(o.publicId, {
      lines: [{ line_id: o.wiperLine, quantity: 1 }],
      reason: 'Wiper',
    });
    expect(wiperOnly.json().data.refunded_total).toBe('19.99');
    // 3 pads: 149.97 less 20% (29.99) = 119.98; one pad is a third of it, rounded: 39.99; the three add up.
    const parts: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await refund(o.publicId, { lines: [{ line_id: o.padsLine, quantity: 1 }], reason: 'Pad' });
      expect(r.statusCode, r.body).toBe(201);
      parts.push(r.json().message);
    }
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, o.row.id));
    expect(after?.paymentStatus).toBe('refunded');
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, o.row.id));
    expect(rows.map((r) => r.amountCents).sort()).toEqual([1_999, 3_999, 3_999, 4_000].sort());
    expect(rows.reduce((s, r) => s + r.amountCents, 0)).toBe(o.row.totalCents);
  });

  it('delivery: refunded up to what is left of it; more is refused naming shipping, and nothing is written', async () => {
    // One wiper: $19.99 + $16.50 delivery.
    const { publicId, row } = await seedOrder(t, {
      lines: [{ id: wiper, unitPriceCents: WIPER_CENTS, quantity: 1 }],
      fields: { email: 'delivery@example.com' },
    });
    expect(row.deliveryChargeCents).toBe(1_650);
    const part = await refund(publicId, { shipping: '10.00', reason: 'Late delivery' });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().data.shipping_refundable).toBe('6.50');
    const count = async () =>
      (await t.database.db.select().from(refunds).where(eq(refunds.orderId, row.id))).length;
    const refundsBefore = await count();
    const tooMuch = await refund(publicId, { shipping: '6.51', reason: 'Late delivery' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors[0]).toMatchObject({ field: 'shipping' });
    expect(tooMuch.json().message).toBe('At most $6.50 of the delivery charge can still be refunded.');
    expect(await count()).toBe(refundsBefore);
  });

  it('over-refunds are refused with the field named, and nothing is written (no refund, no line, no stock)', async () => {
    const o = await paidOrder('over@example.com');
    const stock = await stockOf(pads);
    const cases: [object, string, string][] = [
      [
        { lines: [{ line_id: o.padsLine, quantity: 4, restock: true }], reason: 'x' },
        'lines',
        'Only 3 of Brake Pads can still be refunded.',
      ],
      [
        { lines: [{ line_id: 999_999, quantity: 1 }], reason: 'x' },
        'lines',
        'lines: item 999999 is not a line of this order.',
      ],
      [
        { lines: [], reason: 'x' },
        'lines',
        'Choose at least one item or some of the delivery charge to refund.',
      ],
      [
        { lines: [{ line_id: o.padsLine, quantity: 1 }], reason: '' },
        'reason',
        'reason is required: say why you are refunding (the customer sees it).',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await refund(o.publicId, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors?.[0]?.field ?? field).toBe(field);
      expect(res.json().errors?.[0]?.message ?? res.json().message).toBe(message);
    }
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, o.row.id))).toHaveLength(0);
    expect(await stockOf(pads)).toBe(stock);
  });

  it('restock skips untracked stock; a fully refunded order is refunded and offered no move but cancel', async () => {
    const { publicId, row } = await seedOrder(t, {
      lines: [{ id: untracked, unitPriceCents: 500, quantity: 2 }],
      fields: { email: 'untracked@example.com' },
    });
    const lines = await t.database.db.select().from(orderLineItems).where(eq(orderLineItems.orderId, row.id));
    const res = await refund(publicId, {
      lines: [{ line_id: lines[0]!.id, quantity: 2, restock: true }],
      shipping: '16.50',
      reason: 'Cancelled by the customer',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.payment_status).toBe('refunded');
    expect(await stockOf(untracked)).toBeNull();
    const [line] = await t.database.db
      .select()
      .from(refundLines)
      .where(eq(refundLines.orderLineItemId, lines[0]!.id));
    expect(line?.restock).toBe(false);
    const move = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${publicId}/status`,
      headers: auth(),
      payload: { status: 'processing' },
    });
    expect(move.statusCode).toBe(409);
    expect(move.json().message).toBe(ADMIN_ORDER_MESSAGES.refundedMove('processing'));
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${publicId}/status`,
      headers: auth(),
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
  });

  it('twelve dialogs refunding one pad each at once: exactly three succeed, stock goes up by three, once', async () => {
    const o = await paidOrder('race@example.com');
    const stock = (await stockOf(pads)) ?? 0;
    const answers = await injectAtOnce(t.app, 12, () => ({
      method: 'POST',
      url: `/api/admin/orders/${o.publicId}/line-refunds`,
      headers: { ...auth(), 'idempotency-key': randomUUID() },
      payload: { lines: [{ line_id: o.padsLine, quantity: 1, restock: true }], reason: 'Race' },
    }));
    expect(statusCounts(answers)).toEqual({ 201: 3, 400: 9 });
    expect(await stockOf(pads)).toBe(stock + 3);
    const lines = await t.database.db
      .select()
      .from(refundLines)
      .where(eq(refundLines.orderLineItemId, o.padsLine));
    expect(lines.reduce((s, l) => s + l.quantity, 0)).toBe(3);
    const money = await t.database.db.select().from(refunds).where(eq(refunds.orderId, o.row.id));
    expect(money.reduce((s, r) => s + r.amountCents, 0)).toBe(3 * PADS_CENTS);
  });
});

/** Sends a return request for `publicId` as the /return-order form does; answers its id. */
async function sendReturn(publicId: string, email: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    f_name: 'Rhea',
    l_name: 'Turner',
    email,
    order_id: publicId,
    subject: 'Wrong part',
    message: 'These pads do not fit my car.',
  }))
    form.append(k, v);
  const encoded = new Response(form);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order-return',
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.database.db.select().from(orderReturns).orderBy(desc(orderReturns.id)).limit(1);
  return row?.id ?? 0;
}

const step = (id: number, name: string, body: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin/returns/${id}/${name}`, headers: auth(), payload: body });

describe('a return from request to refund, replacement or rejection', () => {
  it('requested → approved (RA number, instructions mailed) → received → refunded with restock; each step audited', async () => {
    const email = 'return.flow@example.com';
    const o = await paidOrder(email);
    const id = await sendReturn(o.publicId, email);
    const approved = await step(id, 'approve', { note: 'Thanks for letting us know.' });
    expect(approved.statusCode, approved.body).toBe(200);
    const ra = approved.json().data.ra_number as string;
    expect(ra).toMatch(/^RA-\d{6}$/);
    expect(approved.json().message).toBe(ADMIN_RETURN_MESSAGES.approvedRa(id, ra));
    const [approvalMail] = await mailsTo(email, /is approved: how to send it back/);
    expect(approvalMail?.text).toContain(`Your return authorisation number is ${ra}.`);
    expect(approvalMail?.text).toContain(`Write ${ra} clearly on the outside of the parcel.`);
    expect(approvalMail?.text).toContain('within 30 days of delivery');

    // Not refundable before the goods are back.
    const early = await step(id, 'refund', { lines: [{ line_id: o.padsLine, quantity: 1 }], reason: 'x' });
    expect(early.statusCode).toBe(409);

    const tooMany = await step(id, 'receive', {
      lines: [{ line_id: o.padsLine, quantity_received: 4, condition: 'unopened' }],
    });
    expect(tooMany.statusCode).toBe(400);
    const received = await step(id, 'receive', {
      lines: [
        { line_id: o.padsLine, quantity_received: 2, condition: 'unopened' },
        { line_id: o.wiperLine, quantity_received: 0, condition: 'not_received' },
      ],
      note: 'Boxes sealed',
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data.lines[0]).toMatchObject({ quantity_received: 2, condition: 'unopened' });
    const [receivedMail] = await mailsTo(email, /has arrived/);
    expect(receivedMail?.text).toContain('2 × Brake Pads: Unopened');

    const stock = (await stockOf(pads)) ?? 0;
    const refunded = await step(id, 'refund', {
      lines: [{ line_id: o.padsLine, quantity: 2, restock: true }],
      reason: `Return ${ra}`,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data.status).toBe('refunded');
    expect(refunded.json().data.decision.refund_amount).toBe('99.98');
    expect(await stockOf(pads)).toBe(stock + 2);
    const [refundMail] = await mailsTo(email, /A refund for your/);
    expect(refundMail?.text).toContain(`This refund is for your return ${ra}.`);
    expect(refundMail?.text).toContain('2 × Brake Pads (SKU RF-PADS): $99.98');

    const again = await step(id, 'refund', { lines: [{ line_id: o.padsLine, quantity: 1 }], reason: 'x' });
    expect(again.statusCode).toBe(409);
    const history = refunded.json().data.history.map((h: { action: string }) => h.action);
    expect(history).toEqual(['return.approve', 'return.receive', 'return.refund']);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audits.filter((a) => a.entityType === 'return')).toHaveLength(3);
  });

  it('replaced: the replacement leaves the stock and the customer is mailed; rejected from requested with a reason', async () => {
    const email = 'return.replace@example.com';
    const o = await paidOrder(email);
    const id = await sendReturn(o.publicId, email);
    expect((await step(id, 'approve', {})).statusCode).toBe(200);
    expect(
      (
        await step(id, 'receive', {
          lines: [{ line_id: o.padsLine, quantity_received: 1, condition: 'faulty' }],
        })
      ).statusCode,
    ).toBe(200);
    const stock = (await stockOf(pads)) ?? 0;
    const replaced = await step(id, 'replace', {
      note: 'A new set of pads is on its way by Australia Post.',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data.status).toBe('replaced');
    expect(await stockOf(pads)).toBe(stock - 1);
    const [mail] = await mailsTo(email, /is being replaced/);
    expect(mail?.text).toContain('A new set of pads is on its way by Australia Post.');

    const other = await sendReturn(o.publicId, email);
    const noReason = await step(other, 'reject', { reason: '' });
    expect(noReason.statusCode).toBe(400);
    const rejected = await step(other, 'reject', { reason: 'Past the returns window.' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data.status).toBe('rejected');
    const [rejection] = await mailsTo(email, /is not approved/);
    expect(rejection?.text).toContain('Past the returns window.');
    expect((await step(other, 'approve', {})).statusCode).toBe(409);
  });

  it('RA numbers: ten returns approved at once get ten different numbers; one return approved five times at once gets one', async () => {
    const o = await paidOrder('ra.race@example.com');
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(await sendReturn(o.publicId, 'ra.race@example.com'));
    const answers = await atOnce(10, (i) => step(ids[i]!, 'approve', {}));
    expect(answers.every((a) => a.value?.statusCode === 200)).toBe(true);
    const rows = await t.database.db.select().from(orderReturns).where(inArray(orderReturns.id, ids));
    expect(new Set(rows.map((r) => r.raNumber)).size).toBe(10);

    const twin = await sendReturn(o.publicId, 'ra.race@example.com');
    const five = await injectAtOnce(t.app, 5, () => ({
      method: 'POST',
      url: `/api/admin/returns/${twin}/approve`,
      headers: auth(),
      payload: {},
    }));
    expect(statusCounts(five)).toEqual({ 200: 1, 409: 4 });
    const [row] = await t.database.db.select().from(orderReturns).where(eq(orderReturns.id, twin));
    expect(row?.raNumber).not.toBeNull();
    expect(five.find((a) => a.statusCode === 200)?.json().data.ra_number).toBe(
      raNumberText(row?.raNumber ?? 0),
    );
  });
});
