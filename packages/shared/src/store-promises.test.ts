import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCheckoutTotals } from './checkout-totals';
import {
  amountForFreeDeliveryCents,
  CARRIER_CHOICES,
  CARRIER_LIST,
  CARRIER_NAMES,
  CARRIERS,
  carrierTrackingUrl,
  OTHER_CARRIER,
  DEFAULT_STORE_PROMISES,
  deliveryEstimateSentence,
  deliveryRuleSentence,
  deliverySettingsOf,
  flatDeliveryText,
  freeDeliveryHeadline,
  freeDeliveryProgressText,
  freeDeliveryText,
  productDeliveryText,
  promiseAmount,
  orderCutoffText,
  returnsHeadline,
  returnsSentence,
  shippedDeliveryEstimateSentence,
  storePromisesOf,
} from './store-promises';
import { DEFAULT_OPENING_HOURS, openingHoursGroups, openingHoursSummary } from './opening-hours';

/** The demo store after issue 34's migration: $16.50 inc. GST under $100 inc. GST. */
const RULE = { deliveryChargeCents: 1650, freeDeliveryThresholdCents: 10000 };

describe('the delivery rule, worded from the settings', () => {
  it('reads the store config’s dollars as cents', () => {
    expect(deliverySettingsOf({ delivery_charge: 16.5, free_delivery_threshold: 100 })).toEqual(RULE);
    expect(deliverySettingsOf({ delivery_charge: 0.29, free_delivery_threshold: 99.99 })).toEqual({
      deliveryChargeCents: 29,
      freeDeliveryThresholdCents: 9999,
    });
    expect(() => deliverySettingsOf({ delivery_charge: -1, free_delivery_threshold: 100 })).toThrow(
      RangeError,
    );
  });

  it('says the threshold and the charge in the shopper’s GST-inclusive figures', () => {
    expect(promiseAmount(10000)).toBe('$100');
    expect(promiseAmount(1650)).toBe('$16.50');
    expect(freeDeliveryText(RULE)).toBe('Free delivery on orders of $100 or more');
    expect(flatDeliveryText(RULE)).toBe('Flat $16.50 delivery under $100');
    expect(deliveryRuleSentence(RULE)).toBe(
      'Free delivery on orders of $100 or more; flat $16.50 delivery under $100.',
    );
    expect(freeDeliveryHeadline(RULE)).toEqual({
      title: 'Free delivery',
      detail: 'On orders of $100 or more',
    });
  });

  it('follows the settings when they change', () => {
    const rule = { deliveryChargeCents: 995, freeDeliveryThresholdCents: 7550 };
    expect(deliveryRuleSentence(rule)).toBe(
      'Free delivery on orders of $75.50 or more; flat $9.95 delivery under $75.50.',
    );
  });

  it('claims no charge when delivery is always free', () => {
    for (const rule of [
      { deliveryChargeCents: 0, freeDeliveryThresholdCents: 10000 },
      { deliveryChargeCents: 1650, freeDeliveryThresholdCents: 0 },
    ]) {
      expect(flatDeliveryText(rule)).toBeNull();
      expect(deliveryRuleSentence(rule)).toBe('Free delivery on every order.');
      expect(freeDeliveryProgressText(500, rule)).toBe('Your order qualifies for free delivery.');
    }
  });

  it('promises free delivery on a product page only when one unit reaches the threshold', () => {
    // Issue 34: a $16.45 brake fluid said "Free shipping"; it now states the rule.
    expect(productDeliveryText(1645, RULE)).toBe(deliveryRuleSentence(RULE));
    expect(productDeliveryText(1645, RULE)).not.toMatch(/free shipping/i);
    expect(productDeliveryText(9999, RULE)).toBe(deliveryRuleSentence(RULE));
    expect(productDeliveryText(10000, RULE)).toBe('Free delivery on this item.');
  });

  it('words the amount still to add, to the cent', () => {
    // Issue 34: a $104.40 cart was told to add $5.61; under the GST-inclusive threshold it is free.
    expect(freeDeliveryProgressText(10440, RULE)).toBe('Your order qualifies for free delivery.');
    expect(freeDeliveryProgressText(10000, RULE)).toBe('Your order qualifies for free delivery.');
    expect(freeDeliveryProgressText(9439, RULE)).toBe(
      'Add $5.61 more for free delivery on orders of $100 or more.',
    );
    expect(freeDeliveryProgressText(0, RULE)).toBeNull();
  });

  it('agrees with the charge the checkout maths makes, on both sides of the threshold', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unitPriceCents: fc.integer({ min: 1, max: 30000 }),
            quantity: fc.integer({ min: 1, max: 5 }),
          }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 30000 }),
        (lines, charge, threshold) => {
          const rule = { deliveryChargeCents: charge, freeDeliveryThresholdCents: threshold };
          const totals = computeCheckoutTotals(lines, { gstPercent: 10, ...rule }, { signupPercent: 10 });
          const missing = amountForFreeDeliveryCents(totals.subtotalCents, rule);
          const text = freeDeliveryProgressText(totals.subtotalCents, rule);
          if (totals.deliveryChargeCents === 0) {
            expect(missing).toBe(0);
            expect(text).toBe('Your order qualifies for free delivery.');
          } else {
            expect(totals.deliveryChargeCents).toBe(charge);
            expect(missing).toBeGreaterThan(0);
            // Adding exactly the amount said makes delivery free.
            const more = computeCheckoutTotals([...lines, { unitPriceCents: missing, quantity: 1 }], {
              gstPercent: 10,
              ...rule,
            });
            expect(more.deliveryChargeCents).toBe(0);
          }
        },
      ),
    );
  });
});

