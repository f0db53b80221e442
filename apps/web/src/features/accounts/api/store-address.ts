import type { AddressRequest, SavedAddress } from '@store/shared/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';

/** `POST /api/user-addresses/store` -> `{ message: 'Address Added Successfully!', data }`. */
export function storeAddress(body: AddressRequest): Promise<{ message: string; data: SavedAddress }> {
  return apiRequest('/user-addresses/store', served<{ message: string; data: SavedAddress }>(), {
    method: 'POST',
    body,
    member: true,
  });
}

export function useStoreAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: storeAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account', 'addresses'] }),
  });
}
