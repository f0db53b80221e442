import { AU_STATES } from '@store/shared/address';
import type { AddressSuggestion } from '@store/shared/address-lookup';
import { ADDRESS_FIELD_SPECS } from '@/components/form/address-field-specs';
import { CityCombobox } from '@/components/form/city-combobox';
import { TextField } from '@/components/form/text-field';
import type { CheckoutFields } from '../checkout-field-rules';
import type { CheckoutTextFieldName } from '../initial-checkout-values';

export type AddressPrefix = '' | 's_';

export interface AddressFieldsProps {
  /** '' for billing, 's_' for the shipping twins (SPEC §3 Order payload). */
  prefix: AddressPrefix;
  fields: CheckoutFields;
  onPickPlace: (prefix: AddressPrefix, suggestion: AddressSuggestion) => void;
  /** Credit GeoNames under the city suggestions (store config `address_lookup`). */
  showAttribution: boolean;
  /** Issue 41: the note under the street when it reads as a PO box or a parcel locker (`addressKindNote`). */
  streetNote?: string | null;
}

/**
 * One block of address fields (SPEC §2, §5): First name, Last name, Company, Email, Phone, Street address,
 * City (with place suggestions), State (short codes offered) and Post code, each with its autofill token.
 */
export function AddressFields({
  prefix,
  fields,
  onPickPlace,
  showAttribution,
  streetNote = null,
}: AddressFieldsProps) {
  const stateListId = `checkout-${prefix}state-codes`;
  // The shipping block's autofill tokens say so, so a browser fills it from the shipping address.
  const section = prefix === 's_' ? 'shipping ' : '';
  return (
    <div className="checkout-fields">
      {ADDRESS_FIELD_SPECS.map((spec) => {
        const name: CheckoutTextFieldName = `${prefix}${spec.name}`;
        const registration = fields.field(name);
        const autoComplete = `${section}${spec.autoComplete}`;
        return (
          <TextField
            key={name}
            name={name}
            label={spec.label}
            required={spec.required}
            hint={spec.hint}
            message={fields.message(name)}
            layout={spec.name}
            {...(spec.name === 'street_address' && streetNote
              ? {
                  footer: {
                    id: `checkout-${prefix}street-kind`,
                    content: <span className="checkout-field__note">{streetNote}</span>,
                  },
                }
              : {})}
          >
            {(aria) =>
              spec.name === 'city' ? (
                <CityCombobox
                  aria={aria}
                  registration={registration}
                  autoComplete={autoComplete}
                  autoCapitalize={spec.autoCapitalize}
                  onPick={(suggestion) => onPickPlace(prefix, suggestion)}
                  showAttribution={showAttribution}
                />
              ) : (
                <input
                  {...aria}
                  {...registration}
                  className="checkout-input"
                  type={spec.type}
                  inputMode={spec.inputMode}
                  autoComplete={autoComplete}
                  autoCapitalize={spec.autoCapitalize}
                  spellCheck={spec.type === 'text' && spec.name !== 'state' ? undefined : false}
                  maxLength={spec.maxLength}
                  list={spec.name === 'state' ? stateListId : undefined}
                />
              )
            }
          </TextField>
        );
      })}
      <datalist id={stateListId}>
        {AU_STATES.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </datalist>
    </div>
  );
}
