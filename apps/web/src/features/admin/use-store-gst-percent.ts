import { DEFAULT_GST_PERCENT } from '@store/shared/gst-prices';
import { useStoreConfig } from '@/lib/api/get-store-config';

/**
 * The store's GST percent (store settings, `/api/store-config`) for the back office's ex-GST figures (issue 34
 * §7); the shared default (10) until the config has answered.
 */
export function useStoreGstPercent(): number {
  return useStoreConfig().data?.gst_percent ?? DEFAULT_GST_PERCENT;
}
