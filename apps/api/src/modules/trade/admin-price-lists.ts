/**
 * The back office's price lists (issue 39 §2, §6; decision 0066): list, read, create, replace (name and every
 * rule at once) and delete (refused while accounts hold the list), each audited; rules name their target (product
 * title and SKU, brand, category); and the preview, which prices one product for an account or a list with the one
 * precedence rule (`tradeUnitPrice`) and says which rule of each list gave its price, inc. and ex. GST.
 */
import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { exGstCents, unitPriceCentsFromColumns } from '@store/shared/checkout-totals';
import { centsToDecimalString } from '@store/shared/money';
import {
  TRADE_ADMIN_MESSAGES as A,
  TRADE_MESSAGES,
  type PriceList,
  type PriceListPreview,
  type priceListRequestSchema,
} from '@store/shared/trade-accounts';
import {
  listPriceCents,
  PRICE_RULE_SCOPES,
  tradeUnitPrice,
  type PriceListRule,
  type PriceListRules,
  type PriceRuleScope,
  type TradePricedProduct,
} from '@store/shared/trade-pricing';
import type { Database } from '../../db/client';
import {
  brands,
  categories,
  childCategories,
  priceListRules,
  priceLists,
  productDiscounts,
  products,
  tradeAccountPriceLists,
  tradeAccounts,
} from '../../db/schema';
import { describeDatabaseError } from '../../db/describe-database-error';
import { HttpError } from '../../plugins/error-handling';
import { recordAudit } from '../admin/record-audit';
import { getStoreSettings } from '../content/content-service';
import { loadPriceLists, priceListIdsOf } from './trade-pricing-context';

export type PriceListRequest = z.output<typeof priceListRequestSchema>;
const AUDIT_ENTITY = 'price_list';
const money = centsToDecimalString;

/** The names of rule targets, by scope and id. */
async function targetNames(db: Database, rules: readonly { scope: string; targetId: number | null }[]) {
  const ids = (scope: string) => [
    ...new Set(rules.filter((r) => r.scope === scope && r.targetId !== null).map((r) => r.targetId!)),
  ];
  const [p, b, c, cc] = await Promise.all([
    ids('product').length
      ? db
          .select({ id: products.id, t: products.title, sku: products.sku })
          .from(products)
          .where(inArray(products.id, ids('product')))
      : [],
    ids('brand').length
      ? db
          .select({ id: brands.id, t: brands.title })
          .from(brands)
          .where(inArray(brands.id, ids('brand')))
      : [],
    ids('category').length
      ? db
          .select({ id: categories.id, t: categories.title })
          .from(categories)
          .where(inArray(categories.id, ids('category')))
      : [],
    ids('child_category').length
      ? db
          .select({ id: childCategories.id, t: childCategories.childTitle, parent: categories.title })
          .from(childCategories)
          .leftJoin(categories, eq(categories.id, childCategories.categoryId))
          .where(inArray(childCategories.id, ids('child_category')))
      : [],
  ]);
  const names = new Map<string, string>();
  for (const r of p) names.set(`product:${r.id}`, `${r.t} (${r.sku})`);
  for (const r of b) names.set(`brand:${r.id}`, r.t);
  for (const r of c) names.set(`category:${r.id}`, r.t);
  for (const r of cc) names.set(`child_category:${r.id}`, r.parent ? `${r.parent} › ${r.t}` : r.t);
  return (scope: string, id: number | null) =>
    scope === 'all'
      ? 'Whole catalog'
      : (names.get(`${scope}:${id}`) ?? `Missing ${scope.replace('_', ' ')} #${id}`);
}

