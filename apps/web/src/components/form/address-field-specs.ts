import type { AddressFieldName } from '@store/shared/checkout-form';
import type { HTMLAttributes } from 'react';
import { PHONE_HINT } from '@store/shared/phone';

/** How one address field looks and what the browser may fill it with (SPEC §2 Checkout, §5). */
export interface AddressFieldSpec {
  name: AddressFieldName;
  label: string;
  required: boolean;
  /** The autofill token (HTML autocomplete); the shipping block prefixes it with `shipping`. */
  autoComplete: string;
  type: 'text' | 'email' | 'tel';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoCapitalize?: 'off' | 'words' | 'characters';
  maxLength?: number;
  /** Shown between the label and the field, so it is read before typing and never hidden by a keyboard. */
  hint?: string;
}

/** The billing (and shipping) fields in the order they are shown. */
export const ADDRESS_FIELD_SPECS: readonly AddressFieldSpec[] = [
  {
    name: 'f_name',
    label: 'First name',
    required: true,
    autoComplete: 'given-name',
    type: 'text',
    autoCapitalize: 'words',
  },
  {
    name: 'l_name',
    label: 'Last name',
    required: true,
    autoComplete: 'family-name',
    type: 'text',
    autoCapitalize: 'words',
  },
  {
    name: 'company',
    label: 'Company',
    required: false,
    autoComplete: 'organization',
    type: 'text',
    autoCapitalize: 'words',
  },
  {
    name: 'email',
    label: 'Email',
    required: true,
    autoComplete: 'email',
    type: 'email',
    inputMode: 'email',
    autoCapitalize: 'off',
    hint: 'For your order confirmation.',
  },
  {
    name: 'phone',
    label: 'Phone',
    required: true,
    autoComplete: 'tel',
    type: 'tel',
    inputMode: 'tel',
    hint: PHONE_HINT,
  },
  {
    name: 'street_address',
    label: 'Street address',
    required: true,
    autoComplete: 'address-line1',
    type: 'text',
    autoCapitalize: 'words',
  },
  {
    name: 'city',
    label: 'City',
    required: true,
    autoComplete: 'address-level2',
    type: 'text',
    autoCapitalize: 'words',
    hint: 'Type your suburb or town, then pick it from the list to fill in state and post code.',
  },
  {
    name: 'state',
    label: 'State',
    required: true,
    autoComplete: 'address-level1',
    type: 'text',
    autoCapitalize: 'characters',
  },
  {
    name: 'post_code',
    label: 'Post code',
    required: true,
    autoComplete: 'postal-code',
    type: 'text',
    inputMode: 'numeric',
    maxLength: 4,
  },
];
