import { BRAND_COLOURS } from '@store/shared/brand-colours';
import { isPaymentMethodKind, type PaymentMethodKind } from '@store/shared/payment-method-rules';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// Types only from the main entry: importing its code would add Stripe's script to every page that loads it.
import type {
  Appearance,
  PaymentMethod,
  Stripe,
  StripeElementsOptions,
  StripePaymentElementOptions,
} from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useId, useImperativeHandle, useMemo, useState } from 'react';
import type { CardFormProps } from './card-form-props';
import { CardPaymentsOffNotice } from './card-payments-off-notice';
import './stripe-payment-form.css';

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
 * The Payment Element's look inside Stripe's iframe, matched to the page (the shop's colours, the inputs of
 * test-card-form.css): the page's font and ink, the button orange for the chosen tab, the sale red for errors.
 */
const APPEARANCE: Appearance = {
  theme: 'stripe',
  variables: {
    colorPrimary: BRAND_COLOURS.accentInk,
    colorText: BRAND_COLOURS.ink,
    colorTextSecondary: BRAND_COLOURS.inkMuted,
    colorBackground: BRAND_COLOURS.surface,
    colorDanger: BRAND_COLOURS.sale,
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    fontSizeBase: '16px',
    borderRadius: '6px',
    focusBoxShadow: `0 0 0 2px ${BRAND_COLOURS.focus}`,
  },
};

/**
 * How the shopper paid with a Stripe payment method (issue 40): a card from Apple Pay or Google Pay is that
 * wallet (`card.wallet.type`), Afterpay and Zip are themselves, any other card is 'card'. Null for a type the store
 * does not take (the element was asked only for ours, so this would be Stripe's surprise).
 */
export function kindOfPaymentMethod(
  paymentMethod: Pick<PaymentMethod, 'type'> & { card?: { wallet?: { type?: string } | null } | null },
): PaymentMethodKind | null {
  const wallet = paymentMethod.card?.wallet?.type;
  if (paymentMethod.type === 'card' && (wallet === 'apple_pay' || wallet === 'google_pay')) return wallet;
  return isPaymentMethodKind(paymentMethod.type) &&
    paymentMethod.type !== 'apple_pay' &&
    paymentMethod.type !== 'google_pay'
    ? paymentMethod.type
    : null;
}

type StripePaymentFormProps = CardFormProps & {
  /** `stripe_publishable_key` of the store config (public by design). */
  publishableKey: string;
};

/**
 * The payment form when the store takes real payments (`card_payments: 'stripe'`, SPEC §2
 * /checkout-stripe-payment, issue 40): Stripe's Payment Element in deferred-intent mode (the amount and the
 * payment method types of this order, no PaymentIntent until place-order), offering cards, Apple Pay and Google
 * Pay where the device has them, and Afterpay and Zip where `stripeTypesFor` allows; no address (the checkout's
 * billing details go with the payment method), no postal code, no Link ('link' is not among the types), all in
 * Stripe's iframe so the card never touches our page (DESIGN §5.1). `createPaymentMethod` submits the element and
 * makes the payment method; `handleNextAction` runs 3-D Secure, `approveByRedirect` leaves for Afterpay or Zip.
 * Ready (the pay button enabled) only once Stripe.js has loaded and the element is on screen (SPEC §2).
 */
export function StripePaymentForm({ publishableKey, ...props }: StripePaymentFormProps) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  /** Set when Stripe.js could not load: an empty box and a Pay button that never wakes help nobody. */
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

  const { totalCents } = props.context;
  const typesKey = props.paymentMethodTypes.join(',');
  const options = useMemo<StripeElementsOptions>(
    () => ({
      mode: 'payment',
      amount: totalCents,
      currency: 'aud',
      paymentMethodCreation: 'manual',
      paymentMethodTypes: typesKey.split(','),
      locale: 'en-AU',
      appearance: APPEARANCE,
    }),
    [totalCents, typesKey],
  );

  if (unavailable) return <CardPaymentsOffNotice />;
  return (
    <Elements stripe={stripe} options={options}>
      <StripePaymentField {...props} />
    </Elements>
  );
}

function StripePaymentField({ ref, onReadyChange, disabled = false, billing }: CardFormProps) {
  const id = useId();
  const stripe = useStripe();
  const elements = useElements();
  const [fieldReady, setFieldReady] = useState(false);
  const ready = stripe !== null && elements !== null && fieldReady;

  useEffect(() => {
    onReadyChange(ready);
  }, [ready, onReadyChange]);
  useEffect(() => () => onReadyChange(false), [onReadyChange]);

  useImperativeHandle(ref, () => {
    async function nextAction(clientSecret: string) {
      if (!stripe) return { error: STRIPE_FALLBACK_MESSAGE };
      const result = await stripe.handleNextAction({ clientSecret });
      return result.error
        ? { error: result.error.message ?? STRIPE_FALLBACK_MESSAGE }
        : ({ ok: true } as const);
    }
    return {
      async createPaymentMethod() {
        if (!stripe || !elements) return { error: STRIPE_FALLBACK_MESSAGE };
        // Stripe checks the fields (and opens the wallet's sheet) before a payment method can be made.
        const submitted = await elements.submit();
        if (submitted.error) return { error: submitted.error.message ?? STRIPE_FALLBACK_MESSAGE };
        const result = await stripe.createPaymentMethod({ elements, params: { billing_details: billing } });
        if (result.error) return { error: result.error.message ?? STRIPE_FALLBACK_MESSAGE };
        const kind = kindOfPaymentMethod(result.paymentMethod);
        if (!kind) return { error: STRIPE_FALLBACK_MESSAGE };
        return { paymentMethodId: result.paymentMethod.id, kind };
      },
      handleNextAction: nextAction,
      // For Afterpay and Zip Stripe leaves for the provider's page; it answers only when it could not.
      approveByRedirect: nextAction,
    };
  }, [stripe, elements, billing]);

  // One options object per `disabled`: react-stripe-js sends Stripe only the options that changed.
  const options = useMemo<StripePaymentElementOptions>(
    () => ({
      layout: 'tabs',
      fields: { billingDetails: { address: 'never' } },
      wallets: { applePay: 'auto', googlePay: 'auto' },
      readOnly: disabled,
    }),
    [disabled],
  );

  return (
    <div className="stripe-payment-form" role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="stripe-payment-form__label">
        Payment details
      </p>
      <PaymentElement
        className="stripe-payment-form__element"
        options={options}
        onReady={() => setFieldReady(true)}
      />
    </div>
  );
}