describe('the other promises, worded from the settings', () => {
  it('keeps the shipping policy’s estimate and the return policy’s window for a store that never edited them', () => {
    const p = DEFAULT_STORE_PROMISES;
    expect(deliveryEstimateSentence(p)).toBe(
      'We dispatch orders in 0-1 business days; delivery then takes 5-8 business days.',
    );
    expect(shippedDeliveryEstimateSentence(p)).toBe('Delivery takes 5-8 business days from dispatch.');
    expect(orderCutoffText(p)).toBe('6 PM AEST');
    expect(returnsSentence(p)).toBe('You can return an item within 30 days of delivery for a full refund.');
    expect(returnsHeadline(p).title).toBe('30-day returns');
  });

  it('follows the owner’s edits, in singular and plural', () => {
    const p = {
      ...DEFAULT_STORE_PROMISES,
      orderCutoff: '14:30',
      handlingDaysMin: 1,
      handlingDaysMax: 1,
      deliveryDaysMin: 2,
      deliveryDaysMax: 4,
      returnWindowDays: 1,
    };
    expect(deliveryEstimateSentence(p)).toBe(
      'We dispatch orders in 1 business day; delivery then takes 2-4 business days.',
    );
    expect(orderCutoffText(p)).toBe('2:30 PM AEST');
    expect(returnsSentence(p)).toBe('You can return an item within 1 day of delivery for a full refund.');
    expect(returnsSentence({ returnWindowDays: 45 })).toContain('within 45 days of delivery');
    expect(returnsHeadline({ returnWindowDays: 14 })).toEqual({
      title: '14-day returns',
      detail: 'No restocking fee',
    });
  });

  it('reads the store config’s promises', () => {
    expect(
      storePromisesOf({
        delivery_charge: 16.5,
        free_delivery_threshold: 100,
        promises: {
          order_cutoff: '18:00',
          handling_days_min: 0,
          handling_days_max: 1,
          delivery_days_min: 5,
          delivery_days_max: 8,
          return_window_days: 30,
        },
      }),
    ).toEqual(DEFAULT_STORE_PROMISES);
  });

  it('words the opening hours, grouping days alike and leaving closed days out of the one-line summary', () => {
    expect(openingHoursSummary(DEFAULT_OPENING_HOURS)).toBe('8 AM to 6 PM AEST, Mon-Sun');
    const week = {
      days: {
        ...DEFAULT_OPENING_HOURS.days,
        mon: { open: '08:30', close: '17:00' },
        tue: { open: '08:30', close: '17:00' },
        wed: { open: '08:30', close: '17:00' },
        thu: { open: '08:30', close: '17:00' },
        fri: { open: '08:30', close: '17:00' },
        sat: { open: '09:00', close: '12:00' },
        sun: null,
      },
      note: 'Closed on public holidays',
    };
    expect(openingHoursGroups(week)).toEqual([
      { days: 'Mon-Fri', hours: '8:30 AM to 5 PM' },
      { days: 'Sat', hours: '9 AM to 12 PM' },
      { days: 'Sun', hours: 'Closed' },
    ]);
    expect(openingHoursSummary(week)).toBe('8:30 AM to 5 PM AEST, Mon-Fri; 9 AM to 12 PM AEST, Sat');
  });

  it('names the carriers the back office ships with, each with a tracking page', () => {
    expect(CARRIER_NAMES).toEqual(['Australia Post', 'StarTrack', 'Aramex', 'TNT', 'Toll', 'CouriersPlease']);
    expect(CARRIER_LIST).toBe('Australia Post, StarTrack, Aramex, TNT, Toll and CouriersPlease');
    expect(CARRIERS['Australia Post']('AB 12/3')).toBe(
      'https://auspost.com.au/mypost/track/details/AB%2012%2F3',
    );
  });

  it('links a stored carrier to its tracking page, and an "Other" courier typed by staff to none', () => {
    expect(carrierTrackingUrl('CouriersPlease', 'CP1')).toBe(
      'https://www.couriersplease.com.au/tools-track/no/CP1',
    );
    expect(carrierTrackingUrl('StarTrack', 'ST 1')).toBe('https://startrack.com.au/track/details/ST%201');
    expect(carrierTrackingUrl('Hunter Express', 'HX1')).toBeNull();
    expect(carrierTrackingUrl('toString', 'X')).toBeNull();
    expect(CARRIER_CHOICES.at(-1)).toBe(OTHER_CARRIER);
  });
});
