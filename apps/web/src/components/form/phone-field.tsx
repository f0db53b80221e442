import { PHONE_HINT } from '@store/shared/phone';
import type { FieldError } from 'react-hook-form';
import { errorOf } from './field-message';
import { TextField } from './text-field';
import type { FieldRegistration } from './use-form-fields';

/**
 * The phone field of sign-up, the profile and the customer-service forms: one hint and one keyboard for the one
 * phone rule (decision 0059). `registration` is react-hook-form's `register('phone')` or a filtered field.
 */
export function PhoneField({
  registration,
  error,
  required = true,
}: {
  registration: FieldRegistration;
  error: FieldError | undefined;
  required?: boolean;
}) {
  return (
    <TextField
      name="phone"
      label="Phone"
      required={required}
      hint={PHONE_HINT}
      message={errorOf(error)}
      layout="phone"
    >
      {(aria) => (
        <input
          {...aria}
          {...registration}
          className="checkout-input"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
        />
      )}
    </TextField>
  );
}
