/**
 * The back office (issue 12) under /admin, outside the shop's layout. router.tsx holds one lazy route,
 * `admin/*`, so the shop's first JavaScript carries next to nothing for it and shoppers never download the back
 * office; the routes below it live here, in the back office's own chunk.
 */
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { AdminCustomersPage } from '@/features/admin/components/admin-customers-page';
import { AdminDashboardPage } from '@/features/admin/components/admin-dashboard-page';
import { AdminImportPage } from '@/features/admin/components/admin-import-page';
import { AdminLayout } from '@/features/admin/components/admin-layout';
import { AdminMessagesPage } from '@/features/admin/components/admin-messages-page';
import { AdminNotFoundPage } from '@/features/admin/components/admin-not-found-page';
import { AdminOrderPage } from '@/features/admin/components/admin-order-page';
import { AdminOrdersPage } from '@/features/admin/components/admin-orders-page';
import { AdminPasswordPage } from '@/features/admin/components/admin-password-page';
import { AdminProductPage } from '@/features/admin/components/admin-product-page';
import { AdminProductsPage } from '@/features/admin/components/admin-products-page';
import { AdminReturnsPage } from '@/features/admin/components/admin-returns-page';
import { AdminRoot } from '@/features/admin/components/admin-root';
import { AdminSecurityPage } from '@/features/admin/components/admin-security-page';
import { AdminSigninPage } from '@/features/admin/components/admin-signin-page';
import { AdminStaffPage } from '@/features/admin/components/admin-staff-page';
import { AdminSubscribersPage } from '@/features/admin/components/admin-subscribers-page';
import { RequireAdminSession } from '@/features/admin/components/require-admin-session';

/** A page inside the shell, for a signed-in staff member. */
function inShell(page: ReactNode) {
  return (
    <RequireAdminSession>
      <AdminLayout>{page}</AdminLayout>
    </RequireAdminSession>
  );
}

/** Every page under /admin. */
export function AdminAppRoute() {
  return (
    <AdminRoot>
      <Routes>
        <Route path="signin" element={<AdminSigninPage />} />
        <Route
          path="password"
          element={
            <RequireAdminSession>
              <AdminPasswordPage />
            </RequireAdminSession>
          }
        />
        <Route index element={inShell(<AdminDashboardPage />)} />
        <Route path="orders" element={inShell(<AdminOrdersPage />)} />
        <Route path="orders/:publicId" element={inShell(<AdminOrderPage />)} />
        <Route path="returns" element={inShell(<AdminReturnsPage />)} />
        <Route path="products" element={inShell(<AdminProductsPage />)} />
        <Route path="products/import" element={inShell(<AdminImportPage />)} />
        <Route path="products/:sku" element={inShell(<AdminProductPage />)} />
        <Route path="customers" element={inShell(<AdminCustomersPage />)} />
        <Route path="messages" element={inShell(<AdminMessagesPage />)} />
        <Route path="subscribers" element={inShell(<AdminSubscribersPage />)} />
        <Route path="staff" element={inShell(<AdminStaffPage />)} />
        <Route path="security" element={inShell(<AdminSecurityPage />)} />
        <Route path="*" element={inShell(<AdminNotFoundPage />)} />
      </Routes>
    </AdminRoot>
  );
}
