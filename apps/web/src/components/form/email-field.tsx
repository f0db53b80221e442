import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { errorOf } from './field-message';
import { TextField } from './text-field';

/** The required email field of sign-in, sign-up, forgot password and the customer-service forms. */
export function EmailField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
}) {
  return (
    <TextField name="email" label="Email" required message={errorOf(error)} layout="email">
      {(aria) => (
        <input
          {...aria}
          {...registration}
          className="checkout-input"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="off"
        />
      )}
    </TextField>
  );
}
