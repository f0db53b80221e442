import type { AddressRequest, SavedAddress } from '@store/shared/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';

/** `PUT /api/user-addresses/{id}` (partial allowed) -> `{ message: 'Address updated successfully!', data }`. */
export function updateAddress(
  id: string,
  body: Partial<AddressRequest>,
): Promise<{ message: string; data: SavedAddress }> {
  return apiRequest(
    `/user-addresses/${encodeURIComponent(id)}`,
    served<{ message: string; data: SavedAddress }>(),
    { method: 'PUT', body, member: true },
  );
}

export function useUpdateAddress(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<AddressRequest>) => updateAddress(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account', 'addresses'] }),
  });
}
