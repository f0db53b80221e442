/**
 * A member's garage on the server (issue 15 §5, decision 0033): `GET /api/garage`, `POST /api/garage`,
 * `PATCH /api/garage/{id}`, `DELETE /api/garage/{id}` and `POST /api/garage/merge` (a guest's vehicles, at
 * sign-in). Member calls: a 401 signs out (lib/api-client.ts).
 */
import type { GarageVehicle } from '@store/shared/garage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, envelope, served } from '@/lib/api-client';

export const GARAGE_QUERY_KEY = ['garage'] as const;

export function getGarage(signal?: AbortSignal): Promise<GarageVehicle[]> {
  return apiRequest('/garage', envelope(served<GarageVehicle[]>()), { member: true, signal });
}

/** The member's garage; not asked for while `enabled` is false (a guest). */
export function useMemberGarage(enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: GARAGE_QUERY_KEY, queryFn: ({ signal }) => getGarage(signal), enabled }),
  );
}

/** Keeps a vehicle (the same vehicle and year again answers the entry already kept). */
export function addToGarage(input: { vehicle_id: number; year: number; name?: string | null }) {
  return apiRequest('/garage', envelope(served<GarageVehicle>()), {
    method: 'POST',
    body: input.name ? input : { vehicle_id: input.vehicle_id, year: input.year },
    member: true,
  });
}

/** Renames an entry; null clears the name. */
export function renameGarageVehicle(id: number, name: string | null) {
  return apiRequest(`/garage/${id}`, envelope(served<GarageVehicle>()), {
    method: 'PATCH',
    body: { name },
    member: true,
  });
}

export function removeGarageVehicle(id: number) {
  return apiRequest(`/garage/${id}`, served<unknown>(), { method: 'DELETE', member: true });
}

/** Adds a guest's vehicles to the member's garage (no duplicates, at most 10 in all); answers the whole garage. */
export function mergeGarage(vehicles: { vehicle_id: number; year: number; name: string | null }[]) {
  return apiRequest('/garage/merge', envelope(served<GarageVehicle[]>()), {
    method: 'POST',
    body: { vehicles: vehicles.map((v) => (v.name ? v : { vehicle_id: v.vehicle_id, year: v.year })) },
    member: true,
  });
}
