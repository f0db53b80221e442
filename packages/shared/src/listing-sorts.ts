/**
 * The listings' sorts and price-filter limit (issue 13 item 5; decision 0022), without zod, so the web app's
 * listing pages can name them without loading the schemas. `catalog-query.ts` validates with these same values.
 * Prices compare the price a shopper pays (after the product's discount).
 */

/** The shop's sorts, in menu order; the first is its default. */
export const SHOP_SORTS = ['newest', 'price_asc', 'price_desc', 'name'] as const;
/** Search adds its ranking, `relevance`, which is its default. */
export const SEARCH_SORTS = ['relevance', ...SHOP_SORTS] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Labels of the sort menu. */
export const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Relevance',
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name: 'Name: A to Z',
};

/** Highest price a price filter accepts, whole dollars: far above any auto part, and a safe number of cents. */
export const MAX_PRICE_FILTER_DOLLARS = 1_000_000;
