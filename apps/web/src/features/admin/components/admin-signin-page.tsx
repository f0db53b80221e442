import { zodResolver } from '@hookform/resolvers/zod';
import type { LoginRequest } from '@store/shared/account';
import { adminLoginRequestSchema } from '@store/shared/admin';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { useAdminLogin } from '../api/admin-login';
import { startAdminSession, useAdminSession } from '../admin-session-store';
import { AdminField } from './admin-field';
import { AdminCard } from './admin-card';
import { useAdminTitle } from './use-admin-title';

type LoginInput = z.input<typeof adminLoginRequestSchema>;

/** Where to go after signing in: the back-office page that sent the staff member here, else the dashboard. */
export function adminReturnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/admin') && !from.startsWith('/admin/signin')
    ? from
    : '/admin';
}

/** /admin/signin: a staff member's email and password; a one-time password leads on to /admin/password. */
export function AdminSigninPage() {
  useAdminTitle('Sign in');
  const navigate = useNavigate();
  const location = useLocation();
  const session = useAdminSession();
  const login = useAdminLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoginInput, unknown, LoginRequest>({
    resolver: zodResolver(adminLoginRequestSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await login.mutateAsync(values);
      startAdminSession(answer);
      if (answer.user.must_change_password) void navigate('/admin/password', { replace: true });
      else void navigate(adminReturnPath(location.state), { replace: true });
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status !== 429
          ? error.message
          : 'Sign-in failed: the server did not answer. Please try again.',
      );
    }
  });

  // Already signed in (a reload, a bookmark): on to the back office. Not while the form is submitting, which
  // decides where to go itself.
  if (session && !formState.isSubmitting && !login.isPending && !login.isSuccess) {
    return <Navigate to={session.user.must_change_password ? '/admin/password' : '/admin'} replace />;
  }

  return (
    <AdminCard
      title="Back office sign in"
      lead={<p>For the store&apos;s staff. Shoppers sign in on the shop.</p>}
    >
      <form className="admin-form" noValidate onSubmit={onSubmit} aria-label="Back office sign in">
        <div role="alert" className="admin-form__alert">
          {failure}
        </div>
        <AdminField
          {...register('email')}
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="off"
          error={formState.errors.email}
        />
        <AdminField
          {...register('password')}
          label="Password"
          password
          autoComplete="current-password"
          error={formState.errors.password}
        />
        <button type="submit" className="button admin-submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
    </AdminCard>
  );
}