/** Every price list (name order) or those `ids`, with their rules and how many accounts hold them. */
export async function listPriceLists(db: Database, ids?: readonly number[]): Promise<PriceList[]> {
  const lists = await db
    .select()
    .from(priceLists)
    .where(ids ? inArray(priceLists.id, [...ids]) : undefined)
    .orderBy(asc(priceLists.name));
  if (lists.length === 0) return [];
  const listIds = lists.map((l) => l.id);
  const [rules, counts] = await Promise.all([
    db
      .select()
      .from(priceListRules)
      .where(inArray(priceListRules.priceListId, listIds))
      .orderBy(asc(priceListRules.id)),
    db
      .select({ id: tradeAccountPriceLists.priceListId, n: sql<number>`count(*)::int` })
      .from(tradeAccountPriceLists)
      .where(inArray(tradeAccountPriceLists.priceListId, listIds))
      .groupBy(tradeAccountPriceLists.priceListId),
  ]);
  const nameOf = await targetNames(db, rules);
  const order = (s: string) => PRICE_RULE_SCOPES.indexOf(s as PriceRuleScope);
  return lists.map((l) => ({
    id: l.id,
    name: l.name,
    accounts: Number(counts.find((c) => c.id === l.id)?.n ?? 0),
    rules: rules
      .filter((r) => r.priceListId === l.id)
      .sort((a, b) => order(a.scope) - order(b.scope) || a.id - b.id)
      .map((r) => ({
        scope: r.scope as PriceRuleScope,
        target_id: r.targetId,
        target_name: nameOf(r.scope, r.targetId),
        percent_off: r.percentOff === null ? null : Number(r.percentOff),
        fixed_price: r.fixedPriceCents === null ? null : money(r.fixedPriceCents),
      })),
  }));
}

export async function getPriceList(db: Database, id: number): Promise<PriceList> {
  const [list] = await listPriceLists(db, [id]);
  if (!list) throw new HttpError(404, A.priceListNotFound);
  return list;
}

/** 400 when a rule names a product, brand or category that does not exist, or two rules share a target. */
async function checkRules(db: Database, rules: PriceListRequest['rules']): Promise<void> {
  const seen = new Set<string>();
  rules.forEach((r, i) => {
    const key = `${r.scope}:${r.target_id ?? 0}`;
    if (seen.has(key)) {
      const message = `Rule ${i + 1} repeats a target: one rule per product, brand or category in a list`;
      throw new HttpError(400, message, [{ field: `rules.${i}`, message }]);
    }
    seen.add(key);
  });
  const tables = {
    product: products,
    brand: brands,
    category: categories,
    child_category: childCategories,
  } as const;
  for (const scope of ['product', 'brand', 'category', 'child_category'] as const) {
    const wanted = [...new Set(rules.filter((r) => r.scope === scope).map((r) => r.target_id!))];
    if (wanted.length === 0) continue;
    const table = tables[scope];
    const found = new Set(
      (await db.select({ id: table.id }).from(table).where(inArray(table.id, wanted))).map((r) => r.id),
    );
    const missing = wanted.find((id) => !found.has(id));
    if (missing !== undefined) {
      const message = A.unknownTarget(scope, missing);
      const index = rules.findIndex((r) => r.scope === scope && r.target_id === missing);
      throw new HttpError(400, message, [{ field: `rules.${index}`, message }]);
    }
  }
}

function nameTaken(error: unknown): boolean {
  const failure = describeDatabaseError(error);
  return failure?.sqlstate === '23505' && (failure.constraint ?? '').startsWith('price_lists_name');
}

const taken = () =>
  new HttpError(409, TRADE_MESSAGES.priceListNameTaken, [
    { field: 'name', message: TRADE_MESSAGES.priceListNameTaken },
  ]);

async function writeRules(tx: Database, id: number, rules: PriceListRequest['rules']): Promise<void> {
  await tx.delete(priceListRules).where(eq(priceListRules.priceListId, id));
  if (rules.length === 0) return;
  for (let i = 0; i < rules.length; i += 500) {
    await tx.insert(priceListRules).values(
      rules.slice(i, i + 500).map((r) => ({
        priceListId: id,
        scope: r.scope,
        targetId: r.target_id,
        percentOff: r.percent_off === null ? null : String(r.percent_off),
        fixedPriceCents: r.fixed_price,
      })),
    );
  }
}

const auditRules = (rules: PriceListRequest['rules']) =>
  rules.map((r) => ({
    scope: r.scope,
    target_id: r.target_id,
    percent_off: r.percent_off,
    fixed_price_cents: r.fixed_price,
  }));

/** Creates a list (audited). 409 priceListNameTaken when another list has the name (any case). */
export async function createPriceList(
  db: Database,
  input: PriceListRequest,
  staffId: number,
): Promise<PriceList> {
  await checkRules(db, input.rules);
  try {
    const id = await db.transaction(async (tx) => {
      const clash = await tx
        .select({ id: priceLists.id })
        .from(priceLists)
        .where(ilike(priceLists.name, input.name));
      if (clash.length > 0) throw taken();
      const [row] = await tx.insert(priceLists).values({ name: input.name }).returning({ id: priceLists.id });
      await writeRules(tx, row!.id, input.rules);
      await recordAudit(tx, {
        staffId,
        action: 'price_list.create',
        entityType: AUDIT_ENTITY,
        entityId: String(row!.id),
        before: null,
        after: { name: input.name, rules: auditRules(input.rules) },
      });
      return row!.id;
    });
    return getPriceList(db, id);
  } catch (error) {
    if (nameTaken(error)) throw taken();
    throw error;
  }
}

