/**
 * The delivery quote (issue 41 §3-4, decision 0069): every delivery option for a priced cart and where it goes —
 * its charge (integer cents inc. GST), its estimate, or why this cart may not take it — and the locations the order
 * may be collected from, with how soon. ONE function for `POST /api/delivery-options` (the checkout's list) and
 * place-order (the chosen option's charge and refusal), so the page and the order always agree.
 *
 * - standard: `standardChargeCents` (free from the threshold, plus the bulky surcharge per unit) over a base that is
 *   Australia Post's Parcel Post price when AUSPOST_API_KEY is set, else the rate table's standard row when the
 *   table has standard rows, else the flat delivery charge.
 * - express: Australia Post's Express Post price, else the table's express row; not offered without a rate (too
 *   heavy). Refused by `deliveryOptionRefusal` for dangerous goods, bulky items, or when switched off.
 * - click & collect: no charge; per active hand-over location, whether its stock (then the shipping locations',
 *   moved to it) covers the order (`planAllocation`, the rule place-order's reservation uses).
 */
import { inArray } from 'drizzle-orm';
import {
  addressKindOf,
  chargeableWeightGrams,
  DEFAULT_RATE_TABLE,
  DELIVERY_ESTIMATES,
  DELIVERY_MESSAGES,
  DELIVERY_OPTION_NAMES,
  DELIVERY_OPTIONS,
  deliveryOptionRefusal,
  standardChargeCents,
  tablePricesStandard,
  tableRateCents,
  type AddressKind,
  type DeliveryLine,
  type DeliveryOption,
} from '@store/shared/delivery-rules';
import type { DeliveryQuoteResponse } from '@store/shared/delivery-quote';
import { centsToDecimalString } from '@store/shared/money';
import { openingHoursSummary } from '@store/shared/opening-hours';
import { planAllocation, type StoreLocation } from '@store/shared/stock-locations';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';
import { getStoreSettings } from '../content/content-service';
import { allocationPreference, loadActiveLocations, readLocationStock } from '../locations/location-stock';
import {
  AUSPOST_MAX_WEIGHT_GRAMS,
  AusPostUnavailable,
  type AusPostRates,
  type AusPostService,
} from './auspost-rates';

/** What priced an option (orders.delivery_rate_source). */
export type DeliveryRateSource = 'rule' | 'table' | 'auspost' | 'collect';

/** A priced cart line as the quote reads it (place-order's PricedOrderLine fits). */
export interface QuoteLine {
  productId: number;
  title: string;
  quantity: number;
  /** Cents inc. GST, after the product's discount (or the trade price). */
  unitPriceCents: number;
  /** Whether the product tracks stock (only those are allocated to locations). */
  stockTracked: boolean;
  /**
   * The product's delivery facts when the caller read them with its price (place-order's one products SELECT);
   * absent, the quote reads them. Either way from the products row, so the figures are the same.
   */
  delivery?: DeliveryFacts;
}

/** A product's facts the delivery rules read: dangerous goods class, bulky, weight (g) and size (mm). */
export type DeliveryFacts = Omit<DeliveryLine, 'title' | 'quantity'>;

/**
 * The products columns that hold a product's DeliveryFacts, for a SELECT that reads them (the quote's own, and
 * place-order's one products SELECT): the one list, so both read the same facts.
 */
export const deliveryFactsColumns = {
  dangerousGoodsClass: products.dangerousGoodsClass,
  bulky: products.bulky,
  weightGrams: products.weightGrams,
  lengthMm: products.lengthMm,
  widthMm: products.widthMm,
  heightMm: products.heightMm,
} as const;

/** The DeliveryFacts of a row read with deliveryFactsColumns (its other columns left out). */
export function deliveryFactsOf(row: DeliveryFacts): DeliveryFacts {
  return {
    dangerousGoodsClass: row.dangerousGoodsClass,
    bulky: row.bulky,
    weightGrams: row.weightGrams,
    lengthMm: row.lengthMm,
    widthMm: row.widthMm,
    heightMm: row.heightMm,
  };
}

/** Where the order goes: the shipping address's street lines, post code and state. */
export interface DeliveryDestination {
  /** Four digits, or '' when not typed yet (standard and express answer `postCodeRequired`). */
  postCode: string;
  street: string;
  state: string;
}

export interface QuotedOption {
  option: DeliveryOption;
  name: string;
  available: boolean;
  /** Why not, in the words the checkout shows and place-order answers. */
  reason: string | null;
  /** Cents inc. GST when available. */
  chargeCents: number | null;
  estimate: string | null;
  source: DeliveryRateSource | null;
}

