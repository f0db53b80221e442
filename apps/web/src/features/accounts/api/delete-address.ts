import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';

/** `DELETE /api/user-addresses/{id}` -> `{ message }` (SPEC §7: nothing read). */
export function deleteAddress(id: number): Promise<{ message: string }> {
  return apiRequest(`/user-addresses/${id}`, served<{ message: string }>(), {
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
