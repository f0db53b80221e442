import type { AdminMessageListQuery, AdminMessageRow } from '@store/shared/admin-customers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';

/** `GET /api/admin/messages` -> `{ data, total }` (newest first). */
export function useAdminMessages(query: Partial<AdminMessageListQuery>) {
  return useQuery({
    queryKey: ['admin', 'messages', query],
    queryFn: ({ signal }) =>
      adminRequest('/admin/messages', served<{ data: AdminMessageRow[]; total: number }>(), {
        query: { ...query },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/admin/messages/{id}/handled` `{ handled }` -> `{ message, data }`. */
export function useMarkMessageHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) =>
      adminRequest(`/admin/messages/${id}/handled`, served<{ message: string; data: AdminMessageRow }>(), {
        method: 'POST',
        body: { handled },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'messages'] }),
  });
}
