import { describe, expect, it } from 'vitest';
import {
  cartSummary,
  computeCheckoutTotals,
  unitPriceCentsOf,
  unitPriceCentsFromColumns,
} from './checkout-totals';

const settings = { gstPercent: 10, deliveryChargeCents: 1500, freeDeliveryThresholdCents: 10000 };

describe('computeCheckoutTotals (SPEC §9)', () => {
  it('charges delivery below $100 and adds GST on subtotal plus delivery', () => {
    const t = computeCheckoutTotals(
      [
        { unitPriceCents: 2495, quantity: 2 },
        { unitPriceCents: 1999, quantity: 1 },
      ],
      settings,
    );
    expect(t).toEqual({
      itemCount: 3,
      subtotalCents: 6989,
      signupDiscountCents: 0,
      membershipDiscountCents: 0,
      discountedSubtotalCents: 6989,
      deliveryChargeCents: 1500,
      gstCents: 849, // (69.89 + 15) × 10% = 8.489 -> 8.49
      totalCents: 6989 + 1500 + 849,
    });
  });

  it('waives delivery at exactly $100 and above', () => {
    expect(
      computeCheckoutTotals([{ unitPriceCents: 10000, quantity: 1 }], settings).deliveryChargeCents,
    ).toBe(0);
    expect(computeCheckoutTotals([{ unitPriceCents: 9999, quantity: 1 }], settings).deliveryChargeCents).toBe(
      1500,
    );
  });

  it('takes member discounts off the subtotal before GST, but decides delivery on the subtotal', () => {
    const t = computeCheckoutTotals([{ unitPriceCents: 10000, quantity: 1 }], settings, {
      signupPercent: 10,
      membershipPercent: 5,
    });
    expect(t.signupDiscountCents).toBe(1000);
    expect(t.membershipDiscountCents).toBe(500);
    expect(t.discountedSubtotalCents).toBe(8500);
    expect(t.deliveryChargeCents).toBe(0);
    expect(t.gstCents).toBe(850);
    expect(t.totalCents).toBe(9350);
  });

  it('follows the store settings', () => {
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
