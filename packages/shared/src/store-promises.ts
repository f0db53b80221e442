/**
 * The store's promises to shoppers, stated once (issue 34 §3, decision 0045): the delivery rule, the delivery
 * estimate, where we deliver, the returns window and the carriers we use. Every page, the cart, checkout and the
 * mails word them with these functions, so a shopper reads the same words with the same figures everywhere.
 *
 * The figures come from the shipping and return policies (SPEC §9 "Policy texts"); where other SPEC texts
 * contradict them (international shipping, UPS/FedEx/DHL/USPS, "Free shipping, estimated delivery 2-3 days" on
 * any product, "365 day free return", processing in 1-2 business days, refunds in 5-7 business days) the policy
 * wins: a claim the policy does not keep would mislead (Australian Consumer Law s 18, s 29). The delivery rule's
 * figures are the store's settings (`deliveryChargeCents`, `freeDeliveryThresholdCents`), GST-inclusive.
 * No zod here (first-page safe).
 */
import { centsToFreeDelivery, type CheckoutSettings } from './checkout-totals';
import { formatCents } from './money';
import { clockText, STORE_TIME_ZONE_LABEL } from './opening-hours';

/**
 * The two settings the delivery rule reads, integer cents including GST: delivery is free when the items'
 * subtotal (shelf prices after product discounts, before member and code discounts) reaches the threshold, and
 * costs the flat charge below it.
 */
export type DeliverySettings = Pick<CheckoutSettings, 'deliveryChargeCents' | 'freeDeliveryThresholdCents'>;

/**
 * `/api/store-config`'s dollar figures (`delivery_charge`, `free_delivery_threshold`) as integer cents.
 * Throws RangeError on a negative or non-finite figure.
 */
export function deliverySettingsOf(config: {
  delivery_charge: number;
  free_delivery_threshold: number;
}): DeliverySettings {
  const cents = (dollars: number) => {
    if (!Number.isFinite(dollars) || dollars < 0) throw new RangeError(`Not an amount: ${dollars}`);
    return Math.round(dollars * 100);
  };
  return {
    deliveryChargeCents: cents(config.delivery_charge),
    freeDeliveryThresholdCents: cents(config.free_delivery_threshold),
  };
}

