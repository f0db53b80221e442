import { AdminComingSoonPage } from './admin-coming-soon-page';

/** /admin/products/:sku: one product's editor (issue 12). Being built. */
export function AdminProductPage() {
  return <AdminComingSoonPage section="Product" />;
}
