/**
 * Issue 39's must-show for price lists: over generated products (brands, categories, some on sale), generated
 * price lists (catalog, category, child category, brand and product percentages, fixed product prices) and
 * generated trade accounts (each in one to three lists), the price every account is shown — by the trade prices
 * call the listings read, by the cart's products, and charged on the order and printed on its tax invoice — is the
 * price the precedence rule of decision 0066 gives. The rule is worked out here a second way (every candidate
 * price listed, then filtered by the rule's words), not by calling `tradeUnitPrice`, so a wrong rule fails.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, parseDecimalToCents } from '@store/shared/money';
import { taxInvoicePath } from '@store/shared/tax-invoice';
import {
  brands,
  categories,
  childCategories,
  orderLineItems,
  orders,
  priceListRules,
  priceLists,
  productDiscounts,
  products,
  tradeAccountPriceLists,
  tradeAccounts,
  tradeAccountUsers,
} from '../../db/schema';
import { bumpCatalogVersion } from '../catalog/catalog-version';
import { HAS_PDFTOTEXT, pdfText } from '../../../tests/pdf-text';
import { seedCatalog } from '../../../tests/seed-catalog';
import { bearer, seedCustomer } from '../../../tests/seeders';
import { createTestApp, type TestApp } from '../../../tests/test-app';
import { testOrderBody } from '../orders/test-order-body';

/** mulberry32, seeded: the same catalog and lists every run, so a failure replays. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = seeded(39);
const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const pick = <T>(xs: readonly T[]): T => xs[between(0, xs.length - 1)]!;

const PRODUCTS = 60;
const LISTS = 6;
const ACCOUNTS = 8;
const MEMBER_PERCENT = 10; // seedCatalog's signup plan: every member order, trade or not (decision 0066)

interface GenProduct {
  id: number;
  sku: string;
  brandId: number;
  categoryId: number;
  childCategoryId: number;
  shelf: number;
  sale: number | null;
}
interface GenRule {
  scope: 'product' | 'brand' | 'child_category' | 'category' | 'all';
  targetId: number | null;
  percentOff: number | null;
  fixed: number | null;
}
interface GenList {
  id: number;
  name: string;
  rules: GenRule[];
}

const catalog: GenProduct[] = [];
const lists: GenList[] = [];
const accounts: { token: string; lists: GenList[] }[] = [];
let t: TestApp;

/**
 * The oracle: every price each list offers for the product with the rule that offers it, then the rule's words —
 * "a fixed price beats a percentage", "the most specific percentage beats the more general", "the lowest of the
 * customer's lists", "a sale does not stack: the lower of the trade price and the sale price", "never above what
 * anyone pays".
 */
function expectedPrice(p: GenProduct, held: readonly GenList[]): { cents: number; list: string | null } {
  const specificity = { product: 0, brand: 1, child_category: 2, category: 3, all: 4 } as const;
  const retail = p.sale ?? p.shelf;
  let best: { cents: number; list: string } | null = null;
  // Equal prices from two lists name the older list (the lower id), so the name shown never flickers.
  for (const list of [...held].sort((a, b) => a.id - b.id)) {
    const offers = list.rules.filter(
      (r) =>
        r.scope === 'all' ||
        (r.scope === 'product' && r.targetId === p.id) ||
        (r.scope === 'brand' && r.targetId === p.brandId) ||
        (r.scope === 'category' && r.targetId === p.categoryId) ||
        (r.scope === 'child_category' && r.targetId === p.childCategoryId),
    );
    if (offers.length === 0) continue;
    const fixed = offers.find((r) => r.fixed !== null);
    let cents: number;
    if (fixed) cents = fixed.fixed!;
    else {
      const chosen = [...offers].sort((a, b) => specificity[a.scope] - specificity[b.scope])[0]!;
      cents = Math.round((p.shelf * (100 - chosen.percentOff!)) / 100);
    }
    if (!best || cents < best.cents) best = { cents, list: list.name };
  }
  if (!best || best.cents >= retail) return { cents: retail, list: null };
  return best;
}

