/**
 * The store settings in the back office (issue 36 §5): admins read and save them; every field is checked with the
 * shared schema and a refusal names the field and saves nothing; a save over a newer version is refused; each save
 * is one audit row of old → new values; and a saved promise is what the storefront's config and the mails say from
 * the next request.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SETTINGS_MESSAGES, type AdminStoreSettings } from '@store/shared/admin-store-settings';
import { computeCheckoutTotals } from '@store/shared/checkout-totals';
import { centsToDecimalString } from '@store/shared/money';
import { DEFAULT_OPENING_HOURS } from '@store/shared/opening-hours';
import { storeConfigSchema } from '@store/shared/store-settings';
import {
  DEFAULT_STORE_PROMISES,
  deliveryEstimateSentence,
  returnsSentence,
  storePromisesOf,
} from '@store/shared/store-promises';
import { auditLog } from '../../db/schema';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedStaff } from '../../../tests/seeders';
import { testOrderBody } from '../orders/test-order-body';

let t: TestApp;
let adminToken = '';
let staffToken = '';
let productId = 0;

beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.rateLimits.placeOrdersPerMinute = 1_000;
    },
  });
  await seedCatalog(t.database.db);
  productId = await seedProduct(t.database.db, {
    sku: 'SET-PADS',
    title: 'Settings Brake Pads',
    priceCents: 4_900,
    stock: 50,
  });
  adminToken = (await seedStaff(t, { email: 'settings-admin@example.com', role: 'admin' })).token;
  staffToken = (await seedStaff(t, { email: 'settings-staff@example.com', role: 'staff' })).token;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT', payload?: object, token = adminToken) =>
  t.app.inject({
    method,
    url: '/api/admin/settings',
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

async function current(): Promise<AdminStoreSettings> {
  const res = await call('GET');
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: AdminStoreSettings }).data;
}

/** The PUT body of the settings as they are now, with `over` applied. */
async function bodyWith(over: Record<string, unknown> = {}) {
  const { gst_percent: _gst, updated_at: _at, ...fields } = await current();
  return { ...fields, ...over };
}

async function storeConfig() {
  const res = await t.app.inject({ method: 'GET', url: '/api/store-config' });
  return storeConfigSchema.parse(res.json().data);
}

