/**
 * Tax invoices and adjustment notes (issue 18 §3, decision 0036) through the real app, read back with pdftotext as a
 * buyer's accounts package would: every element the ATO asks of a tax invoice, "Invoice" without GST for a store
 * not registered for GST, the buyer named (and their business and ABN) from $1,000, gap-free numbers, adjustment
 * notes after a refund and a cancellation that reference the invoice, and no invoice for an unpaid or unknown order.
 * Then who may have them (issue 43 §5, decision 0044): nobody for the public id alone; the owner signed in, staff,
 * whoever gives the order's email, and a signed link do; a tampered, misapplied or expired signature does not.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeCheckoutTotals, lineSubtotalCents } from '@store/shared/checkout-totals';
import { centsToDecimalString, formatCents } from '@store/shared/money';
import { TEST_PAYMENT_METHOD_DECLINES } from '@store/shared/test-payments';
import { DEMO_ABN_PLACEHOLDER, TAX_INVOICE_MESSAGES } from '@store/shared/tax-invoice';
import { orders, storeSecrets, storeSettings, taxInvoices } from '../../db/schema';
import { HAS_PDFTOTEXT, pdfText } from '../../../tests/pdf-text';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedCustomer, seedOrder, seedStaff } from '../../../tests/seeders';
import { moveOrderStatus } from '../admin/admin-orders';
import { refundOrder } from '../admin/refund-order';
import { linkExpiry, signDocumentPath } from './order-document-links';
import { applyPaymentNews } from './order-payment-status';
import { TEST_STORE_SETTINGS, testOrderBody } from './test-order-body';

let t: TestApp;
const ids = { pads: 0, oil: 0, jack: 0 };
/** A back-office bearer (staff who changed the one-time password). */
let staffToken = '';

beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.rateLimits.placeOrdersPerMinute = 100_000;
      c.rateLimits.orderLookupsPerMinute = 100_000;
    },
  });
  const db = t.database.db;
  await seedCatalog(db);
  // The seller's ABN is the store setting, as the mails' footer prints it (issue 34 §6).
  await db.update(storeSettings).set({
    abn: '51 824 753 556',
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
  ({ token: staffToken } = await seedStaff(t, { email: 'docs.staff@example.com', name: 'Docs Staff' }));
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

/** `path` signed for `document` of the order for an hour, as the confirmation mail's link is (decision 0044). */
const signed = (publicId: string, document: string, path: string, app: TestApp = t) =>
  signDocumentPath(app.database.db, path, publicId, document, linkExpiry(3600));

const invoiceOf = async (publicId: string, app: TestApp = t) =>
  app.app.inject({
    method: 'GET',
    url: await signed(publicId, 'tax-invoice', `/api/orders/${publicId}/tax-invoice`, app),
  });

/** The order's adjustment notes list, through a signed link. */
const notesOf = async (publicId: string) =>
  t.app.inject({
    method: 'GET',
    url: await signed(publicId, 'adjustment-notes', `/api/orders/${publicId}/adjustment-notes`),
  });

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
    // Shelf prices include GST (decision 0046): 45.50 + 2 x 39.95 = 125.40, free delivery, charged 125.40; GST
    // included line by line: 45.50 / 11 = 4.14 (4.136), 79.90 / 11 = 7.26 (7.263), 11.40 in all.
    expect(order).toMatchObject({
      pricesIncludeGst: true,
      subtotalCents: 12_540,
      deliveryChargeCents: 0,
      gstCents: 1140,
      totalCents: 12_540,
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
      `Tax invoice ${number} for order ${order.invoiceNumber}`,
      `Date of issue ${issued}`,
      `Order number ${order.invoiceNumber}`,
      "Jane O'Connor",
      'jane@example.com',
      'Description Qty Unit price GST Amount (inc. GST)',
      'Ceramic Brake Pads (SKU TI-PADS) 1 $45.50 $4.14 $45.50',
      'Engine Oil 5L (SKU TI-OIL) 2 $39.95 $7.26 $79.90',
      'Subtotal $125.40',
      'Delivery Free',
      'Total (inc. GST) $125.40',
      'Includes GST (10%) of $11.40',
      'Total price includes GST of $11.40.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('DEMO STORE');
    expect(text).not.toContain('Invoice number');
    // The same invoice (number, date) every time it is asked for.
    expect(squeezed(await invoiceText(id))).toContain(`Tax invoice ${number} for order`);
  });

  it('shows the delivery charge of an order under the free-delivery threshold', async () => {
    const id = await place(t, testOrderBody([{ id: ids.pads, unitPriceCents: 4550, quantity: 1 }]));
    const text = squeezed(await invoiceText(id));
    // 45.50 + 16.50 delivery = 62.00 charged; GST included 4.14 + 1.50 = 5.64.
    expect(text).toContain('Delivery $16.50');
    expect(text).toContain('Total (inc. GST) $62.00');
    expect(text).toContain('Includes GST (10%) of $5.64');
  });

  it('says how the order was paid by its name: Card, or the wallet or instalments recorded (issue 40)', async () => {
    const id = await place(t, testOrderBody([{ id: ids.pads, unitPriceCents: 4550, quantity: 1 }]));
    expect(squeezed(await invoiceText(id))).toContain('Paid by Card. Payment status: completed.');
    await t.database.db.update(orders).set({ paymentMethodType: 'apple_pay' }).where(eq(orders.publicId, id));
    expect(squeezed(await invoiceText(id))).toContain('Paid by Apple Pay. Payment status: completed.');
  });

  it("names the buyer of an order of $1,000 or more, with the member's business name and ABN", async () => {
    const { token } = await seedCustomer(t, {
      email: 'fleet@example.com',
      fields: { _b_name: 'Lee Motors Pty Ltd', _b_number: '53 004 085 616' },
    });
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
    // 3 x 500.00 = 1500.00, less the 10% member discount 150.00: 1350.00 charged, delivery free; GST included
    // 136.36 for the line less 13.64 for the discount: 122.72. The PDF's fonts print the minus sign as a hyphen.
    expect(order).toMatchObject({ signupDiscountCents: 15_000, totalCents: 135_000, gstCents: 12_272 });
    expect(text).toContain('Subtotal $1500.00');
    expect(text).toContain('Member discount -$150.00');
    expect(text).toContain('Total (inc. GST) $1350.00');
    expect(text).toContain('Includes GST (10%) of $122.72');
  });

  it('prints a business number whose check digits fail as a business number, never as an ABN', async () => {
    const { token } = await seedCustomer(t, {
      name: 'Kim Ng',
      email: 'kim.trade@example.com',
      fields: { _b_name: 'Ng Trade Supplies', _b_number: '12 345 678 901' },
    });
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
    expect(text).toContain('Total (inc. GST) $1000.00');
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
    const invoiceNumber = /Tax invoice (TI-\d{6}) for order INV-\d+/.exec(invoice)?.[1];
    expect(invoiceNumber).toBeDefined();
    await refundOrder(t.app, {
      orderPublicId: id,
      amountCents: 2000,
      reason: 'Box arrived damaged',
      idempotencyKey: `refund-${randomUUID()}`,
      staffId: null,
    });
    const list = await notesOf(id);
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
    // $20.00 of $62.00, whose GST is $5.64: the GST given back is the same share, $1.82.
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
      `Adjustment note ${note?.number} for order INV-`,
      `Adjusts tax invoice ${invoiceNumber}`,
      'Order number INV-',
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
    const staff = await seedStaff(t, { email: 'cancel@example.com', name: 'Cancel Staff' });
    await moveOrderStatus(
      t.database.db,
      id,
      { status: 'cancelled', note: 'Customer cancelled' },
      staff.id,
      t.app.config,
    );
    const list = await notesOf(id);
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
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${id}/adjustment-notes/${number}`,
        headers: { authorization: `Bearer ${staffToken}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: TAX_INVOICE_MESSAGES.noteNotFound });
    }
  });
});