beforeAll(async () => {
  t = await createTestApp({
    config: (c) => {
      c.rateLimits.placeOrdersPerMinute = 100_000;
      c.rateLimits.orderLookupsPerMinute = 100_000;
    },
  });
  const db = t.database.db;
  await seedCatalog(db);
  const brandIds = (await db.select({ id: brands.id }).from(brands)).map((b) => b.id);
  const children = await db.select().from(childCategories);
  const categoryIds = (await db.select({ id: categories.id }).from(categories)).map((c) => c.id);
  expect(categoryIds.length).toBeGreaterThan(1);
  for (let i = 0; i < PRODUCTS; i += 1) {
    const child = pick(children);
    const shelf = between(500, 40_000);
    const onSale = i % 4 === 0;
    const [row] = await db
      .insert(products)
      .values({
        sku: `TRADE-${i}`,
        title: `Trade part ${i}`,
        permalink: `trade-part-${i}`,
        priceCents: shelf,
        stock: 10_000,
        brandId: pick(brandIds),
        categoryId: child.categoryId,
        childCategoryId: child.id,
        searchBrand: '',
        searchCategory: '',
      })
      .returning();
    if (!row) throw new Error('product insert failed');
    let sale: number | null = null;
    if (onSale) {
      const percent = between(5, 40);
      await db
        .insert(productDiscounts)
        .values({ productId: row.id, discountType: 0, discountValue: percent });
      sale = null; // read back below from the API's own discounted price: the product discount rule is not ours
    }
    catalog.push({
      id: row.id,
      sku: row.sku,
      brandId: row.brandId!,
      categoryId: row.categoryId!,
      childCategoryId: row.childCategoryId!,
      shelf,
      sale,
    });
  }
  await bumpCatalogVersion(db);
  // The sale prices as the storefront serves them (the product discount's own rounding, decision 0046).
  const ids = catalog.map((p) => p.id).join(',');
  const served = (await t.app.inject({ url: `/api/cart-products?ids=${ids}` })).json<{
    data: { id: number; discount_data: { discounted_price: string } | null }[];
  }>().data;
  for (const p of catalog) {
    const d = served.find((s) => s.id === p.id)?.discount_data;
    p.sale = d ? parseDecimalToCents(d.discounted_price) : null;
  }

  for (let l = 0; l < LISTS; l += 1) {
    const [list] = await db
      .insert(priceLists)
      .values({ name: `List ${l}` })
      .returning();
    if (!list) throw new Error('list insert failed');
    const rules: GenRule[] = [];
    const used = new Set<string>();
    const add = (r: GenRule) => {
      const key = `${r.scope}:${r.targetId ?? 0}`;
      if (used.has(key)) return;
      used.add(key);
      rules.push(r);
    };
    if (l % 2 === 0) add({ scope: 'all', targetId: null, percentOff: between(2, 15), fixed: null });
    for (let k = 0; k < 3; k += 1)
      add({ scope: 'category', targetId: pick(categoryIds), percentOff: between(5, 30), fixed: null });
    for (let k = 0; k < 3; k += 1)
      add({ scope: 'child_category', targetId: pick(children).id, percentOff: between(5, 35), fixed: null });
    for (let k = 0; k < 2; k += 1)
      add({
        scope: 'brand',
        targetId: pick(brandIds),
        percentOff: between(5, 40) + 0.5 * (k % 2),
        fixed: null,
      });
    for (let k = 0; k < 6; k += 1) {
      const p = pick(catalog);
      add(
        k % 2 === 0
          ? {
              scope: 'product',
              targetId: p.id,
              percentOff: null,
              fixed: Math.max(1, Math.round(p.shelf * (0.5 + random() * 0.6))),
            }
          : { scope: 'product', targetId: p.id, percentOff: between(1, 50), fixed: null },
      );
    }
    await db.insert(priceListRules).values(
      rules.map((r) => ({
        priceListId: list.id,
        scope: r.scope,
        targetId: r.targetId,
        percentOff: r.percentOff === null ? null : String(r.percentOff),
        fixedPriceCents: r.fixed,
      })),
    );
    lists.push({ id: list.id, name: list.name, rules });
  }

  for (let a = 0; a < ACCOUNTS; a += 1) {
    const customer = await seedCustomer(t, { name: `Trade buyer ${a}` });
    const held =
      a === ACCOUNTS - 1
        ? lists.slice()
        : [...new Set(Array.from({ length: between(1, 3) }, () => pick(lists)))];
    const [account] = await db
      .insert(tradeAccounts)
      .values({
        status: 'approved',
        businessName: `Workshop ${a}`,
        abn: `5182475355${a}`.slice(0, 11),
        gstRegistered: true,
        streetAddress: '1 Trade St',
        suburb: 'Parramatta',
        state: 'NSW',
        postCode: '2150',
        contactName: 'Pat',
        contactPhone: '0299998888',
        accountsEmail: `accounts${a}@example.com`,
        expectedMonthlySpendCents: 500_000,
        creditLimitCents: 100_000_000,
      })
      .returning();
    if (!account) throw new Error('account insert failed');
    await db
      .insert(tradeAccountUsers)
      .values({ tradeAccountId: account.id, userId: customer.id, role: 'owner' });
    await db
      .insert(tradeAccountPriceLists)
      .values(held.map((l) => ({ tradeAccountId: account.id, priceListId: l.id })));
    accounts.push({ token: customer.token, lists: held });
  }
});
afterAll(() => t?.close());

