import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCheckoutTotals } from './checkout-totals';
import { discountedPriceCents, DISCOUNT_FIXED, DISCOUNT_PERCENT } from './discount';
import {
  decimalIncGst,
  discountIncGstCents,
  highestExGstCents,
  lowestExGstCents,
  priceDisplayLabel,
  priceIncGstCents,
  shownCartTotals,
  shownSaveLabel,
  shownPriceCents,
} from './gst-prices';

const SPEC_SETTINGS = { gstPercent: 10, deliveryChargeCents: 1500, freeDeliveryThresholdCents: 10000 };

describe('one price including GST', () => {
  it('adds the GST percent, rounding a part cent up', () => {
    expect(priceIncGstCents(59900, 10)).toBe(65890); // the SPEC's $599.00 product: $658.90
    expect(priceIncGstCents(7995, 10)).toBe(8795); // $87.945 shows as $87.95
    expect(priceIncGstCents(1001, 10)).toBe(1102); // $11.011 shows as $11.02
    expect(priceIncGstCents(1000, 10)).toBe(1100); // exact stays exact
    expect(priceIncGstCents(0, 10)).toBe(0);
    expect(priceIncGstCents(12345, 0)).toBe(12345);
    expect(priceIncGstCents(1000, 12.5)).toBe(1125);
  });

  it('rounds an amount taken off down', () => {
    expect(discountIncGstCents(799, 10)).toBe(878); // $8.789 off shows as $8.78
    expect(discountIncGstCents(1000, 10)).toBe(1100);
  });

  it('shows ex. GST prices as they are', () => {
    expect(shownPriceCents(7995, 'ex_gst', 10)).toBe(7995);
    expect(shownPriceCents(7995, 'inc_gst', 10)).toBe(8795);
  });

  it('relabels a fixed discount by what is shown taken off; a percent stays', () => {
    // $10 off $79.95 ex GST: shown $87.95 struck, $76.95 paid, so 'Save $11'.
    const list = priceIncGstCents(7995, 10);
    const sale = priceIncGstCents(6995, 10);
    expect(shownSaveLabel('Save $10', list, sale)).toBe('Save $11');
    expect(shownSaveLabel('Save 15%', list, sale)).toBe('Save 15%');
    expect(shownSaveLabel('Save $10', 7995, 6995)).toBe('Save $10');
    expect(shownSaveLabel(null, list, sale)).toBeNull();
  });

  it('labels prices inc. GST or ex. GST, and nothing for a store not registered for GST', () => {
    expect(priceDisplayLabel('inc_gst', 10)).toBe('inc. GST');
    expect(priceDisplayLabel('ex_gst', 10)).toBe('ex. GST');
    expect(priceDisplayLabel('inc_gst', 0)).toBe('');
  });

  it('turns the API `_price` into the same kind of string including GST', () => {
    expect(decimalIncGst('599.00', 10)).toBe('658.90');
    expect(decimalIncGst('79.95', 10)).toBe('87.95');
    expect(decimalIncGst('5', 10)).toBe('5.50');
    expect(decimalIncGst('abc', 10)).toBeNull();
  });

  it('turns a price filter typed as prices are shown into the GST-exclusive bounds that keep the same products', () => {
    expect(highestExGstCents(11000, 10)).toBe(10000); // up to $110 inc: up to $100 ex
    expect(lowestExGstCents(11000, 10)).toBe(10000);
    expect(lowestExGstCents(0, 10)).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom(10, 0, 12.5, 15),
        (ex, bound, gst) => {
          const shown = priceIncGstCents(ex, gst);
          expect(shown >= bound, `min ${bound}`).toBe(ex >= lowestExGstCents(bound, gst));
          expect(shown <= bound, `max ${bound}`).toBe(ex <= highestExGstCents(bound, gst));
        },
      ),
      { numRuns: 20000 },
    );
  });

  it('refuses cents that are not whole or are negative', () => {
    expect(() => priceIncGstCents(1.5, 10)).toThrow(RangeError);
    expect(() => priceIncGstCents(-1, 10)).toThrow(RangeError);
  });
});

