/**
 * Sort and filters of the listing pages (issue 13, decision 0022): /shop (and its category pages), /brand and
 * /search-results carry `sort`, `min_price`, `max_price` (dollars) and `in_stock=1` in their address, so a
 * filtered list can be shared and crawled. The API validates them (packages/shared/src/catalog-query.ts) and
 * answers 400 with a message for a bad one; this module reads them from an address as they are, writes them
 * back in one order, and names them for people.
 *
 * The sorts, their labels and the price limit come from `@store/shared/listing-sorts`, which has no zod, so the
 * listing pages do not load the schemas (decision 0005). The price range is in shelf prices, GST included, the
 * API's `_price` as it is (issue 34 §1, decision 0046), so the address goes to the API unchanged.
 */
import { MAX_PRICE_FILTER_DOLLARS } from '@store/shared/listing-sorts';
import { centsToDecimalString, formatCents, parseDecimalToCents } from '@store/shared/money';
import { ApiError } from '@/lib/api-client';
import { LISTING_PARAMS, type ListingQuery } from '@store/shared/paths';

// The address's listing parameters are declared with the store's other addresses (@store/shared/paths).
export type { ListingQuery } from '@store/shared/paths';

/**
 * What an empty price box shows (issue 37 §5): no limit, in words. SPEC §2's hidden slider ran from 130 to 500;
 * shown as the boxes' placeholders, "$ 130" and "$ 500" read as a range already set.
 */
export const PRICE_PLACEHOLDER = 'Any';

/** Reads the listing parameters of an address; blank ones are left out, the rest kept as written. */
export function readListingQuery(search: URLSearchParams): ListingQuery {
  const query: ListingQuery = {};
  for (const name of LISTING_PARAMS) {
    const value = search.get(name)?.trim();
    if (value) query[name] = value;
  }
  return query;
}

/** Only the listing parameters of a larger object (a page's params), without the blank ones. */
export function pickListingQuery(from: ListingQuery): ListingQuery {
  const query: ListingQuery = {};
  for (const name of LISTING_PARAMS) if (from[name]) query[name] = from[name];
  return query;
}

/** The sort the menu shows: the address's when the menu offers it, else the page's default. */
export function selectedSort<S extends string>(query: ListingQuery, sorts: readonly S[], fallback: S): S {
  return sorts.find((s) => s === query.sort) ?? fallback;
}

/** The query with another sort; the default sort is left out of the address. */
export function withSort(query: ListingQuery, sort: string, defaultSort: string): ListingQuery {
  return { ...query, sort: sort === defaultSort ? undefined : sort };
}

/** The query without its price range and in-stock filter (the sort and Show all parts stay). */
export function withoutFilters(query: ListingQuery): ListingQuery {
  return { sort: query.sort, all_parts: query.all_parts };
}

/** True when `all_parts` asks for every part, not only those fitting the chosen vehicle. */
export function allPartsShown(query: ListingQuery): boolean {
  return query.all_parts === '1' || query.all_parts === 'true';
}

/** True when `in_stock` asks for products in stock only ('1' or 'true', as the API reads it). */
export function inStockOnly(query: ListingQuery): boolean {
  return query.in_stock === '1' || query.in_stock === 'true';
}

/** True when a price bound or in stock only narrows the list. */
export function hasListingFilters(query: ListingQuery): boolean {
  return Boolean(query.min_price || query.max_price || inStockOnly(query));
}

/** True when the address says anything about sort or filters (its sort, price or in_stock, valid or not). */
export function hasListingQuery(query: ListingQuery): boolean {
  return LISTING_PARAMS.some((name) => Boolean(query[name]));
}

/** '$130.00' for an amount the API would read, else the text as written. */
function priceText(dollars: string): string {
  const cents = /^\d{1,7}(\.\d{1,2})?$/.test(dollars) ? parseDecimalToCents(dollars) : null;
  return cents === null ? dollars : formatCents(cents);
}

/** 'Price: $130.00 to $500.00', 'Price: from $130.00', 'Price: up to $500.00', or null without a range. */
export function priceRangeText(query: ListingQuery): string | null {
  const { min_price: min, max_price: max } = query;
  if (min && max) return `Price: ${priceText(min)} to ${priceText(max)}`;
  if (min) return `Price: from ${priceText(min)}`;
  if (max) return `Price: up to ${priceText(max)}`;
  return null;
}

export const IN_STOCK_ONLY = 'In stock only';

/** One active filter as the summary shows it: its text and the address without it. */
export interface ActiveFilterItem {
  key: string;
  label: string;
  href: string;
}

/**
 * The summary's items for the price range and in stock only; removing one goes back to page 1 and keeps
 * everything else. `hrefFor` builds the page's address (page 1) for a listing query.
 */
export function listingFilterItems(
  query: ListingQuery,
  hrefFor: (query: ListingQuery) => string,
): ActiveFilterItem[] {
  const items: ActiveFilterItem[] = [];
  const price = priceRangeText(query);
  if (price) {
    items.push({
      key: 'price',
      label: price,
      href: hrefFor({ ...query, min_price: undefined, max_price: undefined }),
    });
  }
  if (inStockOnly(query)) {
    items.push({ key: 'in_stock', label: IN_STOCK_ONLY, href: hrefFor({ ...query, in_stock: undefined }) });
  }
  return items;
}

/** The price boxes' messages. */
export const PRICE_MESSAGES = {
  notAnAmount: 'Enter an amount in dollars, such as 130 or 129.95.',
  tooHigh: `Enter an amount up to $${MAX_PRICE_FILTER_DOLLARS.toLocaleString('en-AU')}.`,
  minAboveMax: 'The minimum price must not be above the maximum.',
} as const;

/**
 * What a price box holds, as the address writes it: '' for an empty box, whole dollars ('130') or dollars
 * and cents ('129.95'), or the message to show. Accepts '$130' and '1,299' as people type them.
 */
export function readPriceInput(text: string): { dollars: string } | { error: string } {
  if (text.trim() === '') return { dollars: '' };
  const cents = parseDecimalToCents(text);
  if (cents === null) return { error: PRICE_MESSAGES.notAnAmount };
  if (cents > MAX_PRICE_FILTER_DOLLARS * 100) return { error: PRICE_MESSAGES.tooHigh };
  return { dollars: cents % 100 === 0 ? String(cents / 100) : centsToDecimalString(cents) };
}

/**
 * True when the API refused the address's sort, price range or in_stock (400 naming one of them, such as a
 * minimum above the maximum): trying again cannot help, leaving them out can.
 */
export function isListingQueryError(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const named = (text: string) => LISTING_PARAMS.some((name) => new RegExp(`\\b${name}\\b`).test(text));
  return (error.fieldErrors ?? []).some((e) => named(e.field)) || named(error.message);
}
