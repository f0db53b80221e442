import { Link } from 'react-router';
import { useStoreConfig } from '@/features/store/api/get-store-config';
import type { CardFormProps } from './card-form-props';
import { TestCardForm } from './test-card-form';

/**
 * The card form the store is configured for (`card_payments` in the store config). Until the config has
 * loaded nothing is ready, so the pay button stays disabled (SPEC §2: "disabled until the payment library
 * is ready").
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
  if (config.data?.card_payments === 'test') return <TestCardForm {...props} />;
  // Stripe Elements is not wired in yet, or the config could not be read: say so instead of a dead form.
  return (
    <p className="notice">
      Card payments are not available right now.{' '}
      <Link to="/checkout-paypal-payment">Pay with PayPal instead</Link>
    </p>
  );
}
