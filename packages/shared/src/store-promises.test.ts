import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCheckoutTotals } from './checkout-totals';
import {
  amountForFreeDeliveryCents,
  CARRIER_LIST,
  CARRIER_NAMES,
  CARRIERS,
  DELIVERY_ESTIMATE_SENTENCE,
  deliveryRuleSentence,
  deliverySettingsOf,
  flatDeliveryText,
  freeDeliveryHeadline,
  freeDeliveryProgressText,
  freeDeliveryText,
  productDeliveryText,
  promiseAmount,
  RETURNS_HEADLINE,
  RETURNS_SENTENCE,
} from './store-promises';

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

describe('the other promises', () => {
  it('keeps the shipping policy’s estimate and the return policy’s window', () => {
    expect(DELIVERY_ESTIMATE_SENTENCE).toBe(
      'We dispatch orders in 0-1 business days; delivery then takes 5-8 business days.',
    );
    expect(RETURNS_SENTENCE).toBe('You can return an item within 30 days of delivery for a full refund.');
    expect(RETURNS_HEADLINE.title).toBe('30-day returns');
  });

  it('names the carriers the back office ships with, each with a tracking page', () => {
    expect(CARRIER_NAMES).toEqual(['Australia Post', 'Aramex', 'CouriersPlease']);
    expect(CARRIER_LIST).toBe('Australia Post, Aramex and CouriersPlease');
    expect(CARRIERS['Australia Post']('AB 12/3')).toBe(
      'https://auspost.com.au/mypost/track/details/AB%2012%2F3',
    );
  });
});
