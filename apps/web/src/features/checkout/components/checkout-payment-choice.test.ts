import type { PaymentMethodContext } from '@store/shared/payment-method-rules';
import { describe, expect, it } from 'vitest';
import { cardPageAlsoLine } from './checkout-payment-choice';

/** Issue 40 §2: the line under the card button naming what else the card page takes. */
const order = (overrides: Partial<PaymentMethodContext> = {}): PaymentMethodContext => ({
  currency: 'AUD',
  totalCents: 9495,
  delivered: true,
  tradeAccount: false,
  preOrder: false,
  ...overrides,
});
const ALL = ['card', 'afterpay_clearpay', 'zip'] as const;

describe('cardPageAlsoLine', () => {
  it('names the device wallets, Afterpay and Zip for an ordinary order', () => {
    expect(cardPageAlsoLine(ALL, order())).toBe('Also Apple Pay, Google Pay, Afterpay and Zip');
  });

  it('keeps Afterpay up to $2,000.00 inclusive and drops it past that, where Zip still takes the order', () => {
    expect(cardPageAlsoLine(ALL, order({ totalCents: 200_000 }))).toContain('Afterpay');
    expect(cardPageAlsoLine(ALL, order({ totalCents: 200_001 }))).toBe('Also Apple Pay, Google Pay and Zip');
  });

  it('drops Afterpay for a trade account', () => {
    expect(cardPageAlsoLine(ALL, order({ tradeAccount: true }))).toBe('Also Apple Pay, Google Pay and Zip');
  });

  it('names only what the store offers, and nothing when there is nothing else', () => {
    expect(cardPageAlsoLine(['card'], order())).toBe('Also Apple Pay and Google Pay');
    expect(cardPageAlsoLine(['afterpay_clearpay'], order())).toBe('Also Afterpay');
    expect(cardPageAlsoLine(['card', 'zip'], null)).toBe('Also Apple Pay and Google Pay');
    expect(cardPageAlsoLine(['zip'], order({ totalCents: 50 }))).toBeNull();
  });
});
