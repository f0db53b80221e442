import { AdminComingSoonPage } from './admin-coming-soon-page';

/** /admin/messages: contact messages (issue 12). Being built. */
export function AdminMessagesPage() {
  return <AdminComingSoonPage section="Messages" />;
}
