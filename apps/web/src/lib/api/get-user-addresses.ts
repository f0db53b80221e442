import type { SavedAddress } from '@store/shared/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';

/** `GET /api/user-addresses` (bearer) -> `{ data: { data: { shipping_addresses } } }` (SPEC §7). */
export async function getUserAddresses(signal?: AbortSignal): Promise<SavedAddress[]> {
  const answer = await apiRequest(
    '/user-addresses',
    served<{ data: { data: { shipping_addresses: SavedAddress[] } } }>(),
    { member: true, signal },
  );
  return answer.data.data.shipping_addresses;
}

export function userAddressesQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'addresses'],
    queryFn: ({ signal }) => getUserAddresses(signal),
  });
}

export function useUserAddresses(enabled = true) {
  return useQuery({ ...userAddressesQueryOptions(), enabled });
}
