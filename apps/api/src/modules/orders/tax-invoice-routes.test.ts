/**
 * Tax invoices and adjustment notes (issue 18 §3, decision 0036) through the real app, read back with pdftotext as a
 * buyer's accounts package would: every element the ATO asks of a tax invoice, "Invoice" without GST for a store
 * not registered for GST, the buyer named (and their business and ABN) from $1,000, gap-free numbers, adjustment
 * notes after a refund and a cancellation that reference the invoice, and no invoice for an unpaid or unknown order.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeCheckoutTotals, lineSubtotalCents } from '@store/shared/checkout-totals';
import { centsToDecimalString, formatCents } from '@store/shared/money';
import { TEST_PAYMENT_METHOD_DECLINES } from '@store/shared/test-payments';
import { DEMO_ABN_PLACEHOLDER, TAX_INVOICE_MESSAGES } from '@store/shared/tax-invoice';
import { orders, staffUsers, storeSettings, taxInvoices } from '../../db/schema';
import { HAS_PDFTOTEXT, pdfText } from '../../../tests/pdf-text';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { moveOrderStatus } from '../admin/admin-orders';
import { refundOrder } from '../admin/refund-order';
import { applyPaymentNews } from './order-payment-status';
import { TEST_STORE_SETTINGS, testOrderBody } from './test-order-body';

const ABN = '51824753556';
let t: TestApp;
const ids = { pads: 0, oil: 0, jack: 0 };

beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.storeAbn = ABN;
      c.rateLimits.placeOrdersPerMinute = 100_000;
      c.rateLimits.orderLookupsPerMinute = 100_000;
    },
  });
  const db = t.database.db;
  await seedCatalog(db);
  await db.update(storeSettings).set({
    businessAddress: '12 Railway Terrace, Guildford NSW 2161',
    salesEmail: 'sales@test-auto.example',
  });
  ids.pads = await seedProduct(db, {
    sku: 'TI-PADS',
    title: 'Ceramic Brake Pads',
    priceCents: 4550,
    stock: 100,
  });
  ids.oil = await seedProduct(db, { sku: 'TI-OIL', title: 'Engine Oil 5L', priceCents: 3995, stock: 100 });
  ids.jack = await seedProduct(db, {
    sku: 'TI-JACK',
    title: 'Trolley Jack 3t',
    priceCents: 50_000,
    stock: 100,
  });
});
afterAll(() => t?.close());

async function place(app: TestApp, body: Record<string, unknown>, token?: string): Promise<string> {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/place-order',
    headers: { 'idempotency-key': randomUUID(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { id: string } }).data.id;
}

const invoiceOf = (publicId: string, app: TestApp = t) =>
  app.app.inject({ method: 'GET', url: `/api/orders/${publicId}/tax-invoice` });

async function invoiceText(publicId: string, app: TestApp = t): Promise<string> {
  const res = await invoiceOf(publicId, app);
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload);
}

async function orderRow(publicId: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.publicId, publicId));
  if (!row) throw new Error(`order ${publicId} missing`);
  return row;
}

/** A member's card order body with the 10% signup discount the test store gives every member. */
function memberOrderBody(lines: { id: number; unitPriceCents: number; quantity: number }[]) {
  const totals = computeCheckoutTotals(lines, TEST_STORE_SETTINGS, { signupPercent: 10 });
  const d = centsToDecimalString;
  return testOrderBody(lines, {
    subTotal: d(totals.subtotalCents),
    delivery_charges: d(totals.deliveryChargeCents),
    totalGst: d(totals.gstCents),
    grand_total: d(totals.totalCents),
    total_amount: d(totals.totalCents),
    products: lines.map((l) => ({ id: l.id, quantity: l.quantity, qp_subtotal: d(lineSubtotalCents(l)) })),
  });
}

/** The rows of the text with runs of spaces squeezed, so a table row reads "Engine Oil 5L (SKU TI-OIL) 1 $39.95 $39.95". */
const squeezed = (text: string) => text.replace(/[ \t]+/g, ' ');

