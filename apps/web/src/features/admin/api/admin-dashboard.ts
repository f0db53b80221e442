/** The back office's dashboard call (issue 12 item 6). */
import type { AdminDashboard } from '@store/shared/admin-dashboard';
import { useQuery } from '@tanstack/react-query';
import { served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';

/** `GET /api/admin/dashboard`, read again every minute while the dashboard is open. */
export function useAdminDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => adminRequest('/admin/dashboard', served<AdminDashboard>(), { signal }),
    refetchInterval: 60_000,
  });
}
