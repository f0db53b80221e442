/**
 * Pieces the categories and brands pages share (issue 36 §2): the name form (add or rename, with the address
 * changed only when asked), the picture upload button, the outcome line, and the retired badge.
 */
import { taxonomyAddressSchema, taxonomyTitleSchema } from '@store/shared/admin-taxonomy';
import { slugify } from '@store/shared/slug';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { mediaUrl, useMediaBaseUrl } from '@/lib/media';
import './admin-taxonomy.css';

/** What the last change said: the server's message, or why it failed. */
export type Outcome = { ok: boolean; text: string } | null;

/** The failure of a change as a sentence (the server's message when it gave one). */
export function failureText(error: unknown): string {
  return error instanceof ApiError ? error.message : 'The server did not answer. Please try again.';
}

/** The page's outcome line: a status for a success, an alert for a failure (both always in the page). */
export function OutcomeLine({ outcome }: { outcome: Outcome }) {
  return (
    <>
      <p role="status" className={outcome?.ok ? 'admin-notice' : 'taxonomy-outcome--empty'}>
        {outcome?.ok ? outcome.text : null}
      </p>
      <p
        role="alert"
        className={outcome && !outcome.ok ? 'admin-form__alert taxonomy-alert' : 'taxonomy-outcome--empty'}
      >
        {outcome && !outcome.ok ? outcome.text : null}
      </p>
    </>
  );
}

export interface NameFormProps {
  /** The form's accessible name, e.g. 'Rename the category Batteries'. */
  label: string;
  submitLabel: string;
  /** The current name and address when renaming; empty when adding. */
  title?: string;
  address?: string;
  /** The body's name of the address: `sku`, `child_sku` or `permalink`. */
  addressField: 'sku' | 'child_sku' | 'permalink';
  /** How the address is shown: the storefront path before it, e.g. `/shop?page=1&category=`. */
  addressPrefix: string;
  /** Sends `{ title, [addressField]? }`; rejects with the server's ApiError. */
  onSubmit: (body: Record<string, string>) => Promise<void>;
  onCancel?: () => void;
}

/**
 * Adds or renames a category, child category or brand: the name, and (only when "change its address" is ticked)
 * the address, prefilled with the slug of the name. Checked with the server's own schemas before it is sent;
 * the server's refusals land on the field they name.
 */
export function NameForm({
  label,
  submitLabel,
  title = '',
  address,
  addressField,
  addressPrefix,
  onSubmit,
  onCancel,
}: NameFormProps) {
  const id = useId();
  const [name, setName] = useState(title);
  const [moveAddress, setMoveAddress] = useState(false);
  const [addressValue, setAddressValue] = useState(address ?? '');
  const [addressTouched, setAddressTouched] = useState(false);
  const [errors, setErrors] = useState<{ title?: string; address?: string }>({});
  const [busy, setBusy] = useState(false);
  const renaming = address !== undefined;

  const onName = (event: ChangeEvent<HTMLInputElement>) => {
    setName(event.target.value);
    if (!addressTouched) setAddressValue(slugify(event.target.value));
  };
  const onToggle = (event: ChangeEvent<HTMLInputElement>) => {
    setMoveAddress(event.target.checked);
    if (event.target.checked && !addressTouched) setAddressValue(slugify(name));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checkedTitle = taxonomyTitleSchema.safeParse(name);
    const checkedAddress = moveAddress ? taxonomyAddressSchema.safeParse(addressValue) : null;
    const found = {
      ...(checkedTitle.success ? {} : { title: checkedTitle.error.issues[0]?.message }),
      ...(checkedAddress && !checkedAddress.success
        ? { address: checkedAddress.error.issues[0]?.message }
        : {}),
    };
    setErrors(found);
    if (!checkedTitle.success || (checkedAddress && !checkedAddress.success)) return;
    setBusy(true);
    try {
      await onSubmit({
        title: checkedTitle.data,
        ...(checkedAddress?.success ? { [addressField]: checkedAddress.data } : {}),
      });
      if (!renaming) {
        setName('');
        setAddressValue('');
        setMoveAddress(false);
        setAddressTouched(false);
      }
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? (error.fieldErrors ?? []) : [];
      setErrors({
        title: fieldErrors.find((e) => e.field === 'title')?.message,
        address: fieldErrors.find((e) => e.field === addressField)?.message,
      });
      if (fieldErrors.length === 0) setErrors({ title: failureText(error) });
    } finally {
      setBusy(false);
    }
  };

  const titleError = errors.title ? `${id}-title-error` : undefined;
  const addressError = errors.address ? `${id}-address-error` : undefined;
  return (
    <form className="taxonomy-form" aria-label={label} noValidate onSubmit={(e) => void submit(e)}>
      <div className="taxonomy-form__field">
        <label htmlFor={`${id}-title`} className="admin-field__label">
          Name
        </label>
        <input
          id={`${id}-title`}
          className="admin-input"
          value={name}
          onChange={onName}
          autoComplete="off"
          aria-invalid={Boolean(errors.title)}
          aria-describedby={titleError}
          aria-required
        />
        {errors.title && (
          <p id={titleError} className="admin-field__message">
            {errors.title}
          </p>
        )}
      </div>
      <label className="taxonomy-form__check">
        <input type="checkbox" checked={moveAddress} onChange={onToggle} />{' '}
        {renaming ? 'Change its address too (the old one will redirect)' : 'Choose its address'}
      </label>
      {moveAddress && (
        <div className="taxonomy-form__field">
          <label htmlFor={`${id}-address`} className="admin-field__label">
            Address
          </label>
          <p className="admin-field__hint" id={`${id}-address-hint`}>
            {addressPrefix}
            <strong>{addressValue || '…'}</strong>
          </p>
          <input
            id={`${id}-address`}
            className="admin-input"
            value={addressValue}
            onChange={(e) => {
              setAddressTouched(true);
              setAddressValue(e.target.value);
            }}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            aria-invalid={Boolean(errors.address)}
            aria-describedby={[`${id}-address-hint`, addressError].filter(Boolean).join(' ')}
          />
          {errors.address && (
            <p id={addressError} className="admin-field__message">
              {errors.address}
            </p>
          )}
        </div>
      )}
      <div className="taxonomy-form__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button admin-button--secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * A picture upload as a button: choosing a file sends it at once. `label` is its accessible name ('Upload a logo
 * for Voltcore'), `text` what it shows ('Upload logo').
 */
export function PictureButton({
  text,
  label,
  disabled,
  onFile,
}: {
  text: string;
  label: string;
  disabled?: boolean;
  onFile: (file: File) => void;
}) {
  return (
    <label className="button admin-button--secondary taxonomy-upload">
      <span aria-hidden="true">{text}</span>
      <input
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
        className="visually-hidden"
        aria-label={label}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}

/** A stored picture (a path under the media folder), or an empty frame when there is none. */
export function TaxonomyPicture({ path, className }: { path: string | null; className: string }) {
  const base = useMediaBaseUrl();
  if (!path || base === null)
    return <span className={`${className} taxonomy-picture--none`} aria-hidden="true" />;
  return <img className={className} src={mediaUrl(base, path)} alt="" loading="lazy" />;
}

/** 'Retired' beside a retired row's name. */
export function RetiredBadge({ retired }: { retired: boolean }) {
  return retired ? <span className="taxonomy-badge">Retired</span> : null;
}
