import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { ORDER_MESSAGES } from '@store/shared/order-constants';
import {
  paymentIdOfClientSecret,
  TEST_CARD_MESSAGES,
  TEST_PAYMENT_METHOD_AUTHENTICATES,
  TEST_PAYMENT_METHOD_DECLINES,
  TEST_PAYMENT_METHOD_PAYS,
} from '@store/shared/test-payments';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { describeDefaults, loadConfig } from '../../env';
import { walletFailureMessage } from '../orders/place-order';
import { choosePaymentProviders, TEST_PAYMENTS_IN_PRODUCTION_MESSAGE } from './choose-payment-providers';
import { createTestCardProvider, UNKNOWN_TEST_PAYMENT_METHOD } from './test-card-provider';
import { paymentsOffered } from './payments-offered';
import { createTestWalletProvider } from './test-wallet-provider';

function fakeLog() {
  const warn = vi.fn();
  // Only `warn` is used by choosePaymentProviders.
  return { log: { warn } as unknown as FastifyBaseLogger, warn };
}

const charge = {
  amountCents: 1000,
  currency: 'AUD' as const,
  description: 'Order INV-001001',
  orderPublicId: 'Q7KX2M9P4R8T1VZB',
};

describe('test card provider', () => {
  it('pays with pm_card_visa, declines pm_card_chargeDeclined and unknown methods', async () => {
    const card = createTestCardProvider();
    expect(card.mode).toBe('test');
    const paid = await card.charge({
      ...charge,
      paymentMethodId: TEST_PAYMENT_METHOD_PAYS,
      idempotencyKey: 'k1',
    });
    expect(paid).toEqual({ status: 'succeeded', paymentId: expect.stringMatching(/^pi_test_[0-9a-f]{24}$/) });
    expect(
      await card.charge({ ...charge, paymentMethodId: TEST_PAYMENT_METHOD_DECLINES, idempotencyKey: 'k2' }),
    ).toMatchObject({ status: 'declined', message: TEST_CARD_MESSAGES.declined });
    expect(await card.charge({ ...charge, paymentMethodId: 'pm_other', idempotencyKey: 'k3' })).toMatchObject(
      {
        status: 'declined',
        message: UNKNOWN_TEST_PAYMENT_METHOD,
      },
    );
  });

  it('asks for 3-D Secure with pm_card_authenticationRequired until the shopper passes or fails it', async () => {
    const card = createTestCardProvider();
    const asked = await card.charge({
      ...charge,
      paymentMethodId: TEST_PAYMENT_METHOD_AUTHENTICATES,
      idempotencyKey: 'k4',
    });
    if (asked.status !== 'requires_action') throw new Error(`expected requires_action, got ${asked.status}`);
    expect(paymentIdOfClientSecret(asked.clientSecret)).toBe(asked.paymentId);
    expect(card.authenticate(asked.paymentId, 'pi_wrong_secret_x')).toBe('not_found');
    expect(await card.check(asked.paymentId)).toEqual(asked);
    expect(card.authenticate(asked.paymentId, asked.clientSecret)).toBe('done');
    expect(await card.check(asked.paymentId)).toEqual({ status: 'succeeded', paymentId: asked.paymentId });
    expect(card.fail(asked.paymentId, asked.clientSecret)).toBe('not_waiting');

    const failed = await card.charge({
      ...charge,
      paymentMethodId: TEST_PAYMENT_METHOD_AUTHENTICATES,
      idempotencyKey: 'k5',
    });
    if (failed.status !== 'requires_action') throw new Error('expected requires_action');
    expect(card.fail(failed.paymentId, failed.clientSecret)).toBe('done');
    expect(await card.check(failed.paymentId)).toMatchObject({
      status: 'declined',
      message: TEST_CARD_MESSAGES.authenticationFailed,
    });
    expect(await card.paymentState({ paymentId: failed.paymentId, orderPublicId: 'X' })).toEqual({
      state: 'failed',
      paymentId: failed.paymentId,
    });
  });

  it('answers a repeated idempotency key with the first result', async () => {
    const card = createTestCardProvider();
    const a = await card.charge({
      ...charge,
      paymentMethodId: TEST_PAYMENT_METHOD_PAYS,
      idempotencyKey: 'same',
    });
    const b = await card.charge({
      ...charge,
      paymentMethodId: TEST_PAYMENT_METHOD_PAYS,
      idempotencyKey: 'same',
    });
    expect(b).toEqual(a);
  });
});

