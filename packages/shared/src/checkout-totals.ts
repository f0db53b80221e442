/**
 * The checkout maths of SPEC §9, written once and run on both sides (DESIGN §4): the browser shows these
 * figures, the server charges them. All amounts are integer cents AUD.
 *
 *   subtotal              = Σ unit price (after product discount) × quantity
 *   signup discount       = subtotal × signup percent           (members; 0 for guests)
 *   membership discount   = subtotal × chosen plan percent      (members; 0 for guests)
 *   discounted subtotal   = subtotal − both discounts (never below 0)
 *   delivery charge       = 0 when subtotal ≥ free-delivery threshold, else the delivery-charge setting
 *   GST                   = (discounted subtotal + delivery charge) × GST percent
 *   total                 = discounted subtotal + delivery charge + GST
 *
 * Each percentage is rounded to the nearest cent once, where it is taken. No zod here (first-page safe).
 */
import { discountedPriceCents, type Discount } from './discount';
import { parseDecimalToCents } from './money';

/** The store's settings the maths reads (SPEC §3 General settings; §9 threshold $100). */
export interface CheckoutSettings {
  gstPercent: number;
  deliveryChargeCents: number;
  freeDeliveryThresholdCents: number;
}

export interface PricedLine {
  /** Price of one unit after the product's own discount, cents. */
  unitPriceCents: number;
  /** Whole number 1-100. */
  quantity: number;
}

export interface MemberDiscounts {
  /** Whole or fractional percent, e.g. 10 for 10%. */
  signupPercent?: number;
  membershipPercent?: number;
}

export interface CheckoutTotals {
  itemCount: number;
  subtotalCents: number;
  signupDiscountCents: number;
  membershipDiscountCents: number;
  discountedSubtotalCents: number;
  deliveryChargeCents: number;
  gstCents: number;
  totalCents: number;
}

/** Line total (SPEC `qp_subtotal`): unit price × quantity, cents. */
export function lineSubtotalCents(line: PricedLine): number {
  return line.unitPriceCents * line.quantity;
}

/** Cart page and sidebar totals: items and subtotal only, no shipping or tax (SPEC §2, §9). */
export function cartSummary(lines: readonly PricedLine[]): { itemCount: number; subtotalCents: number } {
  let itemCount = 0;
  let subtotalCents = 0;
  for (const l of lines) {
    itemCount += l.quantity;
    subtotalCents += lineSubtotalCents(l);
  }
  return { itemCount, subtotalCents };
}

const percentOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);

/** SPEC §9 checkout totals. Throws RangeError on a negative or fractional amount or quantity. */
export function computeCheckoutTotals(
  lines: readonly PricedLine[],
  settings: CheckoutSettings,
  discounts: MemberDiscounts = {},
): CheckoutTotals {
  for (const l of lines) {
    if (!Number.isInteger(l.unitPriceCents) || l.unitPriceCents < 0) {
      throw new RangeError(`Unit price must be whole cents, got ${l.unitPriceCents}`);
    }
    if (!Number.isInteger(l.quantity) || l.quantity < 1) {
      throw new RangeError(`Quantity must be a whole number of at least 1, got ${l.quantity}`);
    }
  }
  const { itemCount, subtotalCents } = cartSummary(lines);
  const signupDiscountCents = percentOf(subtotalCents, discounts.signupPercent ?? 0);
  const membershipDiscountCents = percentOf(subtotalCents, discounts.membershipPercent ?? 0);
  const discountedSubtotalCents = Math.max(0, subtotalCents - signupDiscountCents - membershipDiscountCents);
  const deliveryChargeCents =
    itemCount === 0 || subtotalCents >= settings.freeDeliveryThresholdCents
      ? 0
      : settings.deliveryChargeCents;
  const gstCents = percentOf(discountedSubtotalCents + deliveryChargeCents, settings.gstPercent);
  return {
    itemCount,
    subtotalCents,
    signupDiscountCents,
    membershipDiscountCents,
    discountedSubtotalCents,
    deliveryChargeCents,
    gstCents,
    totalCents: discountedSubtotalCents + deliveryChargeCents + gstCents,
  };
}

/** The wire fields a product or cart line carries its price in (SPEC §3 `_price`, `discount_data`). */
export interface PricedProductFields {
  product_meta: readonly { option: string; value: string }[];
  discount_data: { discounted_price: string } | null;
}

/**
 * Unit price in cents of a product as served: the discounted price when there is one, else `_price`.
 * Returns null when the product carries no readable price.
 */
export function unitPriceCentsOf(product: PricedProductFields): number | null {
  if (product.discount_data) {
    const d = parseDecimalToCents(product.discount_data.discounted_price);
    if (d !== null) return d;
  }
  const price = product.product_meta.find((m) => m.option === '_price')?.value;
  return price === undefined ? null : parseDecimalToCents(price);
}

/** Unit price in cents from the stored columns (server side): list price less the product discount. */
export function unitPriceCentsFromColumns(priceCents: number, discount: Discount | null): number {
  return discountedPriceCents(priceCents, discount);
}