/** Replaces list `id`'s name and rules (audited). */
export async function replacePriceList(
  db: Database,
  id: number,
  input: PriceListRequest,
  staffId: number,
): Promise<PriceList> {
  await checkRules(db, input.rules);
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(priceLists).where(eq(priceLists.id, id)).for('update');
      if (!before) throw new HttpError(404, A.priceListNotFound);
      const clash = await tx
        .select({ id: priceLists.id })
        .from(priceLists)
        .where(and(ilike(priceLists.name, input.name), sql`${priceLists.id} <> ${id}`));
      if (clash.length > 0) throw taken();
      const oldRules = await tx.select().from(priceListRules).where(eq(priceListRules.priceListId, id));
      await tx
        .update(priceLists)
        .set({ name: input.name, updatedAt: new Date() })
        .where(eq(priceLists.id, id));
      await writeRules(tx, id, input.rules);
      await recordAudit(tx, {
        staffId,
        action: 'price_list.update',
        entityType: AUDIT_ENTITY,
        entityId: String(id),
        before: {
          name: before.name,
          rules: oldRules.map((r) => ({
            scope: r.scope,
            target_id: r.targetId,
            percent_off: r.percentOff === null ? null : Number(r.percentOff),
            fixed_price_cents: r.fixedPriceCents,
          })),
        },
        after: { name: input.name, rules: auditRules(input.rules) },
      });
    });
  } catch (error) {
    if (nameTaken(error)) throw taken();
    throw error;
  }
  return getPriceList(db, id);
}

/** Deletes list `id` (audited); 409 priceListInUse while any account holds it. */
export async function deletePriceList(db: Database, id: number, staffId: number): Promise<string> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(priceLists).where(eq(priceLists.id, id)).for('update');
    if (!before) throw new HttpError(404, A.priceListNotFound);
    const held = await tx
      .select({ id: tradeAccountPriceLists.tradeAccountId })
      .from(tradeAccountPriceLists)
      .where(eq(tradeAccountPriceLists.priceListId, id))
      .limit(1);
    if (held.length > 0) throw new HttpError(409, TRADE_MESSAGES.priceListInUse);
    await tx.delete(priceLists).where(eq(priceLists.id, id));
    await recordAudit(tx, {
      staffId,
      action: 'price_list.delete',
      entityType: AUDIT_ENTITY,
      entityId: String(id),
      before: { name: before.name },
      after: null,
    });
    return before.name;
  });
}

/** What a rule may apply to, searched by name (products also by SKU): at most 20. */
export async function priceRuleTargets(
  db: Database,
  scope: 'product' | 'brand' | 'child_category' | 'category',
  search: string,
) {
  const like = `%${search}%`;
  switch (scope) {
    case 'product': {
      const rows = await db
        .select({ id: products.id, title: products.title, sku: products.sku, price: products.priceCents })
        .from(products)
        .where(
          and(
            isNull(products.archivedAt),
            search ? or(ilike(products.title, like), ilike(products.sku, like)) : undefined,
          ),
        )
        .orderBy(asc(products.title))
        .limit(20);
      return rows.map((r) => ({ id: r.id, name: `${r.title} (${r.sku})`, price: money(r.price) }));
    }
    case 'brand':
      return (
        await db
          .select({ id: brands.id, name: brands.title })
          .from(brands)
          .where(search ? ilike(brands.title, like) : undefined)
          .orderBy(asc(brands.title))
          .limit(20)
      ).map((r) => ({ ...r, price: null }));
    case 'category':
      return (
        await db
          .select({ id: categories.id, name: categories.title })
          .from(categories)
          .where(search ? ilike(categories.title, like) : undefined)
          .orderBy(asc(categories.title))
          .limit(20)
      ).map((r) => ({ ...r, price: null }));
    case 'child_category':
      return (
        await db
          .select({ id: childCategories.id, t: childCategories.childTitle, parent: categories.title })
          .from(childCategories)
          .leftJoin(categories, eq(categories.id, childCategories.categoryId))
          .where(search ? ilike(childCategories.childTitle, like) : undefined)
          .orderBy(asc(childCategories.childTitle))
          .limit(20)
      ).map((r) => ({ id: r.id, name: r.parent ? `${r.parent} › ${r.t}` : r.t, price: null }));
  }
}

