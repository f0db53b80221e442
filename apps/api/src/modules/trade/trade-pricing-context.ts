/**
 * Who is asking for trade prices (issue 39 §2, decision 0066): the signed-in member's business, when it is
 * approved, with the rules of its price lists. Read once per request by everything that prices for a member (the
 * trade prices call, the cart's products, place-order, the discount-code check) and handed to the shared rule
 * (`tradeUnitPrice`), so the storefront, the cart and the charge come from one rule over one read.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { PriceListRules, PriceRuleScope, TradePricedProduct } from '@store/shared/trade-pricing';
import { tradeUnitPrice, type TradePrice } from '@store/shared/trade-pricing';
import type { TradeAccountStatus, TradeRole } from '@store/shared/trade-accounts';
import type { Database } from '../../db/client';
import {
  priceListRules,
  priceLists,
  tradeAccountPriceLists,
  tradeAccounts,
  tradeAccountUsers,
} from '../../db/schema';

/** A member's business as pricing and ordering read it. */
export interface TradeMembership {
  accountId: number;
  status: TradeAccountStatus;
  role: TradeRole;
  businessName: string;
}

/** Prices for an approved trade customer: their lists, in id order (ties go to the first). */
export interface TradePricingContext {
  membership: TradeMembership;
  lists: PriceListRules[];
}

/** The business member `userId` orders for (any status), or null. */
export async function tradeMembershipOf(db: Database, userId: number): Promise<TradeMembership | null> {
  const [row] = await db
    .select({
      accountId: tradeAccounts.id,
      status: tradeAccounts.status,
      role: tradeAccountUsers.role,
      businessName: tradeAccounts.businessName,
    })
    .from(tradeAccountUsers)
    .innerJoin(tradeAccounts, eq(tradeAccounts.id, tradeAccountUsers.tradeAccountId))
    .where(eq(tradeAccountUsers.userId, userId));
  return row
    ? {
        accountId: row.accountId,
        status: row.status as TradeAccountStatus,
        role: row.role as TradeRole,
        businessName: row.businessName,
      }
    : null;
}

/** The rules of price lists `ids`, as the shared rule reads them, in id order. */
export async function loadPriceLists(db: Database, ids: readonly number[]): Promise<PriceListRules[]> {
  if (ids.length === 0) return [];
  const [lists, rules] = await Promise.all([
    db
      .select()
      .from(priceLists)
      .where(inArray(priceLists.id, [...ids]))
      .orderBy(asc(priceLists.id)),
    db
      .select()
      .from(priceListRules)
      .where(inArray(priceListRules.priceListId, [...ids])),
  ]);
  return lists.map((l) => ({
    id: l.id,
    name: l.name,
    rules: rules
      .filter((r) => r.priceListId === l.id)
      .map((r) => ({
        scope: r.scope as PriceRuleScope,
        targetId: r.targetId,
        percentOff: r.percentOff === null ? null : Number(r.percentOff),
        fixedPriceCents: r.fixedPriceCents,
      })),
  }));
}

/** The price list ids assigned to trade account `accountId`. */
export async function priceListIdsOf(db: Database, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ id: tradeAccountPriceLists.priceListId })
    .from(tradeAccountPriceLists)
    .where(eq(tradeAccountPriceLists.tradeAccountId, accountId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * The trade pricing of member `userId`: null unless they belong to an APPROVED business (pending, declined and
 * suspended accounts buy at retail prices). A suspended account keeps its history but loses its prices.
 */
export async function tradePricingFor(
  db: Database,
  userId: number | null | undefined,
): Promise<TradePricingContext | null> {
  if (!userId) return null;
  const membership = await tradeMembershipOf(db, userId);
  if (!membership || membership.status !== 'approved') return null;
  return { membership, lists: await loadPriceLists(db, await priceListIdsOf(db, membership.accountId)) };
}

/** The trade price of one product for `pricing` (the retail price when there is no context). */
export function priceFor(product: TradePricedProduct, pricing: TradePricingContext | null): TradePrice {
  if (!pricing) {
    return {
      unitPriceCents: product.retailUnitPriceCents,
      listName: null,
      basis: product.retailUnitPriceCents < product.shelfPriceCents ? 'sale' : 'retail',
    };
  }
  return tradeUnitPrice(product, pricing.lists);
}
