/**
 * The vehicle lists (issue 15 §4-5; the garage's selector and the back office's fitment picker): `GET /api/vehicles/makes`, `/models?make=`, `/years?make=&model=`
 * and `/vehicles?make=&model=&year=` (the variants), each narrowed by the choice before it. The lists change
 * only when a vehicle list is imported, so they are kept for an hour.
 */
import type { VehicleAnswer } from '@store/shared/vehicle';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, envelope, served } from '@/lib/api-client';

const HOUR_MS = 60 * 60 * 1000;

export function makesQueryOptions() {
  return queryOptions({
    queryKey: ['vehicles', 'makes'],
    queryFn: ({ signal }) => apiRequest('/vehicles/makes', envelope(served<string[]>()), { signal }),
    staleTime: HOUR_MS,
  });
}

export function modelsQueryOptions(make: string) {
  return queryOptions({
    queryKey: ['vehicles', 'models', make],
    queryFn: ({ signal }) =>
      apiRequest('/vehicles/models', envelope(served<string[]>()), { query: { make }, signal }),
    enabled: make !== '',
    staleTime: HOUR_MS,
  });
}

export function yearsQueryOptions(make: string, model: string) {
  return queryOptions({
    queryKey: ['vehicles', 'years', make, model],
    queryFn: ({ signal }) =>
      apiRequest('/vehicles/years', envelope(served<number[]>()), { query: { make, model }, signal }),
    enabled: make !== '' && model !== '',
    staleTime: HOUR_MS,
  });
}

export function variantsQueryOptions(make: string, model: string, year: number | null) {
  return queryOptions({
    queryKey: ['vehicles', 'variants', make, model, year],
    queryFn: ({ signal }) =>
      apiRequest('/vehicles', envelope(served<VehicleAnswer[]>()), { query: { make, model, year }, signal }),
    enabled: make !== '' && model !== '' && year !== null,
    staleTime: HOUR_MS,
  });
}

/** The four lists for the choices made so far (each waits for the one before). */
export function useVehicleOptions(make: string, model: string, year: number | null) {
  return {
    makes: useQuery(makesQueryOptions()),
    models: useQuery(modelsQueryOptions(make)),
    years: useQuery(yearsQueryOptions(make, model)),
    variants: useQuery(variantsQueryOptions(make, model, year)),
  };
}

/** One vehicle of the list (`GET /api/vehicles/{id}`): what "Change" starts the selector from. */
export function vehicleQueryOptions(id: number | null) {
  return queryOptions({
    queryKey: ['vehicles', 'one', id],
    queryFn: ({ signal }) => apiRequest(`/vehicles/${id}`, envelope(served<VehicleAnswer>()), { signal }),
    enabled: id !== null,
    staleTime: HOUR_MS,
  });
}
