import { describe, expect, it } from 'vitest';
import { computeCheckoutTotals } from './checkout-totals';
import {
  addressKindOf,
  chargeableWeightGrams,
  DEFAULT_RATE_TABLE,
  DELIVERY_MESSAGES,
  deliveryChoiceText,
  deliveryOptionRefusal,
  standardChargeCents,
  tablePricesStandard,
  tableRateCents,
  zoneOf,
  type DeliveryLine,
  type RateTable,
} from './delivery-rules';

const part = (over: Partial<DeliveryLine> = {}): DeliveryLine => ({
  title: 'Oil Filter',
  quantity: 1,
  dangerousGoodsClass: null,
  bulky: false,
  weightGrams: 500,
  lengthMm: null,
  widthMm: null,
  heightMm: null,
  ...over,
});
const battery = part({ title: 'Car Battery N70ZZ', dangerousGoodsClass: '8', weightGrams: 18000 });
const bullBar = part({ title: 'Steel Bull Bar', bulky: true, weightGrams: 20000 });

describe('addressKindOf (issue 41)', () => {
  it.each([
    'PO Box 12',
    'P.O. Box 12',
    'p o box 7',
    'Post Office Box 99',
    'GPO Box 1',
    'G.P.O. Box 1234',
    'Locked Bag 5',
    'Private Bag 3',
  ])('reads "%s" as a PO box', (street) => {
    expect(addressKindOf(street)).toBe('po_box');
  });

  it.each(['Parcel Locker 1023456789', 'Parcel Collect 10234', '24/7 Parcel Locker, Central Station'])(
    'reads "%s" as a parcel locker',
    (street) => {
      expect(addressKindOf(street)).toBe('parcel_locker');
    },
  );

  it.each(['12 Box Hill Rd', '3 Post Office Rd', '7 Boxer St', '40 Bag End Ave', '1 Parcel St', ''])(
    'reads "%s" as a street address',
    (street) => {
      expect(addressKindOf(street)).toBe('street');
    },
  );

  it('reads every street line', () => {
    expect(addressKindOf('Unit 4', 'PO Box 8')).toBe('po_box');
    expect(addressKindOf(null, undefined, '12 Example St')).toBe('street');
  });
});

describe('deliveryOptionRefusal', () => {
  const street = { addressKind: 'street' as const };
  it('never flies a dangerous good, naming it and its class', () => {
    expect(deliveryOptionRefusal('express', { lines: [part(), battery], ...street })).toBe(
      DELIVERY_MESSAGES.expressDangerous('Car Battery N70ZZ', '8'),
    );
    expect(deliveryOptionRefusal('standard', { lines: [battery], ...street })).toBeNull();
  });
  it('sends neither dangerous goods nor bulky items to a PO box or a parcel locker', () => {
    expect(deliveryOptionRefusal('standard', { lines: [battery], addressKind: 'po_box' })).toBe(
      DELIVERY_MESSAGES.dangerousToPoBox('Car Battery N70ZZ', '8'),
    );
    expect(deliveryOptionRefusal('standard', { lines: [battery], addressKind: 'parcel_locker' })).toBe(
      DELIVERY_MESSAGES.dangerousToLocker('Car Battery N70ZZ', '8'),
    );
    expect(deliveryOptionRefusal('standard', { lines: [bullBar], addressKind: 'parcel_locker' })).toBe(
      DELIVERY_MESSAGES.bulkyToLocker('Steel Bull Bar'),
    );
    expect(deliveryOptionRefusal('standard', { lines: [part()], addressKind: 'po_box' })).toBeNull();
  });
  it('does not carry bulky items express, nor anything when express is off', () => {
    expect(deliveryOptionRefusal('express', { lines: [bullBar], ...street })).toBe(
      DELIVERY_MESSAGES.expressBulky('Steel Bull Bar'),
    );
    expect(deliveryOptionRefusal('express', { lines: [part()], ...street }, { expressEnabled: false })).toBe(
      DELIVERY_MESSAGES.expressOff,
    );
  });
  it('leaves click & collect to the stores', () => {
    expect(
      deliveryOptionRefusal('click_and_collect', { lines: [battery], addressKind: 'parcel_locker' }),
    ).toBeNull();
  });
});

