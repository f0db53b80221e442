import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCheckoutTotals, exGstCents, gstIncludedCents, type CodeDiscount } from './checkout-totals';
import { centsToDecimalString } from './money';
import {
  amountsOfOrder,
  amountsOfTotals,
  breakdownRows,
  ORDER_MONEY_META,
  shownLine,
  type BreakdownRow,
} from './order-breakdown';

const SETTINGS = { gstPercent: 10, deliveryChargeCents: 1650, freeDeliveryThresholdCents: 10000 };
const sumOf = (rows: BreakdownRow[]) => rows.filter((r) => r.addsUp).reduce((a, r) => a + r.cents, 0);
const row = (rows: BreakdownRow[], key: BreakdownRow['key']) => rows.find((r) => r.key === key);

describe('breakdownRows (issue 34 §2)', () => {
  it('shows a member order as charged: lines, each discount, delivery, the total and the GST it includes', () => {
    const t = computeCheckoutTotals([{ unitPriceCents: 11545, quantity: 2 }], SETTINGS, {
      signupPercent: 10,
      membershipPercent: 7,
    });
    const rows = breakdownRows(amountsOfTotals(t, SETTINGS, { membershipPlanName: 'Trade Member' }));
    expect(rows.map((r) => [r.label, r.text])).toEqual([
      ['Subtotal', '$230.90'],
      ['Member discount', '\u2212$23.09'],
      ['Trade Member discount', '\u2212$16.16'],
      ['Delivery', 'Free'],
      ['Total (inc. GST)', '$191.65'],
      ['Includes GST (10%) of', `$${centsToDecimalString(t.gstCents)}`],
    ]);
    expect(sumOf(rows)).toBe(t.totalCents);
  });

  it('shows a business member every amount less its GST, and those add up to the ex-GST total', () => {
    const t = computeCheckoutTotals([{ unitPriceCents: 1358, quantity: 5 }], SETTINGS);
    const rows = breakdownRows(amountsOfTotals(t, SETTINGS), 'ex_gst');
    expect(row(rows, 'subtotal')?.cents).toBe(exGstCents(6790, 10));
    expect(row(rows, 'delivery')?.cents).toBe(1500);
    expect(sumOf(rows)).toBe(row(rows, 'total_ex_gst')?.cents);
    expect((row(rows, 'total_ex_gst')?.cents ?? 0) + (row(rows, 'gst')?.cents ?? 0)).toBe(t.totalCents);
    expect(row(rows, 'total')?.cents).toBe(t.totalCents);
  });

  it('reads an order back from its API answer to the same rows as at checkout', () => {
    const code: CodeDiscount = { code: 'WELCOME10', percent: 10, amountCents: null, eligibleLines: null };
    const t = computeCheckoutTotals([{ unitPriceCents: 1234, quantity: 3 }], SETTINGS, {
      signupPercent: 10,
      code,
    });
    const d = centsToDecimalString;
    const order = {
      subTotal: d(t.subtotalCents),
      discountedAmount: d(t.discountCents),
      delivery_charges: d(t.deliveryChargeCents),
      totalGst: d(t.gstCents),
      total_amount: d(t.totalCents),
      order_meta: [
        { option: ORDER_MONEY_META.pricesIncludeGst, value: 'yes' },
        { option: ORDER_MONEY_META.gstPercent, value: '10' },
        { option: ORDER_MONEY_META.signupDiscount, value: d(t.signupDiscountCents) },
        { option: ORDER_MONEY_META.discountCode, value: 'WELCOME10' },
        { option: ORDER_MONEY_META.codeDiscount, value: d(t.codeDiscountCents) },
      ],
    };
    expect(breakdownRows(amountsOfOrder(order))).toEqual(
      breakdownRows(amountsOfTotals(t, SETTINGS, { discountCode: 'WELCOME10' })),
    );
  });

  it('shows an order placed before the money model the SPEC §9 way, as it was charged', () => {
    const rows = breakdownRows(
      amountsOfOrder({
        subTotal: '209.90',
        discountedAmount: '0.00',
        delivery_charges: '0.00',
        totalGst: '20.99',
        total_amount: '230.89',
        order_meta: [],
      }),
      'ex_gst',
    );
    expect(rows.map((r) => r.label)).toEqual([
      'Subtotal (ex. GST)',
      'Delivery (ex. GST)',
      'GST (10%)',
      'Total (inc. GST)',
    ]);
    expect(sumOf(rows)).toBe(23089);
  });
});

