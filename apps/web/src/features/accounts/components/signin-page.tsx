import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, type LoginRequest } from '@store/shared/account';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import type { z } from 'zod';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { TextField } from '@/components/form/text-field';
import { usePageTitle } from '@/hooks/use-page-title';
import { startSession } from '@/stores/session-store';
import { useLogin } from '../api/login';
import { failureMessage, toastError, toastSuccess } from '@/lib/toast-feedback';
import { EmailField } from '@/components/form/email-field';
import { errorOf } from '@/components/form/field-message';
import { SubmitButton } from '@/components/form/submit-button';
import { AccountCard } from './form-bits';
import { PasswordInput } from './password-field';
import { memberDiscountOffer } from '@store/shared/store-promises';
import { useMemberDiscountPercent } from '@/hooks/use-member-discount-percent';

type LoginInput = z.input<typeof loginRequestSchema>;

/** Where to go after signing in: back to the member page that sent the visitor here, else home. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

export interface SigninPageProps {
  /**
   * Runs right after a sign-in starts the session, never awaited (the route hands in the garage's merge of a
   * guest's saved vehicles, issue 15 §5).
   */
  afterSignIn: (queryClient: QueryClient) => Promise<void>;
}

/** /signin (SPEC §2 Account screens, §8 Login): email and password, links to reset and sign up. */
export function SigninPage({ afterSignIn }: SigninPageProps) {
  const memberPercent = useMemberDiscountPercent();
  usePageTitle('Sign in');
  const navigate = useNavigate();
  const location = useLocation();
  const presetEmail = (location.state as { email?: unknown } | null)?.email;
  const login = useLogin();
  const queryClient = useQueryClient();
  const form = useForm<LoginInput, unknown, LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: typeof presetEmail === 'string' ? presetEmail : '', password: '' },
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await login.mutateAsync(values);
      if (!answer.token) {
        toastError(ACCOUNT_MESSAGES.invalidLoginResponse);
        return;
      }
      startSession(answer);
      void afterSignIn(queryClient);
      toastSuccess(answer.message || ACCOUNT_MESSAGES.loggedIn);
      void navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      toastError(failureMessage(error, ACCOUNT_MESSAGES.loginFailed));
    }
  });

  return (
    <AccountCard title="Sign in" lead={<p>Welcome back. {memberDiscountOffer(memberPercent)}.</p>}>
      <form className="account-form" noValidate onSubmit={onSubmit} aria-label="Sign in">
        <EmailField registration={register('email')} error={formState.errors.email} />
        <TextField
          name="password"
          label="Password"
          required
          message={errorOf(formState.errors.password)}
          layout="password"
        >
          {(aria) => (
            <PasswordInput
              aria={aria}
              label="password"
              {...register('password')}
              autoComplete="current-password"
            />
          )}
        </TextField>
        <SubmitButton busy={formState.isSubmitting} label="Sign In" busyLabel="Signing In..." />
      </form>
      <p className="account-links">
        <Link to="/forget-password">Forgot your password?</Link>
        <Link to="/signup">Create an account</Link>
      </p>
    </AccountCard>
  );
}
