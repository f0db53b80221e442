import type { Brand } from '@store/shared/product';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, envelope, served } from '@/lib/api-client';

/** SPEC §7: the brand-sliders call gives up after 5 seconds. */
export const BRAND_SLIDERS_TIMEOUT_MS = 5000;

/** `GET /api/brand-sliders` -> `{ data: Brand[] }`: the home brands strip, in order. */
export function getBrandSliders(signal?: AbortSignal): Promise<Brand[]> {
  const timeout = AbortSignal.timeout(BRAND_SLIDERS_TIMEOUT_MS);
  return apiRequest('/brand-sliders', envelope(served<Brand[]>()), {
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
}

export function brandSlidersQueryOptions() {
  return queryOptions({
    queryKey: ['brand-sliders'],
    queryFn: ({ signal }) => getBrandSliders(signal),
    staleTime: 5 * 60 * 1000,
  });
}

export function useBrandSliders() {
  return useQuery(brandSlidersQueryOptions());
}
