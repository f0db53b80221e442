import type { OrderDetail } from '@store/shared/order';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, envelope, served } from '@/lib/api-client';

/**
 * `POST /api/guest/track-order` `{ id }` -> `{ data: OrderDetail }` (SPEC §7). An unknown id answers
 * 404 'No Order Found', thrown as `ApiError(404)`.
 */
export function trackOrder(id: string, signal?: AbortSignal): Promise<OrderDetail> {
  return apiRequest('/guest/track-order', envelope(served<OrderDetail>()), {
    method: 'POST',
    body: { id },
    signal,
  });
}

export function trackOrderQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['track-order', id],
    queryFn: ({ signal }) => trackOrder(id, signal),
    // A shopper checking again wants the status as it is now.
    staleTime: 0,
  });
}

/** The order for `id`; nothing is asked while `id` is empty. */
export function useTrackOrder(id: string) {
  return useQuery({ ...trackOrderQueryOptions(id), enabled: id !== '' });
}
