import type { orderHistoryRowSchema } from '@store/shared/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, envelope, served } from '@/lib/api-client';

export type OrderHistoryRow = z.infer<typeof orderHistoryRowSchema>;

/** `GET /api/user-order?column=user_id&value={id}` (bearer) -> `{ data: OrderHistoryRow[] }` (SPEC §7). */
export function getUserOrders(userId: number, signal?: AbortSignal): Promise<OrderHistoryRow[]> {
  return apiRequest('/user-order', envelope(served<OrderHistoryRow[]>()), {
    query: { column: 'user_id', value: userId },
    member: true,
    signal,
  });
}

export function userOrdersQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['account', 'orders', userId],
    queryFn: ({ signal }) => getUserOrders(userId, signal),
    staleTime: 0,
  });
}

export function useUserOrders(userId: number) {
  return useQuery(userOrdersQueryOptions(userId));
}
