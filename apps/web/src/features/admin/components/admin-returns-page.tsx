import { AdminComingSoonPage } from './admin-coming-soon-page';

/** /admin/returns: the return requests (issue 12). Being built. */
export function AdminReturnsPage() {
  return <AdminComingSoonPage section="Returns" />;
}
