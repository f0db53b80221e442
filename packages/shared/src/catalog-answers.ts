/**
 * The catalog calls' answers (SPEC §7 under /api), one schema each: the API's routes document them with these, the
 * web reads them as these types and the storefront renderer walks the listings with them. Most of them are not made
 * by a serializer but written as JSON text for speed (apps/api/src/modules/catalog/catalog-answers.ts); each route's
 * test parses the bytes it sends with these schemas. Objects are strict, here and in the product's schemas, so a
 * field sent and not declared fails the test as a field declared and not sent does.
 */
import { z } from 'zod';
import { categorySchema, productSchema } from './product';

/** The paging of a listing: `total` products in `last_page` pages (at least 1) of `per_page`. */
const listingPage = {
  total: z.number().int(),
  last_page: z.number().int(),
  current_page: z.number().int(),
  per_page: z.number().int(),
};

/** `GET /api/categories`: every category with its child categories. */
export const categoriesAnswerSchema = z.strictObject({ data: z.array(categorySchema) });
export type CategoriesAnswer = z.infer<typeof categoriesAnswerSchema>;

/** `GET /api/latest-products?pagination=N`: the newest products, wrapped twice (SPEC §7). */
export const latestProductsAnswerSchema = z.strictObject({
  data: z.strictObject({ data: z.array(productSchema) }),
});
export type LatestProductsAnswer = z.infer<typeof latestProductsAnswerSchema>;

/** `GET /api/virtual-products`: the featured products, newest first. */
export const featuredProductsAnswerSchema = z.strictObject({ data: z.array(productSchema) });
export type FeaturedProductsAnswer = z.infer<typeof featuredProductsAnswerSchema>;

/** What each of a shop page's filters matched (null when it named nothing), for the 'Search Results for' heading. */
export const shopFiltersSchema = z.strictObject({
  category: z.strictObject({ sku: z.string(), title: z.string() }).nullable(),
  child_category: z.strictObject({ child_sku: z.string(), child_title: z.string() }).nullable(),
  brand: z.strictObject({ permalink: z.string(), title: z.string() }).nullable(),
});
export type ShopFilters = z.infer<typeof shopFiltersSchema>;

/** `GET /api/shop`: one page of a listing (the shop, a category, a child category or a brand), with its filters. */
export const shopAnswerSchema = z.strictObject({
  data: z.array(productSchema),
  ...listingPage,
  filters: shopFiltersSchema,
  /**
   * Only when a filter named a renamed or retired category, child category or brand (issue 36, decision 0050):
   * each such parameter's new value, or null to drop it. The page replaces its address with
   * `applyTaxonomyChanges` (@store/shared/taxonomy-redirects), as the server's 301 does for a page load.
   */
  moved: z
    .strictObject({
      category: z.string().nullable().optional(),
      child_category: z.string().nullable().optional(),
      brand: z.string().nullable().optional(),
    })
    .optional(),
});
export type ShopAnswer = z.infer<typeof shopAnswerSchema>;

/** `GET /api/products/{sku}`: one product. */
export const productAnswerSchema = z.strictObject({ data: productSchema });
export type ProductAnswer = z.infer<typeof productAnswerSchema>;

/** `GET /api/cart-products?ids=`: the cart's products still sold, at today's prices. */
export const cartProductsAnswerSchema = z.strictObject({ data: z.array(productSchema) });
export type CartProductsAnswer = z.infer<typeof cartProductsAnswerSchema>;

/**
 * `GET /api/search-product`: one page of ranked results; `corrected_query` (only when the spelling correction found
 * something) says which words were searched for; `suggestions` what the shopper may have meant when nothing was.
 */
export const searchAnswerSchema = z.strictObject({
  data: z.array(productSchema),
  ...listingPage,
  corrected_query: z.string().optional(),
  /**
   * Only when nothing was found (issue 37 §4): up to 4 searches from the catalog's own part numbers, brands and
   * title words near what was typed, best first, each finding something with the same filters and vehicle.
   */
  suggestions: z.array(z.string()).optional(),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