/** A promise's amount: "$100" for whole dollars, "$16.50" otherwise (cents in). */
export function promiseAmount(cents: number): string {
  const text = formatCents(cents);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/** True when the store charges no delivery on any order (a zero charge or a zero threshold). */
function alwaysFree(rule: DeliverySettings): boolean {
  return rule.deliveryChargeCents === 0 || rule.freeDeliveryThresholdCents === 0;
}

/** The condition of free delivery: "on orders of $100 or more" ("on every order" when delivery is always free). */
export function freeDeliveryCondition(rule: DeliverySettings): string {
  return alwaysFree(rule)
    ? 'on every order'
    : `on orders of ${promiseAmount(rule.freeDeliveryThresholdCents)} or more`;
}

/** The offer as the top bar says it: "Free delivery on orders of $100 or more". */
export function freeDeliveryText(rule: DeliverySettings): string {
  return `Free delivery ${freeDeliveryCondition(rule)}`;
}

/** The charge below the threshold: "Flat $16.50 delivery under $100", or null when delivery is always free. */
export function flatDeliveryText(rule: DeliverySettings): string | null {
  if (alwaysFree(rule)) return null;
  return `Flat ${promiseAmount(rule.deliveryChargeCents)} delivery under ${promiseAmount(rule.freeDeliveryThresholdCents)}`;
}

/**
 * The whole rule as one sentence: "Free delivery on orders of $100 or more; flat $16.50 delivery under $100."
 * (the FAQ, the product page, the about page).
 */
export function deliveryRuleSentence(rule: DeliverySettings): string {
  const flat = flatDeliveryText(rule);
  return flat
    ? `${freeDeliveryText(rule)}; ${flat.charAt(0).toLowerCase()}${flat.slice(1)}.`
    : `${freeDeliveryText(rule)}.`;
}

/** What the threshold counts, for the policy and the FAQ (the rule of `computeCheckoutTotals`). */
export const FREE_DELIVERY_BASIS =
  'The total that counts is your items at their shelf prices, which include GST, after any product discount and before member discounts. The delivery charge includes GST too.';

/**
 * The home page's services strip entry: title "Free delivery", detail "On orders of $100 or more"
 * (the same words as `freeDeliveryText`).
 */
export function freeDeliveryHeadline(rule: DeliverySettings): { title: string; detail: string } {
  const condition = freeDeliveryCondition(rule);
  return { title: 'Free delivery', detail: `${condition.charAt(0).toUpperCase()}${condition.slice(1)}` };
}

/**
 * The product page's line for one unit at `unitPriceCents` (shelf price inc. GST after its discount): "Free
 * delivery on this item" when one unit reaches the threshold, else the rule (`deliveryRuleSentence`), never a
 * free-shipping claim the order would not get.
 */
export function productDeliveryText(unitPriceCents: number, rule: DeliverySettings): string {
  if (!alwaysFree(rule) && unitPriceCents >= rule.freeDeliveryThresholdCents)
    return 'Free delivery on this item.';
  return deliveryRuleSentence(rule);
}

/**
 * Cents the shopper still has to add for free delivery (0 when the subtotal qualifies), the subtotal being the
 * items at shelf prices inc. GST after product discounts (checkout-totals' `centsToFreeDelivery`).
 */
export function amountForFreeDeliveryCents(subtotalCents: number, rule: DeliverySettings): number {
  return centsToFreeDelivery(subtotalCents, { gstPercent: 0, ...rule });
}

/**
 * The cart's and checkout's note for a subtotal in cents: "Your order qualifies for free delivery." or "Add
 * $5.61 more for free delivery on orders of $100 or more." (the missing amount to the cent, so adding it is
 * always enough). Null for an empty cart.
 */
export function freeDeliveryProgressText(subtotalCents: number, rule: DeliverySettings): string | null {
  if (subtotalCents <= 0) return null;
  const missing = amountForFreeDeliveryCents(subtotalCents, rule);
  if (missing === 0 || alwaysFree(rule)) return 'Your order qualifies for free delivery.';
  return `Add ${formatCents(missing)} more for free delivery ${freeDeliveryCondition(rule)}.`;
}

/** Where we deliver (SPEC §9 shipping policy). */
export const DELIVERY_AREA = 'Australia only';
/** The same, as a sentence. */
export const DELIVERY_AREA_SENTENCE =
  'We deliver to addresses in Australia only, in every state and territory.';

/**
 * Every promise the owner sets in the back office (issue 36 §5, store settings): the delivery rule above, the
 * order cut-off ('HH:MM', 24-hour, store time), the handling and delivery times in whole business days (min-max),
 * and the returns window in days. The sentences below are functions of these, so the storefront, the mails and the
 * back office's preview word them alike from the one set of settings.
 */
export interface StorePromises extends DeliverySettings {
  orderCutoff: string;
  handlingDaysMin: number;
  handlingDaysMax: number;
  deliveryDaysMin: number;
  deliveryDaysMax: number;
  returnWindowDays: number;
}

/**
 * The promises of a store that never edited them, and the migration's column defaults (0028): the shipping and
 * return policies' figures (order by 6 PM AEST, handled in 0-1 business days, delivered in 5-8, returns within 30
 * days; $16.50 delivery under $100).
 */
export const DEFAULT_STORE_PROMISES: StorePromises = {
  deliveryChargeCents: 1650,
  freeDeliveryThresholdCents: 10000,
  orderCutoff: '18:00',
  handlingDaysMin: 0,
  handlingDaysMax: 1,
  deliveryDaysMin: 5,
  deliveryDaysMax: 8,
  returnWindowDays: 30,
};

/** `/api/store-config`'s promises (`promises`, and the delivery rule in dollars) as `StorePromises`. */
export function storePromisesOf(config: {
  delivery_charge: number;
  free_delivery_threshold: number;
  promises: {
    order_cutoff: string;
    handling_days_min: number;
    handling_days_max: number;
    delivery_days_min: number;
    delivery_days_max: number;
    return_window_days: number;
  };
}): StorePromises {
  const p = config.promises;
  return {
    ...deliverySettingsOf(config),
    orderCutoff: p.order_cutoff,
    handlingDaysMin: p.handling_days_min,
    handlingDaysMax: p.handling_days_max,
    deliveryDaysMin: p.delivery_days_min,
    deliveryDaysMax: p.delivery_days_max,
    returnWindowDays: p.return_window_days,
  };
}

/** '0-1 business days', '2 business days', '1 business day': a min-max of whole business days. */
export function businessDaysText(min: number, max: number): string {
  if (min === max) return `${min} business day${min === 1 ? '' : 's'}`;
  return `${min}-${max} business days`;
}

/** Orders placed by this time on a business day are handled from that day (shipping policy): '6 PM AEST'. */
export function orderCutoffText(p: Pick<StorePromises, 'orderCutoff'>): string {
  return `${clockText(p.orderCutoff)} ${STORE_TIME_ZONE_LABEL}`;
}

/** Picking, packing and handing to the courier: '0-1 business days'. */
export function handlingTimeText(p: Pick<StorePromises, 'handlingDaysMin' | 'handlingDaysMax'>): string {
  return businessDaysText(p.handlingDaysMin, p.handlingDaysMax);
}

/** From dispatch to the door: '5-8 business days'. */
export function deliveryTimeText(p: Pick<StorePromises, 'deliveryDaysMin' | 'deliveryDaysMax'>): string {
  return businessDaysText(p.deliveryDaysMin, p.deliveryDaysMax);
}

/**
 * The one delivery estimate: the product page, the FAQ, the policy and the order mails say this.
 * 'We dispatch orders in 0-1 business days; delivery then takes 5-8 business days.'
 */
export function deliveryEstimateSentence(p: StorePromises): string {
  return `We dispatch orders in ${handlingTimeText(p)}; delivery then takes ${deliveryTimeText(p)}.`;
}

/** For a parcel already handed to the courier (the shipping notice mail): 'Delivery takes 5-8 business days from dispatch.' */
export function shippedDeliveryEstimateSentence(p: StorePromises): string {
  return `Delivery takes ${deliveryTimeText(p)} from dispatch.`;
}

/** 'within 30 days of delivery': the return policy's window, in its words. */
export function returnWindowText(p: Pick<StorePromises, 'returnWindowDays'>): string {
  return `within ${p.returnWindowDays} day${p.returnWindowDays === 1 ? '' : 's'} of delivery`;
}

/** The one returns sentence: the return policy, the FAQ, the home page and the order mails. */
export function returnsSentence(p: Pick<StorePromises, 'returnWindowDays'>): string {
  return `You can return an item ${returnWindowText(p)} for a full refund.`;
}

/** The home page's services strip entry for returns (the SPEC's "365 day free return" is not kept): '30-day returns'. */
export function returnsHeadline(p: Pick<StorePromises, 'returnWindowDays'>): {
  title: string;
  detail: string;
} {
  return { title: `${p.returnWindowDays}-day returns`, detail: 'No restocking fee' };
}

/** How soon an approved return is refunded (return policy; the FAQ's "5-7 business days" is not kept). */
export const REFUND_TIME = '5 business days';
/** How soon a bank usually shows a refund once we have made it (the refund and return-decision mails). */
export const BANK_REFUND_TIME = '5 to 10 business days';

/**
 * The couriers we use (shipping policy; issue 36 §4 added StarTrack, TNT and Toll), each with its public tracking
 * page: the back office's "mark shipped" lists, the shipping notice's tracking link and every page that names them.
 * The keys are what `orders.carrier` stores, so they never change spelling ("CouriersPlease" is the courier's own,
 * and orders shipped before issue 36 hold it).
 */
export const CARRIERS = {
  'Australia Post': (n: string) => `https://auspost.com.au/mypost/track/details/${encodeURIComponent(n)}`,
  StarTrack: (n: string) => `https://startrack.com.au/track/details/${encodeURIComponent(n)}`,
  Aramex: (n: string) => `https://www.aramex.com.au/tools/track?l=${encodeURIComponent(n)}`,
  TNT: (n: string) =>
    `https://www.tnt.com/express/en_au/site/shipping-tools/tracking.html?searchType=con&cons=${encodeURIComponent(n)}`,
  Toll: (n: string) => `https://www.mytoll.com/?externalSearchQuery=${encodeURIComponent(n)}`,
  CouriersPlease: (n: string) => `https://www.couriersplease.com.au/tools-track/no/${encodeURIComponent(n)}`,
} as const;
export type Carrier = keyof typeof CARRIERS;
export const CARRIER_NAMES = Object.keys(CARRIERS) as Carrier[];

/**
 * The back office's choice for any other courier (issue 36 §4): staff type its name, which is what the order
 * stores; it has no tracking link. Never named on the shop's pages.
 */
export const OTHER_CARRIER = 'Other';
export type CarrierChoice = Carrier | typeof OTHER_CARRIER;
/** Every choice of the "mark shipped" forms: the couriers we use, then "Other". */
export const CARRIER_CHOICES: readonly CarrierChoice[] = [...CARRIER_NAMES, OTHER_CARRIER];

/**
 * The public tracking page of `trackingNumber` with the courier stored as `carrier` (a CARRIERS key, or the name
 * typed for "Other"), or null when the store knows no tracking page for it.
 */
export function carrierTrackingUrl(carrier: string, trackingNumber: string): string | null {
  return Object.hasOwn(CARRIERS, carrier) ? CARRIERS[carrier as Carrier](trackingNumber) : null;
}

/** "Australia Post, StarTrack, Aramex, TNT, Toll and CouriersPlease". */
export const CARRIER_LIST =
  CARRIER_NAMES.length < 2
    ? CARRIER_NAMES.join('')
    : `${CARRIER_NAMES.slice(0, -1).join(', ')} and ${CARRIER_NAMES.at(-1)}`;
/** "We ship with Australia Post, StarTrack, Aramex, TNT, Toll and CouriersPlease." */
export const CARRIERS_SENTENCE = `We ship with ${CARRIER_LIST}.`;

/** SPEC §9's member discount, stated until the store's signup plan is read. */
export const SPEC_MEMBER_DISCOUNT_PERCENT = 10;

/**
 * The member discount as the top bar and the account pages state it (issue 34 §4): the signup plan's percent, taken
 * off the items (not delivery) of every member order, as checkout-totals.ts applies it.
 */
export function memberDiscountOffer(percent: number): string {
  return `Members get ${percent}% off the items in every order`;
}

/** The same discount, to a signed-in member. */
export function memberDiscountHeld(percent: number): string {
  return `Your member discount: ${percent}% off the items in every order`;
}
