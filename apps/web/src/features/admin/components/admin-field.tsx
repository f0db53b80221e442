import { useState, type InputHTMLAttributes } from 'react';
import type { FieldError } from 'react-hook-form';

export interface AdminFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  name: string;
  label: string;
  error: FieldError | undefined;
  hint?: string;
  /** A password box with a Show/Hide toggle. */
  password?: boolean;
  /** The field may be left empty (it is then not announced as required). */
  optional?: boolean;
}

/**
 * One labelled back-office field: the label, an optional hint, the control and its error underneath, tied to
 * the control by aria-describedby and aria-invalid so a screen reader reads the message with the field.
 */
export function AdminField({
  name,
  label,
  error,
  hint,
  password = false,
  optional = false,
  type,
  ...rest
}: AdminFieldProps) {
  const [shown, setShown] = useState(false);
  const id = `admin-${name}`;
  const hintId = `${id}-hint`;
  const messageId = `${id}-message`;
  const describedBy = [error?.message && messageId, hint && hintId].filter(Boolean).join(' ') || undefined;
  const input = (
    <input
      {...rest}
      id={id}
      name={name}
      type={password ? (shown ? 'text' : 'password') : type}
      className="admin-input"
      aria-invalid={Boolean(error?.message)}
      aria-describedby={describedBy}
      aria-required={!optional}
      spellCheck={password ? false : undefined}
    />
  );
  return (
    <div className="admin-field">
      <label className="admin-field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="admin-field__hint">
          {hint}
        </p>
      )}
      {password ? (
        <div className="admin-password">
          {input}
          <button
            type="button"
            className="admin-password__toggle"
            aria-pressed={shown}
            aria-controls={id}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? 'Hide' : 'Show'}
            <span className="visually-hidden"> {label.toLowerCase()}</span>
          </button>
        </div>
      ) : (
        input
      )}
      {error?.message && (
        <p id={messageId} className="admin-field__message">
          {error.message}
        </p>
      )}
    </div>
  );
}
