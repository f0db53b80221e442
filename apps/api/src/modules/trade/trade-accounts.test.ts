/**
 * Trade accounts for their customers (issue 39 §1, §4, §5): applying (checksum, the ABR's ABN Lookup through its
 * fake at the network edge, one application per member and per ABN even at once), ordering "On account" within
 * the credit limit and never while anything is overdue (decided under the account's lock: orders placed at once
 * never take the balance past the limit), discount codes kept off trade prices, the owner's buyers, quick order.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (the races really overlap there).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_MESSAGES, addDays, storeDay, type TradeAccountView } from '@store/shared/trade-accounts';
import { PRICE_DISPLAY_META_KEY } from '@store/shared/gst-prices';
import {
  discountCodes,
  orders,
  priceListRules,
  priceLists,
  products,
  tradeAccountPriceLists,
  tradeAccounts,
  tradeAccountUsers,
  tradeLedger,
  userMeta,
  vehicles,
} from '../../db/schema';
import { VEHICLE_CSV_COLUMNS } from '@store/shared/vehicle';
import { importVehicles } from '../vehicles/import-vehicles';
import { injectAtOnce, statusCounts } from '../../../tests/concurrency';
import { HAS_PDFTOTEXT, pdfText } from '../../../tests/pdf-text';
import { FAKE_ABN_GUID, startFakeAbnLookup, type FakeAbnLookup } from '../../../tests/fakes/fake-abn-lookup';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { bearer, seedCustomer, seedStaff, type SeededCustomer } from '../../../tests/seeders';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { testOrderBody } from '../orders/test-order-body';

const MEMBER_PERCENT = 10;
/** Valid ABNs by the ATO's checksum (the ABR's own examples and ones built to pass it). */
const ABN_ACTIVE = '51824753556';
const ABN_CANCELLED = '53004085616';
const ABN_UNKNOWN = '33102417032';

let t: TestApp;
let abr: FakeAbnLookup;
let widgetId = 0; // $100.00, stock 1000, priced at $80.00 on the trade list
let boltId = 0; // $10.00, on no list

const application = (abn: string, extra: Record<string, unknown> = {}) => ({
  business_name: 'Parra Mechanical Pty Ltd',
  abn,
  gst_registered: true,
  street_address: '12 Church St',
  suburb: 'Parramatta',
  state: 'NSW',
  post_code: '2150',
  contact_name: 'Pat Nguyen',
  contact_phone: '02 9999 8888',
  accounts_email: 'accounts@parramech.example.com',
  expected_monthly_spend: '2,500',
  ...extra,
});

async function approvedAccount(
  owner: SeededCustomer,
  opts: { limitCents: number; listIds?: number[]; abn?: string },
) {
  const [account] = await t.database.db
    .insert(tradeAccounts)
    .values({
      status: 'approved',
      businessName: `Workshop of ${owner.email}`,
      abn: opts.abn ?? String(10_000_000_000 + owner.id),
      gstRegistered: true,
      streetAddress: '1 Trade St',
      suburb: 'Parramatta',
      state: 'NSW',
      postCode: '2150',
      contactName: 'Pat',
      contactPhone: '0299998888',
      accountsEmail: 'accounts@example.com',
      expectedMonthlySpendCents: 100_000,
      creditLimitCents: opts.limitCents,
      terms: '30_eom',
    })
    .returning();
  if (!account) throw new Error('account insert failed');
  await t.database.db
    .insert(tradeAccountUsers)
    .values({ tradeAccountId: account.id, userId: owner.id, role: 'owner' });
  for (const id of opts.listIds ?? [])
    await t.database.db
      .insert(tradeAccountPriceLists)
      .values({ tradeAccountId: account.id, priceListId: id });
  return account;
}

let tradeListId = 0;

