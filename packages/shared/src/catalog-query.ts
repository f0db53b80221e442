/**
 * Query-string schemas of the catalog calls (SPEC §7) and their limits (SPEC §9).
 * Bad values are rejected with a message a person can act on; the API answers 400 with it.
 */
import { z } from 'zod';
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

export const shopQuerySchema = z.object({
  page: positiveInt('page', MAX_PAGE).default(1),
  pagination: positiveInt('pagination', MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  category: filterValue('category'),
  child_category: filterValue('child_category'),
  brand: filterValue('brand'),
});
export type ShopQuery = z.infer<typeof shopQuerySchema>;

export const latestProductsQuerySchema = z.object({
  pagination: positiveInt('pagination', MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export const searchQuerySchema = z.object({
  search: searchText({ error: 'search is required' })
    .trim()
    .min(1, 'search must not be empty')
    .max(SEARCH_MAX_CHARS, `search must be at most ${SEARCH_MAX_CHARS} characters`),
  page: positiveInt('page', MAX_PAGE).default(1),
  pagination: positiveInt('pagination', MAX_PAGE_SIZE).default(SEARCH_RESULT_LIMIT),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;
