import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_MESSAGES, adminLoginRequestSchema } from '@store/shared/admin';
import { useEffect, useState } from 'react';
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
type LoginRequest = z.output<typeof adminLoginRequestSchema>;

/** Where to go after signing in: the back-office page that sent the staff member here, else the dashboard. */
export function adminReturnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/admin') && !from.startsWith('/admin/signin')
    ? from
    : '/admin';
}

/** Where a freshly signed-in staff member must go first, if anywhere. */
function firstStop(user: { must_change_password: boolean; totp_setup_required: boolean }): string | null {
  if (user.must_change_password) return '/admin/password';
  if (user.totp_setup_required) return '/admin/security';
  return null;
}

/**
 * /admin/signin: a staff member's email and password, then the 6-digit code when two-step sign-in is on (the
 * server says so after a right password); a one-time password leads on to /admin/password, an admin who must set
 * up two-step sign-in to /admin/security.
 */
export function AdminSigninPage() {
  useAdminTitle('Sign in');
  const navigate = useNavigate();
  const location = useLocation();
  const session = useAdminSession();
  const login = useAdminLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const form = useForm<LoginInput, unknown, LoginRequest>({
    resolver: zodResolver(adminLoginRequestSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setFocus } = form;
  useEffect(() => {
    if (needsCode) setFocus('code');
  }, [needsCode, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await login.mutateAsync(values);
      startAdminSession(answer);
      void navigate(firstStop(answer.user) ?? adminReturnPath(location.state), { replace: true });
    } catch (error) {
      const askedForCode =
        error instanceof ApiError &&
        (error.message === ADMIN_MESSAGES.totpRequired || error.message === ADMIN_MESSAGES.totpWrong);
      if (askedForCode) setNeedsCode(true);
      // The first ask for a code is not a failure: the code field says what to do.
      if (askedForCode && !values.code) {
        setFailure(null);
        return;
      }
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
    return <Navigate to={firstStop(session.user) ?? '/admin'} replace />;
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
        {needsCode && (
          <AdminField
            {...register('code', { setValueAs: (v: string) => (v === '' ? undefined : v) })}
            label="Authentication code"
            hint={ADMIN_MESSAGES.totpRequired}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            error={formState.errors.code}
          />
        )}
        <button type="submit" className="button admin-submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
    </AdminCard>
  );
}
