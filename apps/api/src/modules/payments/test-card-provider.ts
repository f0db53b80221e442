/**
 * The offline test card provider (DESIGN §3): charges the test payment methods the test card form makes
 * (`@store/shared/test-payments`), the way Stripe's test mode treats them. No network, no real money.
 */
import { randomBytes } from 'node:crypto';
import {
  TEST_CARD_MESSAGES,
  TEST_PAYMENT_METHOD_DECLINES,
  TEST_PAYMENT_METHOD_PAYS,
} from '@store/shared/test-payments';
import type { CardChargeResult, CardPaymentProvider } from './payment-provider';

export const UNKNOWN_TEST_PAYMENT_METHOD = 'Unknown test payment method';

/** Answers remembered per idempotency key, as Stripe does; capped so a long-running test store stays small. */
const MAX_REMEMBERED_CHARGES = 10_000;

/**
 * `pm_card_visa` succeeds with a new `pi_test_...` payment id, `pm_card_chargeDeclined` is declined with
 * 'Your card was declined.', any other id is declined with 'Unknown test payment method'. A repeated
 * idempotency key answers the first result again.
 */
export function createTestCardProvider(): CardPaymentProvider {
  const byIdempotencyKey = new Map<string, CardChargeResult>();
  return {
    name: 'test-card',
    mode: 'test',
    async charge({ amountCents, paymentMethodId, idempotencyKey }) {
      const earlier = byIdempotencyKey.get(idempotencyKey);
      if (earlier) return earlier;
      let result: CardChargeResult;
      if (!Number.isInteger(amountCents) || amountCents <= 0) {
        result = { status: 'declined', message: 'The amount must be a positive whole number of cents.' };
      } else if (paymentMethodId === TEST_PAYMENT_METHOD_PAYS) {
        result = { status: 'succeeded', paymentId: `pi_test_${randomBytes(12).toString('hex')}` };
      } else if (paymentMethodId === TEST_PAYMENT_METHOD_DECLINES) {
        result = { status: 'declined', message: TEST_CARD_MESSAGES.declined };
      } else {
        result = { status: 'declined', message: UNKNOWN_TEST_PAYMENT_METHOD };
      }
      byIdempotencyKey.set(idempotencyKey, result);
      if (byIdempotencyKey.size > MAX_REMEMBERED_CHARGES) {
        const oldest = byIdempotencyKey.keys().next().value;
        if (oldest !== undefined) byIdempotencyKey.delete(oldest);
      }
      return result;
    },
  };
}
