import { PAGES } from '@store/shared/paths';
import {
  instalmentLine,
  instalmentOffer,
  PAYMENT_METHOD_KIND_NAMES,
  type StripePaymentMethodType,
} from '@store/shared/payment-method-rules';
import {
  TEST_CARD_MESSAGES,
  TEST_PAYMENT_METHOD_AFTERPAY,
  TEST_PAYMENT_METHOD_WALLET,
  TEST_PAYMENT_METHOD_ZIP,
} from '@store/shared/test-payments';
import { useCallback, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CardFormHandle, CardFormProps } from './card-form-props';
import { TestCardForm } from './test-card-form';
import { WalletIcon } from '@/components/wallet-icon';
import './test-payment-form.css';

/** The test payment method of each buy-now-pay-later choice (the test provider's Afterpay and Zip). */
const TEST_METHOD_OF = {
  afterpay_clearpay: TEST_PAYMENT_METHOD_AFTERPAY,
  zip: TEST_PAYMENT_METHOD_ZIP,
} as const;

/**
 * The device wallet the test wallet button stands for (issue 40): Apple Pay on Apple's browsers (Safari on an
 * iPhone, iPad or Mac, whose vendor is Apple), Google Pay elsewhere (Chrome, Chromium, Android), as the Payment
 * Element shows the wallet the device has.
 */
export function testWalletKind(
  nav: Pick<Navigator, 'userAgent' | 'vendor'> | undefined = globalThis.navigator,
): 'apple_pay' | 'google_pay' {
  const apple = /iPhone|iPad|iPod|Macintosh/.test(nav?.userAgent ?? '') && /Apple/.test(nav?.vendor ?? '');
  return apple ? 'apple_pay' : 'google_pay';
}

/**
 * The offline test provider's payment form (DESIGN §3, issue 40), standing in for Stripe's Payment Element when
 * the store runs without keys (`card_payments: 'test'`), clearly marked as a test: the device wallet's button on
 * top ('Google Pay (test)' or 'Apple Pay (test)', paying at once with the test wallet), then a choice of the ways
 * the rules allow for this order (`paymentMethodTypes`): Card (the test card form and its hints), Afterpay (its
 * instalments) and Zip. Pay pays with the chosen one; Afterpay and Zip go to the test approval page
 * (`PAGES.testPaymentApproval`) standing in for the provider's.
 */
export function TestPaymentForm({
  ref,
  onReadyChange,
  disabled = false,
  context,
  paymentMethodTypes,
  onExpressPay,
}: CardFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const cardRef = useRef<CardFormHandle>(null);
  const [chosen, setChosen] = useState<StripePaymentMethodType>('card');
  // A choice the rules no longer allow (the order changed) falls back to the card, which is always there.
  const selected = paymentMethodTypes.includes(chosen) ? chosen : 'card';
  const wallet = testWalletKind();
  const afterpay = instalmentOffer(context.totalCents, paymentMethodTypes, context);

  useImperativeHandle(
    ref,
    () => ({
      async createPaymentMethod() {
        if (selected === 'card') {
          return cardRef.current?.createPaymentMethod() ?? { error: TEST_CARD_MESSAGES.numberIncomplete };
        }
        return { paymentMethodId: TEST_METHOD_OF[selected], kind: selected };
      },
      async handleNextAction(clientSecret) {
        return (
          cardRef.current?.handleNextAction(clientSecret) ?? {
            error: TEST_CARD_MESSAGES.authenticationFailed,
          }
        );
      },
      async approveByRedirect() {
        // The test approval page reads the attempt the payment page kept (pending-payment-storage.ts).
        await navigate(PAGES.testPaymentApproval.path);
        return { ok: true };
      },
    }),
    [selected, navigate],
  );

  // Nothing to load: ready as soon as it is on screen (the card form's own readiness is the same).
  useEffect(() => {
    onReadyChange(true);
    return () => onReadyChange(false);
  }, [onReadyChange]);
  const ignoreCardReady = useCallback(() => {}, []);

  const choices = paymentMethodTypes.map((type) => ({
    type,
    name: PAYMENT_METHOD_KIND_NAMES[type],
    offer: type === 'afterpay_clearpay' && afterpay ? instalmentLine(afterpay) : null,
    detail:
      type === 'card'
        ? 'Visa, Mastercard or American Express'
        : `You'll approve the payment on ${PAYMENT_METHOD_KIND_NAMES[type]}'s page (test mode) and come back here.`,
  }));

  return (
    <div className="test-payment-form">
      <p className="payment-test-badge">
        <span aria-hidden="true">⚠</span> Test mode — no real card is charged
      </p>
      <button
        type="button"
        className="button payment-pay-button test-payment-form__wallet"
        disabled={disabled}
        onClick={() => onExpressPay({ paymentMethodId: TEST_PAYMENT_METHOD_WALLET, kind: wallet })}
      >
        <WalletIcon />
        {PAYMENT_METHOD_KIND_NAMES[wallet]} (test)
      </button>
      <p className="test-payment-form__or" aria-hidden="true">
        <span>or pay another way</span>
      </p>
      <fieldset className="test-payment-form__choices" disabled={disabled}>
        <legend className="test-payment-form__legend">Payment method</legend>
        {choices.map((choice) => (
          <label
            key={choice.type}
            className={`test-payment-form__choice${selected === choice.type ? ' is-selected' : ''}`}
          >
            <input
              type="radio"
              name={`${id}-method`}
              value={choice.type}
              checked={selected === choice.type}
              onChange={() => setChosen(choice.type)}
              aria-describedby={`${id}-${choice.type}`}
            />
            <span className="test-payment-form__choice-text">
              <span className="test-payment-form__choice-name">{choice.name}</span>
              <span className="test-payment-form__choice-detail" id={`${id}-${choice.type}`}>
                {choice.offer && <span className="test-payment-form__choice-offer">{choice.offer}</span>}
                {choice.detail}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {selected === 'card' && (
        <TestCardForm ref={cardRef} onReadyChange={ignoreCardReady} disabled={disabled} />
      )}
    </div>
  );
}
