import { AdminComingSoonPage } from './admin-coming-soon-page';

/** /admin/products: the catalog (issue 12). Being built. */
export function AdminProductsPage() {
  return <AdminComingSoonPage section="Products" />;
}
