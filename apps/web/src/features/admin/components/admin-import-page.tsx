import { AdminComingSoonPage } from './admin-coming-soon-page';

/** /admin/products/import: CSV upload and progress (issue 12). Being built. */
export function AdminImportPage() {
  return <AdminComingSoonPage section="Import products" />;
}
