/**
 * Trade prices on every product shown (issue 39 §2): for a member of an approved trade account, the products on
 * screen are asked of `GET /api/trade/prices` (batched, lib/api/get-trade-prices.ts; kept for the member's session,
 * keyed by who is signed in so signing in or out shows the right prices at once) and each answer is merged into its
 * product as `trade_price` before it renders. `unitPriceCentsOf` then reads it, and `PriceTag` shows it as
 * "Trade price" with the retail price struck through. Anyone else gets the products untouched, and nothing is asked.
 */
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useIsTradeBuyer } from '@/lib/api/get-trade-account';
import { loadTradePrice, type TradePriceOfProduct } from '@/lib/api/get-trade-prices';
import { useSession } from '@/stores/session-store';

/** What the hook needs of a product: its id, and where the trade price goes. */
export interface TradePriceable {
  id: number;
  trade_price?: TradePriceOfProduct | null | undefined;
}

/** Trade prices are kept this long (a session's browsing; a new sign-in asks again). */
const TRADE_PRICE_STALE_MS = 15 * 60 * 1000;

/** The query key of one product's trade price for member `userId`. */
export function tradePriceQueryKey(userId: number, id: number) {
  return ['trade-prices', userId, id] as const;
}

/** `product` with its trade price, when there is one (a product the server already priced keeps its own). */
export function withTradePrice<T extends TradePriceable>(
  product: T,
  price: TradePriceOfProduct | null | undefined,
): T {
  if (!price || product.trade_price) return product;
  return { ...product, trade_price: price };
}

/**
 * `products` with the signed-in trade member's prices merged in (issue 39 §2); the same objects for anyone else,
 * and until the prices arrive.
 */
export function useTradePricedList<T extends TradePriceable>(products: readonly T[]): readonly T[] {
  const trade = useIsTradeBuyer();
  const userId = useSession()?.user.id ?? 0;
  const results = useQueries({
    queries: (trade ? products : []).map((p) => ({
      queryKey: tradePriceQueryKey(userId, p.id),
      queryFn: () => loadTradePrice(p.id),
      staleTime: TRADE_PRICE_STALE_MS,
    })),
  });
  const prices = results.map((r) => r.data);
  const key = prices.map((p) => (p ? `${p.price}|${p.list_name}` : '-')).join(',');
  return useMemo(
    () => (trade ? products.map((p, i) => withTradePrice(p, prices[i])) : products),
    // `key` stands for the prices: the list is rebuilt only when a price arrives or changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [trade, products, key],
  );
}

/** One product with the trade member's price merged in (issue 39 §2); see `useTradePricedList`. */
export function useTradePriced<T extends TradePriceable>(product: T): T {
  const one = useMemo(() => [product], [product]);
  return useTradePricedList(one)[0] ?? product;
}
