/**
 * A query client for component tests: no retries, and the store's settings already read (issue 18: GST 10 %;
 * issue 34: prices and delivery settings GST-inclusive).
 */
import { QueryClient } from '@tanstack/react-query';
import type { StoreConfig } from '@store/shared/store-settings';
import { storeConfigQueryOptions } from '@/lib/api/get-store-config';
import { makeStoreConfig } from './fixtures';

/**
 * A QueryClient holding `config` as the store's settings, so components that show prices (usePriceDisplay) render
 * the catalog's GST-inclusive figures straight away, without a fetch.
 */
export function makeTestQueryClient(config: StoreConfig = makeStoreConfig()): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(storeConfigQueryOptions().queryKey, config);
  return queryClient;
}
