/**
 * "Order again" (issue 39 §5, for every member): the lines of one of the member's orders go back into the cart at
 * today's prices — the order's products read again with `/api/cart-products` (a trade member's prices included), the
 * ones no longer sold left out and said so — and the cart opens.
 */
import type { OrderDetail } from '@store/shared/order';
import { PAGES } from '@store/shared/paths';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { getCartProducts } from '@/lib/api/get-cart-products';
import { orderDetailQueryOptions } from '@/lib/api/get-order-detail';
import { addToCart } from '@/stores/cart-store';

/** What ordering again did: items added, and lines left out because their product is no longer sold. */
export interface OrderAgainResult {
  added: number;
  missing: string[];
}

/** Adds `order`'s lines that are still sold to the cart (quantities merge into lines already there, capped at 100). */
export async function addOrderToCart(order: Pick<OrderDetail, 'order_items'>): Promise<OrderAgainResult> {
  const ids = [...new Set(order.order_items.flatMap((i) => (i.product_id === null ? [] : [i.product_id])))];
  const products = ids.length === 0 ? [] : await getCartProducts(ids);
  const byId = new Map(products.map((p) => [p.id, p]));
  let added = 0;
  const missing: string[] = [];
  for (const item of order.order_items) {
    const product = item.product_id === null ? undefined : byId.get(item.product_id);
    if (!product) {
      missing.push(item.product_title);
      continue;
    }
    addToCart(product, item.quantity);
    added += item.quantity;
  }
  return { added, missing };
}

/** The words after ordering again. */
export function orderAgainMessage({ added, missing }: OrderAgainResult): string {
  const gone = missing.length === 0 ? '' : ` No longer sold, so not added: ${missing.join(', ')}.`;
  return added === 0
    ? `Nothing from this order is sold any more.${gone}`
    : `${added} ${added === 1 ? 'item' : 'items'} added to your cart.${gone}`;
}

/**
 * Orders again the member's order `orderId` (its lines read with `GET /api/orders-detail`, or `order` when the page
 * has it), then opens the cart. Answers the message shown; throws when the order or the products cannot be read.
 */
export function useOrderAgain(): (
  orderId: string,
  order?: Pick<OrderDetail, 'order_items'>,
) => Promise<string> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (orderId, order) => {
      const lines = order ?? (await queryClient.fetchQuery(orderDetailQueryOptions(orderId)));
      const result = await addOrderToCart(lines);
      const message = orderAgainMessage(result);
      if (result.added > 0) void navigate(PAGES.cart.path);
      return message;
    },
    [navigate, queryClient],
  );
}