describe('test wallet provider', () => {
  it('captures once, only when approved and for the expected amount', async () => {
    const wallet = createTestWalletProvider();
    const { walletOrderId } = await wallet.createOrder({ amountCents: 7150, currency: 'AUD' });
    const idempotencyKey = 'order-A';
    expect(await wallet.capture({ walletOrderId, expectedAmountCents: 7150, idempotencyKey })).toMatchObject({
      status: 'failed',
      issue: 'ORDER_NOT_APPROVED',
    });
    expect(await wallet.paymentState(walletOrderId)).toEqual({ state: 'pending' });
    expect(wallet.approve(walletOrderId)).toBe('done');
    expect(await wallet.capture({ walletOrderId, expectedAmountCents: 7151, idempotencyKey })).toMatchObject({
      status: 'failed',
      issue: 'AMOUNT_MISMATCH',
    });
    const captured = await wallet.capture({ walletOrderId, expectedAmountCents: 7150, idempotencyKey });
    expect(captured).toEqual({ status: 'completed', captureId: expect.stringMatching(/^TWCAP/) });
    // The same order retrying gets the same capture; another order naming this wallet order is refused.
    expect(await wallet.capture({ walletOrderId, expectedAmountCents: 7150, idempotencyKey })).toEqual(
      captured,
    );
    expect(
      await wallet.capture({ walletOrderId, expectedAmountCents: 7150, idempotencyKey: 'order-B' }),
    ).toMatchObject({ status: 'failed', issue: 'ORDER_ALREADY_CAPTURED' });
    expect(wallet.cancel(walletOrderId)).toBe('already_captured');
    expect(wallet.approve('nope')).toBe('not_found');
    expect(
      await wallet.capture({ walletOrderId: 'nope', expectedAmountCents: 1, idempotencyKey }),
    ).toMatchObject({ issue: 'RESOURCE_NOT_FOUND' });
  });

  it('maps PAYEE_ACCOUNT_RESTRICTED to the SPEC message, anything else to the capture error', () => {
    expect(walletFailureMessage({ status: 'failed', message: 'x', issue: 'PAYEE_ACCOUNT_RESTRICTED' })).toBe(
      ORDER_MESSAGES.walletRestricted,
    );
    expect(walletFailureMessage({ status: 'failed', message: 'x' })).toBe(ORDER_MESSAGES.walletCaptureError);
  });
});

