import type { StoreConfig } from '@store/shared/store-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, envelope, served } from '@/lib/api-client';

/** `GET /api/store-config` -> `{ data: StoreConfig }`: the store's name, meta tags, media base URL ... */
export function getStoreConfig(signal?: AbortSignal): Promise<StoreConfig> {
  return apiRequest('/store-config', envelope(served<StoreConfig>()), { signal });
}

export function storeConfigQueryOptions() {
  return queryOptions({
    queryKey: ['store-config'],
    queryFn: ({ signal }) => getStoreConfig(signal),
    // The settings change rarely; one read per visit is enough.
    staleTime: 10 * 60 * 1000,
  });
}

export function useStoreConfig() {
  return useQuery(storeConfigQueryOptions());
}
