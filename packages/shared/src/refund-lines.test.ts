import { describe, expect, it } from 'vitest';
import { computeCheckoutTotals } from './checkout-totals';
import {
  adminLineRefundRequestSchema,
  apportionCents,
  chargedDeliveryCents,
  lineNetCents,
  lineRefundAmount,
  lineRefundCents,
  refundDestination,
  refundPaidWith,
} from './refund-lines';

const SETTINGS = { gstPercent: 10, deliveryChargeCents: 1_650, freeDeliveryThresholdCents: 10_000 };

describe('apportionCents', () => {
  it('splits by weight with whole cents that add up exactly', () => {
    expect(apportionCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportionCents(1_000, [3_000, 1_000])).toEqual([750, 250]);
    expect(apportionCents(7, [0, 0])).toEqual([4, 3]);
    for (let total = 0; total < 500; total += 37) {
      const shares = apportionCents(total, [123, 456, 789, 1]);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
    }
  });
  it('refuses negative or fractional totals', () => {
    expect(() => apportionCents(-1, [1])).toThrow(RangeError);
    expect(() => apportionCents(1.5, [1])).toThrow(RangeError);
  });
});

describe('lineRefundCents', () => {
  it('refunding a line in parts adds up to its net exactly', () => {
    const net = 10_001; // 3 units whose thirds do not divide evenly
    const parts = [
      lineRefundCents(net, 3, 0, 1),
      lineRefundCents(net, 3, 1, 1),
      lineRefundCents(net, 3, 2, 1),
    ];
    expect(parts.reduce((a, b) => a + b, 0)).toBe(net);
    expect(lineRefundCents(net, 3, 0, 3)).toBe(net);
    expect(lineRefundCents(net, 3, 0, 2) + lineRefundCents(net, 3, 2, 1)).toBe(net);
  });
  it('refuses more units than are left', () => {
    expect(() => lineRefundCents(1_000, 2, 1, 2)).toThrow(/Only 1/);
  });
});

describe('lineNetCents: discounts apportioned the way the order was charged', () => {
  it('an order with no discount: each line is its total; lines and delivery add up to the total', () => {
    const t = computeCheckoutTotals(
      [
        { unitPriceCents: 2_500, quantity: 2 },
        { unitPriceCents: 1_999, quantity: 1 },
      ],
      SETTINGS,
    );
    const nets = lineNetCents({
      pricesIncludeGst: true,
      gstPercent: 10,
      totalCents: t.totalCents,
      deliveryChargeCents: t.deliveryChargeCents,
      signupDiscountCents: 0,
      membershipDiscountCents: 0,
      codeDiscountCents: 0,
      lines: t.lineTotalsCents.map((lineCents) => ({ lineCents, codeApplies: true })),
    });
    expect(nets).toEqual([5_000, 1_999]);
    expect(nets[0]! + nets[1]! + t.deliveryChargeCents).toBe(t.totalCents);
  });

  it('a member discount on every line and a code on one line: the code comes off that line only; all adds up', () => {
    const lines = [
      { unitPriceCents: 4_999, quantity: 3 },
      { unitPriceCents: 12_345, quantity: 1 },
    ];
    const t = computeCheckoutTotals(lines, SETTINGS, {
      signupPercent: 10,
      code: { code: 'PADS', percent: 20, amountCents: null, eligibleLines: [0] },
    });
    const nets = lineNetCents({
      pricesIncludeGst: true,
      gstPercent: 10,
      totalCents: t.totalCents,
      deliveryChargeCents: t.deliveryChargeCents,
      signupDiscountCents: t.signupDiscountCents,
      membershipDiscountCents: 0,
      codeDiscountCents: t.codeDiscountCents,
      lines: t.lineTotalsCents.map((lineCents, i) => ({ lineCents, codeApplies: i === 0 })),
    });
    expect(nets.reduce((a, b) => a + b, 0) + t.deliveryChargeCents).toBe(t.totalCents);
    // Line 2 carries only its share of the 10% member discount, not the code.
    const signupShare2 = Math.round((t.signupDiscountCents * 12_345) / t.subtotalCents);
    expect(Math.abs(nets[1]! - (12_345 - signupShare2))).toBeLessThanOrEqual(1);
    // Refunding every unit of every line, one unit at a time, plus the delivery, gives back the total exactly.
    let sum = 0;
    for (const [i, l] of lines.entries()) {
      for (let k = 0; k < l.quantity; k++) sum += lineRefundCents(nets[i]!, l.quantity, k, 1);
    }
    expect(sum + t.deliveryChargeCents).toBe(t.totalCents);
  });

  it('an older order (GST added on the whole): nets and delivery with its GST add up to the total charged', () => {
    const o = {
      pricesIncludeGst: false,
      gstPercent: 10,
      deliveryChargeCents: 1_500,
      signupDiscountCents: 1_000,
      membershipDiscountCents: 0,
      codeDiscountCents: 0,
      totalCents: 0,
      lines: [
        { lineCents: 6_000, codeApplies: true },
        { lineCents: 4_000, codeApplies: true },
      ],
    };
    // (10 000 − 1 000 + 1 500) × 1.1
    o.totalCents = 11_550;
    expect(chargedDeliveryCents(o)).toBe(1_650);
    const nets = lineNetCents(o);
    expect(nets.reduce((a, b) => a + b, 0) + 1_650).toBe(11_550);
    expect(nets).toEqual([5_940, 3_960]);
  });
});

