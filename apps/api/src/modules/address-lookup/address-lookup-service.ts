/**
 * Address autocomplete for checkout (SPEC §2 Checkout, §5 "restricted to Australia"; DESIGN §3): Google
 * Places when a key is configured, the bundled GeoNames postcodes otherwise, and GeoNames again whenever
 * Google fails, so a shopper always gets suburb suggestions.
 */
import type { FastifyBaseLogger } from 'fastify';
import { ADDRESS_SUGGESTION_LIMIT, type AddressSuggestion } from '@store/shared/address-lookup';
import { HttpError } from '../../plugins/error-handling';
import { googleAutocomplete, googlePlaceDetails } from './google-places';
import { searchAuPostcodes, type AuPostcodeIndex } from './search-au-postcodes';

export interface AddressLookupDeps {
  /** config.googleMapsApiKey; undefined means GeoNames only. */
  googleMapsApiKey: string | undefined;
  /** The GeoNames index, loaded on first use (lazyAuPostcodeIndex). */
  postcodes: () => Promise<AuPostcodeIndex>;
  log: FastifyBaseLogger;
}

/**
 * Up to ADDRESS_SUGGESTION_LIMIT suggestions for `query` (already trimmed, 2-100 characters by
 * addressSuggestionQuerySchema). With a Google key: Google's predictions (place_id set, fields empty until
 * getAddressDetails); if Google fails or times out, a warning is logged and GeoNames answers instead.
 * Rejects only if the GeoNames file cannot be read (a 500).
 */
export async function suggestAddresses(deps: AddressLookupDeps, query: string): Promise<AddressSuggestion[]> {
  if (deps.googleMapsApiKey) {
    try {
      return await googleAutocomplete(deps.googleMapsApiKey, query, ADDRESS_SUGGESTION_LIMIT);
    } catch (err) {
      deps.log.warn({ err }, 'address lookup: Google Places autocomplete failed, answering from GeoNames');
    }
  }
  return searchAuPostcodes(await deps.postcodes(), query);
}

/**
 * Street, suburb, state and post code of one Google `placeId` from a suggestion.
 * Errors (HttpError): 404 when no Google key is configured (GeoNames suggestions are already complete) or
 * when Google does not know the place or it is outside Australia; 502 when Google fails or times out.
 */
export async function getAddressDetails(
  deps: AddressLookupDeps,
  placeId: string,
): Promise<AddressSuggestion> {
  if (!deps.googleMapsApiKey) {
    throw new HttpError(
      404,
      'Address details are not available: this store suggests suburbs from its own post code list, and those suggestions are already complete.',
    );
  }
  let details: AddressSuggestion | null;
  try {
    details = await googlePlaceDetails(deps.googleMapsApiKey, placeId);
  } catch (err) {
    deps.log.warn({ err }, 'address lookup: Google Places details failed');
    throw new HttpError(502, 'The address service is not answering right now. Please type the address in.');
  }
  if (!details)
    throw new HttpError(404, 'That address was not found in Australia. Please type the address in.');
  return details;
}
