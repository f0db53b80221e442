/**
 * Prices as a shopper sees them (issue 18 §1-2, decision 0035; DESIGN §7: the single-price rule). The API and the
 * SPEC §9 maths count in GST-exclusive cents (`_price`); every figure shown to a shopper is the GST-inclusive one,
 * made here and only here, except for a member with business details who chose "ex. GST".
 *
 * Rounding rule: a price or charge shown including GST is rounded UP to the cent, an amount taken off (a member's
 * discount) rounded DOWN. Whatever the cart, discounts and plan, the SPEC §9 total charged (GST taken once, on the
 * discounted subtotal plus delivery, rounded to the nearest cent) is then never more than the figures shown add
 * up to (`shownCartTotals`; proved by the property test in gst-prices.test.ts). No zod here (first-page safe).
 */
import { type CheckoutSettings, type MemberDiscounts, type PricedLine } from './checkout-totals';
import { DISCOUNT_FIXED, discountLabel } from './discount';

/** SPEC §9's GST percent, shown with until the store's own setting is read. */
export const DEFAULT_GST_PERCENT = 10;

/** How a shopper sees prices: including GST (everyone), or excluding it (a member with business details, by choice). */
export const PRICE_DISPLAYS = ['inc_gst', 'ex_gst'] as const;
export type PriceDisplay = (typeof PRICE_DISPLAYS)[number];

/** The words after every price shown (issue 18 §1). */
export const PRICE_DISPLAY_LABELS: Readonly<Record<PriceDisplay, string>> = {
  inc_gst: 'inc. GST',
  ex_gst: 'ex. GST',
};

/**
 * A product discount's label for the prices shown: 'Save 15%' stays, 'Save $N' becomes what the shopper sees taken
 * off (the struck price shown less the price shown), so the label and the two prices always agree.
 */
export function shownSaveLabel(
  label: string | null,
  shownListCents: number,
  shownSaleCents: number,
): string | null {
  if (label === null || /^Save \d+%$/.test(label)) return label;
  const off = shownListCents - shownSaleCents;
  return off > 0 ? discountLabel({ type: DISCOUNT_FIXED, value: off }) : null;
}

/** The words after a price shown: "inc. GST" / "ex. GST", none for a store not registered for GST (0 %). */
export function priceDisplayLabel(display: PriceDisplay, gstPercent: number): string {
  return gstPercent === 0 ? '' : PRICE_DISPLAY_LABELS[display];
}

/** The user meta key a member's choice is kept under (SPEC §3 user_meta, like the business details `_b_*`). */
export const PRICE_DISPLAY_META_KEY = '_price_display';

function checkCents(cents: number): void {
  if (!Number.isInteger(cents) || cents < 0)
    throw new RangeError(`Cents must be whole and not negative, got ${cents}`);
}

/** `exCents` with `gstPercent` added, in whole cents rounded `up` or down. */
function withGst(exCents: number, gstPercent: number, up: boolean): number {
  checkCents(exCents);
  // Whole cents times (100 + percent) is exact for any percent with at most a few decimals; the nudge keeps an
  // exact quotient that floating point lands a hair off (e.g. 1001 * 110 / 100) on its own cent.
  const exact = (exCents * (100 + gstPercent)) / 100;
  const cents = up ? Math.ceil(exact - 1e-9) : Math.floor(exact + 1e-9);
  return cents === 0 ? 0 : cents; // not -0
}

/** A GST-exclusive price (cents) as shown including GST: rounded up to the cent. Throws RangeError on bad cents. */
export function priceIncGstCents(exCents: number, gstPercent: number): number {
  return withGst(exCents, gstPercent, true);
}

/** An amount taken off (cents, ex GST) as shown including GST: rounded down to the cent. */
export function discountIncGstCents(exCents: number, gstPercent: number): number {
  return withGst(exCents, gstPercent, false);
}

/**
 * The lowest GST-exclusive price (cents) shown at `shownCents` or more including GST: a price filter's minimum as
 * the shopper typed it, turned into the API's (issue 18: filters read as prices are shown).
 */
export function lowestExGstCents(shownCents: number, gstPercent: number): number {
  checkCents(shownCents);
  if (shownCents === 0) return 0;
  return Math.floor(((shownCents - 1) * 100) / (100 + gstPercent) + 1e-9) + 1;
}

