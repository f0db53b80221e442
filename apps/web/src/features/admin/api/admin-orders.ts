/** The back office's orders calls (issue 12): the list, one order, status moves and refunds. */
import type {
  AdminOrderDetail,
  AdminOrderListQuery,
  AdminOrderRow,
  AdminOrderStatusRequest,
  AdminRefundRequest,
} from '@store/shared/admin-orders';
import { IDEMPOTENCY_KEY_HEADER } from '@store/shared/order-constants';
import type { AdminLineRefundRequest } from '@store/shared/refund-lines';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';

export type AdminOrdersQuery = Partial<AdminOrderListQuery>;

/** `GET /api/admin/orders` -> `{ data, total }`. */
export function useAdminOrders(query: AdminOrdersQuery) {
  return useQuery({
    queryKey: ['admin', 'orders', query],
    queryFn: ({ signal }) =>
      adminRequest('/admin/orders', served<{ data: AdminOrderRow[]; total: number }>(), {
        query: { ...query },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

const orderKey = (publicId: string) => ['admin', 'order', publicId];

/** `GET /api/admin/orders/{public id}` -> `{ data }`. */
export function useAdminOrder(publicId: string) {
  return useQuery({
    queryKey: orderKey(publicId),
    queryFn: ({ signal }) =>
      adminRequest(`/admin/orders/${encodeURIComponent(publicId)}`, served<{ data: AdminOrderDetail }>(), {
        signal,
      }),
  });
}

type OrderAnswer = { message: string; data: AdminOrderDetail };

/** After a change: the page shows the server's answer, and the list reads again. */
function useOrderChanged(publicId: string) {
  const queryClient = useQueryClient();
  return (answer: OrderAnswer) => {
    queryClient.setQueryData(orderKey(publicId), { data: answer.data });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
  };
}

/** `POST /api/admin/orders/{public id}/status` -> `{ message, data }`; 409 for an illegal move. */
export function useMoveOrderStatus(publicId: string) {
  const changed = useOrderChanged(publicId);
  return useMutation({
    mutationFn: (body: AdminOrderStatusRequest) =>
      adminRequest(`/admin/orders/${encodeURIComponent(publicId)}/status`, served<OrderAnswer>(), {
        method: 'POST',
        body,
      }),
    onSuccess: changed,
  });
}

/**
 * `POST /api/admin/orders/{public id}/refunds` with `key` as the Idempotency-Key -> `{ message, data }`. The caller
 * keeps one key per intended refund, so a retry after a lost answer is the same refund.
 */
export function useRefundOrder(publicId: string) {
  const changed = useOrderChanged(publicId);
  return useMutation({
    mutationFn: ({ key, body }: { key: string; body: AdminRefundRequest }) => postRefund(publicId, key, body),
    onSuccess: changed,
  });
}

/**
 * The refund call itself, with the Idempotency-Key header. An error answer is an ApiError with the server's
 * message; no answer at all rejects with the network's TypeError.
 */
function postRefund(publicId: string, key: string, body: AdminRefundRequest): Promise<OrderAnswer> {
  return adminRequest(`/admin/orders/${encodeURIComponent(publicId)}/refunds`, served<OrderAnswer>(), {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    fallbackMessage: (status) => `The refund was not made (status ${status}).`,
  });
}

/**
 * `POST /api/admin/orders/{public id}/line-refunds` with `key` as the Idempotency-Key -> `{ message, data }`
 * (issue 36 §3): units per line, restock, delivery and a reason; the server computes the amount.
 */
export function useLineRefund(publicId: string) {
  const changed = useOrderChanged(publicId);
  return useMutation({
    mutationFn: ({ key, body }: { key: string; body: AdminLineRefundRequest }) =>
      adminRequest(`/admin/orders/${encodeURIComponent(publicId)}/line-refunds`, served<OrderAnswer>(), {
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
        fallbackMessage: (status) => `The refund was not made (status ${status}).`,
      }),
    onSuccess: changed,
  });
}
