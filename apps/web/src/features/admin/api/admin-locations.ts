/**
 * The back office's locations, stock by location and click & collect calls (issue 41 §1-2, decision 0069). Shapes
 * and messages are the shared ones (admin-locations.ts, click-and-collect.ts).
 */
import type {
  AdminLocation,
  AdminLocationInput,
  ProductLocationStockAnswer,
  StockCountInput,
  StockTransferInput,
} from '@store/shared/admin-locations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { envelope, served } from '@/lib/api-client';
import type { PickList } from '@store/shared/click-and-collect';
import { adminRequest } from '../admin-request';

const LOCATIONS_KEY = ['admin', 'locations'] as const;

/** `GET /api/admin/locations`: every location with the units it holds. */
export function useAdminLocations() {
  return useQuery({
    queryKey: LOCATIONS_KEY,
    queryFn: ({ signal }) =>
      adminRequest('/admin/locations', envelope(served<AdminLocation[]>()), { signal }),
  });
}

/** `POST /api/admin/locations` (id null) or `PUT /api/admin/locations/{id}`; the list is read again after. */
export function useSaveAdminLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AdminLocationInput }) =>
      adminRequest(
        id === null ? '/admin/locations' : `/admin/locations/${id}`,
        served<{ message: string }>(),
        {
          method: id === null ? 'POST' : 'PUT',
          body,
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LOCATIONS_KEY }),
  });
}

type LocationStock = ProductLocationStockAnswer['data'];
const stockKey = (productId: number) => ['admin', 'location-stock', productId] as const;

/** `GET /api/admin/products/{id}/location-stock`: units per location and the latest movements. */
export function useProductLocationStock(productId: number) {
  return useQuery({
    queryKey: stockKey(productId),
    queryFn: ({ signal }) =>
      adminRequest(`/admin/products/${productId}/location-stock`, envelope(served<LocationStock>()), {
        signal,
      }),
  });
}

/** A transfer or a count of one product; answers the message, the stock is read again after. */
export function useChangeLocationStock(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change: { kind: 'transfer'; body: StockTransferInput } | { kind: 'count'; body: StockCountInput },
    ) =>
      adminRequest(
        `/admin/products/${productId}/location-stock/${change.kind}`,
        served<{ message: string }>(),
        { method: 'POST', body: change.body },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKey(productId) }),
  });
}

const pickKey = (locationId: number) => ['admin', 'pick-list', locationId] as const;

/** `GET /api/admin/locations/{id}/pick-list`. */
export function usePickList(locationId: number | null) {
  return useQuery({
    queryKey: pickKey(locationId ?? 0),
    enabled: locationId !== null,
    queryFn: ({ signal }) =>
      adminRequest(`/admin/locations/${locationId}/pick-list`, envelope(served<PickList>()), { signal }),
  });
}

/** "Ready for collection" and "Collected (by)" on a click & collect order; the pick lists are read again after. */
export function useCollectionStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      step: { publicId: string; kind: 'ready' } | { publicId: string; kind: 'collected'; by: string },
    ) =>
      adminRequest(
        `/admin/orders/${encodeURIComponent(step.publicId)}/${step.kind === 'ready' ? 'ready-for-collection' : 'collected'}`,
        served<{ message: string }>(),
        { method: 'POST', ...(step.kind === 'collected' ? { body: { collected_by: step.by } } : {}) },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'pick-list'] }),
  });
}
