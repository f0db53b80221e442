import { zodResolver } from '@hookform/resolvers/zod';
import { otpSchema } from '@store/shared/account';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { TextField } from '@/components/form/text-field';
import { usePageTitle } from '@/hooks/use-page-title';
import { useConfirmOtp } from '../api/confirm-otp';
import { failureMessage, toastError, toastSuccess } from '@/lib/toast-feedback';
import { readResetEmail, saveResetOtp } from '../reset-storage';
import { errorOf } from '@/components/form/field-message';
import { SubmitButton } from '@/components/form/submit-button';
import { AccountCard } from './form-bits';

const otpFormSchema = z.object({ otp: otpSchema });
type OtpForm = z.infer<typeof otpFormSchema>;

/** /otp (SPEC §2, §4, §5 OTP, §8): needs the email kept by /forget-password, else /forgot-password. */
export function OtpPage() {
  usePageTitle('Confirm code');
  const [email] = useState(() => readResetEmail());
  if (email === null) return <Navigate to="/forgot-password" replace />;
  return <OtpForm email={email} />;
}

function OtpForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const confirm = useConfirmOtp();
  const { register, handleSubmit, formState } = useForm<OtpForm>({
    resolver: zodResolver(otpFormSchema),
    defaultValues: { otp: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async ({ otp }) => {
    try {
      const answer = await confirm.mutateAsync({ email, otp });
      saveResetOtp(otp);
      toastSuccess(answer.message || ACCOUNT_MESSAGES.otpConfirmed);
      void navigate('/reset-password');
    } catch (error) {
      toastError(failureMessage(error));
    }
  });

  return (
    <AccountCard
      title="Confirm code"
      lead={
        <p>
          We sent a 6-digit code to <strong>{email}</strong>. It is valid for 5 minutes.
        </p>
      }
    >
      <form className="account-form" noValidate onSubmit={onSubmit} aria-label="Confirm code">
        <TextField name="otp" label="Code" required message={errorOf(formState.errors.otp)} layout="otp">
          {(aria) => (
            <input
              {...aria}
              {...register('otp')}
              className="checkout-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
          )}
        </TextField>
        <SubmitButton busy={formState.isSubmitting} label="Confirm OTP" busyLabel="Confirming OTP..." />
      </form>
      <p className="account-links">
        <Link to="/forget-password">Send a new code</Link>
        <Link to="/signin">Back to sign in</Link>
      </p>
    </AccountCard>
  );
}
