import { zodResolver } from '@hookform/resolvers/zod';
import { formatAbn, isValidAbn, normalizeAbn } from '@store/shared/abn';
import type { PublicUser } from '@store/shared/account';
import { formatPhone } from '@store/shared/phone';
import {
  TRADE_MESSAGES,
  tradeApplicationRequestSchema,
  type TradeApplicationInput,
  type TradeApplicationRequest,
} from '@store/shared/trade-accounts';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { errorOf, type FieldMessage } from '@/components/form/field-message';
import { SubmitButton } from '@/components/form/submit-button';
import { TextField } from '@/components/form/text-field';
import { ApiError } from '@/lib/api-client';
import { failureMessage, toastError, toastSuccess } from '@/lib/toast-feedback';
import { useApplyForTrade } from '../api/apply-for-trade';

/** The states of tradeApplicationRequestSchema, in the order the form lists them. */
export const TRADE_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;

/** The form's values as typed: the GST answer and the state are empty until chosen. */
type FormValues = Omit<TradeApplicationInput, 'gst_registered' | 'state'> & {
  gst_registered: boolean | undefined;
  state: TradeApplicationInput['state'] | '';
};

const TEXT_FIELDS = [
  'business_name',
  'abn',
  'street_address',
  'suburb',
  'post_code',
  'contact_name',
  'contact_phone',
  'accounts_email',
  'expected_monthly_spend',
] as const;
const FIELD_NAMES: readonly string[] = [...TEXT_FIELDS, 'gst_registered', 'state'];

function metaOf(user: PublicUser, option: string): string {
  return user.user_meta.find((m) => m.option === option)?.value.trim() ?? '';
}

/** What the form starts from: the member's business details, name, email and phone (issue 39 §1). */
export function applicationDefaults(user: PublicUser): FormValues {
  const abn = metaOf(user, '_b_number');
  return {
    business_name: metaOf(user, '_b_name'),
    abn: isValidAbn(abn) ? formatAbn(abn) : '',
    gst_registered: undefined,
    street_address: metaOf(user, '_b_street_address'),
    suburb: '',
    state: '',
    post_code: '',
    contact_name: user.name,
    contact_phone: formatPhone(user.phone),
    accounts_email: metaOf(user, '_b_email') || user.email,
    expected_monthly_spend: '',
  };
}

/**
 * The ABN's check as it is typed (issue 39 §1: "checked at once"): once 11 digits are there, the shared checksum
 * says whether it is an ABN at all; a form error (on leaving the field or sending) wins over it.
 */
export function abnTypingMessage(typed: string): FieldMessage | null {
  const digits = normalizeAbn(typed);
  if (digits === '') return null;
  if (/^\d{11}$/.test(digits))
    return isValidAbn(digits)
      ? { text: `ABN ${formatAbn(digits)} passes the ABN check.`, kind: 'filter' }
      : { text: TRADE_MESSAGES.abnInvalid, kind: 'error' };
  return digits.length > 11 || /\D/.test(digits) ? { text: TRADE_MESSAGES.abnInvalid, kind: 'error' } : null;
}

/**
 * The trade application (issue 39 §1): business name, ABN (checked by its checksum as typed), GST registration,
 * trading address, contact, accounts email and expected monthly spend, checked by the server's own schema
 * (tradeApplicationRequestSchema) before sending; the server's field errors show under their fields, and a refusal
 * without fields (409: already applied, ABN taken) above the button.
 */
