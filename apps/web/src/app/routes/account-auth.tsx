/** The signed-out account screens (SPEC §2 Account screens), each loaded on first visit. */
import { ForgetPasswordPage } from '@/features/accounts/components/forget-password-page';
import { OtpPage } from '@/features/accounts/components/otp-page';
import { ResetPasswordPage } from '@/features/accounts/components/reset-password-page';
import { GuestOnly } from '@/features/accounts/components/session-gates';
import { SigninPage } from '@/features/accounts/components/signin-page';
import { SignupPage } from '@/features/accounts/components/signup-page';
import { mergeGuestGarage } from '@/features/garage/merge-guest-garage';

/** /signin: a guest's saved vehicles join the member's garage once signed in (issue 15 §5). */
export function SigninRoute() {
  return (
    <GuestOnly>
      <SigninPage afterSignIn={mergeGuestGarage} />
    </GuestOnly>
  );
}

export function SignupRoute() {
  return (
    <GuestOnly>
      <SignupPage />
    </GuestOnly>
  );
}

export const ForgetPasswordRoute = ForgetPasswordPage;
export const OtpRoute = OtpPage;
export const ResetPasswordRoute = ResetPasswordPage;
