import { AdminComingSoonPage } from './admin-coming-soon-page';

/** /admin/subscribers: newsletter subscribers (issue 12). Being built. */
export function AdminSubscribersPage() {
  return <AdminComingSoonPage section="Subscribers" />;
}
