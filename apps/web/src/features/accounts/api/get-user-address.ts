import type { SavedAddress } from '@store/shared/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, envelope, served } from '@/lib/api-client';

/** `GET /api/user-addresses/{id}` (bearer) -> `{ data: SavedAddress }`; 404 for another member's id. */
export function getUserAddress(id: string, signal?: AbortSignal): Promise<SavedAddress> {
  return apiRequest(`/user-addresses/${encodeURIComponent(id)}`, envelope(served<SavedAddress>()), {
    member: true,
    signal,
  });
}

export function userAddressQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['account', 'addresses', id],
    queryFn: ({ signal }) => getUserAddress(id, signal),
    staleTime: 0,
  });
}

export function useUserAddress(id: string) {
  return useQuery(userAddressQueryOptions(id));
}
