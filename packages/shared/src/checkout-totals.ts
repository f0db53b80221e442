/**
 * The store's one money model (issue 34 §1, decision 0046), written once and run on both sides (DESIGN §4): the
 * browser shows these figures, the server charges them, the order keeps them, and every mail, PDF and back-office
 * screen reads them back. All amounts are integer cents AUD, GST-INCLUSIVE (shelf prices, as consumers see them).
 *
 *   line total            = unit price (shelf price after the product's own discount) × quantity
 *   subtotal              = Σ line totals
 *   signup discount       = subtotal × signup percent             (members; 0 for guests)
 *   membership discount   = subtotal × held plan percent          (members holding the plan)
 *   code discount         = a discount code's percent of (or amount off) the lines it applies to
 *   discounted subtotal   = subtotal − the discounts (each capped so the sum never passes the subtotal)
 *   delivery charge       = the chosen delivery option's charge, resolved by the server's quote (issue 41: rate
 *                           table / Australia Post / click & collect, decision 0069); without one, the SPEC's rule:
 *                           0 when subtotal ≥ free-delivery threshold, else the flat delivery charge
 *   total (charged)       = discounted subtotal + delivery charge   — exactly the sum of the figures shown
 *   GST                   = Σ one-eleventh of each amount shown (line by line: lines − discount lines + delivery)
 *
 * Each percentage is rounded to the nearest cent once, where it is taken. GST is included, never added: it is
 * derived line by line (the ATO's per-line rounding, one method everywhere), so ex-GST figures (amount − its GST)
 * add up exactly to the ex-GST total for business customers and the books. No zod here (first-page safe).
 */
import { discountedPriceCents, type Discount } from './discount';
import { parseDecimalToCents } from './money';

/** The store's settings the maths reads (SPEC §3 General settings), GST-inclusive cents. */
export interface CheckoutSettings {
  gstPercent: number;
  /** The flat delivery charge, inc. GST. */
  deliveryChargeCents: number;
  /** Delivery is free when the subtotal (inc. GST, before order discounts) reaches this. */
  freeDeliveryThresholdCents: number;
}

export interface PricedLine {
  /** Shelf price of one unit after the product's own discount, cents inc. GST. */
  unitPriceCents: number;
  /** Whole number 1-100. */
  quantity: number;
}

/** A discount code as checkout applies it (its rules checked by the server before; issue 34 §5). */
export interface CodeDiscount {
  /** The code as the shopper sees it, upper case. */
  code: string;
  /** Percent off the eligible lines (may be fractional), or null for an amount off. */
  percent: number | null;
  /** Cents off the eligible lines' total (never more than it), or null for a percent. */
  amountCents: number | null;
  /** Indexes of the lines the code applies to; null for every line. */
  eligibleLines: readonly number[] | null;
}

export interface OrderDiscounts {
  /** Whole or fractional percent, e.g. 10 for 10%. */
  signupPercent?: number;
  membershipPercent?: number;
  code?: CodeDiscount | null;
}
/** @deprecated name kept for callers that predate discount codes. */
export type MemberDiscounts = OrderDiscounts;

export interface CheckoutTotals {
  itemCount: number;
  /** Per line: unit × quantity, in the order given. */
  lineTotalsCents: number[];
  /** Per line: the GST included in its line total. */
  lineGstCents: number[];
  subtotalCents: number;
  signupDiscountCents: number;
  membershipDiscountCents: number;
  codeDiscountCents: number;
  /** All order discounts together. */
  discountCents: number;
  discountedSubtotalCents: number;
  deliveryChargeCents: number;
  /** What is charged: discounted subtotal + delivery charge. */
  totalCents: number;
  /** The GST included in the total (line by line). */
  gstCents: number;
  /** totalCents − gstCents: the total before GST, for business customers and the books. */
  totalExGstCents: number;
}

/**
 * The GST included in a GST-inclusive amount (cents; may be negative for a discount line): one-eleventh at 10%,
 * in general amount × g / (100 + g), rounded to the nearest cent (half away from zero).
 */
export function gstIncludedCents(amountCents: number, gstPercent: number): number {
  if (!Number.isInteger(amountCents)) throw new RangeError(`Cents must be whole, got ${amountCents}`);
  if (gstPercent <= 0 || amountCents === 0) return 0;
  const abs = Math.abs(amountCents);
  // The nudge keeps an exact half that floating point lands a hair below on its own side.
  const gst = Math.floor((abs * gstPercent) / (100 + gstPercent) + 0.5 + 1e-9);
  return amountCents < 0 ? -gst : gst;
}

/** A GST-inclusive amount without its GST (cents): what business customers and the books read. */
export function exGstCents(amountCents: number, gstPercent: number): number {
  return amountCents - gstIncludedCents(amountCents, gstPercent);
}

/** Line total (SPEC `qp_subtotal`): unit price × quantity, cents. */
export function lineSubtotalCents(line: PricedLine): number {
  return line.unitPriceCents * line.quantity;
}

/** Cart page and sidebar totals: items and subtotal only, no delivery (SPEC §2, §9). */
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

