/**
 * /best-selling (issue 37 §4, decision 0058): the products that sold the most units in the last 90 days, from paid
 * order lines less the units refunded; the featured products instead while too few orders were paid in that time
 * for a ranking to mean anything. Written once here for the API's answer and the page's words.
 */
import { z } from 'zod';
import { productSchema } from './product';

/** How far back the ranking looks, days. */
export const BEST_SELLERS_DAYS = 90;
/** Paid orders in those days below which the page shows the featured products instead (decision 0058). */
export const BEST_SELLERS_MIN_ORDERS = 5;
/** Products the page lists at most: four rows of a desktop grid, and a phone's long scroll. */
export const BEST_SELLERS_LIMIT = 24;

export const BEST_SELLERS_BASES = ['sales', 'featured'] as const;
export type BestSellersBasis = (typeof BEST_SELLERS_BASES)[number];

/**
 * `GET /api/best-selling-products`: `data` the products best first; `basis` 'sales' (ranked by units sold in the
 * last `days` days) or 'featured' (too few paid orders yet: the featured products, in the home page's order).
 */
export const bestSellersAnswerSchema = z.strictObject({
  data: z.array(productSchema),
  basis: z.enum(BEST_SELLERS_BASES),
  days: z.number().int(),
});
export type BestSellersAnswer = z.infer<typeof bestSellersAnswerSchema>;

/** What the page says above the grid, by basis. */
export function bestSellersLead(basis: BestSellersBasis): string {
  return basis === 'sales'
    ? `Our most popular parts and accessories: the products that sold the most in the last ${BEST_SELLERS_DAYS} days.`
    : 'Our pick of popular parts and accessories while the sales figures build up.';
}
