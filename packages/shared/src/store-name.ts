/** SPEC §1: the page title uses the configured store name and falls back to this. */
export const FALLBACK_STORE_NAME = 'Online Store';

/** The name to show: the configured one, or 'Online Store' when it is missing or blank. */
export function storeNameOrFallback(name: string | null | undefined): string {
  return name?.trim() ? name.trim() : FALLBACK_STORE_NAME;
}