export interface QuotedLocation {
  location: StoreLocation;
  available: boolean;
  estimate: string | null;
  reason: string | null;
}

export interface DeliveryQuote {
  options: QuotedOption[];
  locations: QuotedLocation[];
  addressKind: AddressKind;
}

export interface QuoteDeliveryDeps {
  /** Australia Post's calculator when AUSPOST_API_KEY is set, else null (the rate table). */
  auspost: AusPostRates | null;
  log?: { warn(obj: object, msg: string): void } | undefined;
}

/** A product the quote could not read (deleted meanwhile): no class, not bulky, weight and size unknown. */
const UNKNOWN_PRODUCT_FACTS: DeliveryFacts = {
  dangerousGoodsClass: null,
  bulky: false,
  weightGrams: null,
  lengthMm: null,
  widthMm: null,
  heightMm: null,
};

/** Australia Post's parcel when a line's size is unknown: its small box, 22 × 16 × 8 cm. */
const DEFAULT_PARCEL_MM = { length: 220, width: 160, height: 80 } as const;
/** Where parcels leave from when no active location ships (Guildford warehouse). */
const DEFAULT_FROM_POST_CODE = '2161';

/**
 * Quotes every option for `lines` to `destination`. Reads the lines' delivery facts (dangerous goods class, bulky,
 * weight, size), the store settings, the active locations and their stock; asks Australia Post when configured (an
 * unanswered call makes standard and express unavailable with DELIVERY_MESSAGES.ratesUnavailable, click & collect
 * still quoted). Never throws for the cart's content; throws the database's errors.
 */
