/**
 * Query-string schemas of the catalog calls (SPEC §7) and their limits (SPEC §9).
 * Bad values are rejected with a message a person can act on; the API answers 400 with it.
 */
import { z } from 'zod';
import { MAX_PRICE_FILTER_DOLLARS, SEARCH_SORTS, SHOP_SORTS } from './listing-sorts';
import { searchText } from './text-schemas';

/** SPEC §9: the shop asks for 20 a page; the API allows up to 100. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** SPEC §9: search shows at most 15 suggestions / results a page. */
export const SEARCH_RESULT_LIMIT = 15;
export const SEARCH_MIN_CHARS = 3;
export const SEARCH_MAX_CHARS = 100;
/** Highest page number a listing accepts: far past the last page of any catalog, and a safe integer. */
export const MAX_PAGE = 1_000_000;

/** A positive whole number from a query string, with messages naming the parameter. */
function positiveInt(name: string, max: number) {
  return (
    z
      .string()
      .trim()
      .regex(/^\d+$/, `${name} must be a whole number, such as 1`)
      // Compared before the number is made, so that 99999999999999999999 gets this message, not an int's limits.
      .refine((v) => !/^\d+$/.test(v) || Number(v) <= max, `${name} must be at most ${max}`)
      .transform(Number)
      .pipe(z.number().int().min(1, `${name} must be 1 or more`))
  );
}

const filterValue = (name: string) =>
  z.string().trim().max(200, `${name} is too long (200 characters at most)`).optional();

/** A price bound from a query string in dollars ("130", "129.95") -> integer cents. */
function priceBound(name: string) {
  return z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, `${name} must be an amount in dollars, such as 130 or 129.95`)
    .transform((v) => Math.round(Number(v) * 100))
    .refine((c) => c <= MAX_PRICE_FILTER_DOLLARS * 100, `${name} must be at most ${MAX_PRICE_FILTER_DOLLARS}`)
    .optional();
}

/** Highest vehicle id a query accepts (a PostgreSQL integer). */
const MAX_VEHICLE_ID = 2_147_483_647;

/**
 * `vehicle=<id>` (issue 15 §4): only parts that fit that vehicle or are universal, each product answered with its
 * `fitment` for it.
 */
export const vehicleParam = positiveInt('vehicle', MAX_VEHICLE_ID).optional();

/** `in_stock=1` (or true): only products that can be bought now (stock above 0 or not tracked). */
const inStockFlag = z
  .enum(['1', 'true', '0', 'false'], { error: 'in_stock must be 1 or 0' })
  .transform((v) => v === '1' || v === 'true')
  .optional();

/**
 * Filters shared by the shop and search (issue 13): a price range in dollars, read as integer cents
 * (`min_price_cents`, `max_price_cents`, either may be absent) and in stock only. A range whose minimum is above
 * its maximum is refused.
 */
const listingFilters = {
  min_price: priceBound('min_price'),
  max_price: priceBound('max_price'),
  in_stock: inStockFlag,
  vehicle: vehicleParam,
  /** `all_parts=1` with a vehicle: every part, each still with its `fitment` ("Show all parts", issue 15 §6). */
  all_parts: z
    .enum(['1', 'true', '0', 'false'], { error: 'all_parts must be 1 or 0' })
    .transform((v) => v === '1' || v === 'true')
    .optional(),
};

function checkPriceRange(q: { min_price?: number | undefined; max_price?: number | undefined }) {
  return q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price;
}
const PRICE_RANGE_MESSAGE = 'min_price must not be above max_price';

export const shopQuerySchema = z
  .object({
    page: positiveInt('page', MAX_PAGE).default(1),
    pagination: positiveInt('pagination', MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    category: filterValue('category'),
    child_category: filterValue('child_category'),
    brand: filterValue('brand'),
    sort: z.enum(SHOP_SORTS, { error: `sort must be one of ${SHOP_SORTS.join(', ')}` }).default('newest'),
    ...listingFilters,
  })
  .refine(checkPriceRange, { message: PRICE_RANGE_MESSAGE, path: ['min_price'] });
export type ShopQuery = z.infer<typeof shopQuerySchema>;

export const latestProductsQuerySchema = z.object({
  pagination: positiveInt('pagination', MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  vehicle: vehicleParam,
});

/** `/products/{sku}?vehicle=`: the product with its `fitment` for that vehicle. */
export const productQuerySchema = z.object({ vehicle: vehicleParam });

export const searchQuerySchema = z
  .object({
    search: searchText({ error: 'search is required' })
      .trim()
      .min(1, 'search must not be empty')
      .max(SEARCH_MAX_CHARS, `search must be at most ${SEARCH_MAX_CHARS} characters`),
    page: positiveInt('page', MAX_PAGE).default(1),
    pagination: positiveInt('pagination', MAX_PAGE_SIZE).default(SEARCH_RESULT_LIMIT),
    sort: z
      .enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(', ')}` })
      .default('relevance'),
    ...listingFilters,
  })
  .refine(checkPriceRange, { message: PRICE_RANGE_MESSAGE, path: ['min_price'] });
export type SearchQuery = z.infer<typeof searchQuerySchema>;
