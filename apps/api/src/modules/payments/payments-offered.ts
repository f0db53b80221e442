/**
 * What the store config tells the web app about payments (SPEC §2 payment pages, issue 10): which card form and
 * which wallet button to show, and Stripe's publishable key.
 */
import type { StoreConfig } from '@store/shared/store-settings';
import type { PaymentProviders } from './choose-payment-providers';

/** 'test' for the offline providers (the page shows its test-mode label), the provider's name, or 'off'. */
export function paymentsOffered(
  payments: Pick<PaymentProviders, 'card' | 'wallet'>,
  stripePublishableKey: string | undefined,
): Pick<
  StoreConfig,
  'card_payments' | 'stripe_publishable_key' | 'payment_method_types' | 'wallet_payments'
> {
  const card = payments.card;
  const wallet = payments.wallet;
  return {
    card_payments: !card ? 'off' : card.mode === 'test' ? 'test' : 'stripe',
    stripe_publishable_key: card && card.mode === 'live' ? (stripePublishableKey ?? null) : null,
    payment_method_types: card ? [...card.methodTypes] : [],
    wallet_payments: !wallet ? 'off' : wallet.mode === 'test' ? 'test' : 'paypal',
  };
}
