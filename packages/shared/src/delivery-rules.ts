/**
 * Delivery options and what a cart may take (issue 41, decision 0069), written once for the checkout, the
 * delivery-options endpoint, place-order, the product page, the mails and the tax invoice.
 *
 * - Options: `standard` (by road; the SPEC's rule — free from the threshold, else the flat charge — unless the
 *   rate table or Australia Post prices it), `express` (by air: Australia Post Express Post), `click_and_collect`
 *   (no delivery charge, from a location that hands over).
 * - Dangerous goods (a car battery is Class 8) never fly and never go to a PO box or a parcel locker; bulky goods
 *   (an exhaust, a bull bar) do not fit a PO box or a locker and do not go express; each bulky unit adds the bulky
 *   surcharge to standard delivery.
 * - Rates: the store's rate table by default (zones of post codes × weight brackets), Australia Post's calculator
 *   when `AUSPOST_API_KEY` is set (server only); the chargeable weight is the greater of the dead weight and the
 *   cubic weight (250 kg per m³, Australia Post's factor).
 *
 * Money is integer cents including GST (decision 0046). No zod here (first-page safe).
 */
import { formatCents } from './money';

export const DELIVERY_OPTIONS = ['standard', 'express', 'click_and_collect'] as const;
export type DeliveryOption = (typeof DELIVERY_OPTIONS)[number];

/** The options' names, as the checkout, the order pages, the mails and the tax invoice print them. */
export const DELIVERY_OPTION_NAMES: Readonly<Record<DeliveryOption, string>> = {
  standard: 'Standard delivery',
  express: 'Express delivery',
  click_and_collect: 'Click & collect',
};

export function isDeliveryOption(value: unknown): value is DeliveryOption {
  return typeof value === 'string' && (DELIVERY_OPTIONS as readonly string[]).includes(value);
}

/** Dangerous goods classes (ADG Code); a lead-acid battery is '8' (corrosive). */
export const DANGEROUS_GOODS_CLASSES = [
  '1',
  '2.1',
  '2.2',
  '2.3',
  '3',
  '4.1',
  '4.2',
  '4.3',
  '5.1',
  '5.2',
  '6.1',
  '6.2',
  '7',
  '8',
  '9',
] as const;
export type DangerousGoodsClass = (typeof DANGEROUS_GOODS_CLASSES)[number];

export function isDangerousGoodsClass(value: unknown): value is DangerousGoodsClass {
  return typeof value === 'string' && (DANGEROUS_GOODS_CLASSES as readonly string[]).includes(value);
}

/** What a delivery address is, for the rules: a street address, a PO box (or bag) or a parcel locker. */
export type AddressKind = 'street' | 'po_box' | 'parcel_locker';

const PO_BOX =
  /\b(?:p\.?\s*o\.?\s*box|post\s*office\s*box|g\.?\s*p\.?\s*o\.?\s*box|locked\s*bag|private\s*bag|p\.?\s*m\.?\s*b\b|c\.?\s*m\.?\s*b\b|po\s*bag)/i;
const PARCEL_LOCKER =
  /\b(?:parcel\s*(?:locker|collect)|24\/7\s*parcel|smart\s*locker|amazon\s*(?:hub\s*)?locker)/i;

/**
 * Which kind of address the street lines are: "PO Box 12", "P.O. Box 12", "GPO Box 1", "Locked Bag 5", "Private
 * Bag 3" are PO boxes; "Parcel Locker 1023456789", "Parcel Collect", "24/7 Parcel Locker" are parcel lockers.
 */
export function addressKindOf(...streetLines: readonly (string | null | undefined)[]): AddressKind {
  const text = streetLines.filter(Boolean).join(' ');
  if (PARCEL_LOCKER.test(text)) return 'parcel_locker';
  if (PO_BOX.test(text)) return 'po_box';
  return 'street';
}

/** The address form's note under the street field when it reads as a PO box or a parcel locker. */
export function addressKindNote(kind: AddressKind): string | null {
  if (kind === 'po_box')
    return 'This looks like a PO box: we can send most parts there, but not batteries, other dangerous goods or bulky items.';
  if (kind === 'parcel_locker')
    return 'This looks like a parcel locker: we can send most parts there, but not batteries, other dangerous goods or bulky items.';
  return null;
}

/** A cart line as the rules see it. */
export interface DeliveryLine {
  title: string;
  quantity: number;
  /** Null when the product is not a dangerous good. */
  dangerousGoodsClass: string | null;
  bulky: boolean;
  /** Null when unknown: counted as DEFAULT_WEIGHT_GRAMS. */
  weightGrams: number | null;
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
}