describe('chargeableWeightGrams', () => {
  it('counts the dead weight times the quantity', () => {
    expect(chargeableWeightGrams([part({ weightGrams: 800, quantity: 3 })])).toBe(2400);
  });
  it('counts the cubic weight (250 kg per m³) when the parcel is light for its size', () => {
    // 100 × 50 × 20 cm = 0.1 m³ → 25 kg.
    expect(
      chargeableWeightGrams([part({ weightGrams: 3000, lengthMm: 1000, widthMm: 500, heightMm: 200 })]),
    ).toBe(25000);
  });
  it('counts a product without a weight as 1 kg', () => {
    expect(chargeableWeightGrams([part({ weightGrams: null })])).toBe(1000);
  });
});

describe('zoneOf and tableRateCents', () => {
  const table: RateTable = {
    zones: [
      { code: 'near', name: 'Near', postCodes: [[2000, 2199]] },
      { code: 'far', name: 'Far', postCodes: [[6000, 6999]] },
    ],
    rates: [
      { option: 'express', zone: 'near', maxWeightGrams: 1000, priceCents: 1000 },
      { option: 'express', zone: 'near', maxWeightGrams: 5000, priceCents: 1500 },
      { option: 'express', zone: 'other', maxWeightGrams: 5000, priceCents: 3000 },
    ],
    fallbackZone: 'other',
  };
  it('finds the zone by inclusive range, else the fallback', () => {
    expect(zoneOf('2000', table)).toBe('near');
    expect(zoneOf('2199', table)).toBe('near');
    expect(zoneOf('6500', table)).toBe('far');
    expect(zoneOf('3000', table)).toBe('other');
    expect(zoneOf('', table)).toBe('other');
  });
  it('prices by the cheapest bracket holding the weight; none when too heavy or not priced', () => {
    expect(tableRateCents(table, 'express', '2161', 800)).toBe(1000);
    expect(tableRateCents(table, 'express', '2161', 1000)).toBe(1000);
    expect(tableRateCents(table, 'express', '2161', 1001)).toBe(1500);
    expect(tableRateCents(table, 'express', '2161', 5001)).toBeNull();
    expect(tableRateCents(table, 'express', '6000', 800)).toBeNull();
    expect(tableRateCents(table, 'standard', '2161', 800)).toBeNull();
    expect(tablePricesStandard(table)).toBe(false);
  });
  it('the default table puts Guildford in metro and Perth in the rest', () => {
    expect(zoneOf('2161', DEFAULT_RATE_TABLE)).toBe('metro');
    expect(zoneOf('3000', DEFAULT_RATE_TABLE)).toBe('capitals');
    expect(zoneOf('6000', DEFAULT_RATE_TABLE)).toBe('rest');
  });
});

describe('standardChargeCents', () => {
  const settings = {
    deliveryChargeCents: 1650,
    freeDeliveryThresholdCents: 10000,
    bulkySurchargeCents: 2500,
  };
  it('is the base below the threshold and free from it', () => {
    expect(standardChargeCents(9999, 1650, [part()], settings)).toBe(1650);
    expect(standardChargeCents(10000, 1650, [part()], settings)).toBe(0);
  });
  it('adds the bulky surcharge per bulky unit, even when delivery is free', () => {
    expect(standardChargeCents(50000, 1650, [{ ...bullBar, quantity: 2 }, part()], settings)).toBe(5000);
    expect(standardChargeCents(5000, 1200, [bullBar], settings)).toBe(3700);
  });
});

describe('the chosen option in the money model', () => {
  it('computeCheckoutTotals charges the resolved charge instead of the flat rule, GST included', () => {
    const settings = { gstPercent: 10, deliveryChargeCents: 1650, freeDeliveryThresholdCents: 10000 };
    const lines = [{ unitPriceCents: 3000, quantity: 1 }];
    expect(computeCheckoutTotals(lines, settings).deliveryChargeCents).toBe(1650);
    const express = computeCheckoutTotals(lines, settings, {}, 2200);
    expect(express).toMatchObject({ deliveryChargeCents: 2200, totalCents: 5200, gstCents: 273 + 200 });
    expect(computeCheckoutTotals(lines, settings, {}, 0).totalCents).toBe(3000);
    expect(() => computeCheckoutTotals(lines, settings, {}, 12.5)).toThrow(RangeError);
  });
  it('deliveryChoiceText words the option for pages, mails and invoices', () => {
    expect(deliveryChoiceText('express', 'Delivered in 1-3 business days')).toBe(
      'Express delivery — Delivered in 1-3 business days',
    );
    expect(
      deliveryChoiceText('click_and_collect', 'Ready at Guildford warehouse in 1 hour', {
        name: 'Guildford warehouse',
        address: '3 Example Rd, Guildford NSW 2161',
      }),
    ).toBe('Click & collect — Guildford warehouse, 3 Example Rd, Guildford NSW 2161');
  });
});
