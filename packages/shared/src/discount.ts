/**
 * Product discounts (SPEC §4 Discount): type 0 = percent off, labelled 'Save N%';
 * type 1 = fixed dollar amount off, labelled 'Save $N'. The price after discount never goes below 0.
 */

export const DISCOUNT_PERCENT = 0;
export const DISCOUNT_FIXED = 1;
export type DiscountType = typeof DISCOUNT_PERCENT | typeof DISCOUNT_FIXED;

/** A discount as stored: percent in whole percent (0-100) or fixed amount in cents. */
export interface Discount {
  type: DiscountType;
  /** Whole percent for type 0, cents for type 1. */
  value: number;
}

/** Price after the discount, in cents, rounded to the nearest cent, never below 0. */
export function discountedPriceCents(priceCents: number, discount: Discount | null): number {
  if (!discount) return priceCents;
  const off =
    discount.type === DISCOUNT_PERCENT ? Math.round((priceCents * discount.value) / 100) : discount.value;
  return Math.max(0, priceCents - off);
}

/**
 * Turns a catalog's "was / now" pair (compare-at or regular price, and the sale price) into a discount.
 * A whole-percent cut becomes a percent discount ('Save 15%'); anything else a fixed amount ('Save $10').
 * Returns null when the sale price is not below the regular price.
 */
export function discountFromSalePrice(regularCents: number, saleCents: number): Discount | null {
  if (saleCents >= regularCents || regularCents <= 0) return null;
  const off = regularCents - saleCents;
  const percent = (off * 100) / regularCents;
  if (Number.isInteger(percent)) return { type: DISCOUNT_PERCENT, value: percent };
  return { type: DISCOUNT_FIXED, value: off };
}

/** 'Save 15%' or 'Save $10' / 'Save $10.50' (SPEC §4). */
export function discountLabel(discount: Discount): string {
  if (discount.type === DISCOUNT_PERCENT) return `Save ${discount.value}%`;
  const dollars =
    discount.value % 100 === 0 ? String(discount.value / 100) : (discount.value / 100).toFixed(2);
  return `Save $${dollars}`;
}