function accountOrder(
  token: string,
  lines: { id: number; unitPriceCents: number; quantity: number }[],
  extra = {},
) {
  return {
    method: 'POST' as const,
    url: '/api/place-order',
    headers: { ...bearer(token), 'idempotency-key': randomUUID() },
    payload: testOrderBody(
      lines,
      { payment_method: 'Account', stripePaymentMethodId: undefined, ...extra },
      { signupPercent: MEMBER_PERCENT },
    ),
  };
}

beforeAll(async () => {
  abr = await startFakeAbnLookup();
  abr.records.set(ABN_ACTIVE, {
    entityName: 'PARRA MECHANICAL PTY LTD',
    status: 'Active',
    gst: '2010-07-01',
  });
  abr.records.set(ABN_CANCELLED, { entityName: 'OLD GARAGE PTY LTD', status: 'Cancelled', gst: null });
  t = await createTestApp({
    config: (c) => {
      c.abnLookupGuid = FAKE_ABN_GUID;
      c.abnLookupUrl = abr.baseUrl;
      c.rateLimits.placeOrdersPerMinute = 100_000;
      c.rateLimits.orderLookupsPerMinute = 100_000;
    },
  });
  await seedCatalog(t.database.db);
  widgetId = await seedProduct(t.database.db, {
    sku: 'WIDGET-1',
    title: 'Widget',
    priceCents: 10_000,
    stock: 1000,
  });
  boltId = await seedProduct(t.database.db, { sku: 'BOLT-1', title: 'Bolt', priceCents: 1000, stock: 1000 });
  await t.database.db
    .update(products)
    .set({ partNumbers: 'OE-555, SHARED-9' })
    .where(eq(products.id, widgetId));
  await t.database.db.update(products).set({ partNumbers: 'SHARED-9' }).where(eq(products.id, boltId));
  const [list] = await t.database.db.insert(priceLists).values({ name: 'Trade' }).returning();
  tradeListId = list!.id;
  await t.database.db
    .insert(priceListRules)
    .values({ priceListId: tradeListId, scope: 'product', targetId: widgetId, fixedPriceCents: 8000 });
});
afterAll(async () => {
  await t?.close();
  await abr?.close();
});

