/**
 * The offline test card provider (DESIGN §3): charges the test payment methods the test card form makes
 * (`@store/shared/test-payments`), the way Stripe's test mode treats them. No network, no real money.
 * It keeps its test PaymentIntents in this process's memory, as the test wallet keeps its orders: it plays
 * the provider's side, which Stripe keeps on its own servers. The bank's 3-D Secure page is played by
 * `authenticate` / `fail` (routes `POST /api/payments/test-card/:paymentId/{authenticate,fail}`, registered
 * only while this provider serves).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  TEST_CARD_MESSAGES,
  TEST_PAYMENT_METHOD_AFTERPAY,
  TEST_PAYMENT_METHOD_AUTHENTICATES,
  TEST_PAYMENT_METHOD_DECLINES,
  TEST_PAYMENT_METHOD_PAYS,
  TEST_PAYMENT_METHOD_TYPES,
  TEST_PAYMENT_METHOD_WALLET,
  TEST_PAYMENT_METHOD_ZIP,
} from '@store/shared/test-payments';
import { PAYMENT_METHOD_MESSAGES, STRIPE_PAYMENT_METHOD_TYPES } from '@store/shared/payment-method-rules';
import type {
  CardChargeResult,
  CardPaymentProvider,
  ProviderPaymentState,
  RefundResult,
} from './payment-provider';

export const UNKNOWN_TEST_PAYMENT_METHOD = 'Unknown test payment method';

/** Payments remembered, as Stripe does; capped so a long-running test store stays small. */
const MAX_REMEMBERED_CHARGES = 10_000;

interface TestPaymentIntent {
  id: string;
  clientSecret: string;
  status: 'succeeded' | 'requires_action' | 'declined';
  message?: string;
  /** Set for a buy-now-pay-later payment (issue 40), whose refusal is worded for its method. */
  kind?: 'afterpay_clearpay' | 'zip' | undefined;
}

/** Stripe's words when a PaymentIntent does not allow the payment method's type. */
function wrongTypeMessage(type: string): string {
  return `The PaymentMethod provided (${type}) is not allowed for this PaymentIntent. Please choose another way to pay.`;
}

/**
 * The offline providers' refund (issue 12): at once, with an id derived from the idempotency key, so the same
 * key is the same refund (and findRefund, issue 43, answers that refund again from the key alone). A payment this process charged and did not complete cannot be refunded; one it does
 * not know (charged before a restart) is refunded, as the test provider keeps no money to check.
 */
export function testRefund(
  prefix: string,
  request: { amountCents: number; idempotencyKey: string },
  notPaid: boolean,
): RefundResult {
  if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
    return { status: 'failed', message: 'The refund must be a positive whole number of cents.' };
  }
  if (notPaid)
    return { status: 'failed', message: 'This payment was not completed, so it cannot be refunded.' };
  const digest = createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24);
  return { status: 'succeeded', refundId: `${prefix}${digest}` };
}

export type TestCardAction = 'done' | 'not_found' | 'not_waiting';

/** The test card provider plus the bank's side of 3-D Secure. */
export interface TestCardProvider extends CardPaymentProvider {
  mode: 'test';
  /** The shopper confirms on the (test) bank's page; `clientSecret` must be the payment's. */
  authenticate(paymentId: string, clientSecret: string): TestCardAction;
  /** The shopper fails or abandons the (test) bank's page. */
  fail(paymentId: string, clientSecret: string): TestCardAction;
}

/**
 * `pm_card_visa` and the test wallet's `pm_test_wallet` succeed with a new `pi_test_...` payment id;
 * `pm_test_afterpay` and `pm_test_zip` wait, like 3-D Secure, for the shopper's approval on the test approval page
 * (issue 40) and a refused one is declined in the method's words; a payment method sent under another type than
 * its own is declined as Stripe refuses it; `pm_card_chargeDeclined` is declined with
 * 'Your card was declined.', `pm_card_authenticationRequired` answers 'requires_action' with a client secret
 * until authenticated (then 'succeeded') or failed (then declined with Stripe's authentication message), any
 * other id is declined with 'Unknown test payment method'. A repeated idempotency key answers the first
 * result again.
 */