export async function quoteDelivery(
  db: Database,
  request: {
    lines: readonly QuoteLine[];
    destination: DeliveryDestination;
    /** The active locations (loadActiveLocations) when the caller has them already; read when absent. */
    activeLocations?: readonly StoreLocation[];
  },
  deps: QuoteDeliveryDeps,
): Promise<DeliveryQuote> {
  const { lines, destination } = request;
  // Place-order reads facts and locations with the order (issue 42: a statement less each per order).
  const productIds = lines.some((l) => !l.delivery) ? [...new Set(lines.map((l) => l.productId))] : [];
  const [settings, facts, active] = await Promise.all([
    getStoreSettings(db),
    productIds.length === 0
      ? Promise.resolve(lines.flatMap((l) => (l.delivery ? [{ id: l.productId, ...l.delivery }] : [])))
      : db
          .select({ id: products.id, ...deliveryFactsColumns })
          .from(products)
          .where(inArray(products.id, productIds)),
    request.activeLocations ?? loadActiveLocations(db),
  ]);
  const byId = new Map(facts.map((f) => [f.id, f]));
  const deliveryLines: DeliveryLine[] = lines.map((l) => {
    const f = byId.get(l.productId);
    return {
      title: l.title,
      quantity: l.quantity,
      ...(f ? deliveryFactsOf(f) : UNKNOWN_PRODUCT_FACTS),
    };
  });
  const addressKind = addressKindOf(destination.street);
  const cart = { lines: deliveryLines, addressKind };
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const weightGrams = chargeableWeightGrams(deliveryLines);
  const table = settings.rateTable ?? DEFAULT_RATE_TABLE;
  const postCode = destination.postCode.trim();
  const fromPostCode = active.find((l) => l.ships)?.postCode ?? DEFAULT_FROM_POST_CODE;

  /** Australia Post's price for `service`, null when not asked (no key, too heavy), 'failed' when it failed. */
  const askAusPost = async (
    service: AusPostService,
  ): Promise<{ chargeCents: number; deliveryTime: string | null } | null | 'failed'> => {
    if (!deps.auspost || weightGrams > AUSPOST_MAX_WEIGHT_GRAMS) return null;
    try {
      return await deps.auspost.quote({
        ...parcelOf(deliveryLines, weightGrams),
        fromPostCode,
        toPostCode: postCode,
        service,
      });
    } catch (err) {
      if (!(err instanceof AusPostUnavailable)) throw err;
      deps.log?.warn({ err, service, postCode }, 'Australia Post could not price delivery');
      return 'failed';
    }
  };

  const unavailable = (option: DeliveryOption, reason: string): QuotedOption => ({
    option,
    name: DELIVERY_OPTION_NAMES[option],
    available: false,
    reason,
    chargeCents: null,
    estimate: null,
    source: null,
  });
  const offered = (
    option: DeliveryOption,
    chargeCents: number,
    estimate: string,
    source: DeliveryRateSource,
  ): QuotedOption => ({
    option,
    name: DELIVERY_OPTION_NAMES[option],
    available: true,
    reason: null,
    chargeCents,
    estimate,
    source,
  });

  const quoteStandard = async (): Promise<QuotedOption> => {
    const refusal = deliveryOptionRefusal('standard', cart, settings);
    if (refusal) return unavailable('standard', refusal);
    if (!postCode) return unavailable('standard', DELIVERY_MESSAGES.postCodeRequired);
    const charge = (base: number) => standardChargeCents(subtotalCents, base, deliveryLines, settings);
    const ruleEstimate = DELIVERY_ESTIMATES.standard(settings.deliveryDaysMin, settings.deliveryDaysMax);
    const auspost = await askAusPost('AUS_PARCEL_REGULAR');
    if (auspost === 'failed') return unavailable('standard', DELIVERY_MESSAGES.ratesUnavailable);
    if (auspost)
      return offered(
        'standard',
        charge(auspost.chargeCents),
        auspost.deliveryTime ?? ruleEstimate,
        'auspost',
      );
    const tableRate = tablePricesStandard(table)
      ? tableRateCents(table, 'standard', postCode, weightGrams)
      : null;
    if (tableRate !== null) return offered('standard', charge(tableRate), ruleEstimate, 'table');
    // The SPEC's rule: the flat charge (also beyond the table's heaviest bracket: standard goes by road anyway).
    return offered('standard', charge(settings.deliveryChargeCents), ruleEstimate, 'rule');
  };

  const quoteExpress = async (): Promise<QuotedOption> => {
    const refusal = deliveryOptionRefusal('express', cart, settings);
    if (refusal) return unavailable('express', refusal);
    if (!postCode) return unavailable('express', DELIVERY_MESSAGES.postCodeRequired);
    const estimate = DELIVERY_ESTIMATES.express(settings.expressDaysMin, settings.expressDaysMax);
    const auspost = await askAusPost('AUS_PARCEL_EXPRESS');
    if (auspost === 'failed') return unavailable('express', DELIVERY_MESSAGES.ratesUnavailable);
    if (auspost) return offered('express', auspost.chargeCents, auspost.deliveryTime ?? estimate, 'auspost');
    const tableRate = tableRateCents(table, 'express', postCode, weightGrams);
    if (tableRate === null) return unavailable('express', DELIVERY_MESSAGES.expressTooHeavy);
    return offered('express', tableRate, estimate, 'table');
  };

  const quoteLocations = async (): Promise<QuotedLocation[]> => {
    const handOver = active.filter((l) => l.handsOver);
    if (handOver.length === 0) return [];
    const wanted = new Map<number, number>();
    for (const l of lines)
      if (l.stockTracked) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
    const wantedUnits = [...wanted].map(([productId, quantity]) => ({ productId, quantity }));
    const stock = await readLocationStock(db, [...wanted.keys()]);
    return handOver.map((location): QuotedLocation => {
      const preference = allocationPreference(active, 'click_and_collect', location.id) ?? [];
      const plan = planAllocation(wantedUnits, stock, preference);
      if ('shortage' in plan)
        return {
          location,
          available: false,
          estimate: null,
          reason: DELIVERY_MESSAGES.collectNotInStock(location.name),
        };
      return {
        location,
        available: true,
        estimate: plan.wholeAtFirst
          ? DELIVERY_ESTIMATES.collectReady(location.name, location.readyMinutes)
          : DELIVERY_ESTIMATES.collectTransfer(location.name),
        reason: null,
      };
    });
  };

  const [standard, express, locations] = await Promise.all([
    quoteStandard(),
    quoteExpress(),
    quoteLocations(),
  ]);
  const firstReady = locations.find((l) => l.available);
  const collect: QuotedOption = firstReady
    ? offered('click_and_collect', 0, firstReady.estimate ?? '', 'collect')
    : unavailable('click_and_collect', locations[0]?.reason ?? DELIVERY_MESSAGES.collectNone);
  const options = [standard, express, collect];
  // Kept in DELIVERY_OPTIONS' order whatever the code above does.
  options.sort((a, b) => DELIVERY_OPTIONS.indexOf(a.option) - DELIVERY_OPTIONS.indexOf(b.option));
  return { options, locations, addressKind };
}

/** The parcel Australia Post is asked about: the largest size of any line (cm, rounded up) and the weight (kg). */
function parcelOf(lines: readonly DeliveryLine[], weightGrams: number) {
  const max = (pick: (l: DeliveryLine) => number | null, fallback: number) =>
    lines.reduce((m, l) => Math.max(m, pick(l) ?? 0), 0) || fallback;
  const cm = (mm: number) => Math.max(1, Math.ceil(mm / 10));
  return {
    lengthCm: cm(max((l) => l.lengthMm, DEFAULT_PARCEL_MM.length)),
    widthCm: cm(max((l) => l.widthMm, DEFAULT_PARCEL_MM.width)),
    heightCm: cm(max((l) => l.heightMm, DEFAULT_PARCEL_MM.height)),
    // Australia Post reads kilograms; rounded up to 10 g so a quote never undercharges.
    weightKg: Math.ceil(weightGrams / 10) / 100,
  };
}