export function TradeApplicationForm({ user }: { user: PublicUser }) {
  const apply = useApplyForTrade();
  const [refusal, setRefusal] = useState('');
  const form = useForm<FormValues, unknown, TradeApplicationRequest>({
    // The schema reads the same fields; the form's empty choices are what it refuses.
    resolver: zodResolver(tradeApplicationRequestSchema) as never,
    defaultValues: applicationDefaults(user),
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError, control } = form;
  const { errors } = formState;
  const abn = useWatch({ control, name: 'abn' }) ?? '';

  const onSubmit = handleSubmit(async () => {
    setRefusal('');
    try {
      // Checked, the fields go as typed: money in requests is dollars as typed ("2,500"), which the server's own
      // schema turns into cents; sending the schema's output (cents) would be read as dollars.
      const answer = await apply.mutateAsync(form.getValues() as TradeApplicationInput);
      toastSuccess(answer.message || TRADE_MESSAGES.applied);
    } catch (error) {
      const named = error instanceof ApiError ? (error.fieldErrors ?? []) : [];
      const known = named.filter((f) => FIELD_NAMES.includes(f.field));
      for (const f of known) setError(f.field as keyof FormValues, { message: f.message });
      if (known[0]) form.setFocus(known[0].field as keyof FormValues);
      if (known.length === 0) setRefusal(failureMessage(error));
      toastError(failureMessage(error));
    }
  });

  const text = (
    name: (typeof TEXT_FIELDS)[number],
    label: string,
    extra: {
      hint?: string;
      autoComplete?: string;
      inputMode?: 'numeric' | 'decimal' | 'tel' | 'email';
      type?: string;
      message?: FieldMessage | null;
    } = {},
  ) => (
    <TextField
      name={`trade-${name}`}
      label={label}
      required
      hint={extra.hint}
      message={extra.message !== undefined && !errors[name] ? extra.message : errorOf(errors[name])}
      layout={name}
    >
      {(aria) => (
        <input
          {...aria}
          {...register(name)}
          className="checkout-input"
          type={extra.type ?? 'text'}
          inputMode={extra.inputMode}
          autoComplete={extra.autoComplete ?? 'off'}
        />
      )}
    </TextField>
  );

  return (
    <form
      className="account-form trade-application"
      noValidate
      onSubmit={onSubmit}
      aria-label="Trade application"
    >
      <fieldset className="account-form">
        <legend>Your business</legend>
        {text('business_name', 'Business name', { autoComplete: 'organization' })}
        {text('abn', 'ABN', {
          hint: 'Your 11-digit Australian Business Number, such as 51 824 753 556.',
          inputMode: 'numeric',
          message: abnTypingMessage(abn),
        })}
        <Controller
          control={control}
          name="gst_registered"
          render={({ field }) => (
            <fieldset
              className="trade-application__choice"
              role="radiogroup"
              aria-required="true"
              aria-invalid={errors.gst_registered ? true : undefined}
              aria-describedby={errors.gst_registered ? 'trade-gst-message' : undefined}
            >
              <legend>
                Registered for GST<span aria-hidden="true"> *</span>
              </legend>
              {(
                [
                  [true, 'Yes'],
                  [false, 'No'],
                ] as const
              ).map(([value, label]) => (
                <label key={label} className="price-display-choice__option">
                  <input
                    type="radio"
                    name={field.name}
                    checked={field.value === value}
                    onChange={() => field.onChange(value)}
                    onBlur={field.onBlur}
                    ref={value ? field.ref : undefined}
                  />
                  {label}
                </label>
              ))}
              {errors.gst_registered?.message && (
                <p id="trade-gst-message" className="checkout-field__message checkout-field__message--error">
                  {errors.gst_registered.message}
                </p>
              )}
            </fieldset>
          )}
        />
      </fieldset>
      <fieldset className="account-form">
        <legend>Trading address</legend>
        {text('street_address', 'Street address', { autoComplete: 'street-address' })}
        {text('suburb', 'Suburb', { autoComplete: 'address-level2' })}
        <TextField name="trade-state" label="State" required message={errorOf(errors.state)} layout="state">
          {(aria) => (
            <select {...aria} {...register('state')} className="checkout-input" autoComplete="address-level1">
              <option value="">Choose a state</option>
              {TRADE_STATES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </TextField>
        {text('post_code', 'Postcode', { inputMode: 'numeric', autoComplete: 'postal-code' })}
      </fieldset>
      <fieldset className="account-form">
        <legend>Contacts</legend>
        {text('contact_name', 'Contact name', { autoComplete: 'name' })}
        {text('contact_phone', 'Contact phone', { inputMode: 'tel', type: 'tel', autoComplete: 'tel' })}
        {text('accounts_email', 'Accounts email', {
          hint: 'Invoices and statements go to this address.',
          inputMode: 'email',
          type: 'email',
          autoComplete: 'email',
        })}
        {text('expected_monthly_spend', 'Expected monthly spend ($)', {
          hint: 'Roughly what you expect to buy each month, in dollars, such as 2500.',
          inputMode: 'decimal',
        })}
      </fieldset>
      {refusal && (
        <p className="notice notice--error" role="alert">
          {refusal}
        </p>
      )}
      <SubmitButton busy={formState.isSubmitting} label="Apply for a trade account" busyLabel="Sending..." />
    </form>
  );
}
