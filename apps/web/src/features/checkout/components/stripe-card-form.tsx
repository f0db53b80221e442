import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
// Types only from the main entry: importing its code would add Stripe's script to every page that loads it.
import type { Stripe, StripeCardElementOptions } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useId, useImperativeHandle, useMemo, useState } from 'react';
import type { CardFormProps } from './card-form-props';
import { CardPaymentsOffNotice } from './card-payments-off-notice';
import './stripe-card-form.css';

/** Stripe.js, once per publishable key for the life of the page (the `pure` entry adds no script on import). */
const stripeByKey = new Map<string, Promise<Stripe | null>>();

/**
 * Loads Stripe.js from Stripe (a remote script) the first time the card page asks for it, never before: only
 * the card page imports this file, and only a store with `card_payments: 'stripe'` renders it. A script
 * that fails to load is logged (SPEC §8 'Failed to load Stripe.js') and answers null (the form then says
 * card payments are not available); the next visit to the page tries again.
 */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : 'Failed to load Stripe.js');
      stripeByKey.delete(publishableKey);
      return null;
    });
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

/** Stripe's generic words when a Stripe error comes without a message of its own. */
const STRIPE_FALLBACK_MESSAGE = 'Your card could not be used. Please check the details and try again.';

/**
 * The card field's look inside Stripe's iframe, matched to the page's inputs (test-card-form.css): the
 * page's font, ink and placeholder colours, 1.05rem type, the sale red for an invalid card.
 */
const CARD_STYLE: StripeCardElementOptions['style'] = {
  base: {
    color: '#111827',
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    fontSize: '16.8px',
    fontSmoothing: 'antialiased',
    iconColor: '#4b5563',
    '::placeholder': { color: '#8a93a0' },
  },
  invalid: { color: '#c8102e', iconColor: '#c8102e' },
};

type StripeCardFormProps = CardFormProps & {
  /** `stripe_publishable_key` of the store config (public by design). */
  publishableKey: string;
};

/**
 * The card form when the store takes real card payments (`card_payments: 'stripe'`, SPEC §2
 * /checkout-stripe-payment): Stripe Elements' card field, without postal code and without Stripe's saved
 * card link (SPEC §2), in Stripe's iframe so the card never touches our page (DESIGN §5.1).
 * `createPaymentMethod` makes a Stripe payment method with the checkout's billing details; `handleNextAction`
 * runs Stripe's 3-D Secure window for the client secret the server sent. Ready (the pay button enabled) only
 * once Stripe.js has loaded and the field is on screen (SPEC §2).
 */
export function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  /** Set when Stripe.js could not load: an empty card box and a Pay button that never wakes help nobody. */
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let current = true;
    void stripe.then((loaded) => {
      if (current && loaded === null) setUnavailable(true);
    });
    return () => {
      current = false;
    };
  }, [stripe]);

  if (unavailable) return <CardPaymentsOffNotice />;
  return (
    <Elements stripe={stripe} options={{ locale: 'en-AU' }}>
      <StripeCardField {...props} />
    </Elements>
  );
}

function StripeCardField({ ref, onReadyChange, disabled = false, billing }: CardFormProps) {
  const id = useId();
  const stripe = useStripe();
  const elements = useElements();
  const [fieldReady, setFieldReady] = useState(false);
  /** Stripe's own words about what is wrong with the card as typed (shown under the field). */
  const [fieldError, setFieldError] = useState<string | null>(null);
  const ready = stripe !== null && elements !== null && fieldReady;

  useEffect(() => {
    onReadyChange(ready);
  }, [ready, onReadyChange]);
  useEffect(() => () => onReadyChange(false), [onReadyChange]);

  useImperativeHandle(
    ref,
    () => ({
      async createPaymentMethod() {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) return { error: STRIPE_FALLBACK_MESSAGE };
        const result = await stripe.createPaymentMethod({ type: 'card', card, billing_details: billing });
        if (result.error) return { error: result.error.message ?? STRIPE_FALLBACK_MESSAGE };
        return { paymentMethodId: result.paymentMethod.id };
      },
      async handleNextAction(clientSecret) {
        if (!stripe) return { error: STRIPE_FALLBACK_MESSAGE };
        const result = await stripe.handleNextAction({ clientSecret });
        return result.error ? { error: result.error.message ?? STRIPE_FALLBACK_MESSAGE } : { ok: true };
      },
    }),
    [stripe, elements, billing],
  );

  // One options object per `disabled`: react-stripe-js sends Stripe only the options that changed.
  const options = useMemo<StripeCardElementOptions>(
    () => ({ hidePostalCode: true, disableLink: true, disabled, style: CARD_STYLE }),
    [disabled],
  );

  return (
    <div className="stripe-card-form" role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="stripe-card-form__label">
        Card details
      </p>
      <CardElement
        className="stripe-card-form__field"
        options={options}
        onReady={() => setFieldReady(true)}
        onChange={(event) => setFieldError(event.error?.message ?? null)}
      />
      <p className="stripe-card-form__error" aria-live="polite">
        {fieldError}
      </p>
    </div>
  );
}