export function createTestCardProvider(): TestCardProvider {
  const byIdempotencyKey = new Map<string, TestPaymentIntent>();
  const byId = new Map<string, TestPaymentIntent>();

  const remember = (key: string, intent: TestPaymentIntent) => {
    byIdempotencyKey.set(key, intent);
    byId.set(intent.id, intent);
    if (byIdempotencyKey.size > MAX_REMEMBERED_CHARGES) {
      const [oldestKey, oldest] = byIdempotencyKey.entries().next().value ?? [];
      if (oldestKey !== undefined) byIdempotencyKey.delete(oldestKey);
      if (oldest) byId.delete(oldest.id);
    }
  };

  const resultOf = (intent: TestPaymentIntent): CardChargeResult => {
    if (intent.status === 'succeeded') return { status: 'succeeded', paymentId: intent.id };
    if (intent.status === 'requires_action') {
      return { status: 'requires_action', paymentId: intent.id, clientSecret: intent.clientSecret };
    }
    return {
      status: 'declined',
      paymentId: intent.id,
      message: intent.message ?? TEST_CARD_MESSAGES.declined,
    };
  };

  const act = (
    paymentId: string,
    clientSecret: string,
    next: TestPaymentIntent['status'],
  ): TestCardAction => {
    const intent = byId.get(paymentId);
    if (!intent || intent.clientSecret !== clientSecret) return 'not_found';
    if (intent.status !== 'requires_action') return 'not_waiting';
    intent.status = next;
    if (next === 'declined') {
      intent.message = intent.kind
        ? PAYMENT_METHOD_MESSAGES.declined(intent.kind)
        : TEST_CARD_MESSAGES.authenticationFailed;
    }
    return 'done';
  };

  return {
    name: 'test-card',
    mode: 'test',
    methodTypes: STRIPE_PAYMENT_METHOD_TYPES,
    async charge({ amountCents, paymentMethodId, idempotencyKey, methodType = 'card' }) {
      const earlier = byIdempotencyKey.get(idempotencyKey);
      if (earlier) return resultOf(earlier);
      const id = `pi_test_${randomBytes(12).toString('hex')}`;
      const intent: TestPaymentIntent = {
        id,
        clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        status: 'declined',
      };
      const type = TEST_PAYMENT_METHOD_TYPES[paymentMethodId];
      if (!Number.isInteger(amountCents) || amountCents <= 0) {
        intent.message = 'The amount must be a positive whole number of cents.';
      } else if (type !== undefined && type !== methodType) {
        // As Stripe refuses a payment method whose type the PaymentIntent does not allow (issue 40).
        intent.message = wrongTypeMessage(type);
      } else if (
        paymentMethodId === TEST_PAYMENT_METHOD_PAYS ||
        paymentMethodId === TEST_PAYMENT_METHOD_WALLET
      ) {
        intent.status = 'succeeded';
      } else if (
        paymentMethodId === TEST_PAYMENT_METHOD_AUTHENTICATES ||
        paymentMethodId === TEST_PAYMENT_METHOD_AFTERPAY ||
        paymentMethodId === TEST_PAYMENT_METHOD_ZIP
      ) {
        // 3-D Secure, or Afterpay's and Zip's approval on their own page (the test approval page stands in).
        intent.status = 'requires_action';
        intent.kind = type === 'card' ? undefined : type;
      } else if (paymentMethodId === TEST_PAYMENT_METHOD_DECLINES) {
        intent.message = TEST_CARD_MESSAGES.declined;
      } else {
        intent.message = UNKNOWN_TEST_PAYMENT_METHOD;
      }
      remember(idempotencyKey, intent);
      return resultOf(intent);
    },
    async check(paymentId) {
      const intent = byId.get(paymentId);
      if (!intent) return { status: 'declined', message: UNKNOWN_TEST_PAYMENT_METHOD };
      return resultOf(intent);
    },
    async paymentState({ paymentId }) {
      const intent = paymentId ? byId.get(paymentId) : undefined;
      if (!intent) return { state: 'unknown' };
      const state: ProviderPaymentState =
        intent.status === 'succeeded'
          ? 'completed'
          : intent.status === 'requires_action'
            ? 'pending'
            : 'failed';
      return { state, paymentId: intent.id };
    },
    async cancel(paymentId) {
      const intent = byId.get(paymentId);
      if (!intent || intent.status === 'succeeded') return false;
      intent.status = 'declined';
      intent.message = 'The payment was cancelled.';
      return true;
    },
    async refund(request) {
      const intent = byId.get(request.paymentId);
      return testRefund('re_test_', request, intent !== undefined && intent.status !== 'succeeded');
    },
    async findRefund({ paymentId, idempotencyKey }) {
      // Stateless, as refund is: the refund with this key is the one refund would make (see testRefund).
      const intent = byId.get(paymentId);
      return testRefund(
        're_test_',
        { amountCents: 1, idempotencyKey },
        intent !== undefined && intent.status !== 'succeeded',
      );
    },
    authenticate: (paymentId, clientSecret) => act(paymentId, clientSecret, 'succeeded'),
    fail: (paymentId, clientSecret) => act(paymentId, clientSecret, 'declined'),
  };
}
