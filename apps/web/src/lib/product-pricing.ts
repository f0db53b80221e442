import {
  discountLabel,
  discountedPriceCents,
  DISCOUNT_FIXED,
  DISCOUNT_PERCENT,
  type Discount,
} from '@store/shared/discount';
import { parseDecimalToCents } from '@store/shared/money';
import { productMetaValue } from '@store/shared/product-meta';
import type { Product } from '@store/shared/product';

export interface ProductPricing {
  /** The `_price` meta in cents, or null when the product has no readable price. */
  priceCents: number | null;
  /** What the shopper pays after the discount, in cents (equals priceCents without a discount). */
  saleCents: number | null;
  /** 'Save 15%' or 'Save $10' when the product is discounted. */
  discountLabel: string | null;
  /**
   * The signed-in trade customer's price (issue 39 §2: cents inc. GST, already the lower of their lists and the
   * sale) and the list that gave it, when the server sent one below the retail price (`saleCents`); else null.
   */
  trade: { cents: number; listName: string } | null;
}

/**
 * Reads a product's price and discount from its wire shape (SPEC §3: `_price` meta and `discount_data`), and the
 * trade customer's price when one is merged in (issue 39, `trade_price`).
 */
export function productPricing(
  product: Pick<Product, 'product_meta' | 'discount_data'> & Partial<Pick<Product, 'trade_price'>>,
): ProductPricing {
  const retail = retailPricing(product);
  const tradeCents = product.trade_price ? parseDecimalToCents(product.trade_price.price) : null;
  const trade =
    tradeCents !== null && product.trade_price && (retail.saleCents === null || tradeCents < retail.saleCents)
      ? { cents: tradeCents, listName: product.trade_price.list_name }
      : null;
  return { ...retail, trade };
}

function retailPricing(
  product: Pick<Product, 'product_meta' | 'discount_data'>,
): Omit<ProductPricing, 'trade'> {
  const price = productMetaValue(product, '_price');
  const priceCents = price === undefined ? null : parseDecimalToCents(price);
  const discount = product.discount_data;
  if (!discount || priceCents === null) return { priceCents, saleCents: priceCents, discountLabel: null };

  // On the wire a fixed discount is in dollars; the shared helpers count it in cents.
  const stored: Discount =
    discount.discount_type === DISCOUNT_PERCENT
      ? { type: DISCOUNT_PERCENT, value: discount.discount_value }
      : { type: DISCOUNT_FIXED, value: Math.round(discount.discount_value * 100) };
  const saleCents =
    parseDecimalToCents(discount.discounted_price) ?? discountedPriceCents(priceCents, stored);
  if (saleCents >= priceCents) return { priceCents, saleCents: priceCents, discountLabel: null };
  return { priceCents, saleCents, discountLabel: discountLabel(stored) };
}
