/**
 * Trade prices (issue 39 §2, decision 0066): `GET /api/trade/prices?ids=` answers the signed-in trade customer's unit
 * price (inc. GST) of the products a price list lowers. The products on screen ask one at a time (`loadTradePrice`);
 * the asks of one moment are sent together, at most 100 ids a request, so a page of cards is one call.
 */
import type { TradePriceAnswer } from '@store/shared/trade-accounts';
import { apiRequest, envelope, served } from '@/lib/api-client';

/** The API's limit on ids per trade prices call. */
export const TRADE_PRICES_MAX_IDS = 100;
/** How long asks wait for others to join them (a page's cards mount over a few renders). */
export const TRADE_PRICES_BATCH_MS = 10;

/** A product's trade price as merged into it (`Product.trade_price`). */
export interface TradePriceOfProduct {
  price: string;
  list_name: string;
}

/** `GET /api/trade/prices?ids=1,2,3` (bearer; approved trade members only) -> the prices lists lower (issue 39). */
export function getTradePrices(ids: readonly number[], signal?: AbortSignal): Promise<TradePriceAnswer[]> {
  return apiRequest('/trade/prices', envelope(served<TradePriceAnswer[]>()), {
    query: { ids: ids.join(',') },
    member: true,
    signal,
  });
}

type Waiter = { resolve: (price: TradePriceOfProduct | null) => void; reject: (error: unknown) => void };
let waiting = new Map<number, Waiter[]>();
let timer: ReturnType<typeof setTimeout> | null = null;

async function flush(): Promise<void> {
  const batch = waiting;
  waiting = new Map();
  timer = null;
  const ids = [...batch.keys()];
  for (let i = 0; i < ids.length; i += TRADE_PRICES_MAX_IDS) {
    const chunk = ids.slice(i, i + TRADE_PRICES_MAX_IDS);
    try {
      const answer = await getTradePrices(chunk);
      const byId = new Map(answer.map((p) => [p.id, { price: p.price, list_name: p.list_name }]));
      for (const id of chunk) for (const w of batch.get(id) ?? []) w.resolve(byId.get(id) ?? null);
    } catch (error) {
      for (const id of chunk) for (const w of batch.get(id) ?? []) w.reject(error);
    }
  }
}

/**
 * The trade price of product `id` for the signed-in trade member, or null when no list lowers it. Asks made within
 * TRADE_PRICES_BATCH_MS of each other go in one request (issue 39: batched ids).
 */
export function loadTradePrice(id: number): Promise<TradePriceOfProduct | null> {
  return new Promise((resolve, reject) => {
    const list = waiting.get(id) ?? [];
    list.push({ resolve, reject });
    waiting.set(id, list);
    timer ??= setTimeout(() => void flush(), TRADE_PRICES_BATCH_MS);
  });
}
