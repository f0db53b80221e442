import type { ShopAnswer } from '@store/shared/catalog-answers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingQuery } from '@/components/ui/listing-query';
import { apiRequest, served } from '@/lib/api-client';
import { SHOP_PAGE_SIZE } from '@/lib/pagination';

/** A shop or brand page's address: its page and filters, and the sort, price range and in stock only. */
export interface ShopParams extends ListingQuery {
  page: number;
  category?: string | undefined;
  child_category?: string | undefined;
  brand?: string | undefined;
  /** The chosen vehicle's id: not in the page's address (it is the shopper's), sent to the API. */
  vehicle?: number | undefined;
}

/**
 * `GET /api/shop?page&category&child_category&brand&sort&min_price&max_price&in_stock&pagination=15` ->
 * `{ data, total, last_page, ... }`. The listing values go as the address wrote them; the API answers 400 with a
 * message for a bad one.
 */
export function getShopProducts(params: ShopParams, signal?: AbortSignal): Promise<ShopAnswer> {
  return apiRequest('/shop', served<ShopAnswer>(), {
    query: { ...params, pagination: SHOP_PAGE_SIZE },
    signal,
  });
}

/**
 * The shop's query; with the chosen vehicle's id (issue 15 §6), the parts that fit it, each with its `fitment`.
 * Without one the key is the server-rendered page's, whose data the HTML carries.
 */
export function shopProductsQueryOptions(params: ShopParams, vehicle?: number) {
  const asked = vehicle === undefined ? params : { ...params, vehicle };
  return queryOptions({
    queryKey: ['products', 'shop', asked],
    queryFn: ({ signal }) => getShopProducts(asked, signal),
    placeholderData: keepPreviousData,
  });
}

/** The shop's products; the address's price range in shelf prices inc. GST, as the API reads it (issue 34). */
export function useShopProducts(params: ShopParams, vehicle?: number) {
  return useQuery(shopProductsQueryOptions(params, vehicle));
}
