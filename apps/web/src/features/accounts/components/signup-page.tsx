import { zodResolver } from '@hookform/resolvers/zod';
import { signupFormSchema, type SignupRequest } from '@store/shared/account';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import { useForm } from 'react-hook-form';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { TextField } from '@/components/form/text-field';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-client';
import { startSession } from '@/stores/session-store';
import { useRegister } from '../api/register';
import { toastError, toastSuccess } from '@/lib/toast-feedback';
import { EmailField } from '@/components/form/email-field';
import { errorOf } from '@/components/form/field-message';
import { SubmitButton } from '@/components/form/submit-button';
import { AccountCard, BusinessDetailsFields } from './form-bits';
import { PasswordInput } from './password-field';
import { memberDiscountOffer } from '@store/shared/store-promises';
import { useMemberDiscountPercent } from '@/hooks/use-member-discount-percent';
import { PhoneField } from '@/components/form/phone-field';

type SignupInput = z.input<typeof signupFormSchema>;
type SignupForm = z.output<typeof signupFormSchema>;

export interface SignupPageProps {
  /** Runs right after the new member's session starts, never awaited (as sign-in's: garage and cart merges). */
  afterSignIn: (queryClient: QueryClient) => Promise<void>;
}

/**
 * /signup (SPEC §2, §5 Signup, §8 Registration): name, email, phone, password, optional business details
 * and the terms tick box. Success: 'Registration successful!', the new member is signed in with the session
 * the registration answered (SPEC §4), and lands where sign-in lands, the home page (decision 0059, which
 * replaces decision 0013's detour through /signin).
 */
export function SignupPage({ afterSignIn }: SignupPageProps) {
  const memberPercent = useMemberDiscountPercent();
  usePageTitle('Create an account');
  const navigate = useNavigate();
  const registration = useRegister();
  const queryClient = useQueryClient();
  const form = useForm<SignupInput, unknown, SignupForm>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      password: '',
      _b_name: '',
      _b_email: '',
      _b_number: '',
      _b_street_address: '',
      _b_area_address: '',
    },
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError } = form;
  const { errors } = formState;

  const onSubmit = handleSubmit(async ({ terms: _terms, ...values }) => {
    const body: SignupRequest = values;
    try {
      const answer = await registration.mutateAsync(body);
      if (!answer.token) {
        toastError(ACCOUNT_MESSAGES.invalidRegistrationResponse);
        return;
      }
      startSession(answer);
      void afterSignIn(queryClient);
      toastSuccess(ACCOUNT_MESSAGES.registered);
      void navigate('/', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        for (const f of error.fieldErrors) {
          if (f.field in form.getValues()) setError(f.field as keyof SignupInput, { message: f.message });
        }
      }
      const reason = error instanceof Error ? error.message : ACCOUNT_MESSAGES.genericError;
      toastError(ACCOUNT_MESSAGES.registrationFailed(reason));
    }
  });

  return (
    <AccountCard
      title="Create an account"
      lead={<p>{memberDiscountOffer(memberPercent)}. Required fields are marked with an asterisk (*).</p>}
    >
      <form className="account-form" noValidate onSubmit={onSubmit} aria-label="Create an account">
        <fieldset className="account-form">
          <legend>Your details</legend>
          <TextField name="name" label="Name" required message={errorOf(errors.name)} layout="name">
            {(aria) => (
              <input
                {...aria}
                {...register('name')}
                className="checkout-input"
                autoComplete="name"
                autoCapitalize="words"
              />
            )}
          </TextField>
          <EmailField registration={register('email')} error={errors.email} />
          <PhoneField registration={register('phone')} error={errors.phone} />
          <TextField
            name="password"
            label="Password"
            required
            hint="At least 8 characters, with an uppercase letter and one of !@#$%^&*."
            message={errorOf(errors.password)}
            layout="password"
          >
            {(aria) => (
              <PasswordInput
                aria={aria}
                label="password"
                {...register('password')}
                autoComplete="new-password"
              />
            )}
          </TextField>
        </fieldset>
        <BusinessDetailsFields
          legend={
            <>
              Business details <span className="checkout-field__optional">(optional)</span>
            </>
          }
          register={register}
          errors={errors}
        />
        <div>
          <div className="checkout-check account-terms">
            <input
              id="signup-terms"
              type="checkbox"
              {...register('terms')}
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? 'signup-terms-message' : undefined}
            />
            <label htmlFor="signup-terms">
              I agree to the <Link to="/terms-conditions">terms and conditions</Link>
            </label>
          </div>
          {errors.terms?.message && (
            <p id="signup-terms-message" className="checkout-field__message">
              {errors.terms.message}
            </p>
          )}
        </div>
        <SubmitButton busy={formState.isSubmitting} label="Create Account" busyLabel="Submitting..." />
      </form>
      <p className="account-links">
        <span>
          Already a member? <Link to="/signin">Sign in</Link>
        </span>
      </p>
    </AccountCard>
  );
}
