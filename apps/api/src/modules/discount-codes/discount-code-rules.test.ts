/**
 * A discount code's rules (issue 34 §5, decision 0047): every refusal with its message, the lines a product- or
 * category-limited code applies to, the minimum spend, the dates, once per email or member, and redeeming and
 * giving back a use; `POST /api/discount-codes/check` answers the same through the app.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeCheckoutTotals } from '@store/shared/checkout-totals';
import { DISCOUNT_CODE_MESSAGES as M, formatCodeDate } from '@store/shared/discount-codes';
import type { Database } from '../../db/client';
import { discountCodeRedemptions, discountCodes, orders, products } from '../../db/schema';
import { HttpError } from '../../plugins/error-handling';
import { seedCatalog, seedProduct } from '../../../tests/seed-catalog';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { TEST_STORE_SETTINGS } from '../orders/test-order-body';
import { redeemDiscountCode, releaseDiscountCode } from './redeem-discount-code';
import { resolveDiscountCode } from './resolve-discount-code';

let t: TestApp;
let db: Database;
let padsId = 0;
let wipersId = 0;
let batteryId = 0;
let batteryCategory = 0;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await seedCatalog(db);
  padsId = await seedProduct(db, {
    sku: 'DC-PADS',
    title: 'Code Brake Pads',
    priceCents: 11_545,
    stock: null,
  });
  wipersId = await seedProduct(db, {
    sku: 'DC-WIPERS',
    title: 'Code Wipers',
    priceCents: 1_999,
    stock: null,
  });
  const [battery] = await db
    .select({ id: products.id, categoryId: products.categoryId })
    .from(products)
    .where(eq(products.sku, 'VC-NS70-680'));
  batteryId = battery!.id;
  batteryCategory = battery!.categoryId!;
});
afterAll(() => t.close());

type NewCode = Partial<typeof discountCodes.$inferInsert> & { code: string };
async function makeCode(c: NewCode): Promise<number> {
  const [row] = await db
    .insert(discountCodes)
    .values({ kind: 'percent', value: 10, ...c })
    .returning({ id: discountCodes.id });
  return row!.id;
}

/** A bare order row for a redemption to point at. */
async function makeOrder(email: string): Promise<number> {
  const who = { fName: 'A', lName: 'B', email, phone: '0400000000', streetAddress: '1 St', city: 'X' };
  const [row] = await db
    .insert(orders)
    .values({
      publicId: `T${Math.random().toString(36).slice(2, 17)}`.padEnd(16, '0'),
      invoiceNumber: `T-${Math.random().toString(36).slice(2)}`,
      paymentMethod: 'Stripe',
      ...who,
      state: 'NSW',
      postCode: '2000',
      sFName: 'A',
      sLName: 'B',
      sEmail: email,
      sPhone: who.phone,
      sStreetAddress: who.streetAddress,
      sCity: 'X',
      sState: 'NSW',
      sPostCode: '2000',
      subtotalCents: 100,
      deliveryChargeCents: 0,
      gstCents: 0,
      totalCents: 100,
      gstPercent: 10,
    })
    .returning({ id: orders.id });
  return row!.id;
}

const line = (productId: number, cents: number, quantity = 1) => ({
  productId,
  lineSubtotalCents: cents * quantity,
});

async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  expect((err as HttpError).statusCode).toBe(400);
  return (err as HttpError).message;
}

