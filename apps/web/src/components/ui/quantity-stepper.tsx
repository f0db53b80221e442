import { useId } from 'react';
import './quantity-stepper.css';

export interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  /** Visible label of the read-only field. */
  label?: string;
}

/**
 * A quantity picker (SPEC §5): a read-only number between minus and plus buttons. The buttons stay
 * focusable at the limits (aria-disabled) so keyboard users do not lose their place.
 */
export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max = 100,
  label = 'Quantity',
}: QuantityStepperProps) {
  const id = useId();
  const atMin = value <= min;
  const atMax = value >= max;
  return (
    <div className="quantity-stepper">
      <label className="quantity-stepper__label" htmlFor={id}>
        {label}
      </label>
      <div className="quantity-stepper__control">
        <button
          type="button"
          className="quantity-stepper__button"
          aria-label="Decrease quantity"
          aria-controls={id}
          aria-disabled={atMin}
          onClick={() => {
            if (!atMin) onChange(Math.max(min, value - 1));
          }}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M3 8h10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <input
          id={id}
          className="quantity-stepper__input"
          type="text"
          inputMode="numeric"
          readOnly
          value={value}
        />
        <button
          type="button"
          className="quantity-stepper__button"
          aria-label="Increase quantity"
          aria-controls={id}
          aria-disabled={atMax}
          onClick={() => {
            if (!atMax) onChange(Math.min(max, value + 1));
          }}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M3 8h10M8 3v10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {/* Says the new value after a press; the field itself is not announced when it changes. */}
      <span className="visually-hidden" aria-live="polite">
        {label} {value}
      </span>
    </div>
  );
}
