/**
 * Google Places API (New) for address autocomplete when GOOGLE_MAPS_API_KEY is set (DESIGN §3; SPEC §2
 * Checkout, §5 "restricted to Australia"). Two calls: Autocomplete turns typed text into place predictions,
 * Place Details turns the chosen one into street, suburb, state and post code. Every answer from Google is
 * parsed by a zod schema before use; anything unexpected is a GooglePlacesError.
 */
import { z } from 'zod';
import type { AddressSuggestion } from '@store/shared/address-lookup';

const PLACES_API = 'https://places.googleapis.com/v1';
/** Longest wait for Google before the caller falls back (suggestions) or answers 502 (details). */
export const GOOGLE_TIMEOUT_MS = 5_000;

/** Google failed, timed out or answered something we cannot read. `status` is Google's HTTP status, if any. */
export class GooglePlacesError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'GooglePlacesError';
  }
}

const autocompleteResponseSchema = z.object({
  // Google leaves `suggestions` out when nothing matches.
  suggestions: z
    .array(
      z.object({
        // Query predictions (not requested) and future kinds are skipped, not rejected.
        placePrediction: z
          .object({ placeId: z.string().min(1), text: z.object({ text: z.string() }) })
          .optional(),
      }),
    )
    .default([]),
});

const placeDetailsSchema = z.object({
  formattedAddress: z.string().default(''),
  addressComponents: z
    .array(
      z.object({
        longText: z.string().default(''),
        shortText: z.string().default(''),
        types: z.array(z.string()).default([]),
      }),
    )
    .default([]),
});

interface PlacesRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/** Sends one Places request with the key header and the timeout; answers the JSON body, still unchecked. */
async function callPlaces(url: string, apiKey: string, req: PlacesRequest): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: req.method,
      headers: { ...req.headers, 'X-Goog-Api-Key': apiKey },
      body: req.body,
      signal: AbortSignal.timeout(GOOGLE_TIMEOUT_MS),
    });
  } catch (err) {
    const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    throw new GooglePlacesError(`Google Places unreachable: ${reason}`);
  }
  if (!res.ok) {
    // Google's error body names the cause (key restrictions, quota, bad place id); never contains the key.
    const detail = (await res.text().catch(() => '')).slice(0, 300);
    throw new GooglePlacesError(`Google Places answered ${res.status}: ${detail}`, res.status);
  }
  try {
    return await res.json();
  } catch {
    throw new GooglePlacesError('Google Places answered a body that is not JSON', res.status);
  }
}

/** "12 Example St, Guildford NSW 2161, Australia" -> without the country, which every answer shares. */
const withoutCountry = (text: string) => text.replace(/,\s*Australia$/i, '');

/**
 * Places Autocomplete (New) for `input`, restricted to Australia, in Australian English.
 * Answers suggestions with `place_id` set, the label as Google words it, and street, city, state and
 * post code empty (they come from googlePlaceDetails once the shopper picks one).
 * Throws GooglePlacesError on a network error, timeout (GOOGLE_TIMEOUT_MS), non-2xx or unreadable answer.
 */
export async function googleAutocomplete(
  apiKey: string,
  input: string,
  limit: number,
): Promise<AddressSuggestion[]> {
  const body = await callPlaces(`${PLACES_API}/places:autocomplete`, apiKey, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ input, includedRegionCodes: ['au'], languageCode: 'en-AU' }),
  });
  const parsed = autocompleteResponseSchema.safeParse(body);
  if (!parsed.success)
    throw new GooglePlacesError('Google Places autocomplete answer has an unexpected shape');
  return parsed.data.suggestions
    .flatMap((s) => (s.placePrediction ? [s.placePrediction] : []))
    .slice(0, limit)
    .map((p) => ({
      label: withoutCountry(p.text.text),
      street_address: null,
      city: '',
      state: '',
      post_code: '',
      place_id: p.placeId,
    }));
}

/**
 * Place Details (New) for one autocomplete `placeId`, mapped onto the checkout's address fields:
 * street_address = "[subpremise/]street_number route" (null when the place has no street, e.g. a suburb),
 * city = locality, state = administrative_area_level_1 short name ("NSW"), post_code = postal_code.
 * Answers null when Google does not know the id (its 400 or 404) or the place is outside Australia.
 * Throws GooglePlacesError on any other failure.
 */
export async function googlePlaceDetails(apiKey: string, placeId: string): Promise<AddressSuggestion | null> {
  let body: unknown;
  try {
    body = await callPlaces(
      `${PLACES_API}/places/${encodeURIComponent(placeId)}?languageCode=en-AU&regionCode=au`,
      apiKey,
      { method: 'GET', headers: { 'X-Goog-FieldMask': 'addressComponents,formattedAddress' } },
    );
  } catch (err) {
    if (err instanceof GooglePlacesError && (err.status === 400 || err.status === 404)) return null;
    throw err;
  }
  const parsed = placeDetailsSchema.safeParse(body);
  if (!parsed.success) throw new GooglePlacesError('Google Places details answer has an unexpected shape');

  const part = (type: string, text: 'longText' | 'shortText' = 'longText') =>
    parsed.data.addressComponents.find((c) => c.types.includes(type))?.[text] ?? '';
  if (part('country', 'shortText').toUpperCase() !== 'AU') return null;

  const unit = part('subpremise');
  const number = part('street_number');
  const houseNumber = unit && number ? `${unit}/${number}` : number;
  const street = [houseNumber, part('route')].filter(Boolean).join(' ');
  return {
    label: withoutCountry(parsed.data.formattedAddress),
    street_address: part('route') ? street : null,
    city: part('locality') || part('postal_town') || part('sublocality'),
    state: part('administrative_area_level_1', 'shortText'),
    post_code: part('postal_code'),
    place_id: placeId,
  };
}
