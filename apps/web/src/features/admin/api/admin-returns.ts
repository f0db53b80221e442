import type { AdminLineRefundRequest } from '@store/shared/refund-lines';
import type {
  AdminReturnApprove,
  AdminReturnReceive,
  AdminReturnReplace,
  AdminReturnDetail,
  AdminReturnListQuery,
  AdminReturnReject,
  AdminReturnRow,
} from '@store/shared/admin-returns';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';

export type AdminReturnsQuery = Partial<AdminReturnListQuery>;

/** `GET /api/admin/returns` -> `{ data, total }` (newest first). */
export function getAdminReturns(query: AdminReturnsQuery, signal?: AbortSignal) {
  return adminRequest('/admin/returns', served<{ data: AdminReturnRow[]; total: number }>(), {
    query: { ...query },
    signal,
  });
}

export function useAdminReturns(query: AdminReturnsQuery) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'returns', query],
      queryFn: ({ signal }) => getAdminReturns(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** `GET /api/admin/returns/{id}` -> `{ data }`. */
export function useAdminReturn(id: number) {
  return useQuery({
    queryKey: ['admin', 'return', id],
    queryFn: ({ signal }) =>
      adminRequest(`/admin/returns/${id}`, served<{ data: AdminReturnDetail }>(), { signal }),
  });
}

/** A return's step and its body (issue 36 §3): each is `POST /api/admin/returns/{id}/{step}`. */
export type ReturnStepRequest =
  | { step: 'approve'; body: AdminReturnApprove }
  | { step: 'receive'; body: AdminReturnReceive }
  | { step: 'refund'; body: AdminLineRefundRequest }
  | { step: 'replace'; body: AdminReturnReplace }
  | { step: 'reject'; body: AdminReturnReject };

/** `POST /api/admin/returns/{id}/{step}` -> `{ message, data }`; 409 when the return is no longer at that step. */
export function useReturnStep(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ step, body }: ReturnStepRequest) =>
      adminRequest(`/admin/returns/${id}/${step}`, served<{ message: string; data: AdminReturnDetail }>(), {
        method: 'POST',
        body,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(['admin', 'return', id], { data: answer.data });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'returns'] });
    },
  });
}
