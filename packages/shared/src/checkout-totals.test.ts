import { describe, expect, it } from 'vitest';
import {
  cartSummary,
  computeCheckoutTotals,
  exGstCents,
  gstIncludedCents,
  unitPriceCentsOf,
  unitPriceCentsFromColumns,
} from './checkout-totals';

const settings = { gstPercent: 10, deliveryChargeCents: 1650, freeDeliveryThresholdCents: 10000 };

describe('computeCheckoutTotals (issue 34 §1, decision 0046)', () => {
  it('charges exactly the sum of the lines shown: two brake pads at $115.45 are $230.90', () => {
    const t = computeCheckoutTotals([{ unitPriceCents: 11545, quantity: 2 }], settings);
    expect(t.subtotalCents).toBe(23090);
    expect(t.deliveryChargeCents).toBe(0);
    expect(t.totalCents).toBe(23090);
    // One-eleventh of the line: 230.90 / 11 = 20.99 (20.9909…).
    expect(t.gstCents).toBe(2099);
    expect(t.totalExGstCents).toBe(23090 - 2099);
  });

  it('charges the flat delivery below the threshold, including its GST line by line', () => {
    const t = computeCheckoutTotals(
      [
        { unitPriceCents: 2745, quantity: 2 },
        { unitPriceCents: 1999, quantity: 1 },
      ],
      settings,
    );
    expect(t.lineTotalsCents).toEqual([5490, 1999]);
    expect(t.lineGstCents).toEqual([499, 182]); // 499.09…, 181.72…
    expect(t.deliveryChargeCents).toBe(1650);
    expect(t.totalCents).toBe(5490 + 1999 + 1650);
    expect(t.gstCents).toBe(499 + 182 + 150);
  });

  it('waives delivery at exactly the threshold and above', () => {
    const at = (cents: number) =>
      computeCheckoutTotals([{ unitPriceCents: cents, quantity: 1 }], settings).deliveryChargeCents;
    expect(at(10000)).toBe(0);
    expect(at(9999)).toBe(1650);
  });

  it('takes member discounts off the subtotal, each its own line with its own GST; delivery reads the subtotal', () => {
    const t = computeCheckoutTotals([{ unitPriceCents: 11545, quantity: 2 }], settings, {
      signupPercent: 10,
      membershipPercent: 5,
    });
    expect(t.signupDiscountCents).toBe(2309);
    expect(t.membershipDiscountCents).toBe(1155); // 1154.5 rounds up
    expect(t.discountCents).toBe(2309 + 1155);
    expect(t.discountedSubtotalCents).toBe(23090 - 3464);
    expect(t.totalCents).toBe(23090 - 3464);
    expect(t.gstCents).toBe(2099 - 210 - 105);
  });

  it('applies a code to the lines it names only, and never past the subtotal', () => {
    const lines = [
      { unitPriceCents: 5000, quantity: 1 },
      { unitPriceCents: 3000, quantity: 2 },
    ];
    const code = { code: 'PADS10', percent: 10, amountCents: null, eligibleLines: [1] };
    expect(computeCheckoutTotals(lines, settings, { code }).codeDiscountCents).toBe(600);
    const big = { code: 'BIG', percent: null, amountCents: 999_999, eligibleLines: null };
    const t = computeCheckoutTotals(lines, settings, { signupPercent: 10, code: big });
    expect(t.codeDiscountCents).toBe(11000 - 1100);
    expect(t.discountedSubtotalCents).toBe(0);
    expect(t.gstCents).toBeGreaterThanOrEqual(0);
  });

  it('follows the store settings; a store not registered for GST includes none', () => {
    const t = computeCheckoutTotals([{ unitPriceCents: 5000, quantity: 1 }], {
      gstPercent: 0,
      deliveryChargeCents: 995,
      freeDeliveryThresholdCents: 20000,
    });
    expect(t.deliveryChargeCents).toBe(995);
    expect(t.gstCents).toBe(0);
    expect(t.totalCents).toBe(5995);
  });

  it('charges nothing for an empty cart', () => {
    expect(computeCheckoutTotals([], settings).totalCents).toBe(0);
  });

  it('refuses fractional or negative quantities and prices', () => {
    expect(() => computeCheckoutTotals([{ unitPriceCents: 100, quantity: -1 }], settings)).toThrow(
      RangeError,
    );
    expect(() => computeCheckoutTotals([{ unitPriceCents: 100, quantity: 1.5 }], settings)).toThrow(
      RangeError,
    );
    expect(() => computeCheckoutTotals([{ unitPriceCents: 99.5, quantity: 1 }], settings)).toThrow(
      RangeError,
    );
  });
});

describe('gstIncludedCents and exGstCents', () => {
  it('takes one-eleventh at 10%, to the nearest cent, symmetric for discount lines', () => {
    expect(gstIncludedCents(1100, 10)).toBe(100);
    expect(gstIncludedCents(1358, 10)).toBe(123); // 123.45…
    expect(gstIncludedCents(-1358, 10)).toBe(-123);
    expect(gstIncludedCents(6, 10)).toBe(1); // 0.545…
    expect(gstIncludedCents(5, 10)).toBe(0);
    expect(gstIncludedCents(1000, 0)).toBe(0);
    expect(gstIncludedCents(150, 50)).toBe(50);
    expect(exGstCents(11545, 10)).toBe(10495);
  });
});

describe('cartSummary', () => {
  it('counts items and sums line totals, no shipping or tax', () => {
    expect(
      cartSummary([
        { unitPriceCents: 500, quantity: 3 },
        { unitPriceCents: 250, quantity: 1 },
      ]),
    ).toEqual({ itemCount: 4, subtotalCents: 1750 });
  });
});

describe('unitPriceCentsOf', () => {
  it('reads the discounted price when there is one, else _price', () => {
    const meta = [{ option: '_price', value: '79.95' }];
    expect(unitPriceCentsOf({ product_meta: meta, discount_data: null })).toBe(7995);
    expect(unitPriceCentsOf({ product_meta: meta, discount_data: { discounted_price: '69.95' } })).toBe(6995);
    expect(unitPriceCentsOf({ product_meta: [], discount_data: null })).toBeNull();
  });
  it('agrees with the server-side price from stored columns', () => {
    expect(unitPriceCentsFromColumns(7995, { type: 0, value: 10 })).toBe(7195);
    expect(unitPriceCentsFromColumns(7995, null)).toBe(7995);
  });
});
