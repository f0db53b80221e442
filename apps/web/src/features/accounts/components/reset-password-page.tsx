import { zodResolver } from '@hookform/resolvers/zod';
import { passwordSchema } from '@store/shared/account';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { TextField } from '@/components/form/text-field';
import { usePageTitle } from '@/hooks/use-page-title';
import { useUpdatePassword } from '../api/update-password';
import { failureMessage, toastError, toastSuccess } from '@/lib/toast-feedback';
import { clearResetStorage, readResetEmail, readResetOtp } from '../reset-storage';
import { errorOf } from '@/components/form/field-message';
import { SubmitButton } from '@/components/form/submit-button';
import { AccountCard } from './form-bits';
import { PasswordInput } from './password-field';

/** SPEC §5 Reset password: both entries required and equal. */
const resetFormSchema = z
  .object({
    password: passwordSchema,
    password_confirmation: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: ACCOUNT_MESSAGES.passwordsDoNotMatch,
  });
type ResetForm = z.infer<typeof resetFormSchema>;

/** /reset-password (SPEC §2, §5, §8): new password twice, each with show/hide; then /signin. */
export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const navigate = useNavigate();
  const update = useUpdatePassword();
  const { register, handleSubmit, formState } = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', password_confirmation: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (values) => {
    const email = readResetEmail();
    const otp = readResetOtp();
    if (email === null || otp === null) {
      toastError(ACCOUNT_MESSAGES.resetExpired);
      return;
    }
    try {
      const answer = await update.mutateAsync({ email, otp, ...values });
      clearResetStorage();
      toastSuccess(answer.message || ACCOUNT_MESSAGES.passwordUpdated);
      void navigate('/signin', { replace: true, state: { email } });
    } catch (error) {
      toastError(failureMessage(error));
    }
  });

  return (
    <AccountCard title="Reset password" lead={<p>Choose a new password for your account.</p>}>
      <form className="account-form" noValidate onSubmit={onSubmit} aria-label="Reset password">
        <TextField
          name="password"
          label="New password"
          required
          hint="At least 8 characters, with an uppercase letter and one of !@#$%^&*."
          message={errorOf(formState.errors.password)}
          layout="password"
        >
          {(aria) => (
            <PasswordInput
              aria={aria}
              label="new password"
              {...register('password')}
              autoComplete="new-password"
            />
          )}
        </TextField>
        <TextField
          name="password_confirmation"
          label="Confirm password"
          required
          message={errorOf(formState.errors.password_confirmation)}
          layout="password"
        >
          {(aria) => (
            <PasswordInput
              aria={aria}
              label="confirm password"
              {...register('password_confirmation')}
              autoComplete="new-password"
            />
          )}
        </TextField>
        <SubmitButton busy={formState.isSubmitting} label="Reset Password" busyLabel="Submitting..." />
      </form>
      <p className="account-links">
        <Link to="/signin">Back to sign in</Link>
      </p>
    </AccountCard>
  );
}
