import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '@/stores/session-store';

/** Member screens (SPEC §2, §6): a signed-out visitor goes to /signin, and comes back after signing in. */
export function RequireMember({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    return <Navigate to="/signin" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return children;
}

/** /signup and /signin: a signed-in visitor goes to / (SPEC §2). */
export function GuestOnly({ children }: { children: ReactNode }) {
  return useSession() ? <Navigate to="/" replace /> : children;
}
