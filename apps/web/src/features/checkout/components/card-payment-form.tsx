import type { Ref } from 'react';
import { Link } from 'react-router';
import { useStoreConfig } from '@/features/store/api/get-store-config';
import { TestCardForm } from './test-card-form';

/**
 * The card provider interface of the card payment page. A card form owns the card fields and turns them
 * into a payment method id, as Stripe Elements does with `stripe.createPaymentMethod`; the page only ever
 * sees that id (DESIGN §5.1: card numbers never reach our server). The offline test form implements it
 * today; a Stripe Elements form drops in beside it when `card_payments` is 'stripe'.
 */
export type CreatePaymentMethodResult = { paymentMethodId: string } | { error: string };

export interface CardFormHandle {
  /** Checks the card and creates the payment method; `error` is the provider's message for the shopper. */
  createPaymentMethod(): Promise<CreatePaymentMethodResult>;
}

export interface CardFormProps {
  /** The page keeps this to call `createPaymentMethod` when the shopper pays. */
  ref: Ref<CardFormHandle>;
  /** Called with true once the form can take a payment (the provider's script is ready), false when not. */
  onReadyChange: (ready: boolean) => void;
  /** True while a payment is being made, so the card cannot change under it. */
  disabled?: boolean;
}

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