describe('applying for a trade account', () => {
  it('refuses an ABN that fails the checksum, naming the field, and asks the ABR nothing', async () => {
    const member = await seedCustomer(t);
    const before = abr.asked.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trade/applications',
      headers: bearer(member.token),
      payload: application('51 824 753 557'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field: 'abn', message: TRADE_MESSAGES.abnInvalid });
    expect(abr.asked.length).toBe(before);
  });

  it('refuses an ABN the ABR lists as cancelled or does not know', async () => {
    const member = await seedCustomer(t);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/api/trade/applications',
      headers: bearer(member.token),
      payload: application(ABN_CANCELLED),
    });
    expect(cancelled.statusCode).toBe(400);
    expect(cancelled.json().message).toBe(TRADE_MESSAGES.abnNotActive('OLD GARAGE PTY LTD'));
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/trade/applications',
      headers: bearer(member.token),
      payload: application(ABN_UNKNOWN),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(TRADE_MESSAGES.abnNotFound);
  });

  it('takes an application pending, with what the ABR said, mails it, and refuses a second one', async () => {
    const member = await seedCustomer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trade/applications',
      headers: bearer(member.token),
      payload: application('51 824 753 556'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json<{ data: TradeAccountView }>().data;
    expect(view).toMatchObject({
      status: 'pending',
      role: 'owner',
      abn: '51 824 753 556',
      can_order_on_account: false,
    });
    const [row] = await t.database.db.select().from(tradeAccounts).where(eq(tradeAccounts.id, view.id));
    expect(row?.abnCheck).toMatchObject({
      entity_name: 'PARRA MECHANICAL PTY LTD',
      active: true,
      gst_registered: true,
    });
    expect(row?.expectedMonthlySpendCents).toBe(250_000);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/trade/applications',
      remoteAddress: '10.39.1.1',
      headers: bearer(member.token),
      payload: application(ABN_ACTIVE),
    });
    expect(again.statusCode).toBe(409);
    // Another customer of the same business is sent to its owner.
    const colleague = await seedCustomer(t);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/trade/applications',
      remoteAddress: '10.39.1.2',
      headers: bearer(colleague.token),
      payload: application(ABN_ACTIVE),
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(TRADE_MESSAGES.abnTaken);
    // A pending account buys at retail: no trade prices, no "On account".
    const prices = await t.app.inject({
      url: `/api/trade/prices?ids=${widgetId}`,
      headers: bearer(member.token),
    });
    expect(prices.json()).toEqual({ data: [] });
    const onAccount = await t.app.inject(
      accountOrder(member.token, [{ id: boltId, unitPriceCents: 1000, quantity: 1 }]),
    );
    expect(onAccount.statusCode).toBe(402);
    expect(onAccount.json().message).toBe(TRADE_MESSAGES.accountNotApproved);
    await t.app.mail.settled();
  });

  it('one member sending ten applications at once gets one account', async () => {
    const member = await seedCustomer(t);
    // The ABR is away for this one: the application is still taken, its check left to the back office.
    const saved = t.app.config.abnLookupUrl;
    t.app.config.abnLookupUrl = 'http://127.0.0.1:9';
    const responses = await injectAtOnce(t.app, 10, (i) => ({
      method: 'POST',
      url: '/api/trade/applications',
      remoteAddress: `10.39.0.${i + 1}`,
      headers: bearer(member.token),
      payload: application(i % 2 === 0 ? '83 914 571 673' : '83914571673'),
    }));
    t.app.config.abnLookupUrl = saved;
    expect(statusCounts(responses)).toEqual({ 201: 1, 409: 9 });
    const rows = await t.database.db
      .select()
      .from(tradeAccountUsers)
      .where(eq(tradeAccountUsers.userId, member.id));
    expect(rows).toHaveLength(1);
    const [account] = await t.database.db
      .select()
      .from(tradeAccounts)
      .where(eq(tradeAccounts.id, rows[0]!.tradeAccountId));
    expect(account?.abnCheck).toBeNull();
  });
});

