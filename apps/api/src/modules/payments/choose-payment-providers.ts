/**
 * Picks the card and wallet providers from the configuration (DESIGN §3): the one place that decides.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../env';
import type { CardPaymentProvider, WalletPaymentProvider } from './payment-provider';
import { createTestCardProvider } from './test-card-provider';
import { createTestWalletProvider, type TestWalletProvider } from './test-wallet-provider';

export interface PaymentProviders {
  card: CardPaymentProvider;
  wallet: WalletPaymentProvider;
  /** The test wallet when it serves (its approve/cancel routes exist only then), else null. */
  testWallet: TestWalletProvider | null;
}

export const TEST_PAYMENTS_IN_PRODUCTION_MESSAGE =
  'Refusing to start: NODE_ENV=production but payments would run on the offline test providers, which take ' +
  'no real money (the Stripe and PayPal adapters are not built yet). Set ALLOW_TEST_PAYMENTS=1 only for a ' +
  'demo or staging store that must not take real orders.';

/**
 * The offline test providers unless real keys are set. The real adapters are not built yet, so with
 * STRIPE_SECRET_KEY or PAYPAL_CLIENT_ID set it logs a warning and still uses the test providers.
 * Throws Error(TEST_PAYMENTS_IN_PRODUCTION_MESSAGE) when test providers would serve under
 * NODE_ENV=production without ALLOW_TEST_PAYMENTS=1 (DESIGN §3).
 */
export function choosePaymentProviders(config: AppConfig, log: FastifyBaseLogger): PaymentProviders {
  if (config.nodeEnv === 'production' && !config.allowTestPayments) {
    throw new Error(TEST_PAYMENTS_IN_PRODUCTION_MESSAGE);
  }
  if (config.stripeSecretKey) {
    log.warn(
      'STRIPE_SECRET_KEY is set, but the Stripe adapter is not built yet: using the test card provider',
    );
  }
  if (config.paypalClientId) {
    log.warn('PAYPAL_CLIENT_ID is set, but the PayPal adapter is not built yet: using the test wallet');
  }
  const wallet = createTestWalletProvider();
  return { card: createTestCardProvider(), wallet, testWallet: wallet };
}
