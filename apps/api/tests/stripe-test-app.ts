/**
 * The whole store with Stripe switched on against the fake Stripe API (STRIPE_API_BASE, the network edge), a
 * catalog and one product to buy: the set-up every Stripe payment test shares. `close` stops both.
 */
import type { StripePaymentMethodType } from '@store/shared/payment-method-rules';
import { FAKE_STRIPE_SECRET_KEY, startFakeStripeApi, type FakeStripeApi } from './fakes/fake-stripe-api';
import { seedCatalog, seedProduct } from './seed-catalog';
import { createTestApp, type TestApp } from './test-app';

export interface StripeTestApp {
  t: TestApp;
  fake: FakeStripeApi;
  productId: number;
  close(): Promise<void>;
}

export async function startStripeTestApp(options: {
  webhookSecret: string;
  /** What the Stripe account has switched on (STRIPE_PAYMENT_METHODS); the store's default when absent. */
  paymentMethods?: StripePaymentMethodType[];
  /** How long a payment call may take, ms. */
  paymentTimeoutMs: number;
  product: { sku: string; title: string; priceCents: number; stock: number };
}): Promise<StripeTestApp> {
  const fake = await startFakeStripeApi();
  const t = await createTestApp({
    config: (c) => {
      c.stripeSecretKey = FAKE_STRIPE_SECRET_KEY;
      c.stripePublishableKey = 'pk_test_fake';
      c.stripeWebhookSecret = options.webhookSecret;
      c.stripeApiBase = fake.apiBase;
      if (options.paymentMethods) c.stripePaymentMethods = options.paymentMethods;
      c.paymentTimeoutMs = options.paymentTimeoutMs;
      c.rateLimits.placeOrdersPerMinute = 100_000;
    },
  });
  await seedCatalog(t.database.db);
  const productId = await seedProduct(t.database.db, options.product);
  return {
    t,
    fake,
    productId,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}
