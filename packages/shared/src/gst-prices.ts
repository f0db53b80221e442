/**
 * Prices as a shopper sees them (issue 18 §1-2, issue 34 §1; decisions 0035, 0046; DESIGN §7: the single-price
 * rule). The catalog stores shelf prices INCLUDING GST (`_price`); everyone sees them as they are, except a member
 * with business details who chose "ex. GST", who sees each amount less the GST it includes (`exGstCents`, line by
 * line, so the ex-GST figures add up to the ex-GST total). The amount charged is always the sum of the GST-inclusive
 * figures (checkout-totals.ts). No zod here (first-page safe).
 */
import { exGstCents } from './checkout-totals';
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

/** A GST-inclusive amount (cents) as `display` shows it: as it is, or less its GST for "ex. GST". */
export function shownPriceCents(incCents: number, display: PriceDisplay, gstPercent: number): number {
  return display === 'ex_gst' ? exGstCents(incCents, gstPercent) : incCents;
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
