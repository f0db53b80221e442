/**
 * Australia Post's Postage Assessment Calculator (PAC) at the network edge (issue 41 §4, decision 0069): the price
 * of a domestic parcel by Parcel Post (standard) or Express Post (express).
 *
 *   GET {AUSPOST_API_URL}/postage/parcel/domestic/calculate.json?from_postcode=2161&to_postcode=3000&length=22
 *       &width=16&height=8&weight=1.5&service_code=AUS_PARCEL_REGULAR          header AUTH-KEY: <AUSPOST_API_KEY>
 *   200 {"postage_result":{"service":"Parcel Post","delivery_time":"Delivered in up to 4 business days",
 *        "total_cost":"16.15","costs":{"cost":{"charge":"16.15","item":"Parcel Post"}}}}
 *   4xx {"error":{"errorMessage":"Please enter a valid To postcode."}}
 *
 * Sizes go in centimetres and the weight in kilograms. Quotes are kept in memory for QUOTE_CACHE_MS by the whole
 * question, so the checkout's repeated quotes and place-order's re-price get the same answer and the API is not
 * asked again for each keystroke. A call that fails (timeout, refused, an error answer, a shape we cannot read)
 * throws AusPostUnavailable; failures are not cached, so the next quote asks again.
 */
import { parseDecimalToCents } from '@store/shared/money';

export type AusPostService = 'AUS_PARCEL_REGULAR' | 'AUS_PARCEL_EXPRESS';

/** One question to the calculator. */
export interface AusPostParcel {
  fromPostCode: string;
  toPostCode: string;
  /** Whole centimetres, at least 1. */
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  /** Kilograms, e.g. 1.5. */
  weightKg: number;
  service: AusPostService;
}

/** Australia Post's answer: the charge in cents inc. GST and its own words for the delivery time. */
export interface AusPostQuote {
  chargeCents: number;
  deliveryTime: string | null;
}

export interface AusPostRates {
  /** Throws AusPostUnavailable when Australia Post cannot price the parcel just now. */
  quote(parcel: AusPostParcel): Promise<AusPostQuote>;
}

/** Australia Post could not price a parcel (its message, or why we gave up). */
export class AusPostUnavailable extends Error {
  override name = 'AusPostUnavailable';
}

/** Australia Post takes parcels up to this (grams); heavier ones are not asked about. */
export const AUSPOST_MAX_WEIGHT_GRAMS = 22_000;
/** How long one call may take (ms) before the checkout says rates are unavailable. */
export const AUSPOST_TIMEOUT_MS = 3000;
/** How long a quote is reused (ms). */
export const QUOTE_CACHE_MS = 10 * 60 * 1000;
/** Quotes kept at most; the oldest go first. */
const CACHE_MAX_ENTRIES = 5000;

export interface AusPostRatesOptions {
  apiKey: string;
  /** Without a trailing slash, e.g. https://digitalapi.auspost.com.au. */
  baseUrl: string;
  timeoutMs?: number;
  cacheMs?: number;
  /** The clock, for tests of the cache's expiry. */
  now?: () => number;
}

/** The adapter, with its own cache. */
export function createAusPostRates(options: AusPostRatesOptions): AusPostRates {
  const timeoutMs = options.timeoutMs ?? AUSPOST_TIMEOUT_MS;
  const cacheMs = options.cacheMs ?? QUOTE_CACHE_MS;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { at: number; quote: AusPostQuote }>();

  return {
    async quote(parcel) {
      const query = new URLSearchParams({
        from_postcode: parcel.fromPostCode,
        to_postcode: parcel.toPostCode,
        length: String(parcel.lengthCm),
        width: String(parcel.widthCm),
        height: String(parcel.heightCm),
        weight: String(parcel.weightKg),
        service_code: parcel.service,
      });
      const key = query.toString();
      const hit = cache.get(key);
      if (hit && now() - hit.at < cacheMs) return hit.quote;

      let response: Response;
      try {
        response = await fetch(`${options.baseUrl}/postage/parcel/domestic/calculate.json?${key}`, {
          headers: { 'AUTH-KEY': options.apiKey, accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new AusPostUnavailable(`Australia Post did not answer: ${(err as Error).message}`, {
          cause: err,
        });
      }
      const body = (await response.json().catch(() => null)) as PacAnswer | null;
      if (!response.ok || !body || body.error) {
        const message = body?.error?.errorMessage ?? `HTTP ${response.status}`;
        throw new AusPostUnavailable(`Australia Post could not price the parcel: ${message}`);
      }
      const result = body.postage_result;
      const chargeCents = parseDecimalToCents(String(result?.total_cost ?? ''));
      if (chargeCents === null || chargeCents < 0) {
        throw new AusPostUnavailable('Australia Post answered without a total_cost');
      }
      const quote = { chargeCents, deliveryTime: result?.delivery_time?.trim() || null };
      if (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
      cache.set(key, { at: now(), quote });
      return quote;
    },
  };
}

interface PacAnswer {
  postage_result?: { service?: string; delivery_time?: string; total_cost?: string | number };
  error?: { errorMessage?: string };
}

const instances = new Map<string, AusPostRates>();

/**
 * The adapter for the app's configuration, or null when AUSPOST_API_KEY is not set (the rate table prices
 * delivery). One instance per key and URL, so its cache is shared by the delivery-options route and place-order.
 */
export function ausPostRatesFor(config: {
  auspostApiKey: string | undefined;
  auspostApiUrl: string;
}): AusPostRates | null {
  if (!config.auspostApiKey) return null;
  const id = `${config.auspostApiUrl} ${config.auspostApiKey}`;
  let rates = instances.get(id);
  if (!rates) {
    rates = createAusPostRates({ apiKey: config.auspostApiKey, baseUrl: config.auspostApiUrl });
    instances.set(id, rates);
  }
  return rates;
}
