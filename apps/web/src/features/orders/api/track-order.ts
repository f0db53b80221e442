import type { OrderDetail, TrackOrderRequest } from '@store/shared/order';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, envelope, served } from '@/lib/api-client';

/**
 * One tracking lookup (issue 34 §6): the order number with the order's email, or the public id of the mail's
 * link alone. Kept in memory only: the email never goes into an address.
 */
export type TrackOrderLookup = TrackOrderRequest;

/**
 * `POST /api/guest/track-order` `{ id, email? }` -> `{ data: OrderDetail }` (SPEC §7). An unknown number, a
 * wrong email or an unknown id answers 404 'No Order Found', thrown as `ApiError(404)`.
 */
export function trackOrder(lookup: TrackOrderLookup, signal?: AbortSignal): Promise<OrderDetail> {
  return apiRequest('/guest/track-order', envelope(served<OrderDetail>()), {
    method: 'POST',
    body: lookup.email ? { id: lookup.id, email: lookup.email } : { id: lookup.id },
    signal,
  });
}

export function trackOrderQueryOptions(lookup: TrackOrderLookup) {
  return queryOptions({
    queryKey: ['track-order', lookup.id, lookup.email ?? ''],
    queryFn: ({ signal }) => trackOrder(lookup, signal),
    // A shopper checking again wants the status as it is now.
    staleTime: 0,
  });
}

/** The order `lookup` finds; nothing is asked while there is no lookup. */
export function useTrackOrder(lookup: TrackOrderLookup | null) {
  return useQuery({
    ...trackOrderQueryOptions(lookup ?? { id: '' }),
    enabled: lookup !== null && lookup.id !== '',
  });
}
