import { tokeniseTestCard } from '@store/shared/test-payments';
import { useEffect, useId, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import type { CardFormProps } from './card-form-props';
import './test-card-form.css';

/** Test cards shown as hints (DESIGN §3: Stripe's own test numbers). */
export const TEST_CARD_HINTS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
] as const;

const MAX_CARD_DIGITS = 16;

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** '4242424242' -> '4242 4242 42'. */
export function formatCardNumber(text: string): string {
  return (
    digitsOf(text)
      .slice(0, MAX_CARD_DIGITS)
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

/**
 * '1228' -> '12 / 28'. A lone first digit above 1 is a month: '4' -> '04 / '. The ' / ' appears only once
 * a year digit follows, so Backspace after the month is never undone by the formatting.
 */
export function formatExpiry(text: string): string {
  let digits = digitsOf(text).slice(0, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** Where the caret goes after formatting: after the same number of digits as before it. */
function caretAfterDigits(formatted: string, digitCount: number): number {
  if (digitCount === 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i] ?? '') && ++seen === digitCount) return i + 1;
  }
  return formatted.length;
}

/**
 * The offline test provider's card form (DESIGN §3), used when the store runs without Stripe keys.
 * Card number (in groups of 4), expiry MM / YY and CVC; no postal code (SPEC §2). It checks the card and
 * makes the payment method id in the browser with `tokeniseTestCard`, as Stripe Elements would inside its
 * iframe: the number stays in this component's state and is never sent, stored or logged. The inputs
 * have no `name`, so even a native form submission could not carry them anywhere.
 */
export function TestCardForm({ ref, onReadyChange, disabled = false }: CardFormProps) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const numberRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);

  useImperativeHandle(
    ref,
    () => ({
      async createPaymentMethod() {
        const result = tokeniseTestCard({ number, expiry, cvc });
        return result.ok ? { paymentMethodId: result.paymentMethodId } : { error: result.message };
      },
    }),
    [number, expiry, cvc],
  );

  // Nothing to load: the test form is ready as soon as it is on screen.
  useEffect(() => {
    onReadyChange(true);
    return () => onReadyChange(false);
  }, [onReadyChange]);

  // Keeps the caret where the shopper was typing when spaces are added or removed in the middle.
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const input = numberRef.current;
    if (caret === null || !input || document.activeElement !== input) return;
    input.setSelectionRange(caret, caret);
    pendingCaret.current = null;
  }, [number]);

  return (
    <div className="test-card-form">
      <p className="payment-test-badge">
        <span aria-hidden="true">⚠</span> Test mode — no real card is charged
      </p>
      <div className="test-card-form__hint" id={`${id}-hint`}>
        <p>Test card numbers:</p>
        <ul>
          {TEST_CARD_HINTS.map((card) => (
            <li key={card.number}>
              <code>{card.number}</code> — {card.outcome}
            </li>
          ))}
        </ul>
        <p>Any future expiry date and any 3-digit CVC.</p>
      </div>

      <div className="test-card-form__field test-card-form__field--number">
        <label htmlFor={`${id}-number`}>Card number</label>
        <input
          ref={numberRef}
          id={`${id}-number`}
          className="test-card-form__input"
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          autoCorrect="off"
          spellCheck={false}
          placeholder="1234 1234 1234 1234"
          maxLength={MAX_CARD_DIGITS + 3}
          aria-describedby={`${id}-hint`}
          disabled={disabled}
          value={number}
          onChange={(e) => {
            const input = e.target;
            const before = digitsOf(input.value.slice(0, input.selectionStart ?? input.value.length)).length;
            const next = formatCardNumber(input.value);
            pendingCaret.current = caretAfterDigits(next, before);
            setNumber(next);
          }}
        />
      </div>

      <div className="test-card-form__row">
        <div className="test-card-form__field">
          <label htmlFor={`${id}-expiry`}>Expiry date</label>
          <input
            id={`${id}-expiry`}
            className="test-card-form__input"
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            autoCorrect="off"
            spellCheck={false}
            placeholder="MM / YY"
            maxLength={7}
            disabled={disabled}
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value))}
          />
        </div>
        <div className="test-card-form__field">
          <label htmlFor={`${id}-cvc`}>CVC</label>
          <input
            id={`${id}-cvc`}
            className="test-card-form__input"
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            autoCorrect="off"
            spellCheck={false}
            placeholder="CVC"
            maxLength={4}
            disabled={disabled}
            value={cvc}
            onChange={(e) => setCvc(digitsOf(e.target.value).slice(0, 4))}
          />
        </div>
      </div>
    </div>
  );
}
