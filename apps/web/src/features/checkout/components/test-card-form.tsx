import { paymentIdOfClientSecret, TEST_CARD_MESSAGES, tokeniseTestCard } from '@store/shared/test-payments';
import { useEffect, useId, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { authenticateTestCardPayment, failTestCardPayment } from '../api/test-card';
import type { CardFormProps, NextActionResult } from './card-form-props';
import { TestAuthenticationDialog } from './test-authentication-dialog';
import './test-card-form.css';

/** Test cards shown as hints (DESIGN §3: Stripe's own test numbers). */
export const TEST_CARD_HINTS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0025 0000 3155', outcome: 'asks you to confirm (3-D Secure)' },
] as const;

/**
 * Sends the shopper's choice in the test 3-D Secure window to the test card provider. Failing, or any
 * trouble sending, ends as "not authenticated"; the page asks the server again either way, and the server
 * decides (a payment still waiting answers `requires_action` again).
 */
async function sendChallengeAnswer(clientSecret: string, confirmed: boolean): Promise<NextActionResult> {
  const failed = { error: TEST_CARD_MESSAGES.authenticationFailed };
  const paymentId = paymentIdOfClientSecret(clientSecret);
  if (!paymentId) return failed;
  try {
    if (!confirmed) {
      await failTestCardPayment(paymentId, clientSecret);
      return failed;
    }
    await authenticateTestCardPayment(paymentId, clientSecret);
    return { ok: true };
  } catch (error) {
    return confirmed && error instanceof ApiError ? { error: error.message } : failed;
  }
}

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
 * The offline test provider's card form (DESIGN §3), the Card choice of the test payment form (test-payment-form.tsx)
 * when the store runs without Stripe keys.
 * Card number (in groups of 4), expiry MM / YY and CVC; no postal code (SPEC §2). It checks the card and
 * makes the payment method id in the browser with `tokeniseTestCard`, as Stripe Elements would inside its
 * iframe: the number stays in this component's state and is never sent, stored or logged. The inputs
 * have no `name`, so even a native form submission could not carry them anywhere. When the server asks for
 * 3-D Secure (test card 4000 0025 0000 3155), `handleNextAction` opens the test authentication window and
 * resolves with the shopper's choice once the test card provider has it.
 */
export function TestCardForm({
  ref,
  onReadyChange,
  disabled = false,
}: Pick<CardFormProps, 'ref' | 'onReadyChange' | 'disabled'>) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const numberRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);
  /** The client secret of the payment whose 3-D Secure window is open, and how to tell the page the end. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const settleChallenge = useRef<((result: NextActionResult) => void) | null>(null);
  /** True while the shopper's choice in that window is being sent. */
  const [answering, setAnswering] = useState(false);

  useImperativeHandle(
    ref,
    () => ({
      async createPaymentMethod() {
        const result = tokeniseTestCard({ number, expiry, cvc });
        return result.ok
          ? { paymentMethodId: result.paymentMethodId, kind: 'card' as const }
          : { error: result.message };
      },
      handleNextAction(clientSecret) {
        return new Promise<NextActionResult>((resolve) => {
          settleChallenge.current = resolve;
          setChallenge(clientSecret);
        });
      },
      // A card is never approved on another site; the test payment form sends Afterpay and Zip there itself.
      async approveByRedirect() {
        return { error: TEST_CARD_MESSAGES.authenticationFailed };
      },
    }),
    [number, expiry, cvc],
  );

  // Leaving the page with the window open counts as not confirming, so the payment attempt can end.
  useEffect(() => () => settleChallenge.current?.({ error: TEST_CARD_MESSAGES.authenticationFailed }), []);

  async function answerChallenge(confirmed: boolean) {
    if (challenge === null || answering) return;
    setAnswering(true);
    const result = await sendChallengeAnswer(challenge, confirmed);
    setAnswering(false);
    setChallenge(null);
    settleChallenge.current?.(result);
    settleChallenge.current = null;
  }

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
      {challenge && (
        <TestAuthenticationDialog
          busy={answering}
          onComplete={() => void answerChallenge(true)}
          onFail={() => void answerChallenge(false)}
        />
      )}
    </div>
  );
}
