import { stripeTypesFor, type PaymentMethodContext } from '@store/shared/payment-method-rules';
import { useStoreConfig } from '@/lib/api/get-store-config';
import type { CardFormProps } from './card-form-props';
import { CardPaymentsOffNotice } from './card-payments-off-notice';
import { StripePaymentForm } from './stripe-payment-form';
import { TestPaymentForm } from './test-payment-form';

export type CardPaymentFormProps = Omit<CardFormProps, 'context' | 'paymentMethodTypes'> & {
  /** The order for the payment method rules; null while the buyer's trade account is being read. */
  context: PaymentMethodContext | null;
};

/**
 * The payment form the store is configured for (`card_payments` in the store config): the offline test form
 * ('test'), Stripe's Payment Element ('stripe', with the config's publishable key), or a notice that card payments
 * are off, with the way to PayPal when the wallet is on. Either form offers the Stripe types the store takes
 * (`payment_method_types`) that the rules allow for this order (`stripeTypesFor`, issue 40). Until the config and
 * the order's context have loaded nothing is ready, so the pay button stays disabled (SPEC §2: "disabled until
 * the payment library is ready").
 */
export function CardPaymentForm({ context, ...props }: CardPaymentFormProps) {
  const config = useStoreConfig();
  if (config.isPending || context === null) {
    return (
      <div className="payment-method-loading" role="status">
        <span className="skeleton" aria-hidden="true" />
        <span className="visually-hidden">Loading the card form…</span>
      </div>
    );
  }
  const {
    card_payments: cards,
    stripe_publishable_key: stripeKey,
    payment_method_types: offered = ['card'],
  } = config.data ?? {};
  const paymentMethodTypes = stripeTypesFor(offered, context);
  const formProps = { ...props, context, paymentMethodTypes };
  if (cards === 'test') return <TestPaymentForm {...formProps} />;
  if (cards === 'stripe' && stripeKey) return <StripePaymentForm {...formProps} publishableKey={stripeKey} />;
  // Card payments are off, or the config could not be read: say so instead of a dead form.
  return <CardPaymentsOffNotice />;
}
