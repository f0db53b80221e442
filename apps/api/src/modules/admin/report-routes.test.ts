/**
 * The back office's CSV exports and sales report (issue 36 §4): the orders export's columns, its money and GST per
 * order equal to the order's own breakdown (`breakdownRows(amountsOfOrder(order))`, what every page, mail and
 * invoice shows), the list's filters, refunds and the buyer's business; the products and customers exports
 * (guests and members, one row per email); formula injection defused; UTF-8 with a BOM; admins only, no-store,
 * audited. The report's totals equal the dashboard's for the same period and the export's rows added up.
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMER_EXPORT_COLUMNS,
  ORDER_EXPORT_COLUMNS,
  PRODUCT_EXPORT_COLUMNS,
} from '@store/shared/admin-exports';
import type { AdminOrderDetail } from '@store/shared/admin-orders';
import { REPORT_MESSAGES, sydneyDay, type SalesReport } from '@store/shared/admin-reports';
import { centsToDecimalString, parseDecimalToCents } from '@store/shared/money';
import { amountsOfOrder, breakdownRows } from '@store/shared/order-breakdown';
import { auditLog, orders } from '../../db/schema';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { bearer, seedCustomer, seedOrder, seedStaff } from '../../../tests/seeders';
import { readDashboard } from './admin-dashboard';
import { countsAsCharged } from './sales-figures';

let t: TestApp;
let padsId = 0;
let bulbId = 0;
let adminToken = '';
let staffToken = '';
const placed: string[] = [];

const get = (url: string, token = adminToken) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

/** The CSV's records by header, after checking the BOM. */
function csvOf(body: string): Record<string, string>[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return parse(body.slice(1), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
}
function headerOf(body: string): string[] {
  return (parse(body.slice(1), { to: 1 }) as string[][])[0] ?? [];
}
const cents = (text: string | undefined) => parseDecimalToCents(text ?? '') ?? NaN;

beforeAll(async () => {
  t = await createTestApp({ config: (c) => void (c.rateLimits.placeOrdersPerMinute = 1_000) });
  await seedCatalog(t.database.db);
  padsId = await seedProduct(t.database.db, {
    sku: 'REP-PADS',
    title: 'Report Pads',
    priceCents: 5_000,
    stock: 100,
  });
  bulbId = await seedProduct(t.database.db, {
    sku: 'REP-BULB',
    title: '=HYPERLINK("http://evil.example","Bulb")',
    priceCents: 1_234,
    stock: 100,
  });
  adminToken = (await seedStaff(t, { email: 'report.admin@example.com', role: 'admin' })).token;
  staffToken = (await seedStaff(t, { email: 'report.staff@example.com', role: 'staff' })).token;

  // Guests: one buyer twice (the email in two cases), one with a company that looks like a formula.
  for (const [email, lines, fields] of [
    ['guest.buyer@example.com', [{ id: padsId, unitPriceCents: 5_000, quantity: 2 }], {}],
    ['Guest.Buyer@Example.com', [{ id: bulbId, unitPriceCents: 1_234, quantity: 3 }], {}],
    ['formula@example.com', [{ id: bulbId, unitPriceCents: 1_234, quantity: 1 }], { company: '+SUM(1,2)' }],
  ] as const) {
    placed.push((await seedOrder(t, { lines: [...lines], fields: { email, ...fields } })).publicId);
  }
  // A member with business details, with the member discount.
  const member = await seedCustomer(t, {
    email: 'fleet.report@example.com',
    fields: { _b_name: 'Lee Motors Pty Ltd', _b_number: '53 004 085 616' },
  });
  placed.push(
    (
      await seedOrder(t, {
        lines: [
          { id: padsId, unitPriceCents: 5_000, quantity: 3 },
          { id: bulbId, unitPriceCents: 1_234, quantity: 1 },
        ],
        token: member.token,
        discounts: { signupPercent: 10 },
        fields: { email: 'fleet.report@example.com' },
      })
    ).publicId,
  );
  // A refund of part of the first order.
  const refund = await t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${placed[0]}/refunds`,
    headers: { ...bearer(adminToken), 'idempotency-key': randomUUID() },
    payload: { amount: '12.34', reason: 'Scratched box' },
  });
  expect(refund.statusCode).toBe(201);
});
afterAll(() => t.close());

describe('GET /api/admin/orders.csv', () => {
  it("has the BAS columns, and each order's money and GST are its own breakdown's", async () => {
    const res = await get('/api/admin/orders.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="orders-${sydneyDay()}.csv"`);
    expect(headerOf(res.body)).toEqual(ORDER_EXPORT_COLUMNS.map((c) => c.header));
    const rows = csvOf(res.body);
    expect(rows).toHaveLength(placed.length);

    for (const publicId of placed) {
      const detail = (await get(`/api/admin/orders/${publicId}`)).json().data as AdminOrderDetail;
      const row = rows.find((r) => r['Order number'] === detail.invoice_number);
      expect(row, detail.invoice_number).toBeDefined();
      const amounts = amountsOfOrder(detail);
      const shown = Object.fromEntries(breakdownRows(amounts).map((b) => [b.key, b.cents]));
      expect(cents(row?.Subtotal)).toBe(shown.subtotal);
      expect(-cents(row?.Discounts) + 0).toBe(
        (shown.signup_discount ?? 0) + (shown.membership_discount ?? 0) + (shown.code_discount ?? 0),
      );
      expect(cents(row?.['Delivery charge'])).toBe(shown.delivery);
      expect(cents(row?.Total)).toBe(shown.total);
      expect(cents(row?.GST)).toBe(shown.gst);
      expect(cents(row?.Refunded)).toBe(cents(detail.refunded_total));
      // The rows that add up, add up.
      expect(cents(row?.Subtotal) - cents(row?.Discounts) + cents(row?.['Delivery charge'])).toBe(
        cents(row?.Total),
      );
      expect(row?.['Tax invoice number']).toMatch(/^TI-\d{6}$/);
      expect(row?.Date).toBe(sydneyDay());
    }
    const first = rows.find((r) => r.Email === 'guest.buyer@example.com');
    expect(first?.Refunded).toBe('12.34');
    expect(first?.['Payment status']).toBe('partially_refunded');
    const fleet = rows.find((r) => r.Email === 'fleet.report@example.com');
    expect(fleet).toMatchObject({
      'Business name': 'Lee Motors Pty Ltd',
      ABN: '53 004 085 616',
      Discounts: expect.stringMatching(/^\d+\.\d\d$/),
    });
    expect(cents(fleet?.Discounts)).toBeGreaterThan(0);
    // Formula injection: the company cell is text, not a formula.
    expect(rows.find((r) => r.Email === 'formula@example.com')?.['Business name']).toBe("'+SUM(1,2)");

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'export.orders'));
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });

  it('filters like the list and is for admins only', async () => {
    const byEmail = csvOf((await get('/api/admin/orders.csv?q=fleet.report')).body);
    expect(byEmail.map((r) => r.Email)).toEqual(['fleet.report@example.com']);
    const refunded = csvOf((await get('/api/admin/orders.csv?payment_status=partially_refunded')).body);
    expect(refunded.map((r) => r.Email)).toEqual(['guest.buyer@example.com']);
    const past = csvOf((await get('/api/admin/orders.csv?from=2020-01-01&to=2020-01-31')).body);
    expect(past).toEqual([]);
    expect((await get('/api/admin/orders.csv?from=yesterday')).statusCode).toBe(400);
    expect((await get('/api/admin/orders.csv', staffToken)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv' })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/products.csv and /api/admin/customers.csv', () => {
  it('exports products with prices inc. GST and defuses formulas', async () => {
    const res = await get('/api/admin/products.csv');
    expect(res.statusCode).toBe(200);
    expect(headerOf(res.body)).toEqual(PRODUCT_EXPORT_COLUMNS.map((c) => c.header));
    const rows = csvOf(res.body);
    expect(rows.find((r) => r.SKU === 'REP-PADS')).toMatchObject({
      Title: 'Report Pads',
      'Price (inc. GST)': '50.00',
      Stock: '95',
      'Reorder level': '5',
      Archived: '',
    });
    expect(rows.find((r) => r.SKU === 'REP-BULB')?.Title).toBe('\'=HYPERLINK("http://evil.example","Bulb")');
    expect((await get('/api/admin/products.csv', staffToken)).statusCode).toBe(403);
  });

  it('exports members and guest buyers once per email, with business name and ABN', async () => {
    const res = await get('/api/admin/customers.csv');
    expect(res.statusCode).toBe(200);
    expect(headerOf(res.body)).toEqual(CUSTOMER_EXPORT_COLUMNS.map((c) => c.header));
    const rows = csvOf(res.body);
    const guest = rows.filter((r) => (r.Email ?? '').toLowerCase() === 'guest.buyer@example.com');
    expect(guest).toHaveLength(1);
    const guestOrders = await t.database.db.select().from(orders).where(eq(orders.userId, 0));
    const guestSpent = guestOrders
      .filter((o) => o.email.toLowerCase() === 'guest.buyer@example.com')
      .reduce((n, o) => n + o.totalCents, 0);
    expect(guest[0]).toMatchObject({
      Type: 'Guest',
      Orders: '2',
      'Total spent': centsToDecimalString(guestSpent - 1_234),
    });
    expect(guest[0]?.['Last order date']).toBe(sydneyDay());
    expect(rows.find((r) => r.Email === 'fleet.report@example.com')).toMatchObject({
      Type: 'Member',
      Name: 'Sam Lee',
      'Business name': 'Lee Motors Pty Ltd',
      ABN: '53 004 085 616',
      Orders: '1',
    });
    expect(rows.find((r) => r.Email === 'formula@example.com')?.['Business name']).toBe("'+SUM(1,2)");
    expect((await get('/api/admin/customers.csv', staffToken)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/reports/sales', () => {
  it('agrees with the dashboard and with the orders export for the same period', async () => {
    const res = await get('/api/admin/reports/sales?period=month');
    expect(res.statusCode).toBe(200);
    const report = res.json() as SalesReport;
    const dashboard = await readDashboard(t.database.db);
    expect(report.to).toBe(sydneyDay());
    expect(report.from).toBe(`${sydneyDay().slice(0, 7)}-01`);
    expect(report.totals).toMatchObject({
      orders: dashboard.periods.month.orders,
      charged: dashboard.periods.month.revenue,
      gst: dashboard.periods.month.gst,
      refunded: dashboard.periods.month.refunded,
      net_sales: dashboard.periods.month.net_revenue,
    });
    expect(report.totals.orders).toBe(placed.length);
    expect(report.totals.items).toBe(2 + 3 + 1 + 3 + 1);

    const exported = csvOf((await get(`/api/admin/orders.csv?from=${report.from}&to=${report.to}`)).body);
    const counted = exported.filter((r) =>
      countsAsCharged({ status: r.Status ?? '', paymentStatus: r['Payment status'] ?? '' }),
    );
    const sum = (key: string) => centsToDecimalString(counted.reduce((n, r) => n + cents(r[key]), 0));
    expect(report.totals.charged).toBe(sum('Total'));
    expect(report.totals.gst).toBe(sum('GST'));
    expect(report.totals.refunded).toBe(sum('Refunded'));

    // By day adds up to the totals; by product and category add up to the lines sold.
    const dayCents = (key: 'charged' | 'gst' | 'refunded') =>
      report.days.reduce((n, d) => n + cents(d[key]), 0);
    expect(centsToDecimalString(dayCents('charged'))).toBe(report.totals.charged);
    expect(centsToDecimalString(dayCents('refunded'))).toBe(report.totals.refunded);
    expect(report.products.map((p) => [p.sku, p.quantity])).toEqual([
      ['REP-PADS', 5],
      ['REP-BULB', 5],
    ]);
    expect(report.products[0]?.sales).toBe('250.00');
    const productQty = report.products.reduce((n, p) => n + p.quantity, 0);
    expect(report.categories.reduce((n, c) => n + c.quantity, 0)).toBe(productQty);
    expect(report.categories.reduce((n, c) => n + cents(c.sales), 0)).toBe(
      report.products.reduce((n, p) => n + cents(p.sales), 0),
    );
  });

  it('gives each section as CSV, checks custom ranges and is for admins only', async () => {
    const today = sydneyDay();
    const csv = await get(
      `/api/admin/reports/sales.csv?period=custom&from=${today}&to=${today}&section=products`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="sales-products-${today}.csv"`);
    const rows = csvOf(csv.body);
    expect(rows.map((r) => r.SKU)).toEqual(['REP-PADS', 'REP-BULB']);
    expect(rows[1]?.Product).toBe('\'=HYPERLINK("http://evil.example","Bulb")');
    const totals = csvOf((await get(`/api/admin/reports/sales.csv?section=totals`)).body);
    const json = (await get('/api/admin/reports/sales')).json() as SalesReport;
    expect(totals[0]?.['Charged (inc. GST)']).toBe(json.totals.charged);

    const noTo = await get('/api/admin/reports/sales?period=custom&from=2026-01-01');
    expect(noTo.statusCode).toBe(400);
    expect(noTo.json().errors).toEqual([{ field: 'to', message: REPORT_MESSAGES.customNeedsDates }]);
    const backwards = await get('/api/admin/reports/sales?period=custom&from=2026-02-01&to=2026-01-01');
    expect(backwards.json().errors).toEqual([{ field: 'to', message: REPORT_MESSAGES.toBeforeFrom }]);
    expect((await get('/api/admin/reports/sales.csv?section=everything')).statusCode).toBe(400);
    expect((await get('/api/admin/reports/sales', staffToken)).statusCode).toBe(403);
  });
});
