import { zodResolver } from '@hookform/resolvers/zod';
import {
  addressRequestSchema,
  type AddressRequest,
  type AddressRequestInput,
  type SavedAddress,
} from '@store/shared/account';
import { ACCOUNT_MESSAGES, ADDRESS_TYPES } from '@store/shared/account-constants';
import type { PublicUser } from '@store/shared/account';
import { formatPhone } from '@store/shared/phone';
import type { AddressSuggestion } from '@store/shared/address-lookup';
import { LIVE_FILTERS, type AddressFieldName } from '@store/shared/checkout-form';
import { useEffect, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { ADDRESS_FIELD_SPECS } from '@/components/form/address-field-specs';
import { CityCombobox } from '@/components/form/city-combobox';
import type { FieldMessage } from '@/components/form/field-message';
import { TextField } from '@/components/form/text-field';
import { filterTyped, type FieldRegistration } from '@/components/form/use-form-fields';
import { useFetchAddressDetails } from '@/lib/api/get-address-details';
import { useStoreConfig } from '@/lib/api/get-store-config';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-client';
import { useUserAddress } from '../api/get-user-address';
import { useStoreAddress } from '../api/store-address';
import { useUpdateAddress } from '../api/update-address';
import { toastError, toastSuccess } from '@/lib/toast-feedback';
import { SubmitButton } from '@/components/form/submit-button';
import { AccountCard } from './form-bits';
import { useSession } from '@/stores/session-store';

type Form = UseFormReturn<AddressRequestInput, unknown, AddressRequest>;
type FieldName = AddressFieldName | 'address_type';

const EMPTY: AddressRequestInput = {
  f_name: '',
  l_name: '',
  company: '',
  email: '',
  phone: '',
  street_address: '',
  city: '',
  state: '',
  post_code: '',
  suburb: '',
  address_type: 'Home',
};

/**
 * A new address starts from the member's profile (decision 0059): the profile's one name split at its last space
 * ("Sam Lee" -> Sam, Lee), its email and its phone as printed.
 */
export function profileDefaults(user: PublicUser | undefined): AddressRequestInput {
  if (!user) return EMPTY;
  const name = user.name.trim();
  const cut = name.lastIndexOf(' ');
  return {
    ...EMPTY,
    f_name: cut > 0 ? name.slice(0, cut) : name,
    l_name: cut > 0 ? name.slice(cut + 1) : '',
    email: user.email,
    phone: formatPhone(user.phone),
  };
}

function valuesOf(a: SavedAddress): AddressRequestInput {
  return {
    f_name: a.f_name,
    l_name: a.l_name,
    company: a.company,
    email: a.email,
    phone: formatPhone(a.phone),
    street_address: a.street_address,
    city: a.city,
    state: a.state,
    post_code: a.post_code,
    suburb: a.suburb,
    address_type: a.address_type,
  };
}

/** The list's types, and an address's own type when it was saved with another (it keeps it). */
function typeChoices(current: string): string[] {
  const list: string[] = [...ADDRESS_TYPES];
  return current !== '' && !list.includes(current) ? [current, ...list] : list;
}

/**
 * The fields, the checkout's SPEC §5 live-typing filters and the Australian city autocomplete. One locality
 * field, City (in Australia the suburb is the city): the SPEC's `suburb` is sent as the same place (decision
 * 0059). The address type is chosen from ADDRESS_TYPES.
 */
function AddressFormFields({ form }: { form: Form }) {
  const { register, getValues, setValue, formState } = form;
  const [notes, setNotes] = useState<Partial<Record<FieldName, string>>>({});
  const fetchDetails = useFetchAddressDetails();
  const config = useStoreConfig();

  function field(name: FieldName): FieldRegistration {
    const r = register(name);
    const filter = name === 'address_type' ? undefined : LIVE_FILTERS[name];
    return {
      name: r.name,
      ref: r.ref,
      onChange(event) {
        if (filter) {
          const previous = String(getValues(name) ?? '');
          const result = filterTyped(filter, previous, event.target.value);
          if (result.error !== null) {
            event.target.value = previous;
            setNotes((n) => ({ ...n, [name]: result.error }));
            return;
          }
          event.target.value = result.value;
        }
        setNotes((n) => ({ ...n, [name]: undefined }));
        void r.onChange(event);
      },
      onBlur: (event) => void r.onBlur(event),
    };
  }

  function message(name: FieldName): FieldMessage | null {
    const note = notes[name];
    if (note) return { text: note, kind: 'filter' };
    const error = formState.errors[name]?.message;
    return error ? { text: error, kind: 'error' } : null;
  }

  async function pick(picked: AddressSuggestion) {
    let place = picked;
    if (picked.place_id !== null) {
      try {
        place = await fetchDetails(picked.place_id);
      } catch (error) {
        console.error('Address details failed:', error);
      }
    }
    const options = { shouldDirty: true, shouldValidate: true };
    if (place.street_address !== null) setValue('street_address', place.street_address, options);
    setValue('city', place.city, options);
    setValue('state', place.state, options);
    setValue('post_code', place.post_code, options);
  }

  return (
    <div className="checkout-fields">
      {ADDRESS_FIELD_SPECS.map((spec) => {
        const registration = field(spec.name);
        return (
          <TextField
            key={spec.name}
            name={spec.name}
            label={spec.label}
            required={spec.required}
            hint={spec.name === 'email' ? undefined : spec.hint}
            message={message(spec.name)}
            layout={spec.name}
          >
            {(aria) =>
              spec.name === 'city' ? (
                <CityCombobox
                  aria={aria}
                  registration={registration}
                  autoComplete={spec.autoComplete}
                  autoCapitalize={spec.autoCapitalize}
                  onPick={(s) => void pick(s)}
                  showAttribution={config.data?.address_lookup === 'geonames'}
                />
              ) : (
                <input
                  {...aria}
                  {...registration}
                  className="checkout-input"
                  type={spec.type}
                  inputMode={spec.inputMode}
                  autoComplete={spec.autoComplete}
                  autoCapitalize={spec.autoCapitalize}
                  maxLength={spec.maxLength}
                />
              )
            }
          </TextField>
        );
      })}
      <TextField
        name="address_type"
        label="Address type"
        required
        message={message('address_type')}
        layout="address_type"
      >
        {(aria) => (
          <select {...aria} {...register('address_type')} className="checkout-input">
            {typeChoices(String(getValues('address_type') ?? '')).map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        )}
      </TextField>
    </div>
  );
}

/** /address (SPEC §2, §5 Add address, §8): 'Adding Address...', then My Account. */
export function AddAddressPage() {
  usePageTitle('Add address');
  const navigate = useNavigate();
  const store = useStoreAddress();
  const session = useSession();
  const form = useForm<AddressRequestInput, unknown, AddressRequest>({
    resolver: zodResolver(addressRequestSchema),
    defaultValues: profileDefaults(session?.user),
    mode: 'onTouched',
  });
  // The session is read after hydration: fill the fields once it is known, unless the member already typed.
  const userId = session?.user.id;
  useEffect(() => {
    if (session && !form.formState.isDirty) form.reset(profileDefaults(session.user));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per member, not on every session touch
  }, [userId]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await store.mutateAsync({ ...values, suburb: values.city });
      toastSuccess(answer.message || ACCOUNT_MESSAGES.addressAdded);
      void navigate('/my-account');
    } catch (error) {
      toastError(
        error instanceof ApiError
          ? error.message || ACCOUNT_MESSAGES.addressAddFailed
          : error instanceof TypeError
            ? ACCOUNT_MESSAGES.addressNoResponse
            : `Error: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  });

  return (
    <AccountCard title="Add address" wide lead={<p>Required fields are marked with an asterisk (*).</p>}>
      <form className="account-form" noValidate onSubmit={onSubmit} aria-label="Add address">
        <AddressFormFields form={form} />
        <SubmitButton busy={form.formState.isSubmitting} label="Add Address" busyLabel="Adding Address..." />
      </form>
    </AccountCard>
  );
}

/** /update-address/{id} (SPEC §2, §5 Update address, §8): 'Updating Address...', then My Account. */
export function UpdateAddressPage() {
  usePageTitle('Update address');
  const { id = '' } = useParams();
  const address = useUserAddress(id);
  useEffect(() => {
    if (address.isError) toastError(ACCOUNT_MESSAGES.addressFetchFailed);
  }, [address.isError]);
  if (address.isPending)
    return (
      <p role="status" className="container page">
        Loading...
      </p>
    );
  if (address.isError) {
    return (
      <AccountCard title="Update address">
        <p role="alert">{ACCOUNT_MESSAGES.addressFetchFailed}</p>
      </AccountCard>
    );
  }
  return <UpdateAddressForm id={id} address={address.data} />;
}

function UpdateAddressForm({ id, address }: { id: string; address: SavedAddress }) {
  const navigate = useNavigate();
  const update = useUpdateAddress(id);
  const form = useForm<AddressRequestInput, unknown, AddressRequest>({
    resolver: zodResolver(addressRequestSchema),
    defaultValues: valuesOf(address),
    mode: 'onTouched',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await update.mutateAsync({ ...values, suburb: values.city });
      toastSuccess(answer.message || ACCOUNT_MESSAGES.addressUpdated);
      void navigate('/my-account');
    } catch (error) {
      toastError(
        error instanceof ApiError && error.message ? error.message : ACCOUNT_MESSAGES.addressUpdateFailed,
      );
    }
  });

  return (
    <AccountCard title="Update address" wide>
      <form className="account-form" noValidate onSubmit={onSubmit} aria-label="Update address">
        <AddressFormFields form={form} />
        <SubmitButton
          busy={form.formState.isSubmitting}
          label="Update Address"
          busyLabel="Updating Address..."
        />
      </form>
    </AccountCard>
  );
}