describe('lineRefundAmount', () => {
  const offers = [
    { line_id: 1, quantity: 2, refunded_quantity: 1, netCents: 5_000, title: 'Brake pads' },
    { line_id: 2, quantity: 1, refunded_quantity: 0, netCents: 1_999, title: 'Wiper' },
  ];
  it('sums the lines and the delivery', () => {
    expect(lineRefundAmount(offers, [{ line_id: 1, quantity: 1 }], 500, 1_650)).toEqual({
      linesCents: [{ line_id: 1, cents: 2_500 }],
      shippingCents: 500,
      totalCents: 3_000,
    });
  });
  it('refuses units already refunded, unknown lines and too much delivery, with the reason', () => {
    expect(() => lineRefundAmount(offers, [{ line_id: 1, quantity: 2 }], 0, 0)).toThrow(
      'Only 1 of Brake pads can still be refunded.',
    );
    expect(() => lineRefundAmount(offers, [{ line_id: 9, quantity: 1 }], 0, 0)).toThrow(/not a line/);
    expect(() => lineRefundAmount(offers, [], 1_651, 1_650)).toThrow(/At most \$16\.50 of the delivery/);
  });
});

describe('the request and the destination', () => {
  it('requires a reason and names the field', () => {
    const r = adminLineRefundRequestSchema.safeParse({ lines: [{ line_id: 1, quantity: 1 }], reason: ' ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['reason']);
    expect(
      adminLineRefundRequestSchema.parse({ lines: [{ line_id: 1, quantity: 1 }], reason: 'Damaged' }),
    ).toEqual({ lines: [{ line_id: 1, quantity: 1, restock: false }], shipping: '0', reason: 'Damaged' });
  });
  it('says where the money goes', () => {
    expect(refundDestination('Stripe', 'test-card')).toBe('the test card the order was paid with');
    expect(refundDestination('Paypal', 'paypal')).toBe("the customer's PayPal account");
    expect(refundDestination('Stripe', 'stripe')).toBe('the card the order was paid with');
    // Issue 40: Afterpay and Zip refund to the customer's account there; a device wallet to its card.
    expect(refundDestination('Stripe', 'stripe', 'afterpay_clearpay')).toBe(
      "the customer's Afterpay account",
    );
    expect(refundDestination('Stripe', 'stripe', 'zip')).toBe("the customer's Zip account");
    expect(refundDestination('Stripe', 'stripe', 'apple_pay')).toBe('the card the order was paid with');
  });
  it("names in the customer's refund mail what the money went back to (issue 40)", () => {
    expect(refundPaidWith('Stripe', null)).toBe('card');
    expect(refundPaidWith('Stripe', 'google_pay')).toBe('card');
    expect(refundPaidWith('Stripe', 'afterpay_clearpay')).toBe('Afterpay account');
    expect(refundPaidWith('Stripe', 'zip')).toBe('Zip account');
    expect(refundPaidWith('Paypal', null)).toBe('PayPal account');
    expect(refundPaidWith('Account', null)).toBe('trade account');
  });
});
