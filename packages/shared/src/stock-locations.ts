/**
 * The store's locations and stock by location (issue 41 §1-2, decision 0069): which location an order's units come
 * from (`planAllocation`, the one rule for the quote at checkout and the reservation in place-order), and the
 * product page's stock line. No zod here (first-page safe).
 */
import { businessDaysText, readyTimeText, TRANSFER_DAYS } from './delivery-rules';
import type { OpeningHours } from './opening-hours';

/** A location as the storefront and the back office read it (`GET /api/locations`, admin). */
export interface StoreLocation {
  id: number;
  /** Lower-case slug, e.g. 'guildford'. */
  code: string;
  /** e.g. 'Guildford warehouse'; the stock line shortens it to its first word ('Guildford'). */
  name: string;
  streetAddress: string;
  suburb: string;
  state: string;
  postCode: string;
  phone: string;
  openingHours: OpeningHours;
  /** Sends orders out (delivery). */
  ships: boolean;
  /** Hands orders over at the counter (click & collect). */
  handsOver: boolean;
  /** Minutes from a paid order to "ready for collection" when the location has it all (during opening hours). */
  readyMinutes: number;
  /** Whole business days from a paid order to dispatch from here. */
  dispatchDaysMin: number;
  dispatchDaysMax: number;
  sortOrder: number;
  active: boolean;
}

/** Units of one product on hand at one location. */
export interface LocationStockRow {
  locationId: number;
  productId: number;
  onHand: number;
}

/** Units of a product the order wants (tracked products only). */
export interface WantedUnits {
  productId: number;
  quantity: number;
}

/** Units of a product taken from a location. */
export interface Allocation {
  productId: number;
  locationId: number;
  quantity: number;
}

export type AllocationPlan =
  | {
      allocations: Allocation[];
      /** True when every unit comes from the first location of the preference. */ wholeAtFirst: boolean;
    }
  | { shortage: { productId: number; left: number } };

/**
 * Where an order's units come from. `preference` lists the locations that may give stock, in order: for delivery the
 * shipping locations by sort order; for click & collect at L, L first and then the shipping locations (moved to L).
 * The first location holding the whole order gives all of it (one parcel, one transfer); otherwise each product is
 * taken from the locations in order. Answers the first product (in `wanted` order) the locations cannot cover, with the
 * units they have between them.
 */
export function planAllocation(
  wanted: readonly WantedUnits[],
  stock: readonly LocationStockRow[],
  preference: readonly number[],
): AllocationPlan {
  const onHand = new Map<string, number>();
  for (const row of stock) onHand.set(`${row.locationId}:${row.productId}`, row.onHand);
  const at = (locationId: number, productId: number) => onHand.get(`${locationId}:${productId}`) ?? 0;

  const first = preference[0];
  const whole = preference.find((loc) => wanted.every((w) => at(loc, w.productId) >= w.quantity));
  const ordered = whole === undefined ? preference : [whole, ...preference.filter((loc) => loc !== whole)];

  const allocations: Allocation[] = [];
  for (const w of wanted) {
    let need = w.quantity;
    for (const loc of ordered) {
      if (need === 0) break;
      const take = Math.min(need, at(loc, w.productId));
      if (take > 0) {
        allocations.push({ productId: w.productId, locationId: loc, quantity: take });
        need -= take;
      }
    }
    if (need > 0) {
      const left = preference.reduce((n, loc) => n + at(loc, w.productId), 0);
      return { shortage: { productId: w.productId, left } };
    }
  }
  return {
    allocations,
    wholeAtFirst: first !== undefined && allocations.every((a) => a.locationId === first),
  };
}

/** "Guildford" from "Guildford warehouse": the name the stock line uses. */
export function locationShortName(location: Pick<StoreLocation, 'name'>): string {
  return location.name.split(/\s+/)[0] ?? location.name;
}

/** One product's stock line on the product page. */
export interface StockLine {
  /** 'collect': in stock at a hand-over location; 'ships': in stock to send; 'out': none anywhere. */
  kind: 'collect' | 'ships' | 'out' | 'untracked';
  text: string;
}

/**
 * The product page's lines for one product (issue 41 §1): "In stock at Guildford — ready in 1 hour" for each
 * hand-over location with a unit, "Ships in 2-4 business days" from the first shipping location with one (else, when
 * only hand-over locations hold it, collection only), "Out of stock" when none. An untracked product (stock null)
 * ships from the first shipping location.
 */
export function stockLines(
  locations: readonly StoreLocation[],
  stockAt: ReadonlyMap<number, number> | null,
): StockLine[] {
  const active = locations.filter((l) => l.active).sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const has = (l: StoreLocation) => stockAt === null || (stockAt.get(l.id) ?? 0) > 0;
  const lines: StockLine[] = [];
  for (const l of active) {
    if (l.handsOver && has(l) && stockAt !== null)
      lines.push({
        kind: 'collect',
        text: `In stock at ${locationShortName(l)} — ready in ${readyTimeText(l.readyMinutes)}`,
      });
  }
  const shipper = active.find((l) => l.ships && has(l));
  if (shipper) {
    lines.push({
      kind: stockAt === null ? 'untracked' : 'ships',
      text: shipsText(shipper.dispatchDaysMin, shipper.dispatchDaysMax),
    });
  }
  if (lines.length === 0) lines.push({ kind: 'out', text: 'Out of stock' });
  return lines;
}

/**
 * When a location sends a paid order out, in whole business days: "Ships today" (0-0), "Ships within 1 business
 * day" (0-1), "Ships in 2-4 business days".
 */
export function shipsText(min: number, max: number): string {
  if (max === 0) return 'Ships today';
  if (min === 0) return `Ships within ${businessDaysText(max, max)}`;
  return `Ships in ${businessDaysText(min, max)}`;
}

/** How soon a click & collect order can be ready at `location` under `plan` (the checkout's and the order's words). */
export function collectReadiness(
  location: Pick<StoreLocation, 'readyMinutes'>,
  wholeAtLocation: boolean,
): { kind: 'ready'; minutes: number } | { kind: 'transfer'; text: string } {
  return wholeAtLocation
    ? { kind: 'ready', minutes: location.readyMinutes }
    : { kind: 'transfer', text: businessDaysText(TRANSFER_DAYS.min, TRANSFER_DAYS.max) };
}

export const LOCATION_MESSAGES = {
  notFound: 'No location with this id.',
  codeTaken: (code: string) => `Another location already uses the code "${code}". Choose another code.`,
  transferSame: 'Choose two different locations to move stock between.',
  transferShort: (left: number, locationName: string) =>
    `Only ${left} on hand at ${locationName}: move at most that many.`,
  lastShipping: 'At least one active location must ship orders. Turn shipping on at another location first.',
  hasStock: (units: number) =>
    `This location still holds ${units} units. Move them to another location before switching it off.`,
} as const;