/** Cents still to add to the subtotal for free delivery (0 when it is free already). */
export function centsToFreeDelivery(subtotalCents: number, settings: CheckoutSettings): number {
  return Math.max(0, settings.freeDeliveryThresholdCents - subtotalCents);
}

/**
 * The order's totals (issue 34 §1). `deliveryChargeCents` is the chosen delivery option's charge as the delivery
 * quote resolved it (issue 41, cents inc. GST: `POST /api/delivery-options` in the browser, `quoteDelivery` on the
 * server); omitted, the SPEC's flat rule applies (the cart's estimate). Throws RangeError on a negative or fractional
 * amount or quantity.
 */
export function computeCheckoutTotals(
  lines: readonly PricedLine[],
  settings: CheckoutSettings,
  discounts: OrderDiscounts = {},
  deliveryChargeCents?: number,
): CheckoutTotals {
  if (
    deliveryChargeCents !== undefined &&
    (!Number.isInteger(deliveryChargeCents) || deliveryChargeCents < 0)
  ) {
    throw new RangeError(`Delivery charge must be whole cents, got ${deliveryChargeCents}`);
  }
  for (const l of lines) {
    if (!Number.isInteger(l.unitPriceCents) || l.unitPriceCents < 0) {
      throw new RangeError(`Unit price must be whole cents, got ${l.unitPriceCents}`);
    }
    if (!Number.isInteger(l.quantity) || l.quantity < 1) {
      throw new RangeError(`Quantity must be a whole number of at least 1, got ${l.quantity}`);
    }
  }
  const g = settings.gstPercent;
  const lineTotalsCents = lines.map(lineSubtotalCents);
  const { itemCount, subtotalCents } = cartSummary(lines);
  // Each discount is capped at what is left, so the discount lines shown never pass the subtotal.
  let left = subtotalCents;
  const take = (cents: number) => {
    const off = Math.min(Math.max(0, cents), left);
    left -= off;
    return off;
  };
  const signupDiscountCents = take(percentOf(subtotalCents, discounts.signupPercent ?? 0));
  const membershipDiscountCents = take(percentOf(subtotalCents, discounts.membershipPercent ?? 0));
  const code = discounts.code ?? null;
  let codeDiscountCents = 0;
  if (code) {
    const base = lineTotalsCents.reduce(
      (sum, cents, i) => (code.eligibleLines === null || code.eligibleLines.includes(i) ? sum + cents : sum),
      0,
    );
    codeDiscountCents = take(
      code.percent !== null ? percentOf(base, code.percent) : Math.min(code.amountCents ?? 0, base),
    );
  }
  const discountCents = signupDiscountCents + membershipDiscountCents + codeDiscountCents;
  const discountedSubtotalCents = subtotalCents - discountCents;
  const delivery =
    itemCount === 0
      ? 0
      : (deliveryChargeCents ??
        (subtotalCents >= settings.freeDeliveryThresholdCents ? 0 : settings.deliveryChargeCents));
  const totalCents = discountedSubtotalCents + delivery;
  const lineGstCents = lineTotalsCents.map((c) => gstIncludedCents(c, g));
  const gstCents = Math.max(
    0,
    lineGstCents.reduce((a, b) => a + b, 0) -
      gstIncludedCents(signupDiscountCents, g) -
      gstIncludedCents(membershipDiscountCents, g) -
      gstIncludedCents(codeDiscountCents, g) +
      gstIncludedCents(delivery, g),
  );
  return {
    itemCount,
    lineTotalsCents,
    lineGstCents,
    subtotalCents,
    signupDiscountCents,
    membershipDiscountCents,
    codeDiscountCents,
    discountCents,
    discountedSubtotalCents,
    deliveryChargeCents: delivery,
    totalCents,
    gstCents,
    totalExGstCents: totalCents - gstCents,
  };
}

/** The wire fields a product or cart line carries its price in (SPEC §3 `_price`, `discount_data`). */
export interface PricedProductFields {
  product_meta: readonly { option: string; value: string }[];
  discount_data: { discounted_price: string } | null;
  /** The signed-in trade customer's price (issue 39), when the server sent one. */
  trade_price?: { price: string } | null | undefined;
}

/**
 * Unit price in cents (inc. GST) of a product as served: the trade customer's price when the server sent one
 * (issue 39: already the lower of their list and the sale), else the discounted price when there is one, else
 * `_price`. Returns null when the product carries no readable price.
 */
export function unitPriceCentsOf(product: PricedProductFields): number | null {
  if (product.trade_price) {
    const t = parseDecimalToCents(product.trade_price.price);
    if (t !== null) return t;
  }
  if (product.discount_data) {
    const d = parseDecimalToCents(product.discount_data.discounted_price);
    if (d !== null) return d;
  }
  const price = product.product_meta.find((m) => m.option === '_price')?.value;
  return price === undefined ? null : parseDecimalToCents(price);
}

/** Unit price in cents from the stored columns (server side): shelf price less the product discount. */
export function unitPriceCentsFromColumns(priceCents: number, discount: Discount | null): number {
  return discountedPriceCents(priceCents, discount);
}