describe('one precedence rule, everywhere the price is shown (issue 39 must-show)', () => {
  it('covers what the rule decides: fixed prices, each scope, sales, several lists, lists that do not lower a price', () => {
    const seen = new Set<string>();
    for (const a of accounts)
      for (const p of catalog) {
        const e = expectedPrice(p, a.lists);
        if (e.list === null) seen.add(p.sale !== null ? 'sale wins' : 'retail stands');
        else seen.add(a.lists.length > 1 ? 'several lists' : 'one list');
      }
    expect([...seen].sort()).toEqual(['one list', 'retail stands', 'sale wins', 'several lists']);
  });

  it("the trade prices call and the cart give every account the rule's price for every product", async () => {
    const ids = catalog.map((p) => p.id).join(',');
    let lowered = 0;
    for (const a of accounts) {
      const prices = (
        await t.app.inject({ url: `/api/trade/prices?ids=${ids}`, headers: bearer(a.token) })
      ).json<{
        data: { id: number; price: string; list_name: string }[];
      }>().data;
      const cart = (
        await t.app.inject({ url: `/api/cart-products?ids=${ids}`, headers: bearer(a.token) })
      ).json<{
        data: { id: number; trade_price: { price: string; list_name: string } | null }[];
      }>().data;
      for (const p of catalog) {
        const e = expectedPrice(p, a.lists);
        const listed = prices.find((x) => x.id === p.id);
        const inCart = cart.find((x) => x.id === p.id)?.trade_price ?? null;
        const where = `${p.sku} for lists ${a.lists.map((l) => l.name).join('+')}`;
        if (e.list === null) {
          expect(listed, where).toBeUndefined();
          expect(inCart, where).toBeNull();
        } else {
          lowered += 1;
          expect(
            listed && { cents: parseDecimalToCents(listed.price), list: listed.list_name },
            where,
          ).toEqual(e);
          expect(
            inCart && { cents: parseDecimalToCents(inCart.price), list: inCart.list_name },
            where,
          ).toEqual(e);
        }
      }
    }
    expect(lowered).toBeGreaterThan(50);
  });

  it('a guest and a member without a business get no trade prices; the catalog answers never carry them', async () => {
    const member = await seedCustomer(t);
    const ids = catalog
      .slice(0, 10)
      .map((p) => p.id)
      .join(',');
    const prices = await t.app.inject({ url: `/api/trade/prices?ids=${ids}`, headers: bearer(member.token) });
    expect(prices.json()).toEqual({ data: [] });
    expect((await t.app.inject({ url: `/api/trade/prices?ids=${ids}` })).statusCode).toBe(401);
    const shared = await t.app.inject({
      url: `/api/products/${catalog[0]!.sku}`,
      headers: bearer(accounts[0]!.token),
    });
    expect(shared.body).not.toContain('trade_price');
  });

  it("orders charge the rule's prices, on account, and the tax invoice prints them", async () => {
    for (const [i, a] of accounts.entries()) {
      const chosen = [
        catalog[(i * 7) % PRODUCTS]!,
        catalog[(i * 7 + 3) % PRODUCTS]!,
        catalog[(i * 7 + 5) % PRODUCTS]!,
      ];
      const lines = chosen.map((p, k) => ({
        id: p.id,
        unitPriceCents: expectedPrice(p, a.lists).cents,
        quantity: k + 1,
      }));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/place-order',
        headers: { ...bearer(a.token), 'idempotency-key': randomUUID() },
        payload: testOrderBody(
          lines,
          { payment_method: 'Account', stripePaymentMethodId: undefined, purchase_order_number: `PO-${i}` },
          { signupPercent: MEMBER_PERCENT },
        ),
      });
      expect(res.statusCode, res.body).toBe(200);
      const publicId = res.json<{ data: { id: string } }>().data.id;
      const [order] = await t.database.db.select().from(orders).where(eq(orders.publicId, publicId));
      expect(order?.paymentMethod).toBe('Account');
      expect(order?.purchaseOrderNumber).toBe(`PO-${i}`);
      const items = await t.database.db
        .select()
        .from(orderLineItems)
        .where(eq(orderLineItems.orderId, order!.id));
      for (const line of lines) {
        const item = items.find((it) => it.productId === line.id);
        expect(item?.unitPriceCents, `order ${i} product ${line.id}`).toBe(line.unitPriceCents);
      }
      if (HAS_PDFTOTEXT && i < 2) {
        const pdf = await t.app.inject({ url: taxInvoicePath(publicId), headers: bearer(a.token) });
        expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
        const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
        expect(text).toContain(`Purchase order PO-${i}`);
        expect(text).toContain('Amount (ex. GST)');
        expect(text).toContain('Charged to your trade account: payment due by');
        // Each line ex. GST: its total less one-eleventh, worked out here; then the totals' GST and total.
        for (const line of lines) {
          const total = line.unitPriceCents * line.quantity;
          const exGst = total - Math.round(total / 11);
          expect(text, `invoice of order ${i}`).toMatch(
            new RegExp(`\\$${formatCents(exGst).slice(1).replace('.', '\\.')}`),
          );
        }
        expect(text).toContain(`Total (inc. GST) ${formatCents(order!.totalCents)}`);
      }
    }
  });
});