describe('choosePaymentProviders', () => {
  const stripeKeys = {
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
  };
  const paypalKeys = {
    PAYPAL_CLIENT_ID: 'client-id',
    PAYPAL_CLIENT_SECRET: 'secret',
    PAYPAL_WEBHOOK_ID: 'WH-1',
  };

  it('uses the offline test providers by default', () => {
    const { log, warn } = fakeLog();
    const p = choosePaymentProviders(loadConfig({}), log);
    expect([p.card?.mode, p.wallet?.mode, p.testWallet === p.wallet, p.testCard === p.card]).toEqual([
      'test',
      'test',
      true,
      true,
    ]);
    expect(paymentsOffered(p, undefined)).toEqual({
      card_payments: 'test',
      stripe_publishable_key: null,
      payment_method_types: ['card', 'afterpay_clearpay', 'zip'],
      wallet_payments: 'test',
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it('refuses to start under NODE_ENV=production without provider keys unless ALLOW_TEST_PAYMENTS=1', () => {
    const { log } = fakeLog();
    expect(() => choosePaymentProviders(loadConfig({ NODE_ENV: 'production' }), log)).toThrow(
      TEST_PAYMENTS_IN_PRODUCTION_MESSAGE,
    );
    const allowed = loadConfig({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: '1' });
    expect(allowed.allowTestPayments).toBe(true);
    expect(choosePaymentProviders(allowed, log).card?.mode).toBe('test');
    expect(describeDefaults(allowed).join('\n')).toMatch(/ALLOW_TEST_PAYMENTS=1/);
  });

  it('runs Stripe and PayPal when their keys are set, and offers no test provider', () => {
    const { log, warn } = fakeLog();
    const config = loadConfig({ NODE_ENV: 'production', ...stripeKeys, ...paypalKeys });
    const p = choosePaymentProviders(config, log);
    expect([p.card?.name, p.wallet?.name, p.testCard, p.testWallet]).toEqual([
      'stripe',
      'paypal',
      null,
      null,
    ]);
    expect(paymentsOffered(p, config.stripePublishableKey)).toEqual({
      card_payments: 'stripe',
      stripe_publishable_key: 'pk_test_x',
      // Afterpay and Zip only once the owner lists them (issue 40): Stripe must have them switched on first.
      payment_method_types: ['card'],
      wallet_payments: 'paypal',
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it('takes the Stripe payment method types STRIPE_PAYMENT_METHODS lists, and refuses a list it cannot use', () => {
    const { log } = fakeLog();
    const config = loadConfig({ ...stripeKeys, STRIPE_PAYMENT_METHODS: ' card, Zip,zip ' });
    expect(choosePaymentProviders(config, log).card?.methodTypes).toEqual(['card', 'zip']);
    expect(() => loadConfig({ ...stripeKeys, STRIPE_PAYMENT_METHODS: 'card,klarna' })).toThrow(
      /STRIPE_PAYMENT_METHODS.*card, afterpay_clearpay, zip/s,
    );
    expect(() => loadConfig({ ...stripeKeys, STRIPE_PAYMENT_METHODS: 'afterpay_clearpay' })).toThrow(
      /must include 'card'/,
    );
  });

  it('in production, a kind without keys is off rather than a test provider', () => {
    const { log } = fakeLog();
    const p = choosePaymentProviders(loadConfig({ NODE_ENV: 'production', ...stripeKeys }), log);
    expect([p.card?.name, p.wallet, p.testWallet]).toEqual(['stripe', null, null]);
    expect(paymentsOffered(p, 'pk_test_x').wallet_payments).toBe('off');
    // Outside production the missing kind runs on its test provider.
    const dev = choosePaymentProviders(loadConfig({ ...stripeKeys }), log);
    expect([dev.card?.name, dev.wallet?.name]).toEqual(['stripe', 'test-wallet']);
  });

  it('refuses half a set of keys, naming what is missing; warns when PayPal has no webhook id', () => {
    const { log, warn } = fakeLog();
    expect(() => choosePaymentProviders(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }), log)).toThrow(
      /Stripe is half configured; also set STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => choosePaymentProviders(loadConfig({ PAYPAL_CLIENT_ID: 'id' }), log)).toThrow(
      /PayPal is half configured; also set PAYPAL_CLIENT_SECRET/,
    );
    choosePaymentProviders(loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's' }), log);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('PAYPAL_WEBHOOK_ID'));
  });

  it('makes buildApp fail at start in production without ALLOW_TEST_PAYMENTS', async () => {
    // The check runs before the database is touched, so a stand-in handle is enough.
    const database: DatabaseHandle = {
      db: {} as DatabaseHandle['db'],
      kind: 'pglite',
      close: async () => {},
    };
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    await expect(buildApp({ config, database })).rejects.toThrow(/ALLOW_TEST_PAYMENTS=1/);
  });
});
