import type { AddressSuggestion } from '@store/shared/address-lookup';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest, envelope, served } from '@/lib/api-client';

/**
 * `GET /api/address-details?place_id=` -> `{ data: AddressSuggestion }`: the full address (street, city,
 * state, post code) of a Google Places suggestion. GeoNames suggestions are complete and never need it.
 */
export function getAddressDetails(placeId: string, signal?: AbortSignal): Promise<AddressSuggestion> {
  return apiRequest('/address-details', envelope(served<AddressSuggestion>()), {
    query: { place_id: placeId },
    signal,
  });
}

/** Details of one place; read once per pick, kept for the visit. */
export function addressDetailsQueryOptions(placeId: string) {
  return queryOptions({
    queryKey: ['address-details', placeId],
    queryFn: ({ signal }) => getAddressDetails(placeId, signal),
    staleTime: 30 * 60 * 1000,
    retry: false,
  });
}

/** A function that reads a place's details through the query cache (used when a suggestion is picked). */
export function useFetchAddressDetails(): (placeId: string) => Promise<AddressSuggestion> {
  const queryClient = useQueryClient();
  return useCallback(
    (placeId: string) => queryClient.fetchQuery(addressDetailsQueryOptions(placeId)),
    [queryClient],
  );
}
