/**
 * The cart as the cart sidebar, cart page and checkout show it: each line priced from the catalog as it
 * is now (issue: "prices shown are re-read from the API when the cart is shown"), with the SPEC §9 cart
 * totals from the shared maths. Until the fresh prices arrive, lines show the prices stored with them; if the
 * re-read fails (an older API without `/api/cart-products`, a network error) they keep showing those.
 */
import { cartSummary, lineSubtotalCents, unitPriceCentsOf } from '@store/shared/checkout-totals';
import type { Product } from '@store/shared/product';
import { featuredProductImage } from '@store/shared/product-image';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { productPricing } from '@/lib/product-pricing';
import { type CartLine, refreshCartLines, useCartLines } from '@/stores/cart-store';
import { cartProductsQueryOptions } from '@/lib/api/get-cart-products';
import { noLongerAvailableMessage } from '@/lib/cart-messages';

export interface PricedCartLine {
  line: CartLine;
  /** Price of one unit after the product discount, cents. */
  unitPriceCents: number;
  /** List price before the discount, cents (equal to unitPriceCents when there is no discount). */
  listPriceCents: number;
  /** 'Save 15%' / 'Save $10' when the line is discounted (SPEC §4), else null. */
  discountLabel: string | null;
  /**
   * Issue 39: the price list that gave a trade customer this line's price (then `listPriceCents` is the retail
   * unit price anyone else pays, struck through), else null.
   */
  tradeListName: string | null;
  lineSubtotalCents: number;
  quantity: number;
}

export interface PricedCart {
  lines: PricedCartLine[];
  itemCount: number;
  subtotalCents: number;
  /** True while today's prices are being read. */
  isRefreshing: boolean;
  /** The fresh catalog entries, by product id, once read (absent ids are no longer sold). */
  freshProducts: ReadonlyMap<number, Product> | null;
  error: Error | null;
}

function priceLine(line: CartLine): PricedCartLine {
  const unitPriceCents = unitPriceCentsOf(line) ?? 0;
  const pricing = productPricing(line);
  if (pricing.trade && pricing.trade.cents === unitPriceCents) {
    return {
      line,
      unitPriceCents,
      listPriceCents: Math.max(pricing.saleCents ?? unitPriceCents, unitPriceCents),
      discountLabel: null,
      tradeListName: pricing.trade.listName,
      lineSubtotalCents: lineSubtotalCents({ unitPriceCents, quantity: line.quantity }),
      quantity: line.quantity,
    };
  }
  const listPriceCents = Math.max(pricing.priceCents ?? unitPriceCents, unitPriceCents);
  return {
    line,
    unitPriceCents,
    listPriceCents,
    discountLabel: listPriceCents > unitPriceCents ? pricing.discountLabel : null,
    tradeListName: null,
    lineSubtotalCents: lineSubtotalCents({ unitPriceCents, quantity: line.quantity }),
    quantity: line.quantity,
  };
}

/** A stored line with the catalog's current fields laid over it (quantity stays the shopper's). */
function withProduct(line: CartLine, product: Product): CartLine {
  return {
    ...line,
    title: product.title,
    permalink: product.permalink,
    featured_image: product.featured_image,
    image: featuredProductImage(product) ?? undefined,
    sku: product.sku,
    product_meta: product.product_meta,
    discount_data: product.discount_data,
    // Issue 39: the server's trade price for this member, or none (signed out, or no list lowers it).
    trade_price: product.trade_price ?? null,
  };
}

/**
 * The cart's lines priced, with item count and subtotal in cents (no shipping or tax: SPEC §2 Cart page,
 * §9). Mounting it re-reads the cart's products (GET /api/cart-products); when the answer arrives the lines
 * show it at once, and it is written into the stored cart: lines no longer sold are dropped with a toast
 * '{title} is no longer available and was removed from your cart.', price changes become notices
 * (`useCartPriceChanges`). Several components may use it at once: the write is idempotent.
 */
export function usePricedCart(): PricedCart {
  const cartLines = useCartLines();
  // The ids as a string, so a quantity change (new lines, same ids) neither refetches nor re-runs the write.
  const idsKey = cartLines
    .map((l) => l.id)
    .sort((a, b) => a - b)
    .join(',');
  const ids = useMemo(() => (idsKey === '' ? [] : idsKey.split(',').map(Number)), [idsKey]);
  const fresh = useQuery(cartProductsQueryOptions(ids));
  // Without placeholder data, `fresh.data` is always the answer for exactly these ids.
  const freshData = fresh.data;

  useEffect(() => {
    if (!freshData) return;
    const { removed } = refreshCartLines(ids, freshData);
    if (removed.length === 0) return;
    // Loaded on first use, so the toast library stays out of the first page's JavaScript.
    void import('react-toastify').then(({ toast }) => {
      for (const line of removed) {
        toast.warn(noLongerAvailableMessage(line.title), { toastId: `cart-removed-${line.id}` });
      }
    });
  }, [freshData, ids]);

  return useMemo(() => {
    const byId = freshData ? new Map(freshData.map((p) => [p.id, p])) : null;
    const lines: PricedCartLine[] = [];
    for (const line of cartLines) {
      if (!byId) {
        lines.push(priceLine(line));
        continue;
      }
      const product = byId.get(line.id);
      // Not in the answer: no longer sold. Hidden now; the effect above removes it from the cart.
      if (product) lines.push(priceLine(withProduct(line, product)));
    }
    const { itemCount, subtotalCents } = cartSummary(lines);
    return {
      lines,
      itemCount,
      subtotalCents,
      isRefreshing: fresh.isFetching,
      freshProducts: byId,
      error: fresh.error,
    };
  }, [cartLines, freshData, fresh.isFetching, fresh.error]);
}
