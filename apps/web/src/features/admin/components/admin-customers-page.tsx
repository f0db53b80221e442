import { AdminComingSoonPage } from './admin-coming-soon-page';

/** /admin/customers: customers with their orders (issue 12). Being built. */
export function AdminCustomersPage() {
  return <AdminComingSoonPage section="Customers" />;
}
