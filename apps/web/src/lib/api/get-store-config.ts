import type { StoreConfig } from '@store/shared/store-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, envelope, served } from '@/lib/api-client';

/** `GET /api/store-config` -> `{ data: StoreConfig }`: the store's name, meta tags, media base URL ... */
export function getStoreConfig(signal?: AbortSignal): Promise<StoreConfig> {
  return apiRequest('/store-config', envelope(served<StoreConfig>()), { signal });
}

const STORE_CONFIG_STALE_MS = 10 * 60 * 1000;

export function storeConfigQueryOptions() {
  return queryOptions({
    queryKey: ['store-config'],
    queryFn: ({ signal }) => getStoreConfig(signal),
    // The settings change rarely; one read per visit is enough, except that the home page's slides and banners
    // change when a window starts or ends (decision 0051): the answer is stale from then on.
    staleTime: (query) => {
      const until = query.state.data?.home_content_until;
      const left = until ? Date.parse(until) - Date.now() : Infinity;
      return Math.max(0, Math.min(STORE_CONFIG_STALE_MS, left));
    },
  });
}

export function useStoreConfig() {
  return useQuery(storeConfigQueryOptions());
}
