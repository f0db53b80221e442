/**
 * The warehouse (issue 36 §4, decision 0054): packing slips and the pick list read as a person would (pdftotext),
 * the pick list's sums, a batch move with one order the rule refuses, carriers with and without tracking links,
 * the store's new-order mail once per order, and the low-stock report: its contents, nothing when nothing is low,
 * the dashboard on the same rule, and the day's claim won by exactly one of many racing runs (two instances on
 * PostgreSQL).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULFILMENT_MESSAGES } from '@store/shared/admin-fulfilment';
import { ADMIN_ORDER_MESSAGES } from '@store/shared/admin-orders';
import type { AdminDashboard } from '@store/shared/admin-dashboard';
import { auditLog, categories, dailyJobRuns, orders, products, storeSettings } from '../../db/schema';
import { atOnce } from '../../../tests/concurrency';
import { HAS_PDFTOTEXT, pdfText } from '../../../tests/pdf-text';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedOrder, seedStaff } from '../../../tests/seeders';
import { LOW_STOCK_JOB, claimDailyRun, runDailyLowStockReport } from './low-stock-report';

let t: TestApp;
let token = '';
let padsId = 0;
let globeId = 0;
let oilId = 0;

const SALES = 'sales@test-auto.example.com';

beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.publicBaseUrl = 'https://shop.example.com.au';
      c.mailFrom = 'no-reply@test-auto.example.com';
      c.rateLimits.placeOrdersPerMinute = 1_000;
    },
  });
  const { db } = t.database;
  await seedCatalog(db);
  await db.update(storeSettings).set({
    salesEmail: SALES,
    businessAddress: '12 Depot Rd, Wetherill Park NSW 2164',
    phone: '(02) 5550 0123',
  });
  const [brakes] = await db
    .insert(categories)
    .values({ title: 'Brakes', sku: 'wh-brakes', permalink: 'wh-brakes' })
    .returning({ id: categories.id });
  padsId = await seedProduct(db, {
    sku: 'WH-PADS',
    title: 'Front Brake Pads',
    priceCents: 5_000,
    stock: 100,
  });
  globeId = await seedProduct(db, {
    sku: 'WH-GLOBE',
    title: 'H4 Headlight Globe',
    priceCents: 2_000,
    stock: 100,
  });
  oilId = await seedProduct(db, { sku: 'WH-OIL', title: 'Engine Oil 5L', priceCents: 4_500, stock: 100 });
  await db.update(products).set({ categoryId: brakes?.id }).where(eq(products.id, padsId));
  token = (await seedStaff(t, { email: 'packer@example.com', role: 'staff' })).token;
});
afterAll(() => t.close());

const post = (url: string, payload?: object, bearer: string | null = token) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    ...(payload ? { payload } : {}),
  });

async function outbox(app = t.app): Promise<ParsedMail[]> {
  await app.mail.settled();
  const dir = app.config.outboxDir;
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
  return Promise.all(files.map(async (f) => simpleParser(await readFile(path.join(dir, f), 'utf8'))));
}
const toOf = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0]?.text : m.to?.text) ?? '';

describe('packing slips and the pick list', () => {
  it('prints a page per order with the ship-to and items, no prices, audited, no-store; the pick list sums per SKU', async () => {
    const a = await seedOrder(t, {
      lines: [
        { id: padsId, unitPriceCents: 5_000, quantity: 2 },
        { id: globeId, unitPriceCents: 2_000, quantity: 1 },
      ],
      fields: {
        ship_to_different_address: true,
        s_f_name: 'Alex',
        s_l_name: 'Packer',
        s_email: 'alex@example.com',
        s_phone: '0298765432',
        s_street_address: '1 Collins St',
        s_city: 'Melbourne',
        s_state: 'Victoria',
        s_post_code: '3000',
        comment: 'Leave at the side door.',
      },
    });
    const b = await seedOrder(t, {
      lines: [
        { id: padsId, unitPriceCents: 5_000, quantity: 1 },
        { id: oilId, unitPriceCents: 4_500, quantity: 3 },
      ],
    });
    const ids = [a.publicId, b.publicId];

    const slips = await post('/api/admin/orders/packing-slips', { orders: ids });
    expect(slips.statusCode).toBe(200);
    expect(slips.headers['content-type']).toBe('application/pdf');
    expect(slips.headers['cache-control']).toBe('private, no-store');
    expect(slips.headers['content-disposition']).toMatch(
      /^attachment; filename="packing-slips-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    if (HAS_PDFTOTEXT) {
      const text = pdfText(slips.rawPayload);
      const pages = text.split('\f').filter((p) => p.trim() !== '');
      expect(pages).toHaveLength(2);
      expect(pages[0]).toContain(a.row.invoiceNumber);
      expect(pages[0]).toContain('Packing slip');
      expect(pages[0]).toContain('Test Auto Parts');
      expect(pages[0]).toContain('12 Depot Rd, Wetherill Park NSW 2164');
      expect(pages[0]).toContain('Alex Packer');
      expect(pages[0]).toContain('1 Collins St, Melbourne');
      expect(pages[0]).toMatch(/WH-PADS\s+Front Brake Pads\s+2/);
      expect(pages[0]).toMatch(/WH-GLOBE\s+H4 Headlight Globe\s+1/);
      expect(pages[0]).toContain('Leave at the side door.');
      expect(pages[1]).toContain(b.row.invoiceNumber);
      expect(pages[1]).toMatch(/WH-OIL\s+Engine Oil 5L\s+3/);
      expect(pages[1]).not.toContain('Front Brake Pads  2');
      // A packing slip travels in the parcel: no prices.
      expect(text).not.toMatch(/\$\d/);
    }

    const list = await post('/api/admin/orders/pick-list', { orders: ids });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    if (HAS_PDFTOTEXT) {
      const text = pdfText(list.rawPayload);
      expect(text).toContain(`2 orders: ${a.row.invoiceNumber}, ${b.row.invoiceNumber}`);
      // Pads: 2 + 1 from both orders, under its category; the others under "Uncategorised".
      expect(text).toMatch(
        new RegExp(
          `WH-PADS\\s+Front Brake Pads\\s+3\\s+${a.row.invoiceNumber} \\(2\\),\\s+${b.row.invoiceNumber}`,
        ),
      );
      expect(text).toMatch(new RegExp(`WH-OIL\\s+Engine Oil 5L\\s+3\\s+${b.row.invoiceNumber} \\(3\\)`));
      expect(text).toMatch(new RegExp(`WH-GLOBE\\s+H4 Headlight Globe\\s+1\\s+${a.row.invoiceNumber}`));
      expect(text.indexOf('Category: Brakes')).toBeLessThan(text.indexOf('Category: Uncategorised'));
      expect(text.indexOf('WH-PADS')).toBeLessThan(text.indexOf('Category: Uncategorised'));
      expect(text).toMatch(/Units to pick\s+7/);
    }

    const audit = await t.database.db
      .select({ action: auditLog.action, entityId: auditLog.entityId })
      .from(auditLog)
      .where(
        and(
          inArray(auditLog.entityId, ids),
          inArray(auditLog.action, ['order.packing_slip', 'order.pick_list']),
        ),
      );
    expect(audit).toHaveLength(4);
  });

  it('refuses outsiders, unknown orders, an empty or repeated selection, and prints nothing then', async () => {
    const one = await seedOrder(t, { lines: [{ id: globeId, unitPriceCents: 2_000, quantity: 1 }] });
    expect((await post('/api/admin/orders/packing-slips', { orders: [one.publicId] }, null)).statusCode).toBe(
      401,
    );
    const unknown = 'Zz'.repeat(8);
    const missing = await post('/api/admin/orders/pick-list', { orders: [one.publicId, unknown] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(FULFILMENT_MESSAGES.unknownOrders([unknown]));
    const empty = await post('/api/admin/orders/packing-slips', { orders: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(FULFILMENT_MESSAGES.noOrders);
    const twice = await post('/api/admin/orders/packing-slips', { orders: [one.publicId, one.publicId] });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain(FULFILMENT_MESSAGES.repeated);
    const printed = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, one.publicId), eq(auditLog.action, 'order.pick_list')));
    expect(printed).toHaveLength(0);
  });
});

describe('batch status moves', () => {
  it('moves the valid orders, reports and skips the one the rule refuses, and mails each shipped order', async () => {
    const placed = await Promise.all(
      [1, 2, 3].map(() => seedOrder(t, { lines: [{ id: globeId, unitPriceCents: 2_000, quantity: 1 }] })),
    );
    const [p1, p2, p3] = placed.map((p) => p.publicId) as [string, string, string];
    const toProcessing = await post('/api/admin/orders/batch-status', {
      moves: [p1, p2].map((order) => ({ order, status: 'processing' })),
    });
    expect(toProcessing.statusCode).toBe(200);
    expect(toProcessing.json()).toMatchObject({ moved: 2, message: FULFILMENT_MESSAGES.batchMoved(2, 2) });

    const before = (await outbox()).length;
    const res = await post('/api/admin/orders/batch-status', {
      moves: [
        { order: p1, status: 'shipped', carrier: 'StarTrack', tracking_number: 'ST 1001' },
        {
          order: p2,
          status: 'shipped',
          carrier: 'Other',
          carrier_name: 'Hunter Express',
          tracking_number: 'HX-77',
        },
        // Still pending: pending → shipped is not a move the rule allows.
        { order: p3, status: 'shipped', carrier: 'Toll', tracking_number: 'TL1' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.moved).toBe(2);
    expect(body.message).toBe(FULFILMENT_MESSAGES.batchMoved(2, 3));
    expect(body.results).toEqual([
      {
        order: p1,
        invoice_number: placed[0]?.row.invoiceNumber,
        moved: true,
        status: 'shipped',
        message: 'Now shipped.',
      },
      {
        order: p2,
        invoice_number: placed[1]?.row.invoiceNumber,
        moved: true,
        status: 'shipped',
        message: 'Now shipped.',
      },
      {
        order: p3,
        invoice_number: placed[2]?.row.invoiceNumber,
        moved: false,
        status: 'pending',
        message: ADMIN_ORDER_MESSAGES.illegalMove('pending', 'shipped'),
      },
    ]);
    const rows = await t.database.db
      .select()
      .from(orders)
      .where(inArray(orders.publicId, [p1, p2, p3]));
    const byId = new Map(rows.map((r) => [r.publicId, r]));
    expect(byId.get(p1)).toMatchObject({
      status: 'shipped',
      carrier: 'StarTrack',
      trackingNumber: 'ST 1001',
    });
    expect(byId.get(p2)).toMatchObject({
      status: 'shipped',
      carrier: 'Hunter Express',
      trackingNumber: 'HX-77',
    });
    expect(byId.get(p3)).toMatchObject({ status: 'pending', carrier: null });
    const moves = await t.database.db
      .select()
      .from(auditLog)
      .where(and(inArray(auditLog.entityId, [p1, p2, p3]), eq(auditLog.action, 'order.status')));
    expect(moves).toHaveLength(4);

    const mails = (await outbox()).slice(before).filter((m) => m.subject?.includes('is on its way'));
    expect(mails).toHaveLength(2);
    const star = mails.find((m) => m.subject?.includes(placed[0]?.row.invoiceNumber ?? '-'));
    expect(star?.text).toContain('https://startrack.com.au/track/details/ST%201001');
    const other = mails.find((m) => m.subject?.includes(placed[1]?.row.invoiceNumber ?? '-'));
    expect(other?.text).toContain('has left our warehouse with Hunter Express');
    expect(other?.text).not.toContain('Tracking link:');

    // The single move and the batch share one rule: a shipped order cannot be shipped again.
    const again = await post('/api/admin/orders/batch-status', {
      moves: [{ order: p1, status: 'shipped', carrier: 'Aramex', tracking_number: 'A1' }],
    });
    expect(again.json().results[0]).toMatchObject({ moved: false, status: 'shipped' });
  });

  it('answers 400 naming the field for a shipment without tracking or an "Other" without its name', async () => {
    const one = await seedOrder(t, { lines: [{ id: globeId, unitPriceCents: 2_000, quantity: 1 }] });
    const noName = await post('/api/admin/orders/batch-status', {
      moves: [{ order: one.publicId, status: 'shipped', carrier: 'Other', tracking_number: 'X1' }],
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain(ADMIN_ORDER_MESSAGES.otherCarrierNeedsName);
    const noTracking = await post('/api/admin/orders/batch-status', {
      moves: [{ order: one.publicId, status: 'shipped', carrier: 'TNT' }],
    });
    expect(noTracking.statusCode).toBe(400);
    expect(noTracking.body).toContain(ADMIN_ORDER_MESSAGES.shippedNeedsTracking);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.publicId, one.publicId));
    expect(row?.status).toBe('pending');
  });
});

describe("the store's new-order mail", () => {
  it('goes to the sales address once per paid order, however often the payment is confirmed', async () => {
    const placed = await seedOrder(t, { lines: [{ id: oilId, unitPriceCents: 4_500, quantity: 2 }] });
    const storeMails = async () =>
      (await outbox()).filter((m) => m.subject?.startsWith(`New order ${placed.row.invoiceNumber} `));
    const first = await storeMails();
    expect(first).toHaveLength(1);
    expect(toOf(first[0] as ParsedMail)).toBe(SALES);
    expect(first[0]?.text).toMatch(/WH-OIL\s+Engine Oil 5L\s+2/);
    expect(first[0]?.text).toContain(`https://shop.example.com.au/admin/orders/${placed.publicId}`);
    // A webhook and reconciliation confirming the same order again change nothing.
    await Promise.all([
      t.app.orderMails.paymentConfirmed(placed.row.id),
      t.app.orderMails.paymentConfirmed(placed.row.id),
    ]);
    expect(await storeMails()).toHaveLength(1);
  });
});

describe('the low-stock report', () => {
  beforeAll(async () => {
    // Only this block's products count: every other product stops tracking stock.
    await t.database.db.update(products).set({ stock: null });
    const { db } = t.database;
    await seedProduct(db, { sku: 'LOW-AT', title: 'Wiper Blade 22in', priceCents: 1_500, stock: 5 });
    await seedProduct(db, { sku: 'LOW-OUT', title: 'Cabin Filter', priceCents: 2_500, stock: 0 });
    const custom = await seedProduct(db, {
      sku: 'LOW-CUSTOM',
      title: 'Spark Plug',
      priceCents: 900,
      stock: 8,
    });
    await db.update(products).set({ reorderLevel: 10 }).where(eq(products.id, custom));
    await seedProduct(db, { sku: 'OK-ABOVE', title: 'Air Filter', priceCents: 2_000, stock: 6 });
    const archived = await seedProduct(db, { sku: 'OLD-ARCH', title: 'Old Part', priceCents: 100, stock: 1 });
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, archived));
  });

  it('lists every product at or below its own reorder level, with links; the dashboard counts the same', async () => {
    const before = (await outbox()).length;
    const res = await post('/api/admin/low-stock-report');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: FULFILMENT_MESSAGES.lowStockSent(3, SALES),
      sent: true,
      products: 3,
    });
    const [mail] = (await outbox()).slice(before);
    expect(mail?.subject).toBe('Low stock at Test Auto Parts: 3 products to reorder');
    expect(toOf(mail as ParsedMail)).toBe(SALES);
    const text = mail?.text ?? '';
    expect(text).toMatch(/LOW-OUT\s+Cabin Filter[\s\S]*0\s+5/);
    expect(text).toMatch(/LOW-CUSTOM[\s\S]*8\s+10/);
    expect(text).toContain('LOW-AT');
    expect(text).toContain('https://shop.example.com.au/admin/products/LOW-CUSTOM');
    expect(text).not.toContain('OK-ABOVE');
    expect(text).not.toContain('OLD-ARCH');
    // Fewest units first.
    expect(text.indexOf('LOW-OUT')).toBeLessThan(text.indexOf('LOW-AT'));

    const dash = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { authorization: `Bearer ${token}` },
    });
    const low = (dash.json() as AdminDashboard).low_stock;
    expect(low.total).toBe(3);
    expect(low.data.map((p) => p.sku).sort()).toEqual(['LOW-AT', 'LOW-CUSTOM', 'LOW-OUT']);
    expect(low.data.find((p) => p.sku === 'LOW-CUSTOM')?.reorder_level).toBe(10);
  });

  it('runs once a day: of many runs at once exactly one claims the day and sends', async () => {
    const now = new Date('2026-12-03T20:00:00Z'); // 7 am on 4 December in Sydney
    const before = (await outbox()).length;
    const outcomes = await atOnce(8, () => runDailyLowStockReport(t.app, now));
    const won = outcomes.filter((o) => o.value !== undefined && o.value !== 'taken');
    expect(outcomes.every((o) => o.error === undefined)).toBe(true);
    expect(won).toHaveLength(1);
    expect((await outbox()).slice(before)).toHaveLength(1);
    const [run] = await t.database.db
      .select()
      .from(dailyJobRuns)
      .where(and(eq(dailyJobRuns.job, LOW_STOCK_JOB), eq(dailyJobRuns.day, '2026-12-04')));
    expect(run?.outcome).toBe('sent 3');
    // The next store day is a new claim.
    expect(await claimDailyRun(t.database.db, LOW_STOCK_JOB, new Date('2026-12-04T20:00:00Z'))).toBe(true);
  });

  it('two instances on one PostgreSQL database: one sends', async () => {
    const url = (t.database as { url?: string }).url;
    if (!url) return; // PGlite: one process, covered above.
    const second = await createTestApp({ databaseUrl: url });
    try {
      const now = new Date('2026-12-06T20:00:00Z');
      const [mineBefore, theirsBefore] = [(await outbox()).length, (await outbox(second.app)).length];
      const outcomes = await atOnce(10, (i) => runDailyLowStockReport(i % 2 === 0 ? t.app : second.app, now));
      expect(outcomes.filter((o) => o.value !== undefined && o.value !== 'taken')).toHaveLength(1);
      const sent = (await outbox()).length - mineBefore + ((await outbox(second.app)).length - theirsBefore);
      expect(sent).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('sends nothing when nothing is low', async () => {
    await t.database.db.update(products).set({ stock: null });
    const before = (await outbox()).length;
    const res = await post('/api/admin/low-stock-report');
    expect(res.json()).toEqual({ message: FULFILMENT_MESSAGES.lowStockNothing, sent: false, products: 0 });
    expect(await runDailyLowStockReport(t.app, new Date('2026-12-08T20:00:00Z'))).toEqual({ products: 0 });
    expect((await outbox()).length).toBe(before);
  });
});
