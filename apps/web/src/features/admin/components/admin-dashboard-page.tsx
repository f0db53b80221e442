import { useAdminSession } from '../admin-session-store';
import { useAdminTitle } from './use-admin-title';

/** /admin: a welcome for now; the figures come with the dashboard calls (issue 12, later parts). */
export function AdminDashboardPage() {
  useAdminTitle('Dashboard');
  const session = useAdminSession();
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">Welcome, {session?.user.name}</h1>
      <p>
        This is the store&apos;s back office. Orders, returns, products and customers will appear here as they
        are built.
      </p>
    </section>
  );
}
