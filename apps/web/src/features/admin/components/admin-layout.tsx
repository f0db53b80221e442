import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { adminSignOut } from '../api/admin-logout';
import { useAdminMe } from '../api/get-admin-me';
import { updateAdminSessionUser, useAdminSession, type AdminSession } from '../admin-session-store';
import { AdminBrand } from './admin-brand';

/** The back office's sections, in the nav's order, with the roles that may use them (decision 0018). */
export const ADMIN_SECTIONS = [
  { to: '/admin', label: 'Dashboard', end: true, adminOnly: false },
  { to: '/admin/orders', label: 'Orders', end: false, adminOnly: false },
  { to: '/admin/returns', label: 'Returns', end: false, adminOnly: false },
  { to: '/admin/locations', label: 'Locations', end: false, adminOnly: false },
  { to: '/admin/products', label: 'Products', end: false, adminOnly: true },
  { to: '/admin/categories', label: 'Categories', end: false, adminOnly: true },
  { to: '/admin/brands', label: 'Brands', end: false, adminOnly: true },
  { to: '/admin/discount-codes', label: 'Discount codes', end: false, adminOnly: true },
  { to: '/admin/home', label: 'Home page', end: false, adminOnly: true },
  { to: '/admin/customers', label: 'Customers', end: false, adminOnly: true },
  { to: '/admin/trade-applications', label: 'Trade applications', end: false, adminOnly: true },
  { to: '/admin/trade-accounts', label: 'Trade accounts', end: false, adminOnly: true },
  { to: '/admin/price-lists', label: 'Price lists', end: false, adminOnly: true },
  { to: '/admin/reports', label: 'Reports', end: false, adminOnly: true },
  { to: '/admin/messages', label: 'Messages', end: false, adminOnly: false },
  { to: '/admin/subscribers', label: 'Subscribers', end: false, adminOnly: true },
  { to: '/admin/staff', label: 'Staff', end: false, adminOnly: true },
  { to: '/admin/settings', label: 'Settings', end: false, adminOnly: true },
  { to: '/admin/security', label: 'Security', end: false, adminOnly: false },
  { to: '/admin/jobs', label: 'Jobs', end: false, adminOnly: false },
] as const;

const ROLE_LABELS = { admin: 'Admin', staff: 'Staff' } as const;

/**
 * The /admin shell: its own header (store name, 'Back office', who is signed in, Sign out) and the section nav,
 * never the shop's header and footer. It asks the server who the token belongs to on entry, so a dead session
 * goes to /admin/signin and one still on its one-time password goes to /admin/password (admin-request.ts).
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const session = useAdminSession();
  if (!session) return null; // RequireAdminSession sends the visitor to /admin/signin
  return <SignedInLayout session={session}>{children}</SignedInLayout>;
}

function SignedInLayout({ session, children }: { session: AdminSession; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname, state } = useLocation();
  const me = useAdminMe(session.token);
  const main = useRef<HTMLElement>(null);
  const notice = (state as { notice?: unknown } | null)?.notice;

  useEffect(() => {
    if (!me.data) return;
    updateAdminSessionUser(me.data.user);
    if (me.data.user.must_change_password) void navigate('/admin/password', { replace: true });
    else if (me.data.user.totp_setup_required && pathname !== '/admin/security') {
      void navigate('/admin/security', { replace: true });
    }
  }, [me.data, navigate, pathname]);

  // A new section: focus its main region, as a page load would put the reader at the top.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [pathname]);

  const signOut = async () => {
    await adminSignOut();
    void navigate('/admin/signin', { replace: true });
  };

  return (
    <div className="admin-shell">
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <header className="admin-header">
        <AdminBrand />
        <div className="admin-header__user">
          <span className="admin-header__who">
            <span className="visually-hidden">Signed in as </span>
            <span className="admin-header__name">{session.user.name}</span>{' '}
            <span className="admin-role">{ROLE_LABELS[session.user.role]}</span>
          </span>
          <button type="button" className="admin-signout" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <div className="admin-body">
        <nav className="admin-nav" aria-label="Back office">
          <ul>
            {ADMIN_SECTIONS.filter((s) => !s.adminOnly || session.user.role === 'admin').map((s) => (
              <li key={s.to}>
                <NavLink to={s.to} end={s.end} className="admin-nav__link">
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className="admin-main" id="admin-main" ref={main} tabIndex={-1}>
          {typeof notice === 'string' && (
            <p role="status" className="admin-notice">
              {notice}
            </p>
          )}
          {children}
        </main>
      </div>
    </div>
  );
}
