import { storePromisesOf, type StorePromises } from '@store/shared/store-promises';
import { useMemo } from 'react';
import { useStoreConfig } from '@/lib/api/get-store-config';

/**
 * The store's promises as the owner set them in the back office (issue 36 §5: delivery rule, order cut-off,
 * handling and delivery times, returns window), from `/api/store-config`, for wording them with
 * `@store/shared/store-promises`. Null until the config has answered (or if it failed): a page then leaves the
 * figures out rather than guess them (decision 0045). Server-rendered pages always have it.
 */
export function useStorePromises(): StorePromises | null {
  const data = useStoreConfig().data;
  return useMemo(() => (data ? storePromisesOf(data) : null), [data]);
}
