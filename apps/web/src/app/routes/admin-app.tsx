/**
 * The back office (issue 12) under /admin, outside the shop's layout. router.tsx holds one lazy route,
 * `admin/*`, so the shop's first JavaScript carries next to nothing for it and shoppers never download the back
 * office; the routes below it live here, in the back office's own chunk.
 */
import type { ReactNode } from 'react';
import { useRoutes } from 'react-router';
import { AdminBrandsPage } from '@/features/admin/components/admin-brands-page';
import { AdminCategoriesPage } from '@/features/admin/components/admin-categories-page';
import { AdminCustomersPage } from '@/features/admin/components/admin-customers-page';
import { AdminDashboardPage } from '@/features/admin/components/admin-dashboard-page';
import { AdminDiscountCodePage } from '@/features/admin/components/admin-discount-code-page';
import { AdminDiscountCodesPage } from '@/features/admin/components/admin-discount-codes-page';
import { AdminHomeContentPage } from '@/features/admin/components/admin-home-content-page';
import { AdminImportPage } from '@/features/admin/components/admin-import-page';
import { AdminJobsPage } from '@/features/admin/components/admin-jobs-page';
import { AdminLocationsPage } from '@/features/admin/components/admin-locations-page';
import { AdminLayout } from '@/features/admin/components/admin-layout';
import { AdminMessagesPage } from '@/features/admin/components/admin-messages-page';
import { AdminNotFoundPage } from '@/features/admin/components/admin-not-found-page';
import { AdminOrderPage } from '@/features/admin/components/admin-order-page';
import { AdminOrdersPage } from '@/features/admin/components/admin-orders-page';
import { AdminPriceListPage, AdminPriceListsPage } from '@/features/admin/components/admin-price-lists-page';
import { AdminPasswordPage } from '@/features/admin/components/admin-password-page';
import { AdminProductPage } from '@/features/admin/components/admin-product-page';
import { AdminProductsPage } from '@/features/admin/components/admin-products-page';
import { AdminReportsPage } from '@/features/admin/components/admin-reports-page';
import { AdminReturnsPage } from '@/features/admin/components/admin-returns-page';
import { AdminRoot } from '@/features/admin/components/admin-root';
import { AdminSecurityPage } from '@/features/admin/components/admin-security-page';
import { AdminSettingsPage } from '@/features/admin/components/admin-settings-page';
import { AdminSigninPage } from '@/features/admin/components/admin-signin-page';
import { AdminStaffPage } from '@/features/admin/components/admin-staff-page';
import { AdminSubscribersPage } from '@/features/admin/components/admin-subscribers-page';
import {
  AdminTradeAccountPage,
  AdminTradeAccountsPage,
} from '@/features/admin/components/admin-trade-accounts-page';
import {
  AdminTradeApplicationPage,
  AdminTradeApplicationsPage,
} from '@/features/admin/components/admin-trade-applications-page';
import { RequireAdminSession } from '@/features/admin/components/require-admin-session';

/** A page inside the shell, for a signed-in staff member. */
function inShell(page: ReactNode) {
  return (
    <RequireAdminSession>
      <AdminLayout>{page}</AdminLayout>
    </RequireAdminSession>
  );
}

/**
 * Every page under /admin. `useRoutes` with a plain route list, not `<Routes>` children: the JSX form pulls React
 * Router's children-to-routes code into the shop's first chunk (React Router lives there), which shoppers would
 * then download for nothing.
 */
export function AdminAppRoute() {
  const page = useRoutes([
    { path: 'signin', element: <AdminSigninPage /> },
    {
      path: 'password',
      element: (
        <RequireAdminSession>
          <AdminPasswordPage />
        </RequireAdminSession>
      ),
    },
    { index: true, element: inShell(<AdminDashboardPage />) },
    { path: 'orders', element: inShell(<AdminOrdersPage />) },
    { path: 'orders/:publicId', element: inShell(<AdminOrderPage />) },
    { path: 'returns', element: inShell(<AdminReturnsPage />) },
    { path: 'products', element: inShell(<AdminProductsPage />) },
    { path: 'products/import', element: inShell(<AdminImportPage />) },
    { path: 'products/new', element: inShell(<AdminProductPage />) },
    { path: 'products/:sku', element: inShell(<AdminProductPage />) },
    { path: 'categories', element: inShell(<AdminCategoriesPage />) },
    { path: 'brands', element: inShell(<AdminBrandsPage />) },
    { path: 'discount-codes', element: inShell(<AdminDiscountCodesPage />) },
    { path: 'discount-codes/:id', element: inShell(<AdminDiscountCodePage />) },
    { path: 'home', element: inShell(<AdminHomeContentPage />) },
    { path: 'customers', element: inShell(<AdminCustomersPage />) },
    { path: 'trade-applications', element: inShell(<AdminTradeApplicationsPage />) },
    { path: 'trade-applications/:id', element: inShell(<AdminTradeApplicationPage />) },
    { path: 'trade-accounts', element: inShell(<AdminTradeAccountsPage />) },
    { path: 'trade-accounts/:id', element: inShell(<AdminTradeAccountPage />) },
    { path: 'price-lists', element: inShell(<AdminPriceListsPage />) },
    { path: 'price-lists/:id', element: inShell(<AdminPriceListPage />) },
    { path: 'reports', element: inShell(<AdminReportsPage />) },
    { path: 'messages', element: inShell(<AdminMessagesPage />) },
    { path: 'subscribers', element: inShell(<AdminSubscribersPage />) },
    { path: 'staff', element: inShell(<AdminStaffPage />) },
    { path: 'settings', element: inShell(<AdminSettingsPage />) },
    { path: 'security', element: inShell(<AdminSecurityPage />) },
    { path: 'jobs', element: inShell(<AdminJobsPage />) },
    { path: 'locations', element: inShell(<AdminLocationsPage />) },
    { path: '*', element: inShell(<AdminNotFoundPage />) },
  ]);
  return <AdminRoot>{page}</AdminRoot>;
}
