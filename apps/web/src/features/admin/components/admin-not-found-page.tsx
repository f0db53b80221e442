import { Link } from 'react-router';
import { useAdminTitle } from './use-admin-title';

/** An /admin address that is no section of the back office. */
export function AdminNotFoundPage() {
  useAdminTitle('Page not found');
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">Page not found</h1>
      <p>
        There is no such page in the back office. <Link to="/admin">Go to the dashboard</Link>
      </p>
    </section>
  );
}
