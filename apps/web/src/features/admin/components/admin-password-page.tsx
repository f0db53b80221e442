import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_MESSAGES, adminPasswordChangeSchema } from '@store/shared/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { useChangeAdminPassword, type AdminPasswordChange } from '../api/change-admin-password';
import { updateAdminSessionUser, useAdminSession } from '../admin-session-store';
import { AdminCard } from './admin-card';
import { AdminField } from './admin-field';
import { useAdminTitle } from './use-admin-title';

type PasswordInput = z.input<typeof adminPasswordChangeSchema>;
type FieldName = keyof PasswordInput;

/**
 * /admin/password: the current password and a new one. At first sign-in the current one is the one-time password
 * printed by `npm run admin:create`, and nothing else in the back office works until it is changed.
 */
export function AdminPasswordPage() {
  useAdminTitle('Change password');
  const navigate = useNavigate();
  const session = useAdminSession();
  const change = useChangeAdminPassword();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PasswordInput, unknown, AdminPasswordChange>({
    resolver: zodResolver(adminPasswordChangeSchema),
    defaultValues: { current_password: '', new_password: '' },
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError } = form;
  const firstTime = session?.user.must_change_password ?? false;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await change.mutateAsync(values);
      updateAdminSessionUser(answer.user);
      // What the shell read before the change ("must change the password") is out of date now.
      queryClient.removeQueries({ queryKey: ['admin'] });
      void navigate('/admin', {
        replace: true,
        state: { notice: answer.message || ADMIN_MESSAGES.passwordChanged },
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return; // signed out: admin-request.ts moved on
      if (error instanceof ApiError) {
        for (const e of error.fieldErrors ?? []) {
          if (e.field === 'current_password' || e.field === 'new_password') {
            setError(e.field as FieldName, { type: 'server', message: e.message });
          }
        }
        setFailure(error.message);
      } else {
        setFailure('The password was not changed: the server did not answer. Please try again.');
      }
    }
  });

  return (
    <AdminCard
      title="Change your password"
      lead={
        firstTime ? (
          <p>
            You signed in with a one-time password. Choose your own password now: the back office opens only
            after the one-time password has been changed, and it will not work again.
          </p>
        ) : (
          <p>Enter your current password and choose a new one.</p>
        )
      }
    >
      <form className="admin-form" noValidate onSubmit={onSubmit} aria-label="Change your password">
        <div role="alert" className="admin-form__alert">
          {failure}
        </div>
        <AdminField
          {...register('current_password')}
          label={firstTime ? 'One-time password' : 'Current password'}
          password
          autoComplete="current-password"
          error={formState.errors.current_password}
        />
        <AdminField
          {...register('new_password')}
          label="New password"
          password
          autoComplete="new-password"
          hint="At least 8 characters, with a capital letter and one of ! @ # $ % ^ & *."
          error={formState.errors.new_password}
        />
        <button type="submit" className="button admin-submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Changing password...' : 'Change password'}
        </button>
      </form>
      {!firstTime && (
        <p className="admin-card__links">
          <Link to="/admin">Back to the dashboard</Link>
        </p>
      )}
    </AdminCard>
  );
}
