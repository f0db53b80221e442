import { useState, type InputHTMLAttributes } from 'react';
import type { ControlAria } from '@/components/form/text-field';

export interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  aria: ControlAria;
  /** The field's name for the toggle's label, e.g. 'password' -> 'Show password'. */
  label: string;
}

/** A password box with a show/hide toggle (SPEC §2 /reset-password); the toggle says what it will do. */
export function PasswordInput({ aria, label, ...rest }: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  return (
    <div className="password-input">
      <input
        {...aria}
        {...rest}
        type={shown ? 'text' : 'password'}
        className="checkout-input"
        spellCheck={false}
      />
      <button
        type="button"
        className="password-input__toggle"
        aria-pressed={shown}
        aria-controls={aria.id}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? 'Hide' : 'Show'}
        <span className="visually-hidden"> {label.toLowerCase()}</span>
      </button>
    </div>
  );
}
