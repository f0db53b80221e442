/**
 * The back office's discount-code calls (issue 34 §5): the list, one code, create, edit and (de)activate. Shapes
 * and messages in `@store/shared/discount-codes`.
 */
import type { AdminDiscountCode, AdminDiscountCodeInputBody } from '@store/shared/discount-codes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';

export interface AdminDiscountCodesQuery {
  page?: number;
  per_page?: number;
  search?: string;
  status?: 'active' | 'inactive';
}

type CodeAnswer = { data: AdminDiscountCode; message: string };

/** `GET /api/admin/discount-codes` -> `{ data, total }`. */
export function useAdminDiscountCodes(query: AdminDiscountCodesQuery) {
  return useQuery({
    queryKey: ['admin', 'discount-codes', query],
    queryFn: ({ signal }) =>
      adminRequest('/admin/discount-codes', served<{ data: AdminDiscountCode[]; total: number }>(), {
        query: { ...query },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/admin/discount-codes/{id}` -> `{ data, audit }`. */
export function useAdminDiscountCode(id: number) {
  return useQuery({
    queryKey: ['admin', 'discount-code', id],
    queryFn: ({ signal }) =>
      adminRequest(`/admin/discount-codes/${id}`, served<{ data: AdminDiscountCode }>(), { signal }),
  });
}

/** `POST /api/admin/discount-codes` (id null) or `PUT /api/admin/discount-codes/{id}`; the list reads again. */
export function useSaveAdminDiscountCode(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminDiscountCodeInputBody) =>
      adminRequest(
        id === null ? '/admin/discount-codes' : `/admin/discount-codes/${id}`,
        served<CodeAnswer>(),
        {
          method: id === null ? 'POST' : 'PUT',
          body,
        },
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(['admin', 'discount-code', answer.data.id], { data: answer.data });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'discount-codes'] });
    },
  });
}

/** `PATCH /api/admin/discount-codes/{id}/active`: deactivate (false) or activate again (true). */
export function useSetAdminDiscountCodeActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      adminRequest(`/admin/discount-codes/${id}/active`, served<CodeAnswer>(), {
        method: 'PATCH',
        body: { active },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'discount-code'] }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'discount-codes'] }),
  });
}
