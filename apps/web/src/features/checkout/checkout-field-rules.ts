import { LIVE_FILTERS, type AddressFieldName } from '@store/shared/checkout-form';
import type { FieldRules, FormFields } from '@/components/form/use-form-fields';
import type { CheckoutTextFieldName } from './initial-checkout-values';

/** The checkout's text fields as `useFormFields` wires them. */
export type CheckoutFields = FormFields<CheckoutTextFieldName>;

/**
 * The checkout's field rules (SPEC §5): billing and shipping twins share their address field's live-typing
 * filter (the comment has none), and a post code must lie in its state, so each of the two re-checks the other.
 */
export const CHECKOUT_FIELD_RULES: FieldRules<CheckoutTextFieldName> = {
  liveFilter(name) {
    if (name === 'comment') return undefined;
    const base = (name.startsWith('s_') ? name.slice(2) : name) as AddressFieldName;
    return LIVE_FILTERS[base];
  },
  paired: {
    state: 'post_code',
    post_code: 'state',
    s_state: 's_post_code',
    s_post_code: 's_state',
  },
};
