import type { Brand } from '@store/shared/product';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, envelope, served } from '@/lib/api-client';

/** SPEC §3 general settings as `/api/brands` carries them (GST percent; dollars). */
export interface GeneralSettings {
  _gst_percentage: number;
  _delivery_charges: number;
  _free_delivery_threshold: number;
}

export interface BrandsAnswer {
  data: Brand[];
  general_settings: GeneralSettings;
}

/** `GET /api/brands` -> `{ data: { data: Brand[], general_settings } }` (SPEC §7), brands A-Z. */
export function getBrands(signal?: AbortSignal): Promise<BrandsAnswer> {
  return apiRequest('/brands', envelope(served<BrandsAnswer>()), { signal });
}

export function brandsQueryOptions() {
  return queryOptions({
    queryKey: ['brands'],
    queryFn: ({ signal }) => getBrands(signal),
    staleTime: 5 * 60 * 1000,
  });
}

export function useBrands() {
  return useQuery(brandsQueryOptions());
}