describe('resolveDiscountCode', () => {
  it('answers a percent code on every line, whatever case and spaces the shopper typed', async () => {
    await makeCode({ code: 'SAVE10' });
    const r = await resolveDiscountCode(db, ' save 10 ', { lines: [line(padsId, 11_545, 2)] });
    expect(r.discount).toEqual({ code: 'SAVE10', percent: 10, amountCents: null, eligibleLines: null });
    expect(r.message).toBe(M.applied('SAVE10', '10% off'));
  });

  it('refuses each broken rule with its own message', async () => {
    const now = new Date('2026-12-01T00:00:00Z');
    const lines = [line(padsId, 11_545)];
    expect(await refusal(resolveDiscountCode(db, 'NOPE-NOPE', { lines }))).toBe(M.unknown('NOPE-NOPE'));
    await makeCode({ code: 'OFF-NOW', active: false });
    expect(await refusal(resolveDiscountCode(db, 'off-now', { lines }))).toBe(M.inactive('OFF-NOW'));
    const later = new Date('2026-12-10T13:00:00Z');
    await makeCode({ code: 'LATER', startsAt: later });
    expect(await refusal(resolveDiscountCode(db, 'LATER', { lines, now }))).toBe(
      M.notStarted('LATER', formatCodeDate(later)),
    );
    const past = new Date('2026-11-30T12:59:59Z');
    await makeCode({ code: 'GONE', endsAt: past });
    expect(await refusal(resolveDiscountCode(db, 'GONE', { lines, now }))).toBe(
      M.ended('GONE', formatCodeDate(past)),
    );
    expect(formatCodeDate(past)).toBe('30 Nov 2026');
    await makeCode({ code: 'USED-UP', usageLimit: 2, usedCount: 2 });
    expect(await refusal(resolveDiscountCode(db, 'USED-UP', { lines }))).toBe(M.usedUp('USED-UP'));
    await makeCode({ code: 'FOR-ANN', email: 'ann@example.com' });
    expect(await refusal(resolveDiscountCode(db, 'FOR-ANN', { lines, email: 'Bob@example.com' }))).toBe(
      M.otherEmail('FOR-ANN'),
    );
    await makeCode({ code: 'ONLY-PADS', appliesTo: 'products', targetIds: [padsId] });
    expect(await refusal(resolveDiscountCode(db, 'ONLY-PADS', { lines: [line(wipersId, 1_999)] }))).toBe(
      M.appliesToNothing('ONLY-PADS'),
    );
    await makeCode({ code: 'MIN50', minSpendCents: 5_000 });
    const msg = await refusal(resolveDiscountCode(db, 'MIN50', { lines: [line(wipersId, 1_999, 2)] }));
    expect(msg).toBe(M.belowMinimum('MIN50', 5_000, 3_998));
    expect(msg).toContain('$50.00');
    expect(msg).toContain('add $10.02 more');
  });

  it('within its dates and at its minimum spend, a code applies', async () => {
    await makeCode({
      code: 'WINDOW',
      startsAt: new Date('2026-11-01T00:00:00Z'),
      endsAt: new Date('2026-12-31T00:00:00Z'),
      minSpendCents: 3_998,
    });
    const r = await resolveDiscountCode(db, 'WINDOW', {
      lines: [line(wipersId, 1_999, 2)],
      now: new Date('2026-12-01T00:00:00Z'),
    });
    expect(r.discount.code).toBe('WINDOW');
  });

  it('a percent code limited to products takes its percent of those lines only', async () => {
    await makeCode({ code: 'PADS15', value: 15, appliesTo: 'products', targetIds: [padsId] });
    const lines = [line(wipersId, 1_999, 3), line(padsId, 11_545, 2)];
    const r = await resolveDiscountCode(db, 'PADS15', { lines });
    expect(r.discount.eligibleLines).toEqual([1]);
    expect(r.message).toBe(M.appliedTo('PADS15', '15% off', 1));
    const totals = computeCheckoutTotals(
      [
        { unitPriceCents: 1_999, quantity: 3 },
        { unitPriceCents: 11_545, quantity: 2 },
      ],
      TEST_STORE_SETTINGS,
      { code: r.discount },
    );
    // 15% of $230.90 = $34.635 -> $34.64; the wipers are not discounted.
    expect(totals.codeDiscountCents).toBe(3_464);
    expect(totals.totalCents).toBe(5_997 + 23_090 - 3_464);
  });

  it('a code limited to a category applies to that category’s lines; an amount code never passes them', async () => {
    await makeCode({
      code: 'BATT-20',
      kind: 'amount',
      value: 50_000,
      appliesTo: 'categories',
      targetIds: [batteryCategory],
    });
    const lines = [line(padsId, 11_545), line(batteryId, 20_000)];
    const r = await resolveDiscountCode(db, 'BATT-20', { lines });
    expect(r.discount).toEqual({ code: 'BATT-20', percent: null, amountCents: 50_000, eligibleLines: [1] });
    const totals = computeCheckoutTotals(
      [
        { unitPriceCents: 11_545, quantity: 1 },
        { unitPriceCents: 20_000, quantity: 1 },
      ],
      TEST_STORE_SETTINGS,
      { code: r.discount },
    );
    expect(totals.codeDiscountCents).toBe(20_000);
  });

  it('once per customer: refused to the same email (any case) and to the same member, not to others', async () => {
    const codeId = await makeCode({ code: 'ONCE-EACH', oncePerCustomer: true });
    const orderId = await makeOrder('kim@example.com');
    await redeemDiscountCode(db, codeId, { orderId, email: 'Kim@Example.com', userId: 42 });
    const lines = [line(padsId, 11_545)];
    expect(await refusal(resolveDiscountCode(db, 'ONCE-EACH', { lines, email: 'KIM@example.com' }))).toBe(
      M.alreadyUsed('ONCE-EACH'),
    );
    expect(
      await refusal(resolveDiscountCode(db, 'ONCE-EACH', { lines, email: 'other@example.com', userId: 42 })),
    ).toBe(M.alreadyUsed('ONCE-EACH'));
    await expect(
      resolveDiscountCode(db, 'ONCE-EACH', { lines, email: 'lee@example.com' }),
    ).resolves.toBeTruthy();
    // And redeeming again for that email is refused inside the order's transaction too.
    const second = await makeOrder('kim@example.com');
    expect(
      await refusal(redeemDiscountCode(db, codeId, { orderId: second, email: 'kim@example.com', userId: 0 })),
    ).toBe(M.alreadyUsed('ONCE-EACH'));
  });
});

