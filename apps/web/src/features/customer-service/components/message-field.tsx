import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { errorOf } from '@/components/form/field-message';
import { TextField } from '@/components/form/text-field';

/** The message box of both customer-service forms, with a count of the characters left. */
export function MessageField({
  registration,
  error,
  length,
  max,
  required,
}: {
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  length: number;
  max: number;
  required: boolean;
}) {
  const countId = 'service-message-count';
  return (
    <TextField
      name="message"
      label="Message"
      required={required}
      message={errorOf(error)}
      layout="message"
      footer={{
        id: countId,
        content: (
          <span className={length >= max ? 'checkout-field__count--full' : undefined}>
            {length}/{max}
          </span>
        ),
      }}
    >
      {(aria) => (
        <textarea
          {...aria}
          {...registration}
          className="checkout-input checkout-input--textarea service-form__message"
          rows={6}
          maxLength={max}
        />
      )}
    </TextField>
  );
}
