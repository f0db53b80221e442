/**
 * The cart as the cart sidebar, cart page and checkout show it: each line priced from the catalog as it
 * is now (issue: "prices shown are re-read from the API when the cart is shown"), with the SPEC §9 cart
 * totals from the shared maths. Until the fresh prices arrive, lines show the prices stored with them.
 */
import { cartSummary, lineSubtotalCents, unitPriceCentsOf } from '@store/shared/checkout-totals';
import { parseDecimalToCents } from '@store/shared/money';
import type { Product } from '@store/shared/product';
import { productMetaValue } from '@store/shared/product-meta';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type CartLine, useCartLines } from '@/stores/cart-store';
import { cartProductsQueryOptions } from '../api/get-cart-products';

export interface PricedCartLine {
  line: CartLine;
  /** Price of one unit after the product discount, cents. */
  unitPriceCents: number;
  /** List price before the discount, cents (equal to unitPriceCents when there is no discount). */
  listPriceCents: number;
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
  const list = productMetaValue(line, '_price');
  const listPriceCents = (list === undefined ? null : parseDecimalToCents(list)) ?? unitPriceCents;
  return {
    line,
    unitPriceCents,
    listPriceCents,
    lineSubtotalCents: lineSubtotalCents({ unitPriceCents, quantity: line.quantity }),
    quantity: line.quantity,
  };
}

/** The cart's lines priced, with item count and subtotal (no shipping or tax: SPEC §2 Cart page). */
export function usePricedCart(): PricedCart {
  const cartLines = useCartLines();
  const ids = useMemo(() => cartLines.map((l) => l.id), [cartLines]);
  const fresh = useQuery(cartProductsQueryOptions(ids));
  return useMemo(() => {
    const byId = fresh.data ? new Map(fresh.data.map((p) => [p.id, p])) : null;
    const lines = cartLines.map((line) => {
      const product = byId?.get(line.id);
      return priceLine(
        product
          ? { ...line, product_meta: product.product_meta, discount_data: product.discount_data }
          : line,
      );
    });
    const { itemCount, subtotalCents } = cartSummary(lines);
    return {
      lines,
      itemCount,
      subtotalCents,
      isRefreshing: fresh.isFetching,
      freshProducts: byId,
      error: fresh.error,
    };
  }, [cartLines, fresh.data, fresh.isFetching, fresh.error]);
}
