/**
 * The back office (issue 12) under /admin, outside the shop's layout. router.tsx holds one lazy route,
 * `admin/*`, so the shop's first JavaScript carries next to nothing for it and shoppers never download the back
 * office; this route picks the page from the rest of the path.
 */
import { useParams } from 'react-router';
import { AdminComingSoonPage } from '@/features/admin/components/admin-coming-soon-page';
import { AdminDashboardPage } from '@/features/admin/components/admin-dashboard-page';
import { AdminLayout } from '@/features/admin/components/admin-layout';
import { AdminNotFoundPage } from '@/features/admin/components/admin-not-found-page';
import { AdminPasswordPage } from '@/features/admin/components/admin-password-page';
import { AdminRoot } from '@/features/admin/components/admin-root';
import { AdminSigninPage } from '@/features/admin/components/admin-signin-page';
import { AdminStaffPage } from '@/features/admin/components/admin-staff-page';
import { RequireAdminSession } from '@/features/admin/components/require-admin-session';

/** The shell's sections by the path under /admin ('' is the dashboard). */
const SECTIONS: Record<string, () => React.ReactNode> = {
  '': () => <AdminDashboardPage />,
  staff: () => <AdminStaffPage />,
  orders: () => <AdminComingSoonPage section="Orders" />,
  returns: () => <AdminComingSoonPage section="Returns" />,
  products: () => <AdminComingSoonPage section="Products" />,
  customers: () => <AdminComingSoonPage section="Customers" />,
};

function AdminPage({ path }: { path: string }) {
  if (path === 'signin') return <AdminSigninPage />;
  if (path === 'password') {
    return (
      <RequireAdminSession>
        <AdminPasswordPage />
      </RequireAdminSession>
    );
  }
  const section = Object.hasOwn(SECTIONS, path) ? SECTIONS[path] : undefined;
  return (
    <RequireAdminSession>
      <AdminLayout>{section ? section() : <AdminNotFoundPage />}</AdminLayout>
    </RequireAdminSession>
  );
}

/** Every page under /admin. */
export function AdminAppRoute() {
  const path = (useParams()['*'] ?? '').replace(/\/+$/, '');
  return (
    <AdminRoot>
      <AdminPage path={path} />
    </AdminRoot>
  );
}
