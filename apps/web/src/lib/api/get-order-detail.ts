import type { OrderDetail } from '@store/shared/order';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, envelope, served } from '@/lib/api-client';

/** `GET /api/orders-detail?id=` -> `{ data: OrderDetail }` (SPEC §7); 404 'No Order Found' -> `ApiError(404)`. */
export function getOrderDetail(id: string, signal?: AbortSignal): Promise<OrderDetail> {
  return apiRequest('/orders-detail', envelope(served<OrderDetail>()), { query: { id }, signal });
}

export function orderDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['order-detail', id],
    queryFn: ({ signal }) => getOrderDetail(id, signal),
    staleTime: 0,
  });
}

/** The order for `id`; nothing is asked while `id` is empty. */
export function useOrderDetail(id: string) {
  return useQuery({ ...orderDetailQueryOptions(id), enabled: id !== '' });
}
