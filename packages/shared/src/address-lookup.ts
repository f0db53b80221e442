/**
 * Address autocomplete on the wire (SPEC §2 Checkout "Address autocomplete ... restricted to Australia",
 * DESIGN §3): `GET /api/address-suggestions?query=` answers up to ADDRESS_SUGGESTION_LIMIT places. From the
 * bundled GeoNames postcodes a suggestion is a suburb with its state and post code; from Google Places it
 * also carries the street and a `place_id`, resolved by `GET /api/address-details?place_id=`.
 */
import { z } from 'zod';
import { searchText } from './text-schemas';

export const ADDRESS_SUGGESTION_LIMIT = 8;
export const ADDRESS_QUERY_MIN_LENGTH = 2;

export const addressSuggestionQuerySchema = z.object({
  query: searchText({ error: 'Type a suburb or post code' })
    .trim()
    .min(
      ADDRESS_QUERY_MIN_LENGTH,
      `Type at least ${ADDRESS_QUERY_MIN_LENGTH} characters of a suburb or post code`,
    )
    .max(100, 'Search text must be 100 characters or fewer'),
});

export const addressSuggestionSchema = z.object({
  /** What the list shows, e.g. "Guildford NSW 2161". */
  label: z.string(),
  /** Street line when the source knows it (Google), else null. */
  street_address: z.string().nullable(),
  /** Suburb or locality, filled into the City field. */
  city: z.string(),
  /** Short state code, e.g. "NSW". */
  state: z.string(),
  post_code: z.string(),
  /** Google Places id to resolve into a full address; null for GeoNames suggestions, which are complete. */
  place_id: z.string().nullable(),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

export const addressSuggestionsResponseSchema = z.object({ data: z.array(addressSuggestionSchema) });
export const addressDetailsResponseSchema = z.object({ data: addressSuggestionSchema });

/** GeoNames attribution, shown wherever its suggestions are (CC BY 4.0). */
export const GEONAMES_ATTRIBUTION = 'Suburb and post code data © GeoNames (geonames.org), CC BY 4.0';
