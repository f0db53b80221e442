/**
 * The product page's units by location (issue 41 §1, decision 0069), from `GET /api/products/:id/availability`'s
 * answer. A module of its own, with the answer's type only: the product page calls it, and the schema module's
 * zod (28 kB) stays out of the page's scripts (decision 0070).
 */
import type { ProductAvailability } from './product-availability';

/** The `stockLines` input (stock-locations.ts) from the answer: units by location id; null when not tracked. */
export function stockAtMap(availability: ProductAvailability): Map<number, number> | null {
  if (availability.stock_at === null) return null;
  return new Map(Object.entries(availability.stock_at).map(([id, n]) => [Number(id), n]));
}
