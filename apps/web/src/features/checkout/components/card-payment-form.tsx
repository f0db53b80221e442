import { useStoreConfig } from '@/lib/api/get-store-config';
import type { CardFormProps } from './card-form-props';
import { CardPaymentsOffNotice } from './card-payments-off-notice';
import { StripeCardForm } from './stripe-card-form';
import { TestCardForm } from './test-card-form';

/**
 * The card form the store is configured for (`card_payments` in the store config): the offline test form
 * ('test'), Stripe Elements ('stripe', with the config's publishable key), or a notice that card payments
 * are off, with the way to PayPal when the wallet is on. Until the config has loaded nothing is ready, so
 * the pay button stays disabled (SPEC §2: "disabled until the payment library is ready").
 */
export function CardPaymentForm(props: CardFormProps) {
  const config = useStoreConfig();
  if (config.isPending) {
    return (
      <div className="payment-method-loading" role="status">
        <span className="skeleton" aria-hidden="true" />
        <span className="visually-hidden">Loading the card form…</span>
      </div>
    );
  }
  const { card_payments: cards, stripe_publishable_key: stripeKey } = config.data ?? {};
  if (cards === 'test') return <TestCardForm {...props} />;
  if (cards === 'stripe' && stripeKey) return <StripeCardForm {...props} publishableKey={stripeKey} />;
  // Card payments are off, or the config could not be read: say so instead of a dead form.
  return <CardPaymentsOffNotice />;
}
