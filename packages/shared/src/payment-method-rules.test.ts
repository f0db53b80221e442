import { describe, expect, it } from 'vitest';
import {
  BNPL_LIMITS,
  instalmentLine,
  instalmentOffer,
  PAYMENT_METHOD_MESSAGES,
  paymentMethodName,
  paymentMethodRefusal,
  stripeTypeOf,
  stripeTypesFor,
  type PaymentMethodContext,
} from './payment-method-rules';

const order = (over: Partial<PaymentMethodContext> = {}): PaymentMethodContext => ({
  currency: 'AUD',
  totalCents: 10_000,
  delivered: true,
  tradeAccount: false,
  preOrder: false,
  ...over,
});

describe('payment method rules (issue 40)', () => {
  it('cards and device wallets suit every order', () => {
    for (const kind of ['card', 'apple_pay', 'google_pay'] as const) {
      expect(
        paymentMethodRefusal(kind, order({ totalCents: 9_000_000, tradeAccount: true, preOrder: true })),
      ).toBeNull();
    }
    expect(stripeTypeOf('apple_pay')).toBe('card');
    expect(stripeTypeOf('zip')).toBe('zip');
  });

  it('Afterpay: A$1 to A$2,000 inclusive, delivered, AUD, never trade or pre-order', () => {
    const { minCents, maxCents } = BNPL_LIMITS.afterpay_clearpay;
    expect([minCents, maxCents]).toEqual([100, 200_000]);
    expect(paymentMethodRefusal('afterpay_clearpay', order({ totalCents: maxCents }))).toBeNull();
    expect(paymentMethodRefusal('afterpay_clearpay', order({ totalCents: minCents }))).toBeNull();
    expect(paymentMethodRefusal('afterpay_clearpay', order({ totalCents: maxCents + 1 }))).toBe(
      PAYMENT_METHOD_MESSAGES.outsideLimits('afterpay_clearpay'),
    );
    expect(PAYMENT_METHOD_MESSAGES.outsideLimits('afterpay_clearpay')).toContain('from $1.00 to $2000.00');
    expect(paymentMethodRefusal('afterpay_clearpay', order({ totalCents: minCents - 1 }))).not.toBeNull();
    expect(paymentMethodRefusal('afterpay_clearpay', order({ tradeAccount: true }))).toBe(
      PAYMENT_METHOD_MESSAGES.afterpayTrade,
    );
    expect(paymentMethodRefusal('afterpay_clearpay', order({ preOrder: true }))).toBe(
      PAYMENT_METHOD_MESSAGES.afterpayPreOrder,
    );
    expect(paymentMethodRefusal('afterpay_clearpay', order({ delivered: false }))).toBe(
      PAYMENT_METHOD_MESSAGES.afterpayNoDelivery,
    );
    expect(paymentMethodRefusal('afterpay_clearpay', order({ currency: 'NZD' }))).toBe(
      PAYMENT_METHOD_MESSAGES.currency('afterpay_clearpay'),
    );
  });

  it('Zip: AUD within its limits, trade buyers and collection allowed', () => {
    expect(
      paymentMethodRefusal('zip', order({ totalCents: 300_000, tradeAccount: true, delivered: false })),
    ).toBeNull();
    expect(paymentMethodRefusal('zip', order({ currency: 'USD' }))).toBe(
      PAYMENT_METHOD_MESSAGES.currency('zip'),
    );
    expect(paymentMethodRefusal('zip', order({ totalCents: BNPL_LIMITS.zip.maxCents + 1 }))).not.toBeNull();
  });

  it('offers, in the store’s order, only the types the store takes and the order allows', () => {
    const all = ['zip', 'afterpay_clearpay', 'card'] as const;
    expect(stripeTypesFor(all, order())).toEqual(['card', 'afterpay_clearpay', 'zip']);
    expect(stripeTypesFor(all, order({ totalCents: 250_000 }))).toEqual(['card', 'zip']);
    expect(stripeTypesFor(all, order({ tradeAccount: true }))).toEqual(['card', 'zip']);
    expect(stripeTypesFor(['card'], order())).toEqual(['card']);
  });

  it('the instalment line: a quarter of the price to the cent, only where Afterpay may pay it', () => {
    const offered = ['card', 'afterpay_clearpay'] as const;
    expect(instalmentOffer(2_999, offered, { tradeAccount: false })).toEqual({
      kind: 'afterpay_clearpay',
      count: 4,
      instalmentCents: 750,
    });
    expect(instalmentLine({ kind: 'afterpay_clearpay', count: 4, instalmentCents: 750 })).toBe(
      'or 4 interest-free payments of $7.50 with Afterpay',
    );
    expect(instalmentOffer(12_345, offered, { tradeAccount: false })?.instalmentCents).toBe(3_086);
    expect(instalmentOffer(200_001, offered, { tradeAccount: false })).toBeNull();
    expect(instalmentOffer(99, offered, { tradeAccount: false })).toBeNull();
    expect(instalmentOffer(2_999, offered, { tradeAccount: true })).toBeNull();
    expect(instalmentOffer(2_999, ['card'], { tradeAccount: false })).toBeNull();
  });

  it('names the way an order was paid', () => {
    expect(paymentMethodName('Stripe', null)).toBe('Card');
    expect(paymentMethodName('Stripe', 'afterpay_clearpay')).toBe('Afterpay');
    expect(paymentMethodName('Stripe', 'apple_pay')).toBe('Apple Pay');
    expect(paymentMethodName('Stripe', 'nonsense')).toBe('Card');
    expect(paymentMethodName('Paypal')).toBe('PayPal');
    expect(paymentMethodName('Account')).toBe('On account');
    expect(paymentMethodName('Cash')).toBe('Cash');
  });
});
