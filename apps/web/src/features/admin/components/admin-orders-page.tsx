import { AdminComingSoonPage } from './admin-coming-soon-page';

/** /admin/orders: the orders table (issue 12). Being built. */
export function AdminOrdersPage() {
  return <AdminComingSoonPage section="Orders" />;
}