describe.skipIf(!HAS_PDFTOTEXT)('GET /api/orders/{public id}/tax-invoice', () => {
  it("holds every element of a tax invoice, with the order's own amounts, as a private PDF download", async () => {
    const id = await place(
      t,
      testOrderBody([
        { id: ids.pads, unitPriceCents: 4550, quantity: 1 },
        { id: ids.oil, unitPriceCents: 3995, quantity: 2 },
      ]),
    );
    const res = await invoiceOf(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tax-invoice-TI-\d{6}\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = squeezed(pdfText(res.rawPayload));
    const order = await orderRow(id);
    const [invoice] = await t.database.db.select().from(taxInvoices).where(eq(taxInvoices.orderId, order.id));
    const number = `TI-${String(invoice?.number).padStart(6, '0')}`;
    expect(res.headers['content-disposition']).toContain(`tax-invoice-${number}.pdf`);
    // 45.50 + 2 x 39.95 = 125.40: free delivery; GST 12.54; total 137.94 (SPEC §9, the order's stored cents).
    expect(order).toMatchObject({
      subtotalCents: 12_540,
      deliveryChargeCents: 0,
      gstCents: 1254,
      totalCents: 13_794,
    });
    const issued = new Intl.DateTimeFormat('en-AU', {
      timeZone: 'Australia/Sydney',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(invoice?.issuedAt);
    for (const expected of [
      'Tax Invoice',
      'Test Auto Parts',
      'ABN 51 824 753 556',
      '12 Railway Terrace, Guildford NSW 2161',
      'sales@test-auto.example',
      `Invoice number ${number}`,
      `Date of issue ${issued}`,
      `Order ${order.invoiceNumber}`,
      "Jane O'Connor",
      'jane@example.com',
      'Ceramic Brake Pads (SKU TI-PADS) 1 $45.50 $45.50',
      'Engine Oil 5L (SKU TI-OIL) 2 $39.95 $79.90',
      'Subtotal (ex. GST) $125.40',
      'Delivery charge (ex. GST) $0.00',
      'GST (10%) $12.54',
      'Total (inc. GST, AUD) $137.94',
      'Total price includes GST of $12.54.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('DEMO STORE');
    // The same invoice (number, date) every time it is asked for.
    expect(squeezed(await invoiceText(id))).toContain(`Invoice number ${number}`);
  });

  it('shows the delivery charge of an order under the free-delivery threshold', async () => {
    const id = await place(t, testOrderBody([{ id: ids.pads, unitPriceCents: 4550, quantity: 1 }]));
    const text = squeezed(await invoiceText(id));
    // 45.50 + 15.00 delivery = 60.50; GST 6.05; total 66.55.
    expect(text).toContain('Delivery charge (ex. GST) $15.00');
    expect(text).toContain('GST (10%) $6.05');
    expect(text).toContain('Total (inc. GST, AUD) $66.55');
  });

  it("names the buyer of an order of $1,000 or more, with the member's business name and ABN", async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/registered',
      payload: {
        name: 'Sam Lee',
        email: 'fleet@example.com',
        password: 'Str0ng!Pass',
        phone: '0412345678',
        _b_name: 'Lee Motors Pty Ltd',
        _b_number: '53 004 085 616',
      },
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const token = (signup.json() as { token: string }).token;
    const id = await place(
      t,
      memberOrderBody([{ id: ids.jack, unitPriceCents: 50_000, quantity: 3 }]),
      token,
    );
    const order = await orderRow(id);
    expect(order.totalCents).toBeGreaterThanOrEqual(100_000);
    const text = squeezed(await invoiceText(id));
    expect(text).toContain("Jane O'Connor");
    expect(text).toContain('Lee Motors Pty Ltd');
    expect(text).toContain('ABN 53 004 085 616');
    expect(text).toContain(`Member discounts ${formatCents(-order.discountCents)}`);
    expect(text).toContain(`Total (inc. GST, AUD) ${formatCents(order.totalCents)}`);
  });

  it('prints a business number whose check digits fail as a business number, never as an ABN', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/registered',
      payload: {
        name: 'Kim Ng',
        email: 'kim.trade@example.com',
        password: 'Str0ng!Pass',
        phone: '0412345678',
        _b_name: 'Ng Trade Supplies',
        _b_number: '12 345 678 901',
      },
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const token = (signup.json() as { token: string }).token;
    const id = await place(t, memberOrderBody([{ id: ids.oil, unitPriceCents: 3995, quantity: 1 }]), token);
    const text = squeezed(await invoiceText(id));
    expect(text).toContain('Ng Trade Supplies');
    expect(text).toContain('Business number 12 345 678 901');
    expect(text).not.toContain('ABN 12 345 678 901');
  });

  it('names a guest buyer of $1,000 or more, with the company they gave', async () => {
    const id = await place(
      t,
      testOrderBody([{ id: ids.jack, unitPriceCents: 50_000, quantity: 2 }], {
        company: 'Acme Fleet Pty Ltd',
      }),
    );
    const text = squeezed(await invoiceText(id));
    expect(text).toContain('Total (inc. GST, AUD) $1100.00');
    expect(text).toContain("Jane O'Connor");
    expect(text).toContain('Acme Fleet Pty Ltd');
  });

  it('numbers invoices in one gap-free series, one number per order', async () => {
    const placed = await Promise.all(
      [1, 2, 3].map(() => place(t, testOrderBody([{ id: ids.oil, unitPriceCents: 3995, quantity: 1 }]))),
    );
    // Asked for at the same time, more than once: still one invoice each.
    await Promise.all([...placed, ...placed].map((id) => invoiceOf(id)));
    const rows = await t.database.db.select().from(taxInvoices);
    const numbers = rows.map((r) => r.number).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(new Set(rows.map((r) => r.orderId)).size).toBe(rows.length);
  });

  it('issues an adjustment note for a refund that references the invoice, listed and downloadable', async () => {
    const id = await place(t, testOrderBody([{ id: ids.pads, unitPriceCents: 4550, quantity: 1 }]));
    const invoice = squeezed(await invoiceText(id));
    const invoiceNumber = /Invoice number (TI-\d{6})/.exec(invoice)?.[1];
    expect(invoiceNumber).toBeDefined();
    await refundOrder(t.app, {
      orderPublicId: id,
      amountCents: 2000,
      reason: 'Box arrived damaged',
      idempotencyKey: `refund-${randomUUID()}`,
      staffId: null,
    });
    const list = await t.app.inject({ method: 'GET', url: `/api/orders/${id}/adjustment-notes` });
    expect(list.statusCode).toBe(200);
    const [note, ...others] = (
      list.json() as {
        data: {
          number: string;
          url: string;
          tax_invoice_number: string;
          amount: string;
          gst: string;
          kind: string;
        }[];
      }
    ).data;
    expect(others).toEqual([]);
    // $20.00 of $66.55, whose GST is $6.05: the GST given back is the same share, $1.82.
    expect(note).toMatchObject({
      kind: 'refund',
      tax_invoice_number: invoiceNumber,
      amount: '20.00',
      gst: '1.82',
    });
    expect(note?.number).toMatch(/^ADJ-\d{6}$/);

    const pdf = await t.app.inject({ method: 'GET', url: note?.url ?? '' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="adjustment-note-${note?.number}.pdf"`,
    );
    const text = squeezed(pdfText(pdf.rawPayload));
    for (const expected of [
      'Adjustment Note',
      `Adjustment note number ${note?.number}`,
      `Adjusts tax invoice ${invoiceNumber}`,
      'ABN 51 824 753 556',
      "Jane O'Connor",
      'Reason: Box arrived damaged',
      'GST adjusted -$1.82',
      'Adjustment (inc. GST, AUD) -$20.00',
    ]) {
      expect(text).toContain(expected);
    }
    // The invoice itself is unchanged, and lists the note.
    expect(squeezed(await invoiceText(id))).toContain(`Adjustment note ${note?.number}`);
  });

  it('issues a cancellation note for what no refund note covers (a refund made at the provider)', async () => {
    const id = await place(t, testOrderBody([{ id: ids.oil, unitPriceCents: 3995, quantity: 1 }]));
    const order = await orderRow(id);
    await invoiceText(id);
    // The provider's webhook says the whole payment was refunded (no back-office refund, so no note yet).
    expect(await applyPaymentNews(t.database.db, order.id, 'refunded')).toBe('changed');
    const [staff] = await t.database.db
      .insert(staffUsers)
      .values({ email: 'cancel@example.com', name: 'Cancel Staff', role: 'staff', passwordHash: 'x' })
      .returning();
    await moveOrderStatus(
      t.database.db,
      id,
      { status: 'cancelled', note: 'Customer cancelled' },
      staff?.id ?? 0,
      t.app.config,
    );
    const list = await t.app.inject({ method: 'GET', url: `/api/orders/${id}/adjustment-notes` });
    const notes = (list.json() as { data: { kind: string; amount: string; url: string }[] }).data;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: 'cancellation', amount: centsToDecimalString(order.totalCents) });
    const text = squeezed(
      pdfText((await t.app.inject({ method: 'GET', url: notes[0]?.url ?? '' })).rawPayload),
    );
    expect(text).toContain('the cancellation of the order');
    expect(text).toContain(`Adjustment (inc. GST, AUD) ${formatCents(-order.totalCents)}`);
  });
});

describe('orders without a tax invoice', () => {
  it('answers 409 with a clear message for an unpaid order, and issues nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/place-order',
      headers: { 'idempotency-key': randomUUID() },
      payload: testOrderBody([{ id: ids.pads, unitPriceCents: 4550, quantity: 1 }], {
        stripePaymentMethodId: TEST_PAYMENT_METHOD_DECLINES,
      }),
    });
    expect(res.statusCode).toBe(402);
    const [declined] = await t.database.db.select().from(orders).where(eq(orders.paymentStatus, 'failed'));
    if (!declined) throw new Error('the declined order was not kept');
    const before = await t.database.db.select().from(taxInvoices);
    const answer = await invoiceOf(declined.publicId);
    expect(answer.statusCode).toBe(409);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toEqual({ message: TAX_INVOICE_MESSAGES.notPaid });
    expect(await t.database.db.select().from(taxInvoices)).toEqual(before);
  });

  it('answers 404 for an unknown or malformed public id and an unknown note', async () => {
    for (const id of ['ZZZZZZZZZZZZZZZZ', 'not-an-id', '%2E%2E%2Fadmin']) {
      const res = await invoiceOf(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: TAX_INVOICE_MESSAGES.notFound });
    }
    const id = await place(t, testOrderBody([{ id: ids.oil, unitPriceCents: 3995, quantity: 1 }]));
    for (const number of ['ADJ-999999', 'nonsense']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/orders/${id}/adjustment-notes/${number}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: TAX_INVOICE_MESSAGES.noteNotFound });
    }
  });
});

describe('API documentation', () => {
  it('documents the three tax document calls with their tag, summary and parameters', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          { tags?: string[]; summary?: string; parameters?: unknown[]; responses?: Record<string, unknown> }
        >
      >;
    };
    for (const path of [
      '/api/orders/{publicId}/tax-invoice',
      '/api/orders/{publicId}/adjustment-notes',
      '/api/orders/{publicId}/adjustment-notes/{number}',
    ]) {
      const op = doc.paths[path]?.get;
      expect(op?.tags, path).toEqual(['orders']);
      expect(op?.summary, path).toBeTruthy();
      expect(op?.parameters?.length, path).toBeGreaterThan(0);
      expect(op?.responses?.['200'], path).toBeDefined();
    }
  });
});

describe.skipIf(!HAS_PDFTOTEXT)('a store not registered for GST, without STORE_ABN (the demo)', () => {
  let demo: TestApp;
  let jack = 0;
  beforeAll(async () => {
    demo = await createTestApp({ config: (c) => (c.rateLimits.placeOrdersPerMinute = 1_000) });
    await seedCatalog(demo.database.db);
    await demo.database.db
      .update(storeSettings)
      .set({ gstPercent: 0, businessAddress: '1 Demo St, Sydney NSW 2000' });
    jack = await seedProduct(demo.database.db, {
      sku: 'D-JACK',
      title: 'Trolley Jack',
      priceCents: 50_000,
      stock: 10,
    });
  });
  afterAll(() => demo?.close());

  it('issues an "Invoice" with no GST line, and marks the placeholder ABN as a demo', async () => {
    const lines = [{ id: jack, unitPriceCents: 50_000, quantity: 2 }];
    const totals = computeCheckoutTotals(lines, { ...TEST_STORE_SETTINGS, gstPercent: 0 });
    const d = centsToDecimalString;
    const id = await place(
      demo,
      testOrderBody(lines, {
        totalGst: d(totals.gstCents),
        grand_total: d(totals.totalCents),
        total_amount: d(totals.totalCents),
      }),
    );
    const text = squeezed(await invoiceText(id, demo));
    expect(text).toMatch(/^\s*Invoice\b/);
    expect(text).not.toContain('Tax Invoice');
    expect(text).not.toMatch(/GST/);
    expect(text).toContain('Trolley Jack (SKU D-JACK) 2 $500.00 $1000.00');
    expect(text).toContain('Total (AUD) $1000.00');
    expect(text).toContain(`ABN: ${DEMO_ABN_PLACEHOLDER}`);
    expect(text).toContain("Jane O'Connor");
  });
});
