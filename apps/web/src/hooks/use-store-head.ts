import { FALLBACK_STORE_NAME } from '@store/shared/store-name';
import type { StoreConfig } from '@store/shared/store-settings';
import { useEffect } from 'react';
import { documentTitle, followPageTitle } from './use-page-title';

/** The name to show: the configured store name, else 'Online Store' (SPEC §1). */
export function storeName(config: StoreConfig | undefined): string {
  return config?.store_name.trim() || FALLBACK_STORE_NAME;
}

/**
 * Keeps `document.title` on '{page title} | {store name}' (or the store name alone, see `usePageTitle`) and
 * the meta description on the configured one. Does nothing until the config has loaded or failed (`ready`),
 * so the title does not flash.
 */
export function useStoreHead(config: StoreConfig | undefined, ready: boolean): void {
  const name = storeName(config);
  const description = config?.meta_description.trim() ?? '';
  useEffect(() => {
    if (!ready) return;
    return followPageTitle((pageTitle) => {
      document.title = documentTitle(pageTitle, name);
    });
  }, [ready, name]);
  useEffect(() => {
    if (ready && description) {
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    }
  }, [ready, description]);
}