/** A product as the precedence rule reads it, by SKU; 404 when there is none. */
async function pricedProduct(db: Database, sku: string) {
  const [row] = await db
    .select({
      id: products.id,
      sku: products.sku,
      title: products.title,
      brandId: products.brandId,
      categoryId: products.categoryId,
      childCategoryId: products.childCategoryId,
      priceCents: products.priceCents,
      discountType: productDiscounts.discountType,
      discountValue: productDiscounts.discountValue,
    })
    .from(products)
    .leftJoin(productDiscounts, eq(productDiscounts.productId, products.id))
    .where(ilike(products.sku, sku.replace(/[%_\\]/g, '\\$&')));
  if (!row) throw new HttpError(404, A.productNotFound, [{ field: 'sku', message: A.productNotFound }]);
  const retail = unitPriceCentsFromColumns(
    row.priceCents,
    row.discountType === null || row.discountValue === null
      ? null
      : { type: row.discountType as 0 | 1, value: row.discountValue },
  );
  const product: TradePricedProduct = {
    id: row.id,
    brandId: row.brandId,
    categoryId: row.categoryId,
    childCategoryId: row.childCategoryId,
    shelfPriceCents: row.priceCents,
    retailUnitPriceCents: retail,
  };
  return { row, product };
}

/**
 * The rule of `list` that gives `product` its price, in words, or null. The shared rule decides the price; this
 * only names the rule: each rule alone is tried with `listPriceCents` (non-null: it applies), and the first
 * applying rule in precedence order (PRICE_RULE_SCOPES; a fixed price is a product rule) whose price is the list's
 * is the one.
 */
function ruleInWords(
  product: TradePricedProduct,
  list: PriceListRules,
  listCents: number,
  name: (r: PriceListRule) => string,
): string | null {
  const byScope = [...list.rules].sort(
    (a, b) =>
      Number(b.fixedPriceCents !== null) - Number(a.fixedPriceCents !== null) ||
      PRICE_RULE_SCOPES.indexOf(a.scope) - PRICE_RULE_SCOPES.indexOf(b.scope),
  );
  const rule = byScope.find((r) => listPriceCents(product, { ...list, rules: [r] }) === listCents);
  if (!rule) return null;
  return rule.fixedPriceCents !== null
    ? `Fixed price for ${name(rule)}`
    : `${rule.percentOff}% off ${name(rule)}`;
}

/** The preview: the product's shelf and sale prices, each list's price and rule, and what the rule charges. */
export async function previewPrice(
  db: Database,
  query: { sku: string; account_id?: number | undefined; price_list_id?: number | undefined },
): Promise<PriceListPreview> {
  let ids: number[];
  if (query.account_id !== undefined) {
    const [account] = await db
      .select({ id: tradeAccounts.id })
      .from(tradeAccounts)
      .where(eq(tradeAccounts.id, query.account_id));
    if (!account) throw new HttpError(404, A.accountNotFound);
    ids = await priceListIdsOf(db, query.account_id);
  } else if (query.price_list_id !== undefined) {
    ids = [query.price_list_id];
  } else {
    throw new HttpError(400, A.previewNeedsOne);
  }
  const { row, product } = await pricedProduct(db, query.sku);
  const lists = await loadPriceLists(db, ids);
  if (query.price_list_id !== undefined && lists.length === 0) throw new HttpError(404, A.priceListNotFound);
  const gst = (await getStoreSettings(db)).gstPercent;
  const pair = (cents: number) => ({ inc_gst: money(cents), ex_gst: money(exGstCents(cents, gst)) });
  const nameOf = await targetNames(
    db,
    lists.flatMap((l) => l.rules),
  );
  const price = tradeUnitPrice(product, lists);
  return {
    product: { id: row.id, sku: row.sku, title: row.title },
    shelf_price: pair(product.shelfPriceCents),
    sale_price:
      product.retailUnitPriceCents < product.shelfPriceCents ? pair(product.retailUnitPriceCents) : null,
    lists: lists.map((l) => {
      const cents = listPriceCents(product, l);
      return {
        id: l.id,
        name: l.name,
        price: cents === null ? null : pair(cents),
        rule: cents === null ? null : ruleInWords(product, l, cents, (r) => nameOf(r.scope, r.targetId)),
      };
    }),
    trade_price: pair(price.unitPriceCents),
    list_name: price.listName,
    basis: price.basis,
  };
}
