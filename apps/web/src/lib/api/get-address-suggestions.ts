import { ADDRESS_QUERY_MIN_LENGTH, type AddressSuggestion } from '@store/shared/address-lookup';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, envelope, served } from '@/lib/api-client';

/**
 * `GET /api/address-suggestions?query=` -> `{ data: AddressSuggestion[] }`: up to 8 Australian places
 * matching a suburb or post code (SPEC §2 Checkout "restricted to Australia"; DESIGN §3 GeoNames or Google).
 */
export function getAddressSuggestions(query: string, signal?: AbortSignal): Promise<AddressSuggestion[]> {
  return apiRequest('/address-suggestions', envelope(served<AddressSuggestion[]>()), {
    query: { query: query.trim() },
    signal,
  });
}

/** Suggestions for a query; places do not move, so an answer stays good for the whole visit. */
export function addressSuggestionsQueryOptions(query: string) {
  const term = query.trim();
  return queryOptions({
    queryKey: ['address-suggestions', term.toLowerCase()],
    queryFn: ({ signal }) => getAddressSuggestions(term, signal),
    enabled: term.length >= ADDRESS_QUERY_MIN_LENGTH,
    staleTime: 30 * 60 * 1000,
    // A failed lookup is not worth a second wait: the shopper can type the address themselves.
    retry: false,
  });
}

/** Suggestions for `query` once it has at least 2 characters and `enabled` (e.g. the list is open). */
export function useAddressSuggestions(query: string, enabled = true) {
  const options = addressSuggestionsQueryOptions(query);
  return useQuery({ ...options, enabled: enabled && options.enabled === true });
}