/** The highest GST-exclusive price (cents) shown at `shownCents` or less including GST: a filter's maximum. */
export function highestExGstCents(shownCents: number, gstPercent: number): number {
  checkCents(shownCents);
  return Math.floor((shownCents * 100) / (100 + gstPercent) + 1e-9);
}

/** A GST-exclusive price (cents) as `display` shows it. */
export function shownPriceCents(exCents: number, display: PriceDisplay, gstPercent: number): number {
  return display === 'ex_gst' ? exCents : priceIncGstCents(exCents, gstPercent);
}

/**
 * The `_price` string the API serves ("79.95", ex GST) including GST, as the same kind of string: what
 * structured data and feeds carry. Null for a price that is not a whole-cent decimal.
 */
export function decimalIncGst(exDecimal: string, gstPercent: number): string | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(exDecimal.trim());
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  const inc = priceIncGstCents(cents, gstPercent);
  return `${Math.floor(inc / 100)}.${String(inc % 100).padStart(2, '0')}`;
}

/** What a cart shows, every figure as `display` shows it (cents). */
export interface ShownCartTotals {
  /** Per line: the unit price shown times the quantity. */
  lineTotalsCents: number[];
  /** The line totals added up. */
  subtotalCents: number;
  signupDiscountCents: number;
  membershipDiscountCents: number;
  deliveryChargeCents: number;
  /** Subtotal less the discounts (never below 0) plus the delivery charge. */
  totalCents: number;
}

/**
 * The cart's figures as shown (issue 18 §1), from the same inputs as `computeCheckoutTotals` (SPEC §9): the same
 * discounts (percent of the ex-GST subtotal) and the same free-delivery rule, each shown through the rounding rule
 * above. With `inc_gst`, `totalCents` is never below what `computeCheckoutTotals` charges.
 */
export function shownCartTotals(
  lines: readonly PricedLine[],
  settings: CheckoutSettings,
  discounts: MemberDiscounts = {},
  display: PriceDisplay = 'inc_gst',
): ShownCartTotals {
  const g = display === 'ex_gst' ? 0 : settings.gstPercent;
  let itemCount = 0;
  let exSubtotal = 0;
  const lineTotalsCents = lines.map((l) => {
    itemCount += l.quantity;
    exSubtotal += l.unitPriceCents * l.quantity;
    return priceIncGstCents(l.unitPriceCents, g) * l.quantity;
  });
  const subtotalCents = lineTotalsCents.reduce((a, b) => a + b, 0);
  // The discounts of SPEC §9, taken of the ex-GST subtotal as the charge takes them, then shown.
  const off = (percent: number | undefined) =>
    discountIncGstCents(Math.round((exSubtotal * (percent ?? 0)) / 100), g);
  const signupDiscountCents = off(discounts.signupPercent);
  const membershipDiscountCents = off(discounts.membershipPercent);
  const deliveryEx =
    itemCount === 0 || exSubtotal >= settings.freeDeliveryThresholdCents ? 0 : settings.deliveryChargeCents;
  const deliveryChargeCents = priceIncGstCents(deliveryEx, g);
  return {
    lineTotalsCents,
    subtotalCents,
    signupDiscountCents,
    membershipDiscountCents,
    deliveryChargeCents,
    totalCents:
      Math.max(0, subtotalCents - signupDiscountCents - membershipDiscountCents) + deliveryChargeCents,
  };
}

/** What a member's user meta says of prices (SPEC §3 user_meta: `{option, value}` pairs). */
type UserMeta = readonly { option: string; value: string }[];

/** A member with business details: a business name or number (SPEC §3 `_b_name`, `_b_number`). */
export function hasBusinessDetails(meta: UserMeta): boolean {
  return meta.some((m) => (m.option === '_b_name' || m.option === '_b_number') && m.value.trim() !== '');
}

/**
 * How prices are shown to a shopper (issue 18 §2): `ex_gst` only for a member with business details who chose it,
 * `inc_gst` for everyone else, guests (null) included.
 */
export function priceDisplayOf(meta: UserMeta | null): PriceDisplay {
  if (!meta || !hasBusinessDetails(meta)) return 'inc_gst';
  return meta.some((m) => m.option === PRICE_DISPLAY_META_KEY && m.value === 'ex_gst') ? 'ex_gst' : 'inc_gst';
}

/** The answer to a member without business details who asks for ex. GST prices (issue 18 §2). */
export const EX_GST_NEEDS_BUSINESS =
  'Prices excluding GST are for business customers: add your business name or ABN to your profile first';
