import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedAddress } from '@store/shared/account';
import { apiRequest, served } from '@/lib/api-client';

/**
 * `DELETE /api/user-addresses/{id}` -> `{ message, data }`: the SPEC reads nothing; `data`, the deleted address,
 * is what Undo stores again (decision 0059).
 */
export function deleteAddress(id: number): Promise<{ message: string; data: SavedAddress }> {
  return apiRequest(`/user-addresses/${id}`, served<{ message: string; data: SavedAddress }>(), {
    method: 'DELETE',
    member: true,
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['account', 'addresses'] }),
  });
}
