/**
 * Picks the card and wallet providers from the configuration (DESIGN §3, issue 10): the one place that decides.
 *
 * - Stripe when STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are all set; PayPal when
 *   PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set. Half a set refuses to start, naming what is missing.
 * - Otherwise the offline test provider of that kind, except under NODE_ENV=production, where a kind without
 *   keys is off (the payment page says so) unless ALLOW_TEST_PAYMENTS=1; with neither kind configured,
 *   production refuses to start.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../env';
import type { CardPaymentProvider, WalletPaymentProvider } from './payment-provider';
import { createPaypalWalletProvider, type PaypalWalletProvider } from './paypal-wallet-provider';
import { createStripeCardProvider } from './stripe-card-provider';
import { createTestCardProvider, type TestCardProvider } from './test-card-provider';
import { createTestWalletProvider, type TestWalletProvider } from './test-wallet-provider';

export interface PaymentProviders {
  /** The card provider, or null when card payments are off. */
  card: CardPaymentProvider | null;
  /** The wallet provider, or null when wallet payments are off. */
  wallet: WalletPaymentProvider | null;
  /** The test card when it serves (its 3-D Secure routes exist only then), else null. */
  testCard: TestCardProvider | null;
  /** The test wallet when it serves (its approve/cancel routes exist only then), else null. */
  testWallet: TestWalletProvider | null;
  /** The PayPal adapter when it serves (its webhook's signatures are verified through it), else null. */
  paypal: PaypalWalletProvider | null;
}

export const TEST_PAYMENTS_IN_PRODUCTION_MESSAGE =
  'Refusing to start: NODE_ENV=production but no payment provider is configured, and the offline test ' +
  'providers take no real money. Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET ' +
  '(cards) and/or PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (PayPal); set ALLOW_TEST_PAYMENTS=1 only for a ' +
  'demo or staging store that must not take real orders.';

/** The variables of a provider that are set and missing; throws when only some are set. */
function keysOf(provider: string, keys: Record<string, string | undefined>): boolean {
  const missing = Object.entries(keys)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length === 0) return true;
  if (missing.length === Object.keys(keys).length) return false;
  throw new Error(`Refusing to start: ${provider} is half configured; also set ${missing.join(', ')}.`);
}

/**
 * The providers for `config` (see the module comment). Throws Error(TEST_PAYMENTS_IN_PRODUCTION_MESSAGE)
 * when production would run on test providers only, and an Error naming the missing variables when a
 * provider's keys are half set. Warns when PayPal runs without PAYPAL_WEBHOOK_ID (its webhooks are refused).
 */
export function choosePaymentProviders(config: AppConfig, log: FastifyBaseLogger): PaymentProviders {
  const stripe = keysOf('Stripe', {
    STRIPE_SECRET_KEY: config.stripeSecretKey,
    STRIPE_PUBLISHABLE_KEY: config.stripePublishableKey,
    STRIPE_WEBHOOK_SECRET: config.stripeWebhookSecret,
  });
  const paypal = keysOf('PayPal', {
    PAYPAL_CLIENT_ID: config.paypalClientId,
    PAYPAL_CLIENT_SECRET: config.paypalClientSecret,
  });
  const production = config.nodeEnv === 'production';
  if (production && !stripe && !paypal && !config.allowTestPayments) {
    throw new Error(TEST_PAYMENTS_IN_PRODUCTION_MESSAGE);
  }
  const testsAllowed = !production || config.allowTestPayments;

  const testCard = !stripe && testsAllowed ? createTestCardProvider() : null;
  const card = stripe
    ? createStripeCardProvider({
        secretKey: config.stripeSecretKey ?? '',
        apiBase: config.stripeApiBase,
        timeoutMs: config.paymentTimeoutMs,
        methodTypes: config.stripePaymentMethods,
      })
    : testCard;

  const testWallet = !paypal && testsAllowed ? createTestWalletProvider() : null;
  const paypalWallet = paypal
    ? createPaypalWalletProvider({
        clientId: config.paypalClientId ?? '',
        clientSecret: config.paypalClientSecret ?? '',
        apiBase: config.paypalApiBase,
        timeoutMs: config.paymentTimeoutMs,
      })
    : null;
  const wallet = paypalWallet ?? testWallet;
  if (paypal && !config.paypalWebhookId) {
    log.warn(
      'PAYPAL_WEBHOOK_ID is not set: PayPal webhooks are refused, so run `npm run payments:reconcile` regularly',
    );
  }
  return { card, wallet, testCard, testWallet, paypal: paypalWallet };
}
