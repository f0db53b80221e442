import { deliverySettingsOf, type DeliverySettings } from '@store/shared/store-promises';
import { useMemo } from 'react';
import { useStoreConfig } from '@/lib/api/get-store-config';

/**
 * The store's delivery rule (GST-inclusive cents) from `/api/store-config`, for wording it with
 * `@store/shared/store-promises` (issue 34 §3). Null until the config has answered (or if it failed): a page then
 * leaves the figures out rather than guess them. Server-rendered pages always have it.
 */
export function useDeliverySettings(): DeliverySettings | null {
  const config = useStoreConfig();
  const data = config.data;
  return useMemo(() => (data ? deliverySettingsOf(data) : null), [data]);
}
