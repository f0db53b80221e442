/**
 * The back office's trade accounts (issue 39 §6): guarded (admins only), deciding applications (mails read from
 * the outbox, the ex-GST display turned on, one decision of two at once), changing and listing accounts, payments
 * (never more than owed, also when sent together), the ageing report, and price lists (validation, names, in use,
 * rule targets by name, and a preview that agrees with the one precedence rule).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_DISPLAY_META_KEY } from '@store/shared/gst-prices';
import {
  TRADE_ADMIN_MESSAGES as A,
  TRADE_MESSAGES,
  TRADE_TERMS_WORDS,
  storeDay,
} from '@store/shared/trade-accounts';
import { tradeUnitPrice } from '@store/shared/trade-pricing';
import {
  auditLog,
  brands,
  products,
  tradeAccounts,
  tradeAccountPriceLists,
  tradeLedger,
  userMeta,
} from '../../db/schema';
import { injectAtOnce, statusCounts } from '../../../tests/concurrency';
import { seedCatalog } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { seedStaff } from '../../../tests/seeders';
import { seedApprovedTradeAccount, seedLedgerInvoice, seedTradeApplication } from '../../../tests/seed-trade';
import { loadPriceLists } from '../trade/trade-pricing-context';

let t: TestApp;
let adminToken = '';
let staffToken = '';

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db);
  adminToken = (await seedStaff(t, { email: 'trade-admin@example.com', role: 'admin', name: 'Trade Admin' }))
    .token;
  staffToken = (await seedStaff(t, { email: 'trade-staff@example.com', role: 'staff' })).token;
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  token = adminToken,
) =>
  t.app.inject({
    method,
    url: `/api/admin/${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

async function mailsTo(email: string): Promise<ParsedMail[]> {
  await t.app.mail.settled();
  const dir = t.app.config.outboxDir;
  const files = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(
    files
      .filter((f) => f.endsWith('.eml'))
      .map(async (f) => simpleParser(await readFile(path.join(dir, f), 'utf8'))),
  );
  return mails.filter((m) => JSON.stringify(m.to ?? '').includes(email));
}

async function createList(name: string, rules: object[]): Promise<number> {
  const res = await call('POST', 'price-lists', { name, rules });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function brandId(permalink: string): Promise<number> {
  const [b] = await t.database.db
    .select({ id: brands.id })
    .from(brands)
    .where(eq(brands.permalink, permalink));
  return b!.id;
}
async function productBySku(sku: string) {
  const [p] = await t.database.db.select().from(products).where(eq(products.sku, sku));
  return p!;
}

describe('guard', () => {
  it('refuses staff, customers and strangers', async () => {
    expect((await call('GET', 'trade-applications', undefined, staffToken)).statusCode).toBe(403);
    expect((await call('GET', 'price-lists', undefined, staffToken)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/trade-accounts' })).statusCode).toBe(401);
    const app = await seedTradeApplication(t);
    expect((await call('GET', 'trade-accounts', undefined, app.owner.token)).statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents every back-office trade route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const p of [
      '/api/admin/trade-applications',
      '/api/admin/trade-accounts/{id}/decision',
      '/api/admin/trade-accounts/{id}/payments',
      '/api/admin/trade-accounts/{id}/statements/{month}',
      '/api/admin/trade-ageing',
      '/api/admin/price-lists/{id}',
      '/api/admin/price-lists/preview',
    ])
      expect(Object.keys(doc.paths), p).toContain(p);
  });
});

describe('applications', () => {
  it('lists pending first, newest first, with the ABR check and the owner', async () => {
    const older = await seedTradeApplication(t, {
      businessName: 'Older Garage',
      abnCheck: {
        entity_name: 'OLDER GARAGE PTY LTD',
        active: true,
        gst_registered: true,
        checked_at: '2026-12-01T00:00:00Z',
      },
      createdAt: new Date('2026-11-01T00:00:00Z'),
    });
    const newer = await seedTradeApplication(t, {
      businessName: 'Newer Garage',
      createdAt: new Date('2026-11-20T00:00:00Z'),
    });
    await seedTradeApplication(t, {
      businessName: 'Declined Garage',
      status: 'declined',
      createdAt: new Date('2026-12-01T00:00:00Z'),
    });
    const res = await call('GET', 'trade-applications');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; status: string; business_name: string }[];
    const firstNonPending = data.findIndex((a) => a.status !== 'pending');
    expect(data.slice(firstNonPending).every((a) => a.status !== 'pending')).toBe(true);
    const ids = data.map((a) => a.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const o = data.find((a) => a.id === older.id)!;
    expect(o).toMatchObject({
      business_name: 'Older Garage',
      abn_check: { entity_name: 'OLDER GARAGE PTY LTD', active: true },
      owner_email: older.owner.email,
      expected_monthly_spend: '2500.00',
      state: 'NSW',
    });
    const pendingOnly = (await call('GET', 'trade-applications?status=pending')).json().data as {
      status: string;
    }[];
    expect(pendingOnly.every((a) => a.status === 'pending')).toBe(true);
  });

  it('approves with lists, limit and terms: mails owner and accounts email, turns on ex-GST, audits; a second decision is 409', async () => {
    const listId = await createList('Trade Approve', [
      { scope: 'all', target_id: null, percent_off: 10, fixed_price: null },
    ]);
    const app = await seedTradeApplication(t, {
      businessName: 'Approve Me Motors',
      accountsEmail: 'ap@approve.example.com',
    });
    const res = await call('POST', `trade-accounts/${app.id}/decision`, {
      decision: 'approve',
      price_list_ids: [listId],
      credit_limit: '5,000',
      terms: '30_eom',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(TRADE_MESSAGES.decided('approved'));
    expect(body.data.account).toMatchObject({
      status: 'approved',
      credit_limit: '5000.00',
      terms: '30_eom',
      price_lists: ['Trade Approve'],
    });
    expect(body.data.application.decided_by).toBe('Trade Admin');
    for (const to of [app.owner.email, 'ap@approve.example.com']) {
      const [mail] = await mailsTo(to);
      expect(mail, `mail to ${to}`).toBeDefined();
      expect(mail!.subject).toMatch(/trade account is approved/);
      expect(mail!.text).toContain('Trade Approve');
      expect(mail!.text).toContain('$5000.00');
      expect(mail!.text).toContain(TRADE_TERMS_WORDS['30_eom']);
    }
    const meta = await t.database.db
      .select()
      .from(userMeta)
      .where(and(eq(userMeta.userId, app.owner.id), eq(userMeta.option, PRICE_DISPLAY_META_KEY)));
    expect(meta[0]?.value).toBe('ex_gst');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'trade_account'), eq(auditLog.entityId, String(app.id))));
    expect(audits.map((a) => a.action)).toEqual(['trade_account.approve']);

    const again = await call('POST', `trade-accounts/${app.id}/decision`, {
      decision: 'decline',
      reason: 'Too late',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(A.alreadyDecided('approved'));
  });

  it('declines with the reason mailed; a decline without a reason is 400; unknown lists and accounts are refused', async () => {
    const app = await seedTradeApplication(t, {
      businessName: 'Decline Me',
      accountsEmail: 'dec@decline.example.com',
    });
    const blank = await call('POST', `trade-accounts/${app.id}/decision`, {
      decision: 'decline',
      reason: '  ',
    });
    expect(blank.statusCode).toBe(400);
    const unknown = await call('POST', `trade-accounts/${app.id}/decision`, {
      decision: 'approve',
      price_list_ids: [999_999],
      credit_limit: '100',
      terms: '7_days',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(A.unknownPriceLists);
    expect(
      (await call('POST', `trade-accounts/999999/decision`, { decision: 'decline', reason: 'x' })).statusCode,
    ).toBe(404);
    const res = await call('POST', `trade-accounts/${app.id}/decision`, {
      decision: 'decline',
      reason: 'We could not verify the ABN holder.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.account).toMatchObject({
      status: 'declined',
      decline_reason: 'We could not verify the ABN holder.',
    });
    const [mail] = await mailsTo('dec@decline.example.com');
    expect(mail!.text).toContain('We could not verify the ABN holder.');
    expect((await mailsTo(app.owner.email)).length).toBe(1);
  });

  it('two staff deciding at once: one 200, one 409, one decision stored', async () => {
    const app = await seedTradeApplication(t, { businessName: 'Race Motors' });
    const responses = await injectAtOnce(t.app, 2, (i) => ({
      method: 'POST',
      url: `/api/admin/trade-accounts/${app.id}/decision`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload:
        i === 0
          ? { decision: 'approve', price_list_ids: [], credit_limit: '1000', terms: '7_days' }
          : { decision: 'decline', reason: 'No' },
    }));
    expect(statusCounts(responses)).toEqual({ 200: 1, 409: 1 });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'trade_account'), eq(auditLog.entityId, String(app.id))));
    expect(audits).toHaveLength(1);
    const [row] = await t.database.db.select().from(tradeAccounts).where(eq(tradeAccounts.id, app.id));
    expect(row!.status).toBe(audits[0]!.action === 'trade_account.approve' ? 'approved' : 'declined');
  });
});

describe('accounts and payments', () => {
  it('lists accounts with money and search, shows the detail with the ledger, and edits lists, limit, terms and status', async () => {
    const acc = await seedApprovedTradeAccount(t, { businessName: 'Ledger Lane Autos' });
    const today = storeDay(new Date());
    await seedLedgerInvoice(t.database.db, acc.id, 10_000, '2026-01-05', '2026-02-04');
    await seedLedgerInvoice(t.database.db, acc.id, 5_000, today, '2099-01-01');
    const list = await call('GET', 'trade-accounts?search=ledger lane');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        id: acc.id,
        balance: '150.00',
        overdue: '100.00',
        ageing: expect.objectContaining({ current: '50.00', '90_plus': '100.00' }),
      }),
    ]);
    const byAbn = (
      await call('GET', `trade-accounts?search=${acc.abn.slice(0, 2)} ${acc.abn.slice(2, 5)}`)
    ).json().data as { id: number }[];
    expect(byAbn.map((a) => a.id)).toContain(acc.id);

    const detail = await call('GET', `trade-accounts/${acc.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.ledger.map((e: { balance: string }) => e.balance)).toEqual([
      '100.00',
      '150.00',
    ]);
    expect(detail.json().data.account.open_invoices).toHaveLength(2);

    const listId = await createList('Edit List', [
      { scope: 'all', target_id: null, percent_off: 5, fixed_price: null },
    ]);
    const patched = await call('PATCH', `trade-accounts/${acc.id}`, {
      price_list_ids: [listId],
      credit_limit: '7500.50',
      terms: '14_days',
      status: 'suspended',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data.account).toMatchObject({
      status: 'suspended',
      credit_limit: '7500.50',
      terms: '14_days',
      price_lists: ['Edit List'],
    });
    expect(patched.json().data.price_list_ids).toEqual([listId]);
    const trail = (await call('GET', `trade-accounts/${acc.id}`)).json().audit as {
      action: string;
      after: Record<string, unknown>;
    }[];
    expect(trail[0]).toMatchObject({
      action: 'trade_account.update',
      after: { status: 'suspended', credit_limit_cents: 750_050, terms: '14_days' },
    });
    const pending = await seedTradeApplication(t);
    expect((await call('PATCH', `trade-accounts/${pending.id}`, { credit_limit: '10' })).statusCode).toBe(
      409,
    );
  });

  it('records a payment with its reference, day and who; refuses one above the balance', async () => {
    const acc = await seedApprovedTradeAccount(t, { businessName: 'Pay Once Pty' });
    await seedLedgerInvoice(t.database.db, acc.id, 20_000, '2026-11-03', '2026-12-03');
    const tooMuch = await call('POST', `trade-accounts/${acc.id}/payments`, {
      amount: '200.01',
      reference: 'EFT 1',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(TRADE_MESSAGES.paymentTooLarge);
    const ok = await call('POST', `trade-accounts/${acc.id}/payments`, {
      amount: '150',
      reference: 'EFT 2',
      received_day: '2026-11-20',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().message).toBe(TRADE_MESSAGES.paymentRecorded);
    expect(ok.json().data.account.balance).toBe('50.00');
    const [payment] = await t.database.db
      .select()
      .from(tradeLedger)
      .where(and(eq(tradeLedger.tradeAccountId, acc.id), eq(tradeLedger.kind, 'payment')));
    expect(payment).toMatchObject({ amountCents: -15_000, reference: 'EFT 2', entryDay: '2026-11-20' });
    expect(payment!.recordedBy).not.toBeNull();
    const ledger = (await call('GET', `trade-accounts/${acc.id}`)).json().data.ledger as {
      kind: string;
      recorded_by: string | null;
    }[];
    expect(ledger.map((e) => [e.kind, e.recorded_by])).toEqual([
      ['invoice', null],
      ['payment', 'Trade Admin'],
    ]);
    expect(
      (await call('POST', `trade-accounts/${acc.id}/payments`, { amount: '0', reference: 'x' })).statusCode,
    ).toBe(400);
  });

  it('10 payments at once that together exceed the balance: the balance never goes below 0', async () => {
    const acc = await seedApprovedTradeAccount(t, { businessName: 'Race Payments' });
    await seedLedgerInvoice(t.database.db, acc.id, 10_000, '2026-11-03', '2026-12-03');
    const responses = await injectAtOnce(t.app, 10, (i) => ({
      method: 'POST',
      url: `/api/admin/trade-accounts/${acc.id}/payments`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { amount: '30', reference: `EFT race ${i}` },
    }));
    expect(statusCounts(responses)).toEqual({ 201: 3, 400: 7 });
    const entries = await t.database.db
      .select()
      .from(tradeLedger)
      .where(eq(tradeLedger.tradeAccountId, acc.id));
    expect(entries.reduce((s, e) => s + e.amountCents, 0)).toBe(1_000);
  });

  it('the ageing report totals every bucket over the accounts that owe', async () => {
    const res = await call('GET', 'trade-ageing');
    expect(res.statusCode).toBe(200);
    const report = res.json();
    const cents = (s: string) => Math.round(Number(s) * 100);
    for (const bucket of ['current', '1_30', '31_60', '61_90', '90_plus'] as const) {
      expect(cents(report.totals[bucket])).toBe(
        report.accounts.reduce(
          (s: number, a: { ageing: Record<string, string> }) => s + cents(a.ageing[bucket]!),
          0,
        ),
      );
    }
    expect(report.accounts.every((a: { balance: string }) => a.balance !== '0.00')).toBe(true);
    expect(report.accounts.length).toBeGreaterThan(0);
  });
});

describe('price lists', () => {
  it('validates rules: a fixed price on a brand, both kinds, no target, an unknown target, a repeated target', async () => {
    const kestrel = await brandId('kestrel');
    const fixedOnBrand = await call('POST', 'price-lists', {
      name: 'Bad',
      rules: [{ scope: 'brand', target_id: kestrel, percent_off: null, fixed_price: '10' }],
    });
    expect(fixedOnBrand.statusCode).toBe(400);
    expect(fixedOnBrand.json().message).toBe('Fixed prices are set per product');
    const both = await call('POST', 'price-lists', {
      name: 'Bad',
      rules: [{ scope: 'brand', target_id: kestrel, percent_off: 5, fixed_price: '10' }],
    });
    expect(both.json().message).toBe('Give either a percentage off or a fixed price, not both');
    const noTarget = await call('POST', 'price-lists', {
      name: 'Bad',
      rules: [{ scope: 'brand', target_id: null, percent_off: 5, fixed_price: null }],
    });
    expect(noTarget.json().message).toBe('Choose what the rule applies to');
    const unknown = await call('POST', 'price-lists', {
      name: 'Bad',
      rules: [{ scope: 'brand', target_id: 987_654, percent_off: 5, fixed_price: null }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(A.unknownTarget('brand', 987_654));
    const repeated = await call('POST', 'price-lists', {
      name: 'Bad',
      rules: [
        { scope: 'brand', target_id: kestrel, percent_off: 5, fixed_price: null },
        { scope: 'brand', target_id: kestrel, percent_off: 6, fixed_price: null },
      ],
    });
    expect(repeated.statusCode).toBe(400);
    expect(
      (await call('GET', 'price-lists')).json().data.some((l: { name: string }) => l.name === 'Bad'),
    ).toBe(false);
  });

  it('creates, names targets, refuses a taken name, replaces, refuses deleting a list in use, deletes, audits', async () => {
    const kestrel = await brandId('kestrel');
    const globe = await productBySku('KL-H4-6055');
    const id = await createList('Workshop', [
      { scope: 'brand', target_id: kestrel, percent_off: 12.5, fixed_price: null },
      { scope: 'product', target_id: globe.id, percent_off: null, fixed_price: '19.95' },
    ]);
    const got = (await call('GET', `price-lists/${id}`)).json();
    expect(got.data.rules).toEqual([
      {
        scope: 'product',
        target_id: globe.id,
        target_name: `${globe.title} (KL-H4-6055)`,
        percent_off: null,
        fixed_price: '19.95',
      },
      {
        scope: 'brand',
        target_id: kestrel,
        target_name: 'Kestrel Lighting',
        percent_off: 12.5,
        fixed_price: null,
      },
    ]);
    const dup = await call('POST', 'price-lists', { name: 'workshop', rules: [] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(TRADE_MESSAGES.priceListNameTaken);
    const other = await createList('Other', []);
    expect((await call('PUT', `price-lists/${other}`, { name: 'Workshop', rules: [] })).statusCode).toBe(409);
    const replaced = await call('PUT', `price-lists/${id}`, {
      name: 'Workshop Gold',
      rules: [{ scope: 'all', target_id: null, percent_off: 3, fixed_price: null }],
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data).toMatchObject({
      name: 'Workshop Gold',
      rules: [{ scope: 'all', target_name: 'Whole catalog', percent_off: 3 }],
    });
    const acc = await seedApprovedTradeAccount(t);
    await t.database.db.insert(tradeAccountPriceLists).values({ tradeAccountId: acc.id, priceListId: id });
    const inUse = await call('DELETE', `price-lists/${id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(TRADE_MESSAGES.priceListInUse);
    expect(
      (await call('GET', 'price-lists')).json().data.find((l: { id: number }) => l.id === id).accounts,
    ).toBe(1);
    const del = await call('DELETE', `price-lists/${other}`);
    expect(del.statusCode).toBe(200);
    expect((await call('GET', `price-lists/${other}`)).statusCode).toBe(404);
    const actions = (await call('GET', `price-lists/${id}`))
      .json()
      .audit.map((a: { action: string }) => a.action);
    expect(actions).toEqual(['price_list.update', 'price_list.create']);
  });

  it('finds rule targets by name or SKU', async () => {
    const res = await call('GET', 'price-lists/targets?scope=product&search=kl-h4');
    expect(res.json().data[0]).toMatchObject({
      name: expect.stringContaining('(KL-H4-6055)'),
      price: '24.95',
    });
    expect((await call('GET', 'price-lists/targets?scope=brand&search=kest')).json().data).toEqual([
      { id: await brandId('kestrel'), name: 'Kestrel Lighting', price: null },
    ]);
  });

  it('previews a product for an account: each list, its rule, and the price tradeUnitPrice gives, inc. and ex. GST', async () => {
    const kestrel = await brandId('kestrel');
    const onSale = await productBySku('KL-H7-55'); // $29.95, 10 % off: $26.95
    const a = await createList('Preview A', [
      { scope: 'brand', target_id: kestrel, percent_off: 5, fixed_price: null },
      { scope: 'all', target_id: null, percent_off: 30, fixed_price: null },
    ]);
    const b = await createList('Preview B', [
      { scope: 'product', target_id: onSale.id, percent_off: null, fixed_price: '22.00' },
    ]);
    const acc = await seedApprovedTradeAccount(t);
    await t.database.db.insert(tradeAccountPriceLists).values([
      { tradeAccountId: acc.id, priceListId: a },
      { tradeAccountId: acc.id, priceListId: b },
    ]);
    const res = await call('GET', `price-lists/preview?sku=kl-h7-55&account_id=${acc.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data;
    const expected = tradeUnitPrice(
      {
        id: onSale.id,
        brandId: onSale.brandId,
        categoryId: onSale.categoryId,
        childCategoryId: onSale.childCategoryId,
        shelfPriceCents: 2995,
        retailUnitPriceCents: 2695,
      },
      await loadPriceLists(t.database.db, [a, b]),
    );
    expect(p).toMatchObject({
      product: { sku: 'KL-H7-55' },
      shelf_price: { inc_gst: '29.95', ex_gst: '27.23' },
      sale_price: { inc_gst: '26.95', ex_gst: '24.50' },
      lists: [
        { name: 'Preview A', price: { inc_gst: '28.45' }, rule: '5% off Kestrel Lighting' },
        {
          name: 'Preview B',
          price: { inc_gst: '22.00', ex_gst: '20.00' },
          rule: expect.stringMatching(/^Fixed price for H7/),
        },
      ],
      trade_price: { inc_gst: (expected.unitPriceCents / 100).toFixed(2) },
      list_name: expected.listName,
      basis: expected.basis,
    });
    expect(p.trade_price.inc_gst).toBe('22.00');
    const listOnly = (await call('GET', `price-lists/preview?sku=KL-H7-55&price_list_id=${a}`)).json().data;
    expect(listOnly).toMatchObject({ trade_price: { inc_gst: '26.95' }, basis: 'sale', list_name: null });
    expect((await call('GET', `price-lists/preview?sku=NOPE&price_list_id=${a}`)).statusCode).toBe(404);
    expect((await call('GET', 'price-lists/preview?sku=KL-H7-55')).statusCode).toBe(400);
  });
});
