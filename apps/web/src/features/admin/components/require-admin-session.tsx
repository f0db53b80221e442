import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAdminSession } from '../admin-session-store';

/** Back-office pages: without a live admin session, to /admin/signin, and back here after signing in. */
export function RequireAdminSession({ children }: { children: ReactNode }) {
  const session = useAdminSession();
  const location = useLocation();
  if (!session) {
    return <Navigate to="/admin/signin" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return children;
}
