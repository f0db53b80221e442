import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { ORDER_MESSAGES } from '@store/shared/order-constants';
import {
  TEST_CARD_MESSAGES,
  TEST_PAYMENT_METHOD_DECLINES,
  TEST_PAYMENT_METHOD_PAYS,
} from '@store/shared/test-payments';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { describeDefaults, loadConfig } from '../../env';
import { walletFailureMessage } from '../orders/place-order';
import { choosePaymentProviders, TEST_PAYMENTS_IN_PRODUCTION_MESSAGE } from './choose-payment-providers';
import { createTestCardProvider, UNKNOWN_TEST_PAYMENT_METHOD } from './test-card-provider';
import { createTestWalletProvider } from './test-wallet-provider';

function fakeLog() {
  const warn = vi.fn();
  // Only `warn` is used by choosePaymentProviders.
  return { log: { warn } as unknown as FastifyBaseLogger, warn };
}

const charge = { amountCents: 1000, currency: 'AUD' as const, description: 'Order INV-001001' };

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
    ).toEqual({ status: 'declined', message: TEST_CARD_MESSAGES.declined });
    expect(await card.charge({ ...charge, paymentMethodId: 'pm_other', idempotencyKey: 'k3' })).toEqual({
      status: 'declined',
      message: UNKNOWN_TEST_PAYMENT_METHOD,
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
    expect(await wallet.capture({ walletOrderId, expectedAmountCents: 7150 })).toMatchObject({
      status: 'failed',
      issue: 'ORDER_NOT_APPROVED',
    });
    expect(wallet.approve(walletOrderId)).toBe('done');
    expect(await wallet.capture({ walletOrderId, expectedAmountCents: 7151 })).toMatchObject({
      status: 'failed',
      issue: 'AMOUNT_MISMATCH',
    });
    const captured = await wallet.capture({ walletOrderId, expectedAmountCents: 7150 });
    expect(captured).toEqual({ status: 'completed', captureId: expect.stringMatching(/^TWCAP/) });
    expect(await wallet.capture({ walletOrderId, expectedAmountCents: 7150 })).toMatchObject({
      status: 'failed',
      issue: 'ORDER_ALREADY_CAPTURED',
    });
    expect(wallet.cancel(walletOrderId)).toBe('already_captured');
    expect(wallet.approve('nope')).toBe('not_found');
    expect(await wallet.capture({ walletOrderId: 'nope', expectedAmountCents: 1 })).toMatchObject({
      issue: 'RESOURCE_NOT_FOUND',
    });
  });

  it('maps PAYEE_ACCOUNT_RESTRICTED to the SPEC message, anything else to the capture error', () => {
    expect(walletFailureMessage({ status: 'failed', message: 'x', issue: 'PAYEE_ACCOUNT_RESTRICTED' })).toBe(
      ORDER_MESSAGES.walletRestricted,
    );
    expect(walletFailureMessage({ status: 'failed', message: 'x' })).toBe(ORDER_MESSAGES.walletCaptureError);
  });
});

describe('choosePaymentProviders', () => {
  it('uses the offline test providers by default', () => {
    const { log, warn } = fakeLog();
    const p = choosePaymentProviders(loadConfig({}), log);
    expect([p.card.mode, p.wallet.mode, p.testWallet === p.wallet]).toEqual(['test', 'test', true]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('refuses test providers under NODE_ENV=production unless ALLOW_TEST_PAYMENTS=1', () => {
    const { log } = fakeLog();
    expect(() => choosePaymentProviders(loadConfig({ NODE_ENV: 'production' }), log)).toThrow(
      TEST_PAYMENTS_IN_PRODUCTION_MESSAGE,
    );
    const allowed = loadConfig({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: '1' });
    expect(allowed.allowTestPayments).toBe(true);
    expect(choosePaymentProviders(allowed, log).card.mode).toBe('test');
    expect(describeDefaults(allowed).join('\n')).toMatch(/ALLOW_TEST_PAYMENTS=1/);
  });

  it('warns that the real adapters are not built when their keys are set', () => {
    const { log, warn } = fakeLog();
    const p = choosePaymentProviders(loadConfig({ STRIPE_SECRET_KEY: 'sk_x', PAYPAL_CLIENT_ID: 'id' }), log);
    expect(p.card.mode).toBe('test');
    expect(warn).toHaveBeenCalledTimes(2);
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
