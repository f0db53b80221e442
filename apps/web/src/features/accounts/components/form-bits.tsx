import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { CheckoutTextField } from '@/features/checkout/components/checkout-text-field';
import type { FieldMessage } from '@/features/checkout/hooks/use-checkout-fields';
import '@/features/checkout/components/checkout-page.css';
import './accounts.css';

/** A react-hook-form error as the field component shows it. */
export function errorOf(error: FieldError | undefined): FieldMessage | null {
  return error?.message ? { text: error.message, kind: 'error' } : null;
}

/** The account screens' card: a title, an optional lead and the content. */
export function AccountCard({
  title,
  lead,
  children,
  wide = false,
}: {
  title: string;
  lead?: React.ReactNode;
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`container page account-page${wide ? ' account-page--wide' : ''}`}>
      <div className="checkout-card account-card">
        <h1 className="account-card__title">{title}</h1>
        {lead && <div className="account-card__lead">{lead}</div>}
        {children}
      </div>
    </div>
  );
}

/** The submit button, with the SPEC's in-flight label while the call runs. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <button type="submit" className="button account-submit" disabled={busy} aria-disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** SPEC §3 business detail options, in form order, with their labels. */
export const BUSINESS_FIELDS = [
  { name: '_b_name', label: 'Business name', autoComplete: 'organization', type: 'text' },
  { name: '_b_email', label: 'Business email', autoComplete: 'off', type: 'email' },
  { name: '_b_number', label: 'Business number', autoComplete: 'off', type: 'text' },
  { name: '_b_street_address', label: 'Business street address', autoComplete: 'off', type: 'text' },
  { name: '_b_area_address', label: 'Business area address', autoComplete: 'off', type: 'text' },
] as const;

export type BusinessFieldName = (typeof BUSINESS_FIELDS)[number]['name'];

/** The optional business details fieldset of sign-up and profile update (SPEC §2, §3 `_b_*`). */
export function BusinessDetailsFields({
  legend,
  register,
  errors,
}: {
  legend: React.ReactNode;
  register: (name: BusinessFieldName) => UseFormRegisterReturn;
  errors: Partial<Record<BusinessFieldName, FieldError>>;
}) {
  return (
    <fieldset className="account-form">
      <legend>{legend}</legend>
      {BUSINESS_FIELDS.map((f) => (
        <CheckoutTextField
          key={f.name}
          name={f.name}
          label={f.label}
          required={false}
          message={errorOf(errors[f.name])}
          layout={f.name}
        >
          {(aria) => (
            <input
              {...aria}
              {...register(f.name)}
              className="checkout-input"
              type={f.type}
              inputMode={f.name === '_b_number' ? 'numeric' : undefined}
              autoComplete={f.autoComplete}
            />
          )}
        </CheckoutTextField>
      ))}
    </fieldset>
  );
}

/** The required email field of sign-in, sign-up and forgot password. */
export function EmailField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
}) {
  return (
    <CheckoutTextField name="email" label="Email" required message={errorOf(error)} layout="email">
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
    </CheckoutTextField>
  );
}
