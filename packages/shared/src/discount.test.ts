import { describe, expect, it } from 'vitest';
import {
  DISCOUNT_FIXED,
  DISCOUNT_PERCENT,
  discountFromSalePrice,
  discountLabel,
  discountedPriceCents,
} from './discount';

describe('discountedPriceCents', () => {
  it('takes a percent off, rounded to the cent', () => {
    expect(discountedPriceCents(8000, { type: DISCOUNT_PERCENT, value: 15 })).toBe(6800);
    expect(discountedPriceCents(2995, { type: DISCOUNT_PERCENT, value: 10 })).toBe(2695);
  });
  it('takes a fixed amount off', () => {
    expect(discountedPriceCents(8995, { type: DISCOUNT_FIXED, value: 1000 })).toBe(7995);
  });
  it('never goes below zero', () => {
    expect(discountedPriceCents(500, { type: DISCOUNT_FIXED, value: 1000 })).toBe(0);
    expect(discountedPriceCents(500, { type: DISCOUNT_PERCENT, value: 150 })).toBe(0);
  });
  it('leaves the price alone without a discount', () => expect(discountedPriceCents(1234, null)).toBe(1234));
});

describe('discountFromSalePrice', () => {
  it('makes a whole-percent cut a percent discount', () => {
    expect(discountFromSalePrice(8000, 6800)).toEqual({ type: DISCOUNT_PERCENT, value: 15 });
  });
  it('makes any other cut a fixed discount in cents', () => {
    expect(discountFromSalePrice(8995, 7995)).toEqual({ type: DISCOUNT_FIXED, value: 1000 });
  });
  it('ignores a sale price that is not lower', () => {
    expect(discountFromSalePrice(5000, 5000)).toBeNull();
    expect(discountFromSalePrice(5000, 6000)).toBeNull();
  });
  it('round-trips: the discounted price is the sale price', () => {
    for (const [regular, sale] of [
      [8000, 6800],
      [8995, 7995],
      [2000, 1800],
      [12345, 11111],
    ] as const) {
      const d = discountFromSalePrice(regular, sale);
      expect(discountedPriceCents(regular, d)).toBe(sale);
    }
  });
});

describe('discountLabel (SPEC §4)', () => {
  it("labels percent as 'Save N%' and fixed as 'Save $N'", () => {
    expect(discountLabel({ type: DISCOUNT_PERCENT, value: 15 })).toBe('Save 15%');
    expect(discountLabel({ type: DISCOUNT_FIXED, value: 1000 })).toBe('Save $10');
    expect(discountLabel({ type: DISCOUNT_FIXED, value: 1050 })).toBe('Save $10.50');
  });
});
