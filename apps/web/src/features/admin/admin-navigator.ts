/**
 * How an admin call that the server refused reaches the router: the admin root registers its navigate, and
 * a 401 or the "change the one-time password first" 403 sends the staff member on (admin-request.ts).
 */
export type AdminNavigate = (to: string, state?: { from?: string }) => void;

let navigator: AdminNavigate | null = null;

export function setAdminNavigator(next: AdminNavigate | null): () => void {
  navigator = next;
  return () => {
    if (navigator === next) navigator = null;
  };
}

/** Goes to `to` through the router, or by loading the page when no router registered. */
export function adminNavigate(to: string, state?: { from?: string }) {
  if (navigator) navigator(to, state);
  else if (typeof window !== 'undefined') window.location.assign(to);
}

/** The path the staff member is on, to come back to after signing in again. */
export function currentAdminPath(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const { pathname, search } = window.location;
  return pathname.startsWith('/admin') && !pathname.startsWith('/admin/signin')
    ? `${pathname}${search}`
    : undefined;
}