describe('the cart as shown', () => {
  it('adds delivery including GST below the free-delivery threshold, none from it (SPEC §9)', () => {
    const below = shownCartTotals([{ unitPriceCents: 4000, quantity: 2 }], SPEC_SETTINGS);
    expect(below).toMatchObject({ subtotalCents: 8800, deliveryChargeCents: 1650, totalCents: 10450 });
    // Charged: 8000 + 1500 + GST 950 = 10450, the same as shown.
    expect(computeCheckoutTotals([{ unitPriceCents: 4000, quantity: 2 }], SPEC_SETTINGS).totalCents).toBe(
      10450,
    );
    const at = shownCartTotals([{ unitPriceCents: 5000, quantity: 2 }], SPEC_SETTINGS);
    expect(at).toMatchObject({ subtotalCents: 11000, deliveryChargeCents: 0, totalCents: 11000 });
  });

  it("takes a member's signup and plan discounts off, shown including GST", () => {
    const shown = shownCartTotals([{ unitPriceCents: 20000, quantity: 1 }], SPEC_SETTINGS, {
      signupPercent: 5,
      membershipPercent: 10,
    });
    expect(shown).toMatchObject({
      subtotalCents: 22000,
      signupDiscountCents: 1100,
      membershipDiscountCents: 2200,
    });
    expect(shown.totalCents).toBe(18700);
    const charged = computeCheckoutTotals([{ unitPriceCents: 20000, quantity: 1 }], SPEC_SETTINGS, {
      signupPercent: 5,
      membershipPercent: 10,
    });
    expect(charged.totalCents).toBe(18700);
  });

  it('shows ex. GST figures for a business member who chose them', () => {
    const shown = shownCartTotals([{ unitPriceCents: 4000, quantity: 2 }], SPEC_SETTINGS, {}, 'ex_gst');
    expect(shown).toMatchObject({ subtotalCents: 8000, deliveryChargeCents: 1500, totalCents: 9500 });
  });

  it('never charges more than the GST-inclusive figures shown add up to (any cart, discount, plan, settings)', () => {
    const line = fc.record({
      listCents: fc.integer({ min: 0, max: 500_000 }),
      discount: fc.option(
        fc.oneof(
          fc.record({ type: fc.constant(DISCOUNT_PERCENT), value: fc.integer({ min: 1, max: 100 }) }),
          fc.record({ type: fc.constant(DISCOUNT_FIXED), value: fc.integer({ min: 1, max: 100_000 }) }),
        ),
        { nil: null },
      ),
      quantity: fc.integer({ min: 1, max: 100 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.record({
          gstPercent: fc.oneof(
            fc.constant(10),
            fc.constant(0),
            fc.integer({ min: 0, max: 30 }),
            fc.constantFrom(12.5, 7.25),
          ),
          deliveryChargeCents: fc.integer({ min: 0, max: 10_000 }),
          freeDeliveryThresholdCents: fc.integer({ min: 0, max: 500_000 }),
        }),
        fc.record({
          signupPercent: fc.oneof(
            fc.constant(0),
            fc.integer({ min: 0, max: 100 }),
            fc.constantFrom(2.5, 33.3),
          ),
          membershipPercent: fc.oneof(
            fc.constant(0),
            fc.integer({ min: 0, max: 100 }),
            fc.constantFrom(5, 7.5),
          ),
        }),
        (cart, settings, discounts) => {
          const lines = cart.map((l) => ({
            unitPriceCents: discountedPriceCents(l.listCents, l.discount),
            quantity: l.quantity,
          }));
          const charged = computeCheckoutTotals(lines, settings, discounts).totalCents;
          const shown = shownCartTotals(lines, settings, discounts);
          // What the cart shows, added up from the unit prices a shopper reads on each line.
          const fromLines = lines.reduce(
            (sum, l) => sum + priceIncGstCents(l.unitPriceCents, settings.gstPercent) * l.quantity,
            0,
          );
          expect(shown.subtotalCents).toBe(fromLines);
          expect(charged - shown.totalCents).toBeLessThanOrEqual(0);
          // And never more than a cent a unit (plus delivery and two discounts) above it: the rounding is honest.
          expect(shown.totalCents - charged).toBeLessThanOrEqual(
            lines.reduce((n, l) => n + l.quantity, 0) + 3,
          );
        },
      ),
      { numRuns: 5000 },
    );
  });
});
