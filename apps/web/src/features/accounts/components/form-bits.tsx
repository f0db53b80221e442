import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { errorOf } from '@/components/form/field-message';
import { TextField } from '@/components/form/text-field';
import '@/components/form/form.css';
import '@/components/ui/button-variants.css';
import './accounts.css';

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
        <TextField
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
        </TextField>
      ))}
    </fieldset>
  );
}
