import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { EmailField } from '@/components/form/email-field';
import { errorOf } from '@/components/form/field-message';
import { TextField } from '@/components/form/text-field';
import { PhoneField } from '@/components/form/phone-field';

type PersonField = 'f_name' | 'l_name' | 'email' | 'phone';

export interface PersonFieldsProps {
  /** The form's registrations of the four fields, registered in this order (focus goes to the first error). */
  fields: Record<PersonField, UseFormRegisterReturn>;
  errors: Partial<Record<PersonField, FieldError>>;
  /** Contact needs the names (SPEC §5); a return does not. Email is always required, phone never. */
  namesRequired: boolean;
}

/**
 * Who is writing (SPEC §2 /contact-us and /return-order): first name, last name, email and phone, with the
 * autofill tokens and keyboards a phone offers for each. Shared by the contact and return forms.
 */
export function PersonFields({ fields, errors, namesRequired }: PersonFieldsProps) {
  return (
    <>
      <TextField
        name="f_name"
        label="First name"
        required={namesRequired}
        message={errorOf(errors.f_name)}
        layout="f_name"
      >
        {(aria) => (
          <input
            {...aria}
            {...fields.f_name}
            className="checkout-input"
            autoComplete="given-name"
            autoCapitalize="words"
          />
        )}
      </TextField>
      <TextField
        name="l_name"
        label="Last name"
        required={namesRequired}
        message={errorOf(errors.l_name)}
        layout="l_name"
      >
        {(aria) => (
          <input
            {...aria}
            {...fields.l_name}
            className="checkout-input"
            autoComplete="family-name"
            autoCapitalize="words"
          />
        )}
      </TextField>
      <EmailField registration={fields.email} error={errors.email} />
      <PhoneField registration={fields.phone} error={errors.phone} required={false} />
    </>
  );
}
