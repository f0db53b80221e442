/** The signed-out account screens (SPEC §2 Account screens), each loaded on first visit. */
import { ForgetPasswordPage } from '@/features/accounts/components/forget-password-page';
import { OtpPage } from '@/features/accounts/components/otp-page';
import { ResetPasswordPage } from '@/features/accounts/components/reset-password-page';
import { GuestOnly } from '@/features/accounts/components/session-gates';
import { SigninPage } from '@/features/accounts/components/signin-page';
import { SignupPage } from '@/features/accounts/components/signup-page';
import { mergeCartAtSignIn } from '@/features/cart/member-cart-sync';
import { mergeGuestGarage } from '@/features/garage/merge-guest-garage';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Right after sign-in or sign-up: a guest's saved vehicles join the member's garage (issue 15 §5) and the
 * browser's cart joins the account's (decision 0060).
 */
async function afterSignIn(queryClient: QueryClient): Promise<void> {
  await Promise.all([mergeGuestGarage(queryClient), mergeCartAtSignIn()]);
}

/** /signin. */
export function SigninRoute() {
  return (
    <GuestOnly>
      <SigninPage afterSignIn={afterSignIn} />
    </GuestOnly>
  );
}

/** /signup: the new member is signed in at once (decision 0059). */
export function SignupRoute() {
  return (
    <GuestOnly>
      <SignupPage afterSignIn={afterSignIn} />
    </GuestOnly>
  );
}

export const ForgetPasswordRoute = ForgetPasswordPage;
export const OtpRoute = OtpPage;
export const ResetPasswordRoute = ResetPasswordPage;
