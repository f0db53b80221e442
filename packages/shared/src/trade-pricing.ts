/**
 * A trade customer's price (issue 39 §2, decision 0066): the one precedence rule, written once and run by the
 * server wherever it prices (the trade prices call the listings read, the cart's products, place-order, and the
 * back office's preview). The browser never computes it: it shows the price the server sent. All amounts are
 * integer cents INCLUDING GST (decision 0046: the catalog's shelf prices); ex-GST display is a view of them.
 *
 * The rule, in order:
 * 1. Within one price list, a **fixed price** for the product beats any percentage.
 * 2. Otherwise the **most specific percentage** applies: product, then brand, then child category, then category,
 *    then the whole catalog ("all"). Only the most specific matching rule counts, even if a more general one is
 *    deeper (a 5 % product rule beats a 20 % catalog rule: the owner set that product on purpose).
 * 3. A percentage is taken off the shelf price (before the product's own sale) and rounded to the nearest cent.
 * 4. A customer in **several lists gets the lowest** of their lists' prices.
 * 5. A **sale does not stack** with a trade price: the customer pays the lower of the trade price and the sale price.
 * 6. A trade price is never above the price anyone else pays: when no list lowers it, the retail unit price stands
 *    and the line is not a trade line (discount codes then apply to it as to anyone; see decideOrderDiscounts).
 * No zod here (first-page safe).
 */

/** What a rule of a price list applies to, most specific first (the order of PRICE_RULE_SCOPES is the rule). */
export const PRICE_RULE_SCOPES = ['product', 'brand', 'child_category', 'category', 'all'] as const;
export type PriceRuleScope = (typeof PRICE_RULE_SCOPES)[number];

/** One rule of a price list: a percentage off (any scope) or a fixed price (products only). */
export interface PriceListRule {
  scope: PriceRuleScope;
  /** The product, brand or category id; null for 'all'. */
  targetId: number | null;
  /** Percent off the shelf price, 0 < p ≤ 100, may be fractional (12.5); null for a fixed price. */
  percentOff: number | null;
  /** The fixed unit price in cents inc. GST; null for a percentage. Only for scope 'product'. */
  fixedPriceCents: number | null;
}

export interface PriceListRules {
  id: number;
  name: string;
  rules: readonly PriceListRule[];
}

/** What the rule reads of a product. */
export interface TradePricedProduct {
  id: number;
  brandId: number | null;
  categoryId: number | null;
  childCategoryId: number | null;
  /** The shelf price, cents inc. GST (`products.price_cents`). */
  shelfPriceCents: number;
  /** What anyone pays: the shelf price after the product's own sale, cents inc. GST. */
  retailUnitPriceCents: number;
}

export interface TradePrice {
  /** The unit price this customer pays, cents inc. GST: never above `retailUnitPriceCents`. */
  unitPriceCents: number;
  /** The list that gave the price, or null when the retail price stands (no list lowers it). */
  listName: string | null;
  /** 'fixed' or 'percent' when a list gave the price, 'sale' when the sale price was lower, 'retail' otherwise. */
  basis: 'fixed' | 'percent' | 'sale' | 'retail';
}

function targetOf(product: TradePricedProduct, scope: PriceRuleScope): number | null {
  switch (scope) {
    case 'product':
      return product.id;
    case 'brand':
      return product.brandId;
    case 'child_category':
      return product.childCategoryId;
    case 'category':
      return product.categoryId;
    case 'all':
      return null;
  }
}

function applies(rule: PriceListRule, product: TradePricedProduct): boolean {
  if (rule.scope === 'all') return true;
  const target = targetOf(product, rule.scope);
  return target !== null && rule.targetId === target;
}

/** Percent off `cents`, rounded to the nearest cent (half up), never below 0. */
export function percentOffCents(cents: number, percentOff: number): number {
  return Math.max(0, Math.round((cents * (100 - percentOff)) / 100 + 1e-9));
}

/**
 * The price one list gives a product (cents inc. GST), or null when none of its rules applies: its fixed price for
 * the product if it has one, else its most specific percentage.
 */
export function listPriceCents(product: TradePricedProduct, list: PriceListRules): number | null {
  const matching = list.rules.filter((r) => applies(r, product));
  const fixed = matching.find((r) => r.fixedPriceCents !== null);
  if (fixed && fixed.fixedPriceCents !== null) return fixed.fixedPriceCents;
  for (const scope of PRICE_RULE_SCOPES) {
    const rule = matching.find((r) => r.scope === scope && r.percentOff !== null);
    if (rule && rule.percentOff !== null) return percentOffCents(product.shelfPriceCents, rule.percentOff);
  }
  return null;
}

/** The trade customer's price of `product` with their `lists` (none: the retail price). The rule above. */
export function tradeUnitPrice(product: TradePricedProduct, lists: readonly PriceListRules[]): TradePrice {
  let best: { cents: number; list: PriceListRules; fixed: boolean } | null = null;
  for (const list of lists) {
    const cents = listPriceCents(product, list);
    if (cents === null) continue;
    const fixed = list.rules.some((r) => r.fixedPriceCents !== null && applies(r, product));
    // Ties go to the list named first (lists come in id order), so the name shown never flickers.
    if (best === null || cents < best.cents) best = { cents, list, fixed };
  }
  const retail = product.retailUnitPriceCents;
  if (best === null || best.cents >= retail) {
    return {
      unitPriceCents: retail,
      listName: null,
      basis: retail < product.shelfPriceCents ? 'sale' : 'retail',
    };
  }
  return { unitPriceCents: best.cents, listName: best.list.name, basis: best.fixed ? 'fixed' : 'percent' };
}
