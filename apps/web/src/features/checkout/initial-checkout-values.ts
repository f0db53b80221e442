import {
  ADDRESS_FIELD_NAMES,
  type AddressFieldName,
  type CheckoutFormInput,
} from '@store/shared/checkout-form';
import { readCheckoutData, readCheckoutDraft } from './checkout-storage';

/** A text field of the checkout form: billing, its `s_` shipping twin, or the comment. */
export type CheckoutTextFieldName = AddressFieldName | `s_${AddressFieldName}` | 'comment';

/** Every text field, billing first, then shipping, then the comment. */
export const CHECKOUT_TEXT_FIELDS: readonly CheckoutTextFieldName[] = [
  ...ADDRESS_FIELD_NAMES,
  ...ADDRESS_FIELD_NAMES.map((name) => `s_${name}` as const),
  'comment',
];

/** The form's values, all filled in (no `undefined`): what the form keeps and the draft stores. */
export type CheckoutFormValues = Record<CheckoutTextFieldName, string> & {
  ship_to_different_address: boolean;
};

/** A blank form. */
export function emptyCheckoutValues(): CheckoutFormValues {
  const values = Object.fromEntries(CHECKOUT_TEXT_FIELDS.map((name) => [name, ''])) as Record<
    CheckoutTextFieldName,
    string
  >;
  return { ...values, ship_to_different_address: false };
}

/**
 * What the form starts with: the draft typed earlier in this session, else the checkout data saved on the
 * way to a payment page (still fresh), else a blank form. Only known fields of the right kind are taken.
 */
export function initialCheckoutValues(
  draft: Readonly<Record<string, unknown>> | null = readCheckoutDraft(),
  saved: Readonly<Record<string, unknown>> | null = readCheckoutData()?.order ?? null,
): CheckoutFormValues & CheckoutFormInput {
  const values = emptyCheckoutValues();
  const source = draft ?? saved;
  if (!source) return values;
  for (const name of CHECKOUT_TEXT_FIELDS) {
    const value = source[name];
    if (typeof value === 'string') values[name] = value;
  }
  if (typeof source.ship_to_different_address === 'boolean') {
    values.ship_to_different_address = source.ship_to_different_address;
  }
  return values;
}