/** What a product without a weight counts as (grams). */
export const DEFAULT_WEIGHT_GRAMS = 1000;
/** Australia Post's cubic factor: 250 kg per cubic metre, i.e. grams = mm³ / 4000. */
const CUBIC_GRAMS_PER_MM3 = 250 / 1_000_000;

/**
 * The parcel's chargeable weight in grams: per line the greater of its dead weight and its cubic weight (when all
 * three dimensions are known), times its quantity, summed.
 */
export function chargeableWeightGrams(lines: readonly DeliveryLine[]): number {
  let grams = 0;
  for (const l of lines) {
    const dead = l.weightGrams ?? DEFAULT_WEIGHT_GRAMS;
    const cubic =
      l.lengthMm && l.widthMm && l.heightMm
        ? Math.ceil(l.lengthMm * l.widthMm * l.heightMm * CUBIC_GRAMS_PER_MM3)
        : 0;
    grams += Math.max(dead, cubic) * l.quantity;
  }
  return grams;
}

/** The words for a dangerous goods class: "dangerous good (Class 8)". */
export function dangerousGoodWords(dgClass: string): string {
  return `dangerous good (Class ${dgClass})`;
}

/** Why an option is missing or refused, in the words the checkout shows and place-order answers (400). */
export const DELIVERY_MESSAGES = {
  expressDangerous: (title: string, dgClass: string) =>
    `Express delivery goes by air, and "${title}" is a ${dangerousGoodWords(dgClass)} that cannot fly. Choose standard delivery (by road) or click & collect.`,
  expressBulky: (title: string) =>
    `Express delivery cannot carry "${title}": it is a bulky item. Choose standard delivery or click & collect.`,
  expressOff: 'Express delivery is not offered at the moment.',
  dangerousToPoBox: (title: string, dgClass: string) =>
    `"${title}" is a ${dangerousGoodWords(dgClass)}, so it cannot go to a PO box. Enter a street address, or choose click & collect.`,
  dangerousToLocker: (title: string, dgClass: string) =>
    `"${title}" is a ${dangerousGoodWords(dgClass)}, so it cannot go to a parcel locker. Enter a street address, or choose click & collect.`,
  bulkyToPoBox: (title: string) =>
    `"${title}" is a bulky item and does not fit a PO box. Enter a street address, or choose click & collect.`,
  bulkyToLocker: (title: string) =>
    `"${title}" is a bulky item and does not fit a parcel locker. Enter a street address, or choose click & collect.`,
  collectLocationRequired: 'Choose the store to collect your order from.',
  chooseOption: 'Choose how your order reaches you under "Delivery".',
  collectLocationUnknown: 'That store does not hand over orders. Choose another store to collect from.',
  collectNone: 'No store hands over orders at the moment. Choose delivery instead.',
  expressTooHeavy:
    'Express delivery takes parcels up to 22 kg, and this order is heavier. Choose standard delivery or click & collect.',
  collectNotInStock: (locationName: string) =>
    `${locationName} cannot have your whole order ready: choose another store or delivery.`,
  postCodeRequired: 'Enter the delivery post code to see the delivery options and their prices.',
  ratesUnavailable:
    'We could not work out the delivery price just now. Please try again in a moment, or choose click & collect.',
  chargeChanged:
    'The delivery price has changed since you chose it. Please check the new total and place the order again.',
} as const;

/** The facts about a cart and its destination the options depend on. */
export interface DeliveryCart {
  lines: readonly DeliveryLine[];
  addressKind: AddressKind;
}

/**
 * Why `option` cannot take this cart to this address, as the shopper reads it; null when it can. Click & collect
 * is never refused here (the location's stock decides it). The first offending line is named.
 */
