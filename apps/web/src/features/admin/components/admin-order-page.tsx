import { AdminComingSoonPage } from './admin-coming-soon-page';

/** /admin/orders/:publicId: one order (issue 12). Being built. */
export function AdminOrderPage() {
  return <AdminComingSoonPage section="Order" />;
}