describe('redeemDiscountCode and releaseDiscountCode', () => {
  const usedCount = async (id: number) =>
    (await db.select({ n: discountCodes.usedCount }).from(discountCodes).where(eq(discountCodes.id, id)))[0]
      ?.n;

  it('counts each use up to the limit, refuses the next, and a released use can be made again', async () => {
    const codeId = await makeCode({ code: 'TWICE', usageLimit: 2 });
    const a = await makeOrder('a@example.com');
    const b = await makeOrder('b@example.com');
    const c = await makeOrder('c@example.com');
    await redeemDiscountCode(db, codeId, { orderId: a, email: 'a@example.com', userId: 0 });
    await redeemDiscountCode(db, codeId, { orderId: b, email: 'b@example.com', userId: 0 });
    expect(await usedCount(codeId)).toBe(2);
    expect(
      await refusal(redeemDiscountCode(db, codeId, { orderId: c, email: 'c@example.com', userId: 0 })),
    ).toBe(M.usedUp('TWICE'));
    await releaseDiscountCode(db, b);
    await releaseDiscountCode(db, b);
    expect(await usedCount(codeId)).toBe(1);
    await redeemDiscountCode(db, codeId, { orderId: c, email: 'c@example.com', userId: 0 });
    expect(await usedCount(codeId)).toBe(2);
    const rows = await db
      .select({ orderId: discountCodeRedemptions.orderId })
      .from(discountCodeRedemptions)
      .where(eq(discountCodeRedemptions.codeId, codeId));
    expect(rows.map((r) => r.orderId).sort()).toEqual([a, c].sort());
  });

  it('the database refuses a count past the limit even without the lock', async () => {
    const codeId = await makeCode({ code: 'HARD-LIMIT', usageLimit: 1, usedCount: 1 });
    await expect(
      db.execute(sql`UPDATE discount_codes SET used_count = used_count + 1 WHERE id = ${codeId}`),
    ).rejects.toThrow();
  });
});

describe('POST /api/discount-codes/check', () => {
  const check = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/discount-codes/check', payload });

  it('answers the code discount for the cart priced by the server', async () => {
    await makeCode({ code: 'CHECK-5', kind: 'amount', value: 500 });
    const res = await check({ code: 'check-5', products: [{ id: padsId, quantity: 1 }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { code: 'CHECK-5', percent: null, amountCents: 500, eligibleLines: null },
      message: M.applied('CHECK-5', '$5.00 off'),
    });
  });

  it('answers 400 with the reason, and with the minimum spend worked out on the server’s prices', async () => {
    await makeCode({ code: 'CHECK-MIN', minSpendCents: 20_000 });
    const res = await check({ code: 'CHECK-MIN', products: [{ id: padsId, quantity: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.belowMinimum('CHECK-MIN', 20_000, 11_545));
    const unknown = await check({ code: 'WHAT-IS-THIS', products: [{ id: padsId, quantity: 1 }] });
    expect(unknown.json().message).toBe(M.unknown('WHAT-IS-THIS'));
    const blank = await check({ code: '  ', products: [{ id: padsId, quantity: 1 }] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(M.blank);
  });

  it('is rate limited like the order lookups', async () => {
    const limited = await createTestApp({ config: (c) => (c.rateLimits.orderLookupsPerMinute = 2) });
    try {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/discount-codes/check',
          payload: { code: 'GUESS-1', products: [{ id: 1, quantity: 1 }] },
        });
      await send();
      await send();
      expect((await send()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
