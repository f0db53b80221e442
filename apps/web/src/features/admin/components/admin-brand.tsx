import { useStoreConfig } from '@/lib/api/get-store-config';
import { storeName } from '@/hooks/use-store-head';

/** The store's name (SPEC §1) with 'Back office' beside it, the back office's brand. */
export function AdminBrand() {
  const config = useStoreConfig();
  return (
    <span className="admin-brand">
      <span className="admin-brand__store">{storeName(config.data)}</span>
      <span className="admin-brand__area">Back office</span>
    </span>
  );
}