describe("who may have an order's documents (issue 43 §5, decision 0044)", () => {
  const refusedFor = (publicId: string, note: string) => [
    `/api/orders/${publicId}/tax-invoice`,
    `/api/orders/${publicId}/adjustment-notes`,
    `/api/orders/${publicId}/adjustment-notes/${note}`,
  ];
  /** A guest's paid order with one refund note, and what place-order answered its buyer. */
  const guest = { id: '', note: '', placedLink: '' };
  /** A member's order, its owner's bearer, and another member's. */
  const member = { id: '', owner: '', other: '' };

  beforeAll(async () => {
    const { answer } = await seedOrder(t, { lines: [{ id: ids.pads, unitPriceCents: 4550, quantity: 1 }] });
    guest.id = answer.data.id;
    guest.placedLink = answer.tax_invoice_url ?? '';
    await refundOrder(t.app, {
      orderPublicId: guest.id,
      amountCents: 1000,
      reason: 'Scratched',
      idempotencyKey: `refund-${randomUUID()}`,
      staffId: null,
    });
    const notes = (await notesOf(guest.id)).json() as { data: { number: string }[] };
    guest.note = notes.data[0]?.number ?? '';
    expect(guest.note).toMatch(/^ADJ-\d{6}$/);
    member.owner = (await seedCustomer(t, { name: 'Docs Member', email: 'docs.owner@example.com' })).token;
    member.other = (await seedCustomer(t, { name: 'Docs Member', email: 'docs.other@example.com' })).token;
    member.id = await place(
      t,
      memberOrderBody([{ id: ids.oil, unitPriceCents: 3995, quantity: 1 }]),
      member.owner,
    );
  });

  /** A refusal: 403 as JSON with `message`, no PDF and nothing of the buyer's. */
  function expectRefused(
    res: { statusCode: number; headers: Record<string, unknown>; body: string },
    message: string,
  ) {
    expect(res.statusCode, res.body).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual({ message });
    for (const secret of ['%PDF', "O'Connor", 'jane@example.com', 'Jane'])
      expect(res.body).not.toContain(secret);
  }

  function expectPdf(res: {
    statusCode: number;
    headers: Record<string, unknown>;
    rawPayload: Buffer;
    body: string;
  }) {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }

  it('refuses the public id alone, another member, and an email in the address', async () => {
    for (const url of refusedFor(guest.id, guest.note)) {
      expectRefused(await t.app.inject({ method: 'GET', url }), TAX_INVOICE_MESSAGES.forbidden);
      // An email in the address is never read (addresses are logged).
      expectRefused(
        await t.app.inject({ method: 'GET', url: `${url}?email=jane%40example.com` }),
        TAX_INVOICE_MESSAGES.forbidden,
      );
    }
    for (const url of refusedFor(member.id, 'ADJ-000001')) {
      expectRefused(
        await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${member.other}` } }),
        TAX_INVOICE_MESSAGES.forbidden,
      );
    }
    // A member's bearer does not open a guest's order either, even one placed with the same email.
    expectRefused(
      await t.app.inject({
        method: 'GET',
        url: `/api/orders/${guest.id}/tax-invoice`,
        headers: { authorization: `Bearer ${member.owner}` },
      }),
      TAX_INVOICE_MESSAGES.forbidden,
    );
  });

  it('gives them to the owner signed in, and to staff', async () => {
    const owner = { authorization: `Bearer ${member.owner}` };
    expectPdf(
      await t.app.inject({ method: 'GET', url: `/api/orders/${member.id}/tax-invoice`, headers: owner }),
    );
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${member.id}/adjustment-notes`,
      headers: owner,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ data: [] });
    const staff = { authorization: `Bearer ${staffToken}` };
    const [invoice, notes, note] = await Promise.all(
      refusedFor(guest.id, guest.note).map((url) => t.app.inject({ method: 'GET', url, headers: staff })),
    );
    expectPdf(invoice as never);
    expect(notes?.statusCode).toBe(200);
    expectPdf(note as never);
  });

  it('gives whoever placed the order a signed link to its invoice, with no email in it', async () => {
    expect(guest.placedLink).toMatch(
      new RegExp(`^/api/orders/${guest.id}/tax-invoice\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}$`),
    );
    expectPdf(await t.app.inject({ method: 'GET', url: guest.placedLink }));
  });

  it("answers signed links to whoever gives the order's email, and to the owner and staff", async () => {
    const links = (body: object, headers: Record<string, string> = {}, id = guest.id) =>
      t.app.inject({ method: 'POST', url: `/api/orders/${id}/document-links`, payload: body, headers });
    const byEmail = await links({ email: '  JANE@Example.com ' });
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect(byEmail.headers['cache-control']).toBe('private, no-store');
    const data = (
      byEmail.json() as {
        data: {
          tax_invoice: { number: string; url: string };
          adjustment_notes: { number: string; url: string }[];
        };
      }
    ).data;
    expect(data.tax_invoice.number).toMatch(/^TI-\d{6}$/);
    expect(data.adjustment_notes.map((n) => n.number)).toEqual([guest.note]);
    expect(byEmail.body).not.toContain('@');
    expectPdf(await t.app.inject({ method: 'GET', url: data.tax_invoice.url }));
    expectPdf(await t.app.inject({ method: 'GET', url: data.adjustment_notes[0]?.url ?? '' }));

    expectRefused(await links({ email: 'someone@example.com' }), TAX_INVOICE_MESSAGES.emailMismatch);
    expectRefused(await links({}), TAX_INVOICE_MESSAGES.emailRequired);
    expectRefused(
      await links({ email: '' }, { authorization: `Bearer ${member.other}` }, member.id),
      TAX_INVOICE_MESSAGES.emailRequired,
    );
    expect((await links({}, { authorization: `Bearer ${member.owner}` }, member.id)).statusCode).toBe(200);
    expect((await links({}, { authorization: `Bearer ${staffToken}` })).statusCode).toBe(200);
    const unknown = await links({ email: 'jane@example.com' }, {}, 'ZZZZZZZZZZZZZZZZ');
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a tampered, misapplied or expired signature', async () => {
    const invoicePath = `/api/orders/${guest.id}/tax-invoice`;
    const good = await signed(guest.id, 'tax-invoice', invoicePath);
    expectPdf(await t.app.inject({ method: 'GET', url: good }));
    const query = new URL(good, 'http://x').searchParams;
    const expires = query.get('expires') ?? '';
    const signature = query.get('signature') ?? '';
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const otherOrder = await place(t, testOrderBody([{ id: ids.oil, unitPriceCents: 3995, quantity: 1 }]));
    // Every other last character, including the three that decode to the same bytes (its low bits are padding).
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const lastCharVariants = [...alphabet]
      .filter((c) => c !== signature.at(-1))
      .map((c) => `${invoicePath}?expires=${expires}&signature=${signature.slice(0, -1)}${c}`);
    for (const url of [
      ...lastCharVariants,
      `${invoicePath}?expires=${expires}&signature=${flipped}`,
      `${invoicePath}?expires=${Number(expires) + 86_400}&signature=${signature}`,
      `${invoicePath}?expires=${expires}&signature=short`,
      `${invoicePath}?signature=${signature}`,
      // The invoice's signature does not open the order's notes, nor another order's invoice.
      `/api/orders/${guest.id}/adjustment-notes?expires=${expires}&signature=${signature}`,
      `/api/orders/${guest.id}/adjustment-notes/${guest.note}?expires=${expires}&signature=${signature}`,
      `/api/orders/${otherOrder}/tax-invoice?expires=${expires}&signature=${signature}`,
      // Nor does a note's signature open the invoice.
      await signed(guest.id, guest.note, invoicePath),
    ]) {
      expectRefused(await t.app.inject({ method: 'GET', url }), TAX_INVOICE_MESSAGES.forbidden);
    }
    const expired = await signDocumentPath(
      t.database.db,
      invoicePath,
      guest.id,
      'tax-invoice',
      Math.floor(Date.now() / 1000) - 1,
    );
    expectRefused(await t.app.inject({ method: 'GET', url: expired }), TAX_INVOICE_MESSAGES.linkExpired);
  });

  it('signs with one key the store made once, shared by every instance', async () => {
    const rows = await t.database.db
      .select()
      .from(storeSecrets)
      .where(eq(storeSecrets.name, 'order_document_links'));
    expect(rows).toHaveLength(1);
    const url = (t.database as { url?: string }).url;
    if (!url) return; // PGlite: one process holds the database
    // A second instance on the same PostgreSQL database opens a link the first signed, and signs alike.
    const second = await createTestApp({ databaseUrl: url });
    try {
      expectPdf(await second.app.inject({ method: 'GET', url: guest.placedLink }));
      const again = await signDocumentPath(second.database.db, '/p', guest.id, 'tax-invoice', 2_000_000_000);
      expect(again).toBe(await signDocumentPath(t.database.db, '/p', guest.id, 'tax-invoice', 2_000_000_000));
    } finally {
      await second.close();
    }
  });
});

describe('API documentation', () => {
  it('documents the tax document calls with their tag, summary, parameters and refusal', async () => {
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
      expect(op?.responses?.['403'], path).toBeDefined();
    }
    const links = doc.paths['/api/orders/{publicId}/document-links']?.post;
    expect(links?.tags).toEqual(['orders']);
    expect(links?.responses?.['200']).toBeDefined();
  });
});

describe.skipIf(!HAS_PDFTOTEXT)(
  'a store not registered for GST, without an ABN in its settings (the demo)',
  () => {
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
      expect(text).toContain('Total $1000.00');
      expect(text).toContain(`Invoice TI-`);
      expect(text).toContain(`ABN: ${DEMO_ABN_PLACEHOLDER}`);
      expect(text).toContain("Jane O'Connor");
    });

    it('prints the placeholder, never the text, when the ABN setting is not an ABN (written around the schema)', async () => {
      await demo.database.db.update(storeSettings).set({ abn: '12 345 678 901' });
      const lines = [{ id: jack, unitPriceCents: 50_000, quantity: 1 }];
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
      expect(text).toContain(`ABN: ${DEMO_ABN_PLACEHOLDER}`);
      expect(text).not.toContain('12 345 678 901');
    });
  },
);
