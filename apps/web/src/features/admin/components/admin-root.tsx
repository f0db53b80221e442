import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { setAdminNavigator } from '../admin-navigator';
import { useAdminIdleSignOut } from './use-admin-idle-sign-out';
import './admin.css';

/**
 * The root of every /admin page, outside the shop's layout: registers the router for refused admin calls
 * (admin-request.ts) and the 30-minute idle sign-out.
 */
export function AdminRoot({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  useEffect(() => setAdminNavigator((to, state) => void navigate(to, { replace: true, state })), [navigate]);
  useAdminIdleSignOut();
  return children;
}
