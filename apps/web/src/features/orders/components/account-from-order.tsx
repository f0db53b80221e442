import { passwordSchema } from '@store/shared/account';
import { ACCOUNT_MESSAGES } from '@store/shared/account-constants';
import type { OrderAccountState } from '@store/shared/order-confirmation';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { ApiError } from '@/lib/api-client';
import { failureMessage, toastSuccess } from '@/lib/toast-feedback';
import { startSession } from '@/stores/session-store';
import { createAccountFromOrder } from '../api/order-confirmation';

export interface AccountFromOrderProps {
  orderId: string;
  /** The order's pass (decision 0056); without it the offer is not made. */
  pass: string | undefined;
  /** The order's email, the new account's. */
  email: string;
  account: OrderAccountState;
  /** Runs once the new member is signed in (the route hands in the garage's merge, as sign-in does). */
  afterSignIn: (queryClient: QueryClient) => Promise<void>;
  /** The account was made: the page reads the order again (it is now the member's). */
  onCreated: () => void;
}

/**
 * "Create an account with this order" (issue 37 §1): a guest sets a password for the order's email; the order joins
 * the new account and they are signed in. When the email already has an account, the page says so and offers sign
 * in instead (no form). Nothing is shown for an order already in an account.
 */
export function AccountFromOrder({
  orderId,
  pass,
  email,
  account,
  afterSignIn,
  onCreated,
}: AccountFromOrderProps) {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [taken, setTaken] = useState(false);

  if (account === 'owner') return null;
  if (account === 'exists' || taken) {
    return (
      <section className="order-confirmation__panel" aria-labelledby="order-account-title">
        <h2 id="order-account-title" className="order-confirmation__panel-title">
          You already have an account
        </h2>
        <p>An account uses {email}. Sign in to see your orders and check out faster next time.</p>
        <Link className="button" to="/signin" state={{ email }}>
          Sign in
        </Link>
      </section>
    );
  }
  if (!pass) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = passwordSchema.safeParse(password);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? ACCOUNT_MESSAGES.passwordTooShort);
      document.getElementById('checkout-order-account-password')?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const answer = await createAccountFromOrder(orderId, { pass, password: checked.data });
      startSession(answer);
      void afterSignIn(queryClient);
      toastSuccess(answer.message);
      onCreated();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) setTaken(true);
      else setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="order-confirmation__panel" aria-labelledby="order-account-title">
      <h2 id="order-account-title" className="order-confirmation__panel-title">
        Create an account with this order
      </h2>
      <p>
        Choose a password for {email}: this order goes into your new account, where you can follow it and
        order again faster.
      </p>
      <form className="order-confirmation__account-form" noValidate onSubmit={submit}>
        <TextField
          name="order-account-password"
          label="Password"
          required
          hint="At least 8 characters, with an uppercase letter and one of ! @ # $ % ^ & *"
          message={error ? { text: error, kind: 'error' } : null}
          layout="password"
        >
          {(aria) => (
            <input
              {...aria}
              className="checkout-input"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </TextField>
        <SubmitButton busy={busy} label="Create my account" busyLabel="Creating your account..." />
      </form>
    </section>
  );
}
