import { zodResolver } from '@hookform/resolvers/zod';
import { checkEmailRequestSchema } from '@store/shared/account';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { usePageTitle } from '@/hooks/use-page-title';
import { useCheckEmail } from '../api/check-email';
import { failureMessage, toastError, toastSuccess } from '@/lib/toast-feedback';
import { saveResetEmail } from '../reset-storage';
import { EmailField } from '@/components/form/email-field';
import { SubmitButton } from '@/components/form/submit-button';
import { AccountCard } from './form-bits';

type Input = z.input<typeof checkEmailRequestSchema>;
type Output = z.output<typeof checkEmailRequestSchema>;

/** /forget-password (SPEC §2, §4 Password reset, §8 Forgot password): email, then /otp. */
export function ForgetPasswordPage() {
  usePageTitle('Forgot password');
  const navigate = useNavigate();
  const checkEmail = useCheckEmail();
  const { register, handleSubmit, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(checkEmailRequestSchema),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const answer = await checkEmail.mutateAsync(email);
      saveResetEmail(email);
      toastSuccess(answer.message || ACCOUNT_MESSAGES.otpSent);
      void navigate('/otp');
    } catch (error) {
      toastError(failureMessage(error));
    }
  });

  return (
    <AccountCard
      title="Forgot password"
      lead={
        <p>Enter the email you signed up with and we will send you a 6-digit code to reset your password.</p>
      }
    >
      <form className="account-form" noValidate onSubmit={onSubmit} aria-label="Forgot password">
        <EmailField registration={register('email')} error={formState.errors.email} />
        <SubmitButton busy={formState.isSubmitting} label="Send Code" busyLabel="Submitting..." />
      </form>
      <p className="account-links">
        <Link to="/signin">Back to sign in</Link>
      </p>
    </AccountCard>
  );
}
