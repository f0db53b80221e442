/**
 * The back office's customers, contact messages and newsletter subscribers (issue 12) through the real app:
 * customers with their order figures and orders (never a password hash), messages marked handled with audit
 * rows, subscribers listed and exported as CSV without the unsubscribed and with formulas defused; 401 without a
 * token, 403 for a customer, 403 for staff on the admin-only calls.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CUSTOMER_MESSAGES } from '@store/shared/admin-customers';
import { auditLog, contactMessages, newsletterSubscriptions, orders } from '../../db/schema';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedCustomer, seedOrder, seedStaff } from '../../../tests/seeders';
import { testOrderBody } from '../orders/test-order-body';
import { spreadsheetSafe } from './admin-customers';

let t: TestApp;
let adminToken = '';
let staffToken = '';
let productId = 0;

beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.rateLimits.placeOrdersPerMinute = 1_000;
      c.rateLimits.formsPerMinute = 1_000;
    },
  });
  await seedCatalog(t.database.db);
  productId = await seedProduct(t.database.db, {
    sku: 'CUS-ADM',
    title: 'Wiper Blades',
    priceCents: 5_000,
    stock: 100,
  });
  adminToken = (await seedStaff(t, { email: 'customers.admin@example.com', role: 'admin' })).token;
  staffToken = (await seedStaff(t, { email: 'customers.staff@example.com', role: 'staff' })).token;
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST', url: string, token: string | null = adminToken, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...(payload ? { payload } : {}),
  });

describe('who may call', () => {
  it('answers 401 without a token, 403 to a customer, and 403 to staff on customers and subscribers', async () => {
    const customer = await seedCustomer(t, { name: 'Outsider', email: 'outsider@example.com' });
    const adminOnly = [
      '/api/admin/customers',
      `/api/admin/customers/${customer.id}`,
      '/api/admin/subscribers',
      '/api/admin/subscribers.csv',
    ];
    for (const url of adminOnly) {
      expect((await api('GET', url, null)).statusCode, url).toBe(401);
      expect((await api('GET', url, customer.token)).statusCode, url).toBe(403);
      expect((await api('GET', url, staffToken)).statusCode, url).toBe(403);
      expect((await api('GET', url)).statusCode, url).toBe(200);
    }
    for (const [method, url, body] of [
      ['GET', '/api/admin/messages', undefined],
      ['POST', '/api/admin/messages/1/handled', { handled: true }],
    ] as const) {
      expect((await api(method, url, null, body)).statusCode, url).toBe(401);
      expect((await api(method, url, customer.token, body)).statusCode, url).toBe(403);
    }
    expect((await api('GET', '/api/admin/messages', staffToken)).statusCode).toBe(200);
  });
});

describe('customers', () => {
  it('lists members with orders count, total spent and last order; sorts, searches; one with orders', async () => {
    const big = await seedCustomer(t, { name: 'Bianca Bigspender', email: 'bianca@example.com' });
    const none = await seedCustomer(t, { name: 'Nora Noorders', email: 'nora@example.com' });
    /** A signed-in order, at the figures the server quotes for this member (their discounts applied). */
    const place = async (token: string, quantity: number) => {
      const send = (body: Record<string, unknown>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/place-order',
          headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
          payload: body,
        });
      const body = testOrderBody([{ id: productId, unitPriceCents: 5_000, quantity }], {
        email: 'bianca@example.com',
        user_id: big.id,
      });
      const first = await send(body);
      if (first.statusCode !== 409) return first;
      const { subTotal, delivery_charges, totalGst, grand_total } = (
        first.json() as { data: Record<string, unknown> }
      ).data;
      return send({ ...body, subTotal, delivery_charges, totalGst, grand_total, total_amount: grand_total });
    };
    // Guest orders under a member's email are not theirs (SPEC §6): only orders placed signed in count.
    await seedOrder(t, {
      lines: [{ id: productId, unitPriceCents: 5_000, quantity: 1 }],
      fields: { email: 'bianca@example.com' },
    });
    // A member's order is repriced with their discounts: place it as the checkout would and read it back.
    const placedOne = await place(big.token, 1);
    const placedTwo = await place(big.token, 2);
    expect([placedOne.statusCode, placedTwo.statusCode], placedOne.body).toEqual([200, 200]);
    const theirs = await t.database.db.select().from(orders).where(eq(orders.userId, big.id));
    const expectedCents = theirs
      .filter((o) => o.paymentStatus === 'completed')
      .reduce((sum, o) => sum + o.totalCents, 0);

    const list = await api('GET', '/api/admin/customers?sort=spent&direction=desc');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).not.toMatch(/password|argon2|token/i);
    const rows = list.json().data as { id: number; orders_count: number; total_spent: string }[];
    expect(rows[0]).toMatchObject({
      id: big.id,
      name: 'Bianca Bigspender',
      email: 'bianca@example.com',
      orders_count: theirs.length,
      total_spent: (expectedCents / 100).toFixed(2),
    });
    expect(rows.find((r) => r.id === none.id)).toMatchObject({
      orders_count: 0,
      total_spent: '0.00',
      last_order_at: null,
    });
    const byName = (await api('GET', '/api/admin/customers?sort=name&direction=asc&per_page=100')).json();
    const names = byName.data.map((r: { name: string }) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const byOrders = (await api('GET', '/api/admin/customers?sort=orders&direction=asc&per_page=100')).json();
    const counts = byOrders.data.map((r: { orders_count: number }) => r.orders_count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => a - b));
    expect((await api('GET', '/api/admin/customers?q=NORA')).json().data).toHaveLength(1);
    expect((await api('GET', '/api/admin/customers?q=bianca%40')).json().total).toBe(1);
    expect((await api('GET', '/api/admin/customers?q=%25')).json().total).toBe(0);
    expect((await api('GET', '/api/admin/customers?sort=password_hash')).statusCode).toBe(400);
    expect((await api('GET', '/api/admin/customers?per_page=1')).json().data).toHaveLength(1);

    const detail = await api('GET', `/api/admin/customers/${big.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toMatch(/password|argon2|token/i);
    const data = detail.json().data;
    expect(data.orders).toHaveLength(theirs.length);
    expect(data.orders[0]).toMatchObject({
      invoice_number: expect.stringMatching(/^INV-/),
      payment_status: 'completed',
      status: 'pending',
    });
    expect((await api('GET', '/api/admin/customers/999999')).statusCode).toBe(404);
    expect((await api('GET', '/api/admin/customers/abc')).json().message).toBe(
      ADMIN_CUSTOMER_MESSAGES.customerNotFound,
    );
  });
});

describe('contact messages', () => {
  it('lists newest first, filters by handled, and marks handled and not handled with audit rows', async () => {
    const send = (subject: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact-us',
        payload: {
          f_name: 'Mia',
          l_name: 'Message',
          email: 'mia@example.com',
          subject,
          message: 'Hello there',
        },
      });
    await send('First question');
    await send('Second question');
    const [first, second] = await t.database.db.select().from(contactMessages).orderBy(contactMessages.id);
    const list = (await api('GET', '/api/admin/messages', staffToken)).json();
    expect(list.data.map((m: { id: number }) => m.id)).toEqual([second?.id, first?.id]);
    expect(list.data[0]).toMatchObject({
      name: 'Mia Message',
      subject: 'Second question',
      member: false,
      handled_at: null,
    });

    const id = first?.id ?? 0;
    const marked = await api('POST', `/api/admin/messages/${id}/handled`, staffToken, { handled: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({
      message: ADMIN_CUSTOMER_MESSAGES.markedHandled(id),
      data: { id, handled_by: 'staff person' },
    });
    // Marking again changes nothing.
    await api('POST', `/api/admin/messages/${id}/handled`, adminToken, { handled: true });
    const handled = (await api('GET', '/api/admin/messages?status=handled')).json();
    expect(handled.data.map((m: { id: number }) => m.id)).toEqual([id]);
    const unhandled = (await api('GET', '/api/admin/messages?status=unhandled')).json();
    expect(unhandled.data.map((m: { id: number }) => m.id)).toEqual([second?.id]);

    const undone = await api('POST', `/api/admin/messages/${id}/handled`, adminToken, { handled: false });
    expect(undone.json().data).toMatchObject({ handled_at: null, handled_by: null });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, 'contact_message'));
    expect(audit.map((a) => [a.entityId, a.action, a.after?.handled_at === null])).toEqual([
      [String(id), 'contact_message.handled', false],
      [String(id), 'contact_message.handled', true],
    ]);

    const bad = await api('POST', `/api/admin/messages/${id}/handled`, adminToken, { handled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ADMIN_CUSTOMER_MESSAGES.handledRequired);
    expect(
      (await api('POST', '/api/admin/messages/999999/handled', adminToken, { handled: true })).statusCode,
    ).toBe(404);
    expect((await api('GET', '/api/admin/messages?status=maybe')).statusCode).toBe(400);
  });
});

describe('subscribers', () => {
  it('lists active ones by default and exports them as CSV without the unsubscribed, formulas defused', async () => {
    const subscribe = (email: string, referer = '/') =>
      t.app.inject({
        method: 'POST',
        url: '/api/subscribe',
        payload: { email },
        headers: { referer: `${t.app.config.publicBaseUrl}${referer}` },
      });
    expect((await subscribe('keen.reader@example.com', '/cart')).statusCode).toBe(200);
    expect((await subscribe('gone.reader@example.com')).statusCode).toBe(200);
    // The form refuses such an address; an older import may not have.
    await t.database.db
      .insert(newsletterSubscriptions)
      .values({ email: '=cmd@example.com', consentSource: 'import' });
    await t.database.db
      .update(newsletterSubscriptions)
      .set({ unsubscribedAt: new Date() })
      .where(eq(newsletterSubscriptions.email, 'gone.reader@example.com'));
    // A source that a spreadsheet would run as a formula.
    await t.database.db
      .update(newsletterSubscriptions)
      .set({ consentSource: '@SUM(1+1)*cmd' })
      .where(eq(newsletterSubscriptions.email, 'keen.reader@example.com'));

    const active = (await api('GET', '/api/admin/subscribers')).json();
    expect(active.data.map((s: { email: string }) => s.email).sort()).toEqual([
      '=cmd@example.com',
      'keen.reader@example.com',
    ]);
    const gone = (await api('GET', '/api/admin/subscribers?status=unsubscribed')).json();
    expect(gone.data).toMatchObject([
      { email: 'gone.reader@example.com', unsubscribed_at: expect.any(String) },
    ]);
    expect((await api('GET', '/api/admin/subscribers?status=all')).json().total).toBe(3);

    const csv = await api('GET', '/api/admin/subscribers.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.headers['cache-control']).toBe('no-store');
    const records = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(records.map((r) => r.email).sort()).toEqual(["'=cmd@example.com", 'keen.reader@example.com']);
    const keen = records.find((r) => r.email === 'keen.reader@example.com');
    expect(keen?.consent_source).toBe("'@SUM(1+1)*cmd");
    expect(new Date(keen?.consent_at ?? '').toISOString()).toBe(keen?.consent_at);
    expect(csv.body).not.toContain('gone.reader');
    expect(csv.body.split('\r\n')[0]).toBe('email,consent_at,consent_source');
  });

  it('streams a long list in batches', async () => {
    const many = Array.from({ length: 4_500 }, (_, i) => ({
      email: `bulk${i}@example.com`,
      consentSource: i === 4_499 ? '+last' : 'import',
    }));
    await t.database.db.insert(newsletterSubscriptions).values(many);
    const csv = await api('GET', '/api/admin/subscribers.csv');
    const records = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(records.filter((r) => r.email?.startsWith('bulk'))).toHaveLength(4_500);
    expect(records.at(-1)).toMatchObject({ email: 'bulk4499@example.com', consent_source: "'+last" });
  });

  it('defuses every formula start', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(spreadsheetSafe(`${start}1`)).toBe(`'${start}1`);
    expect(spreadsheetSafe('plain@example.com')).toBe('plain@example.com');
  });
});
