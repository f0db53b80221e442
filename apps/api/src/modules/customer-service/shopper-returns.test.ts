/**
 * The shopper's return from an order (issue 37 §3, decision 0057) through the real app: finding the order (guest by
 * order number and email, member by their own order), the form's validation against the order, the returnable
 * rule shared with refunds, the window for a change of mind, the request on the back office's model, the
 * confirmation mail, the request on the order's tracking answer, and requests at once under the order's lock.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOPPER_RETURN_MESSAGES as R } from '@store/shared/shopper-returns';
import { orderReturns, orders, orderStatusHistory, returnLines, storeSettings } from '../../db/schema';
import { injectAtOnce, statusCounts } from '../../../tests/concurrency';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { bearer, seedCustomer, seedOrder, type SeededOrder } from '../../../tests/seeders';
import { getAdminReturn } from '../admin/admin-returns';

let t: TestApp;
let matId = 0;
let bulbId = 0;
let order: SeededOrder;

beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.publicBaseUrl = 'https://shop.example.com.au';
      c.rateLimits.formsPerMinute = 10_000;
      c.rateLimits.orderLookupsPerMinute = 10_000;
    },
  });
  await seedCatalog(t.database.db);
  matId = await seedProduct(t.database.db, {
    sku: 'RR-MAT',
    title: 'Floor Mat',
    priceCents: 3_000,
    stock: 50,
  });
  bulbId = await seedProduct(t.database.db, {
    sku: 'RR-H4',
    title: 'H4 Globe',
    priceCents: 2_000,
    stock: 50,
  });
  await t.database.db.update(storeSettings).set({ salesEmail: 'sales@shop.example.com.au' });
  order = await seedOrder(t, {
    lines: [
      { id: matId, unitPriceCents: 3_000, quantity: 3 },
      { id: bulbId, unitPriceCents: 2_000, quantity: 1 },
    ],
    fields: { email: 'Returner@Example.com' },
  });
});
afterAll(() => t.close());

async function lookup(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/returnable-order', payload: body, headers });
  return { status: res.statusCode, body: res.json() };
}

async function multipart(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

async function submit(fields: Record<string, string>, remoteAddress = '127.0.0.1') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order-return',
    remoteAddress,
    ...(await multipart(fields)),
  });
  return { status: res.statusCode, body: res.json() };
}

async function lineIds(o: SeededOrder) {
  const found = await lookup({ id: o.row.invoiceNumber, email: o.row.email });
  return (found.body.data.lines as { line_id: number; sku: string }[]).map((l) => l.line_id);
}

const person = { f_name: 'Jane', l_name: 'Citizen', email: 'returner@example.com', phone: '0412345678' };

describe('POST /api/returnable-order', () => {
  it('finds a guest order by its number and email (any case), with its contact details and returnable lines', async () => {
    const res = await lookup({ id: order.row.invoiceNumber.toLowerCase(), email: 'RETURNER@example.com ' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      order_id: order.publicId,
      invoice_number: order.row.invoiceNumber,
      email: 'Returner@Example.com',
      within_window: true,
      delivered_at: null,
    });
    expect(
      res.body.data.lines.map((l: { sku: string; returnable: number }) => [l.sku, l.returnable]),
    ).toEqual([
      ['RR-MAT', 3],
      ['RR-H4', 1],
    ]);
  });

  it('answers 404 alike for a wrong email, no email, and an unknown number', async () => {
    for (const body of [
      { id: order.row.invoiceNumber, email: 'someone@example.com' },
      { id: order.row.invoiceNumber },
      { id: order.publicId },
      { id: 'INV-999999', email: order.row.email },
    ]) {
      const res = await lookup(body);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(R.orderNotFound);
    }
  });

  it("finds a member's own order without an email, and not another member's", async () => {
    const member = await seedCustomer(t);
    const own = await seedOrder(t, {
      lines: [{ id: bulbId, unitPriceCents: 2_000, quantity: 1 }],
      token: member.token,
      fields: { email: member.email },
      discounts: { signupPercent: 10 },
    });
    expect((await lookup({ id: own.publicId }, bearer(member.token))).status).toBe(200);
    const other = await seedCustomer(t);
    expect((await lookup({ id: own.publicId }, bearer(other.token))).status).toBe(404);
  });
});

describe('POST /api/order-return from an order', () => {
  it('records the lines and reason on the back office’s return, mails the customer, and shows on tracking', async () => {
    const [mat] = await lineIds(order);
    const res = await submit({
      ...person,
      order_id: order.row.invoiceNumber,
      lines: JSON.stringify([{ line_id: mat, quantity: 1 }]),
      reason: 'faulty',
      message: 'Stitching came apart.',
    });
    expect(res.status).toBe(200);
    const number = res.body.data.number as string;
    expect(number).toMatch(/^RR-\d{6}$/);
    expect(res.body.message).toBe(R.sent(number));
    expect(res.body.data).toMatchObject({
      invoice_number: order.row.invoiceNumber,
      lines: [{ product_title: 'Floor Mat', sku: 'RR-MAT', quantity: 1 }],
      reason: 'faulty',
    });
    const id = Number(number.slice(3));
    const detail = await getAdminReturn(t.database.db, id);
    expect(detail?.reason).toBe('faulty');
    expect(detail?.status).toBe('open');
    expect(detail?.lines.find((l) => l.line_id === mat)).toMatchObject({
      quantity_requested: 1,
      quantity_received: null,
    });
    // What is left to return counts the request.
    const after = await lookup({ id: order.row.invoiceNumber, email: order.row.email });
    expect(after.body.data.lines[0].returnable).toBe(2);
    expect(after.body.data.returns[0]).toMatchObject({ number, status: 'open' });
    // The tracking answer carries it, for the order page's Returns section.
    const tracked = await t.app.inject({
      method: 'POST',
      url: '/api/guest/track-order',
      payload: { id: order.row.invoiceNumber, email: order.row.email },
    });
    expect(tracked.json().data.returns[0]).toMatchObject({
      number,
      status_text: 'Requested: we are checking your request',
      lines: [{ sku: 'RR-MAT', quantity: 1 }],
    });
    // The customer's copy: the number, the line and the next steps.
    await t.app.mail.settled();
    const dir = t.app.config.outboxDir;
    const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
    const mails = await Promise.all(files.map(async (f) => simpleParser(await readFile(path.join(dir, f)))));
    const copy = mails.find((m) => m.subject?.endsWith(`we have your return request ${number}`));
    expect(copy?.to && 'text' in copy.to ? copy.to.text : '').toBe('returner@example.com');
    expect(copy?.text).toContain('1 × Floor Mat (SKU RR-MAT)');
    expect(copy?.text).toContain('Reason: Faulty');
    expect(copy?.text).toContain('within 30 days of delivery');
    const store = mails.find((m) => m.subject === `Return request ${number} for ${order.row.invoiceNumber}`);
    expect(store?.text).toContain('Return 1 × Floor Mat (SKU RR-MAT)');
    // A rejected request gives its units back.
    await t.database.db.update(orderReturns).set({ status: 'rejected' }).where(eq(orderReturns.id, id));
    const freed = await lookup({ id: order.row.invoiceNumber, email: order.row.email });
    expect(freed.body.data.lines[0].returnable).toBe(3);
  });

  it.each([
    [
      'more than is returnable',
      (mat: number) => [{ line_id: mat, quantity: 4 }],
      'faulty',
      'Only 3 of Floor Mat',
    ],
    [
      'a line of another order',
      () => [{ line_id: 999_999, quantity: 1 }],
      'faulty',
      'is not part of this order',
    ],
    ['no line', () => [], 'faulty', R.chooseLine],
    ['quantity 0', (mat: number) => [{ line_id: mat, quantity: 0 }], 'faulty', 'quantity must be'],
    ['no reason', (mat: number) => [{ line_id: mat, quantity: 1 }], '', R.reasonRequired],
    ['other without a note', (mat: number) => [{ line_id: mat, quantity: 1 }], 'other', R.noteRequired],
  ])('refuses %s (400) and writes nothing', async (_, lines, reason, message) => {
    const [mat = 0] = await lineIds(order);
    const before = (await t.database.db.select().from(orderReturns)).length;
    const res = await submit({
      ...person,
      order_id: order.row.invoiceNumber,
      lines: JSON.stringify(lines(mat)),
      reason,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect((await t.database.db.select().from(orderReturns)).length).toBe(before);
  });

  it('refuses a guest whose email is not the order’s (404), and lines that are not JSON (400)', async () => {
    const [mat = 0] = await lineIds(order);
    const wrong = await submit({
      ...person,
      email: 'thief@example.com',
      order_id: order.row.invoiceNumber,
      lines: JSON.stringify([{ line_id: mat, quantity: 1 }]),
      reason: 'faulty',
    });
    expect(wrong).toMatchObject({ status: 404, body: { message: R.orderNotFound } });
    const garbled = await submit({
      ...person,
      order_id: order.row.invoiceNumber,
      lines: '[{',
      reason: 'faulty',
    });
    expect(garbled).toMatchObject({ status: 400, body: { message: R.linesShape } });
  });

  it('the free form needs names, subject and message: not only an email', async () => {
    const res = await submit({ email: 'only@example.com' });
    expect(res.status).toBe(400);
    const fields = (res.body.errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['f_name', 'l_name', 'subject', 'message']));
    const ok = await submit({ ...person, subject: 'Warranty claim', message: 'Globe failed after a month.' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ lines: [], reason: null, invoice_number: null });
  });

  it('refuses a change of mind past the window with the policy’s words; a faulty item is still accepted', async () => {
    const late = await seedOrder(t, {
      lines: [{ id: bulbId, unitPriceCents: 2_000, quantity: 1 }],
      fields: { email: 'late@example.com' },
    });
    await t.database.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, late.row.id));
    await t.database.db.insert(orderStatusHistory).values({
      orderId: late.row.id,
      fromStatus: 'shipped',
      toStatus: 'delivered',
      createdAt: sql`now() - interval '40 days'`,
    });
    const found = await lookup({ id: late.row.invoiceNumber, email: 'late@example.com' });
    expect(found.body.data.within_window).toBe(false);
    const [line = 0] = await lineIds(late);
    const base = {
      ...person,
      email: 'late@example.com',
      order_id: late.publicId,
      lines: JSON.stringify([{ line_id: line, quantity: 1 }]),
    };
    const mind = await submit({ ...base, reason: 'changed_mind' });
    expect(mind.status).toBe(400);
    expect(mind.body.message).toContain(
      'You can return an item within 30 days of delivery for a full refund.',
    );
    expect(mind.body.errors[0].field).toBe('reason');
    expect((await submit({ ...base, reason: 'faulty' })).status).toBe(200);
  });
});

describe('requests at once (decision 0041)', () => {
  it('twelve requests for one unit each of a line of 3, at once: 3 recorded, 9 refused, never more than bought', async () => {
    const raced = await seedOrder(t, {
      lines: [{ id: matId, unitPriceCents: 3_000, quantity: 3 }],
      fields: { email: 'race@example.com' },
    });
    const [line = 0] = await lineIds(raced);
    const form = await multipart({
      ...person,
      email: 'race@example.com',
      order_id: raced.publicId,
      lines: JSON.stringify([{ line_id: line, quantity: 1 }]),
      reason: 'wrong_part',
    });
    const answers = await injectAtOnce(t.app, 12, () => ({
      method: 'POST',
      url: '/api/order-return',
      ...form,
    }));
    expect(statusCounts(answers)).toEqual({ 200: 3, 400: 9 });
    const [held] = await t.database.db
      .select({ n: sql<number>`coalesce(sum(${returnLines.quantityRequested}), 0)::int` })
      .from(returnLines)
      .where(eq(returnLines.orderLineItemId, line));
    expect(held?.n).toBe(3);
  });
});