describe('GET and PUT /api/admin/settings', () => {
  it('is for admins only', async () => {
    expect((await call('GET', undefined, staffToken)).statusCode).toBe(403);
    expect((await call('PUT', await bodyWith(), staffToken)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(401);
  });

  it('shows a store that never edited its promises the policies’ figures (migration 0028’s defaults)', async () => {
    const s = await current();
    expect(s).toMatchObject({
      delivery_charge_cents: DEFAULT_STORE_PROMISES.deliveryChargeCents,
      free_delivery_threshold_cents: DEFAULT_STORE_PROMISES.freeDeliveryThresholdCents,
      order_cutoff: '18:00',
      handling_days_min: 0,
      handling_days_max: 1,
      delivery_days_min: 5,
      delivery_days_max: 8,
      return_window_days: 30,
      opening_hours: DEFAULT_OPENING_HOURS,
      gst_percent: 10,
    });
    expect(storePromisesOf(await storeConfig())).toEqual(DEFAULT_STORE_PROMISES);
  });

  const refusals: [field: string, value: unknown, message: RegExp][] = [
    ['store_name', '   ', /store name/i],
    ['meta_title', 'x'.repeat(121), /meta title/i],
    ['meta_description', 'x'.repeat(321), /meta description/i],
    ['abn', '51 824 753 557', /check digits/],
    ['abn', '1234', /11 digits/],
    ['business_address', 'x'.repeat(201), /business address/i],
    ['phone', 'call us', /phone/],
    ['sales_email', 'sales at example', /email/],
    ['social_links._facebook_link', 'facebook.com/us', /https/],
    ['opening_hours.days.mon.close', '07:00', /closing time/],
    ['opening_hours.days.tue.open', '25:00', /HH:MM/],
    ['opening_hours.note', 'x'.repeat(201), /note/],
    ['delivery_charge_cents', -1, /negative/],
    ['delivery_charge_cents', 16.5, /dollars and cents/],
    ['free_delivery_threshold_cents', 2_000_000, /at most/],
    ['order_cutoff', '6 PM', /HH:MM/],
    ['handling_days_min', -1, /at least 0/],
    ['handling_days_max', 1.5, /whole number/],
    ['delivery_days_min', 0, /at least 1/],
    ['delivery_days_max', 2, /not be less than/],
    ['return_window_days', 0, /at least 1 day/],
    ['return_window_days', 366, /at most 365/],
    ['return_window_days', '30', /whole number/],
  ];

  it.each(refusals)(
    'refuses a bad %s (%j), naming the field, and saves nothing',
    async (field, value, message) => {
      const before = await current();
      const body = await bodyWith();
      // Set the (possibly nested) field.
      const keys = field.split('.');
      let target = body as Record<string, unknown>;
      for (const k of keys.slice(0, -1)) target = target[k] as Record<string, unknown>;
      target[keys.at(-1)!] = value;
      if (field === 'opening_hours.days.mon.close') (target as { open: string }).open = '08:00';
      const res = await call('PUT', body);
      expect(res.statusCode).toBe(400);
      const errors = (res.json() as { errors: { field: string; message: string }[] }).errors;
      const error = errors.find((e) => e.field === field);
      expect(error, JSON.stringify(errors)).toBeDefined();
      expect(error!.message).toMatch(message);
      expect(await current()).toEqual(before);
    },
  );

  it('saves every field, audits old → new of what changed, and the shop and the mails say it from the next request', async () => {
    const before = await current();
    // Read the config (and so keep it in the settings reader) before the save: the save must not wait for it.
    expect((await storeConfig()).promises.return_window_days).toBe(30);
    const res = await call(
      'PUT',
      await bodyWith({
        return_window_days: 45,
        free_delivery_threshold_cents: 4_000,
        handling_days_min: 1,
        handling_days_max: 2,
        phone: '(02) 5550 0199',
        abn: '51 824 753 556',
        opening_hours: { ...DEFAULT_OPENING_HOURS, days: { ...DEFAULT_OPENING_HOURS.days, sun: null } },
        social_links: { ...before.social_links, _youtube_link: 'https://www.youtube.com/@southside' },
      }),
    );
    expect(res.statusCode).toBe(200);
    const saved = res.json() as { data: AdminStoreSettings; message: string };
    expect(saved.message).toBe(ADMIN_SETTINGS_MESSAGES.saved);
    expect(saved.data.version).toBe(before.version + 1);
    expect(saved.data.return_window_days).toBe(45);

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'store_settings'), eq(auditLog.action, 'settings.update')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.before).toEqual({
      return_window_days: 30,
      free_delivery_threshold_cents: 10_000,
      handling_days_min: 0,
      handling_days_max: 1,
      phone: before.phone,
      abn: before.abn,
      opening_hours: DEFAULT_OPENING_HOURS,
      social_links: before.social_links,
    });
    expect(rows[0]!.after).toMatchObject({ return_window_days: 45, free_delivery_threshold_cents: 4_000 });
    expect((await current()).social_links._youtube_link).toBe('https://www.youtube.com/@southside');
    expect((await call('GET')).json().audit[0]).toMatchObject({ action: 'settings.update' });

    // The storefront's config, at once (this process forgets the settings it kept).
    const config = await storeConfig();
    expect(config.promises.return_window_days).toBe(45);
    expect(config.free_delivery_threshold).toBe(40);
    expect(config.business_contact.phone).toBe('(02) 5550 0199');
    expect(config.opening_hours.days.sun).toBeNull();

    // An order of $49: delivery free under the new $40 threshold; its confirmation states the new promises.
    const email = 'settings.customer@example.com';
    const lines = [{ id: productId, unitPriceCents: 4_900, quantity: 1 }];
    const totals = computeCheckoutTotals(lines, {
      gstPercent: 10,
      deliveryChargeCents: 1_650,
      freeDeliveryThresholdCents: 4_000,
    });
    expect(totals.deliveryChargeCents).toBe(0);
    const d = centsToDecimalString;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/place-order',
      payload: testOrderBody(lines, {
        email,
        subTotal: d(totals.subtotalCents),
        delivery_charges: d(totals.deliveryChargeCents),
        totalGst: d(totals.gstCents),
        grand_total: d(totals.totalCents),
        total_amount: d(totals.totalCents),
      }),
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    await t.app.mail.settled();
    const dir = t.app.config.outboxDir;
    const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
    const raw = (await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')))).find((m) =>
      m.includes(`To: ${email}`),
    );
    const text = ((await simpleParser(raw ?? '')).text ?? '').replace(/\s+/g, ' ');
    const promises = storePromisesOf(config);
    expect(text).toContain(returnsSentence(promises));
    expect(text).toContain('within 45 days of delivery');
    expect(text).toContain(deliveryEstimateSentence(promises));
    expect(text).toContain('We dispatch orders in 1-2 business days');
    expect(text).not.toContain('within 30 days');
  });

  it('says nothing changed, writing nothing, when the form is saved as it is', async () => {
    const before = await current();
    const res = await call('PUT', await bodyWith());
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ADMIN_SETTINGS_MESSAGES.unchanged);
    expect((await current()).version).toBe(before.version);
  });

  it('refuses a save over a version someone else saved, changing nothing', async () => {
    const opened = await bodyWith();
    expect((await call('PUT', { ...opened, return_window_days: 60 })).statusCode).toBe(200);
    const after = await current();
    const res = await call('PUT', { ...opened, return_window_days: 14 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ADMIN_SETTINGS_MESSAGES.stale);
    expect(await current()).toEqual(after);
    expect(after.return_window_days).toBe(60);
  });

  it('lets one of two saves made at once from the same version win, and refuses the other', async () => {
    const opened = await bodyWith();
    const answers = await Promise.all([
      call('PUT', { ...opened, return_window_days: 21 }),
      call('PUT', { ...opened, return_window_days: 28 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().data.return_window_days;
    expect((await current()).return_window_days).toBe(winner);
    expect((await current()).version).toBe(opened.version + 1);
  });
});

describe('delivery options and rates (issue 41)', () => {
  const table = {
    zones: [
      { code: 'metro', name: 'Sydney metro', postCodes: [[2000, 2234]] },
      { code: 'rest', name: 'Rest of Australia', postCodes: [[200, 9999]] },
    ],
    rates: [
      { option: 'standard', zone: 'metro', maxWeightGrams: 5000, priceCents: 995 },
      { option: 'express', zone: 'rest', maxWeightGrams: 5000, priceCents: 2995 },
    ],
    fallbackZone: 'rest',
  };

  it('saves express, its days, the bulky surcharge, uncollected days and the rate table', async () => {
    const res = await call(
      'PUT',
      await bodyWith({
        express_enabled: false,
        express_days_min: 2,
        express_days_max: 3,
        bulky_surcharge_cents: 3000,
        uncollected_after_days: 10,
        rate_table: table,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await current()).toMatchObject({
      express_enabled: false,
      express_days_min: 2,
      express_days_max: 3,
      bulky_surcharge_cents: 3000,
      uncollected_after_days: 10,
      rate_table: table,
    });
  });

  it.each([
    [
      'rate_table.zones.0.postCodes.0',
      { ...table, zones: [{ ...table.zones[0], postCodes: [[2234, 2000]] }, table.zones[1]] },
      /starts after it ends/,
    ],
    [
      'rate_table.zones.0.postCodes.0.0',
      { ...table, zones: [{ ...table.zones[0], postCodes: [[100, 2000]] }, table.zones[1]] },
      /0200 to 9999/,
    ],
    [
      'rate_table.rates.1.zone',
      { ...table, rates: [table.rates[0], { ...table.rates[1], zone: 'perth' }] },
      /zone "perth", which the table does not have/,
    ],
    [
      'rate_table.rates.0.priceCents',
      { ...table, rates: [{ ...table.rates[0], priceCents: -1 }, table.rates[1]] },
      /cannot be negative/,
    ],
    [
      'rate_table.rates.0.maxWeightGrams',
      { ...table, rates: [{ ...table.rates[0], maxWeightGrams: 0 }, table.rates[1]] },
      /above 0/,
    ],
    ['rate_table.fallbackZone', { ...table, fallbackZone: 'nowhere' }, /must be one of the table's zones/],
  ])('refuses a rate table with a bad %s, saving nothing', async (field, rateTable, message) => {
    const before = await current();
    const res = await call('PUT', await bodyWith({ rate_table: rateTable }));
    expect(res.statusCode).toBe(400);
    const errors = (res.json() as { errors: { field: string; message: string }[] }).errors;
    const error = errors.find((e) => e.field === field);
    expect(error, JSON.stringify(errors)).toBeDefined();
    expect(error!.message).toMatch(message);
    expect(await current()).toEqual(before);
  });
});