export function deliveryOptionRefusal(
  option: DeliveryOption,
  cart: DeliveryCart,
  settings: { expressEnabled: boolean } = { expressEnabled: true },
): string | null {
  if (option === 'click_and_collect') return null;
  const dangerous = cart.lines.find((l) => l.dangerousGoodsClass);
  const bulky = cart.lines.find((l) => l.bulky);
  if (option === 'express') {
    if (!settings.expressEnabled) return DELIVERY_MESSAGES.expressOff;
    if (dangerous)
      return DELIVERY_MESSAGES.expressDangerous(dangerous.title, dangerous.dangerousGoodsClass ?? '');
    if (bulky) return DELIVERY_MESSAGES.expressBulky(bulky.title);
  }
  if (cart.addressKind === 'po_box') {
    if (dangerous)
      return DELIVERY_MESSAGES.dangerousToPoBox(dangerous.title, dangerous.dangerousGoodsClass ?? '');
    if (bulky) return DELIVERY_MESSAGES.bulkyToPoBox(bulky.title);
  }
  if (cart.addressKind === 'parcel_locker') {
    if (dangerous)
      return DELIVERY_MESSAGES.dangerousToLocker(dangerous.title, dangerous.dangerousGoodsClass ?? '');
    if (bulky) return DELIVERY_MESSAGES.bulkyToLocker(bulky.title);
  }
  return null;
}

/** A zone of the rate table: post codes by inclusive ranges, e.g. Sydney metro 2000-2234. */
export interface RateZone {
  code: string;
  name: string;
  /** Inclusive [from, to] post code ranges, four digits as numbers. */
  postCodes: readonly (readonly [number, number])[];
}

/** One price: up to `maxWeightGrams` (chargeable) to `zone` by `option`, cents inc. GST. */
export interface RateRow {
  option: 'standard' | 'express';
  zone: string;
  maxWeightGrams: number;
  priceCents: number;
}

/**
 * The back office's rate table (store settings `rate_table`). Standard delivery is priced by the SPEC's rule (free
 * from the threshold, else the flat charge) unless the table holds standard rows; express by its rows. A post code
 * in no zone falls in `fallbackZone`.
 */
export interface RateTable {
  zones: readonly RateZone[];
  rates: readonly RateRow[];
  fallbackZone: string;
}

/**
 * The table a store starts with: three zones (NSW metro near Guildford, the east coast capitals, the rest of
 * Australia) and express by weight up to 22 kg (Australia Post's parcel limit); no standard rows, so standard is the
 * SPEC's rule.
 */
export const DEFAULT_RATE_TABLE: RateTable = {
  zones: [
    {
      code: 'metro',
      name: 'Sydney metro',
      postCodes: [
        [2000, 2234],
        [2555, 2574],
        [2740, 2786],
      ],
    },
    {
      code: 'capitals',
      name: 'East coast capitals',
      postCodes: [
        [2600, 2620],
        [2900, 2920],
        [3000, 3207],
        [4000, 4179],
        [5000, 5199],
      ],
    },
    { code: 'rest', name: 'Rest of Australia', postCodes: [[800, 9999]] },
  ],
  rates: [
    { option: 'express', zone: 'metro', maxWeightGrams: 1000, priceCents: 1495 },
    { option: 'express', zone: 'metro', maxWeightGrams: 5000, priceCents: 1995 },
    { option: 'express', zone: 'metro', maxWeightGrams: 22000, priceCents: 3495 },
    { option: 'express', zone: 'capitals', maxWeightGrams: 1000, priceCents: 1795 },
    { option: 'express', zone: 'capitals', maxWeightGrams: 5000, priceCents: 2795 },
    { option: 'express', zone: 'capitals', maxWeightGrams: 22000, priceCents: 4995 },
    { option: 'express', zone: 'rest', maxWeightGrams: 1000, priceCents: 2195 },
    { option: 'express', zone: 'rest', maxWeightGrams: 5000, priceCents: 3495 },
    { option: 'express', zone: 'rest', maxWeightGrams: 22000, priceCents: 6995 },
  ],
  fallbackZone: 'rest',
};

/** The zone a four-digit post code falls in: the first zone with a range holding it, else the fallback. */
export function zoneOf(postCode: string, table: RateTable): string {
  const n = Number.parseInt(postCode.trim(), 10);
  if (Number.isFinite(n)) {
    for (const zone of table.zones) {
      if (zone.postCodes.some(([from, to]) => n >= from && n <= to)) return zone.code;
    }
  }
  return table.fallbackZone;
}

/**
 * The table's price for `option` to `postCode` at `weightGrams`: the cheapest row of that option and zone whose
 * bracket holds the weight; null when the table has no such row (standard: use the rule; express: too heavy or not
 * priced, so not offered).
 */
export function tableRateCents(
  table: RateTable,
  option: 'standard' | 'express',
  postCode: string,
  weightGrams: number,
): number | null {
  const zone = zoneOf(postCode, table);
  let best: number | null = null;
  for (const row of table.rates) {
    if (row.option !== option || row.zone !== zone || weightGrams > row.maxWeightGrams) continue;
    if (best === null || row.priceCents < best) best = row.priceCents;
  }
  return best;
}