describe('any cart adds up (issue 34 must-show: property)', () => {
  it('charges exactly the shown lines, discount rows and delivery; GST is one-eleventh line by line', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            // Every cents ending, from a few cents to a few thousand dollars.
            unitPriceCents: fc.oneof(fc.integer({ min: 1, max: 300_000 }), fc.integer({ min: 1, max: 999 })),
            quantity: fc.integer({ min: 1, max: 100 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.record({
          signupPercent: fc.constantFrom(0, 10, 2.5),
          membershipPercent: fc.constantFrom(0, 5, 7),
        }),
        fc.option(
          fc.record({
            code: fc.constant('CODE'),
            percent: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
            amountCents: fc.integer({ min: 1, max: 50_000 }),
            eligibleLines: fc.option(fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 4 }), {
              nil: null,
            }),
          }),
          { nil: null },
        ),
        fc.constantFrom('inc_gst' as const, 'ex_gst' as const),
        fc.integer({ min: 0, max: 40_000 }),
        (lines, member, rawCode, display, threshold) => {
          const settings = { ...SETTINGS, freeDeliveryThresholdCents: threshold };
          const code = rawCode && {
            ...rawCode,
            amountCents: rawCode.percent === null ? rawCode.amountCents : null,
          };
          const t = computeCheckoutTotals(lines, settings, { ...member, code });
          const amounts = amountsOfTotals(t, settings, { membershipPlanName: 'Plan', discountCode: 'CODE' });
          const rows = breakdownRows(amounts, display);
          const shownLines = lines.map((l) =>
            shownLine(l.unitPriceCents, l.unitPriceCents * l.quantity, amounts, display),
          );
          const lineSum = shownLines.reduce((a, l) => a + l.lineCents, 0);
          const discountRows = rows.filter((r) => r.key.endsWith('_discount'));
          const discountSum = discountRows.reduce((a, r) => a + r.cents, 0);
          const delivery = row(rows, 'delivery')?.cents ?? NaN;
          if (display === 'inc_gst') {
            // The amount charged is the sum of what the shopper was shown.
            expect(lineSum + discountSum + delivery).toBe(t.totalCents);
            expect(row(rows, 'total')?.cents).toBe(t.totalCents);
          } else if (t.discountedSubtotalCents > 0) {
            // (With every cent discounted away the GST is held at 0, not a cent below it.)
            expect(lineSum + discountSum + delivery).toBe(row(rows, 'total_ex_gst')?.cents);
            expect(row(rows, 'subtotal')?.cents).toBe(lineSum);
          }
          if (display === 'inc_gst') expect(row(rows, 'subtotal')?.cents).toBe(lineSum);
          // GST: one-eleventh of each amount shown (lines, discount lines, delivery).
          const expectedGst =
            t.lineTotalsCents.reduce((a, c) => a + gstIncludedCents(c, 10), 0) -
            gstIncludedCents(t.discountCents - t.codeDiscountCents - t.membershipDiscountCents, 10) -
            gstIncludedCents(t.membershipDiscountCents, 10) -
            gstIncludedCents(t.codeDiscountCents, 10) +
            gstIncludedCents(t.deliveryChargeCents, 10);
          expect(t.gstCents).toBe(Math.max(0, expectedGst));
          // Never further from one-eleventh of the total than the rounding of each amount allows.
          const amountsRounded = lines.length + 4;
          expect(Math.abs(t.gstCents - t.totalCents / 11)).toBeLessThanOrEqual(amountsRounded / 2 + 1e-9);
          expect(t.totalCents).toBeGreaterThanOrEqual(0);
          expect(t.discountCents).toBeLessThanOrEqual(t.subtotalCents);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
