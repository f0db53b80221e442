import { zodResolver } from '@hookform/resolvers/zod';
import {
  shippingAddressCorrectionSchema,
  shippingAddressSummary,
  type ShippingAddress,
  type ShippingAddressCorrection,
  type ShippingAddressCorrectionInput,
} from '@store/shared/admin-address-correction';
import { STATE_CODES } from '@store/shared/checkout-form';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { useCorrectShippingAddress, useShippingAddress } from '../api/admin-order-care';
import { AdminField } from './admin-field';
import './admin-order-care.css';

type Feedback = { kind: 'success' | 'error'; text: string } | null;

const FIELDS: {
  name: Exclude<keyof ShippingAddress, 'state'>;
  label: string;
  optional?: boolean;
  autoComplete: string;
}[] = [
  { name: 'f_name', label: 'First name', autoComplete: 'off' },
  { name: 'l_name', label: 'Last name', autoComplete: 'off' },
  { name: 'company', label: 'Company', optional: true, autoComplete: 'off' },
  { name: 'street_address', label: 'Street address', autoComplete: 'off' },
  { name: 'city', label: 'City', autoComplete: 'off' },
  { name: 'post_code', label: 'Post code', autoComplete: 'off' },
  { name: 'phone', label: 'Phone number', autoComplete: 'off' },
  { name: 'email', label: 'Delivery contact email', autoComplete: 'off' },
];

/**
 * The shipping address and its correction (issue 36 §4): shown as it is; while the order is pending or
 * processing, "Correct address" opens the checkout's address fields with its rules and messages. The server
 * decides under the order's lock (a parcel already shipped is refused) and keeps the old address in an automatic
 * note and the audit trail. The order's billing details, its email for mails, and an issued tax invoice stay.
 */
export function AdminOrderAddress({ publicId }: { publicId: string }) {
  const found = useShippingAddress(publicId);
  const [editing, setEditing] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  return (
    <section className="admin-order__panel" aria-labelledby="admin-order-address-title">
      <h2 id="admin-order-address-title">Shipping address</h2>
      {found.isPending ? (
        <p role="status">Loading the address…</p>
      ) : found.isError ? (
        <p role="alert" className="admin-form__alert">
          The address did not load: {found.error.message}
        </p>
      ) : editing ? (
        <AddressForm
          publicId={publicId}
          current={found.data.data}
          onDone={(f) => {
            setFeedback(f);
            if (f?.kind === 'success') setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <p className="admin-order-address__current">{shippingAddressSummary(found.data.data)}</p>
          {found.data.can_correct ? (
            <button
              type="button"
              className="button admin-button--secondary"
              onClick={() => {
                setFeedback(null);
                setEditing(true);
              }}
            >
              Correct address…
            </button>
          ) : (
            <p className="admin-order__reference">
              Shipped, delivered or cancelled: the address no longer changes.
            </p>
          )}
        </>
      )}
      <div role="status" className={feedback?.kind === 'success' ? 'admin-notice' : undefined}>
        {feedback?.kind === 'success' ? feedback.text : null}
      </div>
      <div role="alert" className="admin-form__alert">
        {feedback?.kind === 'error' ? feedback.text : null}
      </div>
    </section>
  );
}

function AddressForm({
  publicId,
  current,
  onDone,
  onCancel,
}: {
  publicId: string;
  current: ShippingAddress;
  onDone: (f: Feedback) => void;
  onCancel: () => void;
}) {
  const correct = useCorrectShippingAddress(publicId);
  const form = useForm<ShippingAddressCorrectionInput, unknown, ShippingAddressCorrection>({
    resolver: zodResolver(shippingAddressCorrectionSchema),
    defaultValues: current,
  });
  const onSubmit = form.handleSubmit((values) => {
    onDone(null);
    correct.mutate(values, {
      onSuccess: (answer) => onDone({ kind: 'success', text: answer.message }),
      onError: (e) => {
        if (e instanceof ApiError) {
          for (const f of e.fieldErrors ?? []) {
            form.setError(f.field as keyof ShippingAddress, { message: f.message });
          }
          onDone({ kind: 'error', text: e.message });
        } else onDone({ kind: 'error', text: 'The store did not answer. Try again: repeating is safe.' });
      },
    });
  });
  const stateError = form.formState.errors.state?.message;
  return (
    <form
      className="admin-order__form admin-order-address__form"
      aria-labelledby="admin-order-address-title"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
    >
      {FIELDS.map((f) => (
        <AdminField
          key={f.name}
          label={f.label}
          optional={f.optional}
          autoComplete={f.autoComplete}
          error={form.formState.errors[f.name]}
          {...form.register(f.name)}
        />
      ))}
      <div className="admin-field">
        <label className="admin-field__label" htmlFor="admin-address-state">
          State
        </label>
        <select
          id="admin-address-state"
          className="admin-input"
          aria-invalid={Boolean(stateError)}
          {...form.register('state')}
        >
          {STATE_CODES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        {stateError && <p className="admin-field__message">{stateError}</p>}
      </div>
      <div className="admin-order__buttons">
        <button type="submit" className="button" disabled={correct.isPending}>
          {correct.isPending ? 'Saving…' : 'Save address'}
        </button>
        <button type="button" className="button admin-button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