/** The chosen option as place-order writes it. */
export interface ChosenDelivery {
  option: DeliveryOption;
  chargeCents: number;
  estimate: string;
  source: DeliveryRateSource;
  /** The location for click & collect, else null. */
  collectLocation: StoreLocation | null;
}

/**
 * The chosen option from a quote, or `{ refused }` with the words the checkout showed: an option the cart may not
 * take, a price Australia Post could not give, a click & collect without a location (`collectLocationRequired`),
 * with one that does not hand over (`collectLocationUnknown`), or one that cannot have the order ready.
 */
export function chooseDelivery(
  quote: DeliveryQuote,
  option: DeliveryOption,
  collectLocationId: number | null | undefined,
): ChosenDelivery | { refused: string } {
  const quoted = quote.options.find((o) => o.option === option);
  if (option === 'click_and_collect') {
    if (collectLocationId === null || collectLocationId === undefined)
      return { refused: DELIVERY_MESSAGES.collectLocationRequired };
    const at = quote.locations.find((l) => l.location.id === collectLocationId);
    if (!at) return { refused: DELIVERY_MESSAGES.collectLocationUnknown };
    if (!at.available) return { refused: at.reason ?? DELIVERY_MESSAGES.collectNotInStock(at.location.name) };
    return {
      option,
      chargeCents: 0,
      estimate: at.estimate ?? '',
      source: 'collect',
      collectLocation: at.location,
    };
  }
  if (!quoted || !quoted.available || quoted.chargeCents === null || quoted.source === null)
    return { refused: quoted?.reason ?? DELIVERY_MESSAGES.ratesUnavailable };
  return {
    option,
    chargeCents: quoted.chargeCents,
    estimate: quoted.estimate ?? '',
    source: quoted.source,
    collectLocation: null,
  };
}

/**
 * The chosen option priced for `lines` to `destination` (`quoteDelivery` then `chooseDelivery`): what place-order
 * charges and the wallet order is created for. Answers `{ refused }` with the checkout's words.
 */
export async function priceChosenDelivery(
  db: Database,
  request: {
    lines: readonly QuoteLine[];
    destination: DeliveryDestination;
    option: DeliveryOption;
    collectLocationId: number | null | undefined;
    activeLocations?: readonly StoreLocation[];
  },
  deps: QuoteDeliveryDeps,
): Promise<ChosenDelivery | { refused: string }> {
  const quote = await quoteDelivery(db, request, deps);
  return chooseDelivery(quote, request.option, request.collectLocationId);
}

/** A location's address on one line: "3 Example Rd, Guildford NSW 2161". */
export function locationAddressText(
  l: Pick<StoreLocation, 'streetAddress' | 'suburb' | 'state' | 'postCode'>,
): string {
  // A location without a street yet (migration 0039's first row) shows its suburb line alone.
  return [l.streetAddress.trim(), [l.suburb, l.state, l.postCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
}

/**
 * A location's opening hours in one line ('8 AM to 6 PM AEST, Mon-Sun'); '' when its hours are not in the
 * OpeningHours shape (migration 0039's fallback row stores the weekdays without `days`: shown as no hours rather
 * than failing the checkout).
 */
export function locationHoursText(l: Pick<StoreLocation, 'openingHours'>): string {
  const hours = l.openingHours as Partial<StoreLocation['openingHours']> | null;
  return hours?.days ? openingHoursSummary(l.openingHours) : '';
}

/** The quote on the wire (`deliveryQuoteResponseSchema`): charges as decimal dollar strings. */
export function presentDeliveryQuote(quote: DeliveryQuote): DeliveryQuoteResponse {
  return {
    options: quote.options.map((o) => ({
      option: o.option,
      name: o.name,
      available: o.available,
      reason: o.reason,
      charge: o.chargeCents === null ? null : centsToDecimalString(o.chargeCents),
      estimate: o.estimate,
      source: o.source,
    })),
    locations: quote.locations.map((l) => ({
      id: l.location.id,
      name: l.location.name,
      address: locationAddressText(l.location),
      hours: locationHoursText(l.location),
      available: l.available,
      estimate: l.estimate,
      reason: l.reason,
    })),
    address_kind: quote.addressKind,
  };
}
