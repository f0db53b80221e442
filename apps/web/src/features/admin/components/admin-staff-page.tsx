import { ADMIN_MESSAGES } from '@store/shared/admin';
import { useStaff } from '../api/get-staff';
import { useAdminSession, type AdminSession } from '../admin-session-store';
import { useAdminTitle } from './use-admin-title';

const ROLE_LABELS = { admin: 'Admin', staff: 'Staff' } as const;

/** /admin/staff: the staff accounts (admins only; the staff role is told it may not see them). */
export function AdminStaffPage() {
  useAdminTitle('Staff');
  const session = useAdminSession();
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">Staff</h1>
      {session?.user.role === 'admin' ? (
        <StaffTable session={session} />
      ) : (
        <p className="admin-soon" role="alert">
          {ADMIN_MESSAGES.forbidden} Only admins can see and manage staff accounts.
        </p>
      )}
    </section>
  );
}

function StaffTable({ session }: { session: AdminSession }) {
  const staff = useStaff(session.token);
  if (staff.isPending) return <p role="status">Loading staff…</p>;
  if (staff.isError) {
    return (
      <p role="alert" className="admin-form__alert">
        The staff list did not load: {staff.error.message}
      </p>
    );
  }
  return (
    <div className="admin-table-wrap" role="region" aria-labelledby="admin-staff-caption" tabIndex={0}>
      <table className="admin-table">
        <caption id="admin-staff-caption">Staff accounts ({staff.data.data.length})</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Password</th>
          </tr>
        </thead>
        <tbody>
          {staff.data.data.map((s) => (
            <tr key={s.id}>
              <th scope="row">{s.name}</th>
              <td className="admin-table__email" data-label="Email">
                {s.email}
              </td>
              <td data-label="Role">{ROLE_LABELS[s.role]}</td>
              <td data-label="Password">
                {s.must_change_password ? 'One-time password not yet changed' : 'Set'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
