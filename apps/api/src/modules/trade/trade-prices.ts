/**
 * A trade customer's prices for a set of products (issue 39 §2): the one precedence rule (`tradeUnitPrice`) over
 * the products' shelf price, sale and taxonomy as the database holds them now. Answers the storefront's trade
 * prices call and the cart's products; place-order prices its lines by the same rule (price-order-lines.ts).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { unitPriceCentsFromColumns } from '@store/shared/checkout-totals';
import { DISCOUNT_FIXED, DISCOUNT_PERCENT, type Discount } from '@store/shared/discount';
import { centsToDecimalString } from '@store/shared/money';
import type { TradePrice } from '@store/shared/trade-pricing';
import { MAX_DB_ID, type Database } from '../../db/client';
import { productDiscounts, products } from '../../db/schema';
import { priceFor, tradePricingFor, type TradePricingContext } from './trade-pricing-context';

/** The trade price of each of `ids` still sold, by id (products a list does not lower included, at retail). */
export async function tradePricesOf(
  db: Database,
  ids: readonly number[],
  pricing: TradePricingContext,
): Promise<Map<number, TradePrice>> {
  const wanted = [...new Set(ids)].filter((id) => id >= 1 && id <= MAX_DB_ID);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      brandId: products.brandId,
      categoryId: products.categoryId,
      childCategoryId: products.childCategoryId,
      priceCents: products.priceCents,
      discountType: productDiscounts.discountType,
      discountValue: productDiscounts.discountValue,
    })
    .from(products)
    .leftJoin(productDiscounts, eq(productDiscounts.productId, products.id))
    .where(and(inArray(products.id, wanted), isNull(products.archivedAt)));
  return new Map(
    rows.map((p) => {
      const discount: Discount | null =
        p.discountType === null || p.discountValue === null
          ? null
          : {
              type: p.discountType === DISCOUNT_FIXED ? DISCOUNT_FIXED : DISCOUNT_PERCENT,
              value: p.discountValue,
            };
      return [
        p.id,
        priceFor(
          {
            id: p.id,
            brandId: p.brandId,
            categoryId: p.categoryId,
            childCategoryId: p.childCategoryId,
            shelfPriceCents: p.priceCents,
            retailUnitPriceCents: unitPriceCentsFromColumns(p.priceCents, discount),
          },
          pricing,
        ),
      ];
    }),
  );
}

/** The wire `trade_price` of a product (Product.trade_price), or null when no list lowers its price. */
export function tradePriceField(price: TradePrice | undefined): { price: string; list_name: string } | null {
  return price?.listName
    ? { price: centsToDecimalString(price.unitPriceCents), list_name: price.listName }
    : null;
}

/**
 * `products` as member `userId` is sold them: with `trade_price` when they belong to an approved trade account and
 * a list lowers the price (issue 39 §2); as they are for anyone else. The cart's products and the member's stored
 * cart answer through this, so a cart shows what place-order will charge.
 */
export async function withTradePrices<P extends { id: number }>(
  db: Database,
  products_: P[],
  userId: number | null | undefined,
): Promise<(P & { trade_price?: { price: string; list_name: string } | null })[]> {
  const pricing = await tradePricingFor(db, userId);
  if (!pricing || products_.length === 0) return products_;
  const prices = await tradePricesOf(
    db,
    products_.map((p) => p.id),
    pricing,
  );
  return products_.map((p) => ({ ...p, trade_price: tradePriceField(prices.get(p.id)) }));
}