describe('ordering on account', () => {
  it('charges an approved account, posts the invoice due by its terms, and prints its PO', async () => {
    const owner = await seedCustomer(t);
    const account = await approvedAccount(owner, { limitCents: 100_000, listIds: [tradeListId] });
    const res = await t.app.inject(
      accountOrder(owner.token, [{ id: widgetId, unitPriceCents: 8000, quantity: 2 }], {
        purchase_order_number: ' PO 4471 ',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<{ data: { id: string; payment_method: string } }>().data;
    expect(detail.payment_method).toBe('Account');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.publicId, detail.id));
    expect(order).toMatchObject({
      purchaseOrderNumber: 'PO 4471',
      tradeAccountId: account.id,
      paymentStatus: 'completed',
    });
    // 30 days end of month: the last day of next month.
    const today = storeDay(new Date());
    const [y, m] = today.split('-').map(Number) as [number, number];
    const lastOfNext = new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
    expect(order?.paymentDueDay).toBe(lastOfNext);
    const ledger = await t.database.db
      .select()
      .from(tradeLedger)
      .where(eq(tradeLedger.tradeAccountId, account.id));
    expect(ledger).toMatchObject([
      { kind: 'invoice', amountCents: order!.totalCents, dueDay: lastOfNext, orderId: order!.id },
    ]);
    const view = (await t.app.inject({ url: '/api/trade/account', headers: bearer(owner.token) })).json<{
      data: TradeAccountView;
    }>().data;
    expect(view.balance).toBe((order!.totalCents / 100).toFixed(2));
    expect(view.open_invoices).toMatchObject([
      { invoice_number: order!.invoiceNumber, purchase_order_number: 'PO 4471', bucket: 'current' },
    ]);
    expect(view.statement_months).toEqual([today.slice(0, 7)]);
    // The month's statement, as the business downloads it, lists the invoice and its PO.
    const statement = await t.app.inject({
      url: `/api/trade/statements/${today.slice(0, 7)}`,
      headers: bearer(owner.token),
    });
    expect(statement.statusCode).toBe(200);
    expect(statement.headers['content-type']).toBe('application/pdf');
    if (HAS_PDFTOTEXT) {
      const text = pdfText(statement.rawPayload).replace(/\s+/g, ' ');
      expect(text).toContain(order!.invoiceNumber);
      expect(text).toContain('PO 4471');
    }
    const badMonth = await t.app.inject({
      url: '/api/trade/statements/2026-13',
      headers: bearer(owner.token),
    });
    expect(badMonth.statusCode).toBe(400);
    const stranger = await seedCustomer(t);
    const notTheirs = await t.app.inject({
      url: `/api/trade/statements/${today.slice(0, 7)}`,
      headers: bearer(stranger.token),
    });
    expect(notTheirs.statusCode).toBe(404);
  });

  it('refuses an order past the credit limit with the words to act on, writing nothing; a card still works', async () => {
    const owner = await seedCustomer(t);
    const account = await approvedAccount(owner, { limitCents: 15_000, listIds: [tradeListId] });
    const ordersBefore = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
    // Three widgets at $80 trade: $240 less the 10 % member discount = $216 (delivery free), past $150.
    const over = await t.app.inject(
      accountOrder(owner.token, [{ id: widgetId, unitPriceCents: 8000, quantity: 3 }]),
    );
    expect(over.statusCode).toBe(402);
    expect(over.json().message).toBe(TRADE_MESSAGES.overLimit('$150.00', '$216.00'));
    const ordersAfter = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
    expect(ordersAfter).toBe(ordersBefore);
    expect(
      await t.database.db.select().from(tradeLedger).where(eq(tradeLedger.tradeAccountId, account.id)),
    ).toEqual([]);
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/place-order',
      headers: { ...bearer(owner.token), 'idempotency-key': randomUUID() },
      payload: testOrderBody(
        [{ id: widgetId, unitPriceCents: 8000, quantity: 3 }],
        { purchase_order_number: 'PO-CARD' },
        { signupPercent: MEMBER_PERCENT },
      ),
    });
    expect(card.statusCode, card.body).toBe(200);
  });

  it('refuses "On account" while an invoice is overdue, and the account page says why', async () => {
    const owner = await seedCustomer(t);
    const account = await approvedAccount(owner, { limitCents: 1_000_000 });
    const today = storeDay(new Date());
    await t.database.db.insert(tradeLedger).values({
      tradeAccountId: account.id,
      kind: 'invoice',
      amountCents: 4321,
      reference: 'INV-OLD',
      entryDay: addDays(today, -70),
      dueDay: addDays(today, -40),
    });
    const res = await t.app.inject(
      accountOrder(owner.token, [{ id: boltId, unitPriceCents: 1000, quantity: 1 }]),
    );
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(TRADE_MESSAGES.overdue('$43.21'));
    const view = (await t.app.inject({ url: '/api/trade/account', headers: bearer(owner.token) })).json<{
      data: TradeAccountView;
    }>().data;
    expect(view).toMatchObject({
      can_order_on_account: false,
      on_account_blocked: TRADE_MESSAGES.overdue('$43.21'),
      overdue: '43.21',
    });
    expect(view.ageing['31_60']).toBe('43.21');
  });

  it('orders placed at once never take the balance past the limit', async () => {
    const owner = await seedCustomer(t);
    // Each order: one bolt, $10 less 10 % = $9.00, plus $16.50 delivery = $25.50. The limit fits exactly 3.
    const account = await approvedAccount(owner, { limitCents: 3 * 2550 + 100 });
    const responses = await injectAtOnce(t.app, 10, () =>
      accountOrder(owner.token, [{ id: boltId, unitPriceCents: 1000, quantity: 1 }]),
    );
    expect(statusCounts(responses)).toEqual({ 200: 3, 402: 7 });
    const [sum] = await t.database.db
      .select({ cents: sql<number>`coalesce(sum(${tradeLedger.amountCents}), 0)::int` })
      .from(tradeLedger)
      .where(eq(tradeLedger.tradeAccountId, account.id));
    expect(sum?.cents).toBe(3 * 2550);
    const placed = await t.database.db.select().from(orders).where(eq(orders.tradeAccountId, account.id));
    expect(placed).toHaveLength(3);
  });

  it('a refund of an order on account is a credit on its ledger, once per key, and frees the credit', async () => {
    const owner = await seedCustomer(t);
    const account = await approvedAccount(owner, { limitCents: 100_000, listIds: [tradeListId] });
    const placed = await t.app.inject(
      accountOrder(owner.token, [{ id: widgetId, unitPriceCents: 8000, quantity: 2 }]),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const publicId = placed.json<{ data: { id: string } }>().data.id;
    const admin = await seedStaff(t, { email: `refunds.${owner.id}@example.com`, role: 'admin' });
    const key = randomUUID();
    const refund = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${publicId}/refunds`,
        headers: { ...bearer(admin.token), 'idempotency-key': key },
        payload: { amount: '44.00', reason: 'One widget returned' },
      });
    const [first, again] = [await refund(), await refund()];
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.refund_destination).toBe("a credit on the business's trade account");
    expect(again.statusCode).toBeLessThan(300);
    const ledger = await t.database.db
      .select()
      .from(tradeLedger)
      .where(eq(tradeLedger.tradeAccountId, account.id));
    expect(ledger.map((e) => [e.kind, e.amountCents])).toEqual([
      ['invoice', 14_400],
      ['credit', -4_400],
    ]);
    const view = (await t.app.inject({ url: '/api/trade/account', headers: bearer(owner.token) })).json<{
      data: TradeAccountView;
    }>().data;
    expect(view).toMatchObject({ balance: '100.00', available_credit: '900.00' });
    expect(view.open_invoices).toMatchObject([{ total: '144.00', open: '100.00' }]);
  });

  it('keeps discount codes off trade prices: a code applies to the retail-priced lines only', async () => {
    const owner = await seedCustomer(t);
    await approvedAccount(owner, { limitCents: 1_000_000, listIds: [tradeListId] });
    await t.database.db.insert(discountCodes).values({ code: 'TRADE10', kind: 'percent', value: 10 });
    const onlyTrade = await t.app.inject({
      method: 'POST',
      url: '/api/discount-codes/check',
      headers: bearer(owner.token),
      payload: { code: 'TRADE10', products: [{ id: widgetId, quantity: 1 }] },
    });
    expect(onlyTrade.statusCode, onlyTrade.body).toBe(400);
    expect(onlyTrade.json().message).toBe(TRADE_MESSAGES.codeNotOnTradePrices);
    const mixed = await t.app.inject({
      method: 'POST',
      url: '/api/discount-codes/check',
      headers: bearer(owner.token),
      payload: {
        code: 'TRADE10',
        products: [
          { id: widgetId, quantity: 1 },
          { id: boltId, quantity: 1 },
        ],
      },
    });
    expect(mixed.statusCode, mixed.body).toBe(200);
    expect(mixed.json().data.eligibleLines).toEqual([1]);
  });
});

describe("the owner's buyers and quick order", () => {
  it('the owner adds a buyer by email, who then sees trade prices ex. GST; a buyer cannot add anyone', async () => {
    const owner = await seedCustomer(t);
    const buyer = await seedCustomer(t);
    const stranger = await seedCustomer(t);
    await approvedAccount(owner, { limitCents: 100_000, listIds: [tradeListId] });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/trade/users',
      headers: bearer(owner.token),
      payload: { email: 'nobody@example.com' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(TRADE_MESSAGES.noSuchMember);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/trade/users',
      headers: bearer(owner.token),
      payload: { email: buyer.email.toUpperCase() },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.users.map((u: { role: string }) => u.role)).toEqual(['owner', 'buyer']);
    const prices = await t.app.inject({
      url: `/api/trade/prices?ids=${widgetId},${boltId}`,
      headers: bearer(buyer.token),
    });
    expect(prices.json()).toEqual({ data: [{ id: widgetId, price: '80.00', list_name: 'Trade' }] });
    const [display] = await t.database.db
      .select()
      .from(userMeta)
      .where(sql`${userMeta.userId} = ${buyer.id} AND ${userMeta.option} = ${PRICE_DISPLAY_META_KEY}`);
    expect(display?.value).toBe('ex_gst');
    const byBuyer = await t.app.inject({
      method: 'POST',
      url: '/api/trade/users',
      headers: bearer(buyer.token),
      payload: { email: stranger.email },
    });
    expect(byBuyer.statusCode).toBe(403);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/trade/users/${buyer.id}`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/trade/prices?ids=${widgetId}`, headers: bearer(buyer.token) })).json(),
    ).toEqual({ data: [] });
  });

  it("the business's fleet is every user's garage, with who saved each vehicle", async () => {
    await importVehicles(
      t.database.db,
      [
        VEHICLE_CSV_COLUMNS.join(','),
        'Toyota,HiLux,GUN126R,SR5,2015,7,,,Ute,1GD-FTV,2.8,Diesel,130,4WD',
        'Ford,Ranger,PX2,XLT,2015,6,2018,5,Ute,P5AT,3.2,Diesel,147,4WD',
      ].join('\n'),
    );
    const [hilux, ranger] = await t.database.db.select().from(vehicles).orderBy(vehicles.id);
    const owner = await seedCustomer(t, { name: 'Fleet Owner' });
    const buyer = await seedCustomer(t, { name: 'Fleet Buyer' });
    const outsider = await seedCustomer(t);
    await approvedAccount(owner, { limitCents: 0 });
    await t.app.inject({
      method: 'POST',
      url: '/api/trade/users',
      headers: bearer(owner.token),
      payload: { email: buyer.email },
    });
    const add = (token: string, vehicleId: number, name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/garage',
        headers: bearer(token),
        payload: { vehicle_id: vehicleId, year: 2017, name },
      });
    expect((await add(owner.token, hilux!.id, 'Ute 1')).statusCode).toBeLessThan(300);
    expect((await add(buyer.token, ranger!.id, 'Ute 2')).statusCode).toBeLessThan(300);
    expect((await add(outsider.token, ranger!.id, 'Not ours')).statusCode).toBeLessThan(300);
    const fleet = await t.app.inject({ url: '/api/trade/fleet', headers: bearer(buyer.token) });
    expect(fleet.statusCode, fleet.body).toBe(200);
    expect(fleet.json().data.map((v: { name: string; saved_by: string }) => [v.name, v.saved_by])).toEqual([
      ['Ute 1', 'Fleet Owner'],
      ['Ute 2', 'Fleet Buyer'],
    ]);
    expect(
      (await t.app.inject({ url: '/api/trade/fleet', headers: bearer(outsider.token) })).statusCode,
    ).toBe(404);
  });

  it('quick order finds SKUs in any form and single part numbers, and says what it cannot find', async () => {
    const member = await seedCustomer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trade/quick-order',
      headers: bearer(member.token),
      payload: { text: 'widget-1 3\n\noe555, 2\n2 x bolt1\nSHARED-9 1\nNOPE-1 4\nBOLT-1 0' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.json<{
      data: { line: number; product_id: number | null; quantity: number; problem: string | null }[];
    }>().data;
    expect(lines.map((l) => [l.line, l.product_id, l.quantity])).toEqual([
      [1, widgetId, 3],
      [3, widgetId, 2],
      [4, boltId, 2],
      [5, null, 1],
      [6, null, 4],
      [7, null, 0],
    ]);
    expect(lines[3]?.problem).toMatch(/part number of 2 products/);
    expect(lines[4]?.problem).toMatch(/no product has the SKU or part number "NOPE-1"/);
    expect(lines[5]?.problem).toMatch(/quantity must be 1 to 100/);
  });
});
