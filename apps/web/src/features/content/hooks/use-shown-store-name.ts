import { useStoreConfig } from '@/lib/api/get-store-config';
import { storeName } from '@/hooks/use-store-head';

/**
 * The store's name for a content page's text (SPEC §1: from configuration, 'Online Store' when it has none).
 * While the config is still loading it is 'our store', so a sentence reads well and never shows the
 * fallback name for a moment before the real one.
 */
export function useShownStoreName(): string {
  const config = useStoreConfig();
  return config.isPending ? 'our store' : storeName(config.data);
}