/** Whether `table` prices standard delivery itself (else the SPEC's flat rule does). */
export function tablePricesStandard(table: RateTable): boolean {
  return table.rates.some((r) => r.option === 'standard');
}

/** The store settings the delivery charges read (cents inc. GST). */
export interface DeliveryChargeSettings {
  deliveryChargeCents: number;
  freeDeliveryThresholdCents: number;
  bulkySurchargeCents: number;
}

/**
 * Standard delivery's charge: free when the subtotal (shelf prices inc. GST after product discounts) reaches the
 * threshold, else `baseCents` (the flat charge, the table's rate or Australia Post's); plus the bulky surcharge for
 * each bulky unit either way — the free-delivery promise is for parcels, and the product page of a bulky item says
 * so (`bulkyItemText`).
 */
export function standardChargeCents(
  subtotalCents: number,
  baseCents: number,
  lines: readonly Pick<DeliveryLine, 'bulky' | 'quantity'>[],
  settings: DeliveryChargeSettings,
): number {
  const free =
    settings.freeDeliveryThresholdCents === 0 || subtotalCents >= settings.freeDeliveryThresholdCents;
  const bulkyUnits = lines.reduce((n, l) => n + (l.bulky ? l.quantity : 0), 0);
  return (free ? 0 : baseCents) + bulkyUnits * settings.bulkySurchargeCents;
}

/** The product page's note for a bulky item: "Bulky item: $25 surcharge on delivery (free to click & collect)." */
export function bulkyItemText(bulkySurchargeCents: number): string {
  if (bulkySurchargeCents === 0) return 'Bulky item: delivered by road; not to PO boxes or parcel lockers.';
  return `Bulky item: ${formatCents(bulkySurchargeCents)} surcharge on delivery (free to click & collect).`;
}

/** The product page's note for a dangerous good: "Dangerous good (Class 8): delivered by road to a street address, or click & collect." */
export function dangerousGoodText(dgClass: string): string {
  return `Dangerous good (Class ${dgClass}): delivered by road to a street address, or click & collect.`;
}

/** "1 business day", "2-4 business days" (min-max whole business days). */
export function businessDaysText(min: number, max: number): string {
  if (min === max) return `${max} business day${max === 1 ? '' : 's'}`;
  return `${min}-${max} business days`;
}

/** "30 mins", "1 hour", "2 hours", "1 hour 30 mins" for a location's ready time in minutes. */
export function readyTimeText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hours = h === 0 ? '' : `${h} hour${h === 1 ? '' : 's'}`;
  const mins = m === 0 ? '' : `${m} mins`;
  return [hours, mins].filter(Boolean).join(' ') || '0 mins';
}

/** Business days for stock moved from another location before it can be collected. */
export const TRANSFER_DAYS = { min: 2, max: 4 } as const;

/** The estimates as the checkout, the order and its mails word them. */
export const DELIVERY_ESTIMATES = {
  standard: (deliveryDaysMin: number, deliveryDaysMax: number) =>
    `Delivered in ${businessDaysText(deliveryDaysMin, deliveryDaysMax)}`,
  express: (min: number, max: number) => `Delivered in ${businessDaysText(min, max)}`,
  /** Australia Post's own words ("Delivered in up to 4 business days") when it priced the option. */
  collectReady: (locationName: string, readyMinutes: number) =>
    `Ready at ${locationName} in ${readyTimeText(readyMinutes)} (during opening hours)`,
  collectTransfer: (locationName: string) =>
    `Ready at ${locationName} in ${businessDaysText(TRANSFER_DAYS.min, TRANSFER_DAYS.max)}`,
} as const;

/** The charge as an option shows it: "Free" or "$16.50". */
export function optionChargeText(cents: number): string {
  return cents === 0 ? 'Free' : formatCents(cents);
}

/**
 * The order's delivery on one line, as the order pages, the mails and the tax invoice print it: "Express delivery —
 * Delivered in 1-3 business days", "Click & collect — Guildford warehouse, 3 Example Rd, Guildford NSW 2161".
 */
export function deliveryChoiceText(
  option: DeliveryOption,
  estimate: string,
  collectLocation: { name: string; address: string } | null = null,
): string {
  const name = DELIVERY_OPTION_NAMES[option];
  if (option === 'click_and_collect' && collectLocation)
    return `${name} — ${collectLocation.name}, ${collectLocation.address}`;
  return estimate ? `${name} — ${estimate}` : name;
}
