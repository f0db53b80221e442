import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_MESSAGES,
  staffCreateRequestSchema,
  STAFF_ROLES,
  type StaffCreateRequest,
} from '@store/shared/admin';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { useStaff } from '../api/get-staff';
import { useAddStaff, useSetStaffDisabled, type StaffCreated } from '../api/manage-staff';
import { AdminField } from './admin-field';
import { useAdminSession, type AdminSession } from '../admin-session-store';
import { useAdminTitle } from './use-admin-title';

const ROLE_LABELS = { admin: 'Admin', staff: 'Staff' } as const;

/**
 * /admin/staff: the staff accounts (admins only; the staff role is told it may not see them): add one (its
 * one-time password shown once, to hand over), disable or enable one.
 */
export function AdminStaffPage() {
  useAdminTitle('Staff');
  const session = useAdminSession();
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">Staff</h1>
      {session?.user.role === 'admin' ? (
        <>
          <StaffTable session={session} />
          <AddStaffForm />
        </>
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
  const setDisabled = useSetStaffDisabled();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const toggle = async (id: number, disabled: boolean) => {
    setOutcome(null);
    try {
      const answer = await setDisabled.mutateAsync({ id, disabled });
      setOutcome({ ok: true, text: answer.message });
    } catch (error) {
      setOutcome({
        ok: false,
        text: error instanceof ApiError ? error.message : 'The server did not answer.',
      });
    }
  };
  if (staff.isPending) return <p role="status">Loading staff…</p>;
  if (staff.isError) {
    return (
      <p role="alert" className="admin-form__alert">
        The staff list did not load: {staff.error.message}
      </p>
    );
  }
  return (
    <>
      <p role="status" className={outcome?.ok ? 'admin-notice' : undefined}>
        {outcome?.ok ? outcome.text : null}
      </p>
      <p role="alert" className="admin-form__alert">
        {outcome && !outcome.ok ? outcome.text : null}
      </p>
      <div className="admin-table-wrap" role="region" aria-labelledby="admin-staff-caption" tabIndex={0}>
        <table className="admin-table">
          <caption id="admin-staff-caption">Staff accounts ({staff.data.data.length})</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Password</th>
              <th scope="col">Account</th>
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
                  {s.totp_enabled ? ' · two-step sign-in on' : ''}
                </td>
                <td data-label="Account">
                  {s.disabled ? 'Disabled ' : 'Active '}
                  {s.id !== session.user.id && (
                    <button
                      type="button"
                      className="button admin-button--secondary admin-staff__toggle"
                      disabled={setDisabled.isPending}
                      onClick={() => void toggle(s.id, !s.disabled)}
                    >
                      {s.disabled ? 'Enable' : 'Disable'}
                      <span className="visually-hidden"> {s.name}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

type StaffInput = z.input<typeof staffCreateRequestSchema>;

/** Adds a staff account and shows its one-time password once, to hand over. */
function AddStaffForm() {
  const add = useAddStaff();
  const [created, setCreated] = useState<StaffCreated | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<StaffInput, unknown, StaffCreateRequest>({
    resolver: zodResolver(staffCreateRequestSchema),
    defaultValues: { email: '', name: '', role: 'staff' },
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setCreated(null);
    try {
      setCreated(await add.mutateAsync(values));
      reset();
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFailure('The account was not added: the server did not answer. Please try again.');
        return;
      }
      if (error.status === 409) setError('email', { type: 'server', message: error.message });
      for (const e of error.fieldErrors ?? []) {
        if (e.field === 'email' || e.field === 'name' || e.field === 'role') {
          setError(e.field, { type: 'server', message: e.message });
        }
      }
      setFailure(error.message);
    }
  });
  return (
    <section className="admin-staff__add" aria-labelledby="admin-staff-add-title">
      <h2 id="admin-staff-add-title">Add a staff account</h2>
      {created && (
        <div className="admin-notice" role="status">
          <p>{created.message}</p>
          <p>
            One-time password for {created.user.email}:{' '}
            <code className="admin-staff__otp">{created.one_time_password}</code>
          </p>
          <p>It is shown only now: hand it over in person or by phone, not by email.</p>
        </div>
      )}
      <form className="admin-form" noValidate onSubmit={onSubmit} aria-label="Add a staff account">
        <div role="alert" className="admin-form__alert">
          {failure}
        </div>
        <AdminField {...register('name')} label="Name" autoComplete="off" error={formState.errors.name} />
        <AdminField
          {...register('email')}
          label="Email"
          type="email"
          autoComplete="off"
          autoCapitalize="off"
          error={formState.errors.email}
        />
        <fieldset className="admin-staff__roles">
          <legend className="admin-field__label">Role</legend>
          {STAFF_ROLES.map((role) => (
            <label key={role} className="admin-staff__role">
              <input type="radio" value={role} {...register('role')} /> {ROLE_LABELS[role]}{' '}
              <span className="admin-field__hint">
                {role === 'admin'
                  ? '(everything, staff and catalog included)'
                  : '(orders, returns and messages)'}
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button admin-submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Adding…' : 'Add account'}
        </button>
      </form>
    </section>
  );
}
