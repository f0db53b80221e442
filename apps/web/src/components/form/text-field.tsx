import type { ReactNode } from 'react';
import type { FieldMessage } from './field-message';
import './form.css';

/**
 * The id of a field's control, so an error can send focus to it. The `checkout-` prefix is the one the
 * storefront has always shipped (the form kit grew up in checkout); pages and tests find fields by it.
 */
export function fieldId(name: string): string {
  return `checkout-${name}`;
}

/** What the control needs to describe itself: its id, hint and message ids, and whether it is invalid. */
export interface ControlAria {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean;
  'aria-required': boolean | undefined;
}

export interface TextFieldProps {
  /** Form field name, e.g. `f_name` or `s_city`. */
  name: string;
  label: string;
  required: boolean;
  hint?: string;
  message: FieldMessage | null;
  /** The field's place in the grid (billing and shipping twins share it), e.g. `post_code`. */
  layout: string;
  /** Shown under the control, after any message (e.g. a character counter); needs its own id. */
  footer?: { id: string; content: ReactNode };
  /** The control itself. */
  children: (aria: ControlAria) => ReactNode;
}

/**
 * One storefront form field (checkout, account and customer-service forms): a visible label (with a required
 * marker or "optional"), an optional hint read before typing, the control, and its message underneath, tied
 * to the control by aria-describedby/aria-invalid.
 */
export function TextField({
  name,
  label,
  required,
  hint,
  message,
  layout,
  footer,
  children,
}: TextFieldProps) {
  const id = fieldId(name);
  const hintId = `${id}-hint`;
  const messageId = `${id}-message`;
  const describedBy =
    [message && messageId, hint && hintId, footer?.id].filter(Boolean).join(' ') || undefined;
  return (
    <div className="checkout-field" data-field={layout}>
      <label className="checkout-field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="checkout-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <>
            {' '}
            <span className="checkout-field__optional">(optional)</span>
          </>
        )}
      </label>
      {hint && (
        <p id={hintId} className="checkout-field__hint">
          {hint}
        </p>
      )}
      {children({
        id,
        'aria-describedby': describedBy,
        'aria-invalid': message?.kind === 'error',
        'aria-required': required || undefined,
      })}
      {message && (
        <p id={messageId} className={`checkout-field__message checkout-field__message--${message.kind}`}>
          <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
            <circle cx="10" cy="10" r="9" fill="currentColor" />
            <path d="M10 5.5v5.5M10 13.6v.9" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {message.text}
        </p>
      )}
      {footer && (
        <div id={footer.id} className="checkout-field__footer">
          {footer.content}
        </div>
      )}
    </div>
  );
}
