import { describe, expect, it } from 'vitest';
import {
  hasBusinessDetails,
  priceDisplayLabel,
  priceDisplayOf,
  PRICE_DISPLAY_META_KEY,
  shownPriceCents,
  shownSaveLabel,
} from './gst-prices';

describe('prices as shown (issue 18, issue 34 §1)', () => {
  it('shows a shelf price as it is, and less the GST it includes for "ex. GST"', () => {
    expect(shownPriceCents(11545, 'inc_gst', 10)).toBe(11545);
    expect(shownPriceCents(11545, 'ex_gst', 10)).toBe(10495);
    expect(shownPriceCents(11545, 'ex_gst', 0)).toBe(11545);
  });

  it('relabels a fixed discount by what is shown taken off; a percent stays', () => {
    expect(shownSaveLabel('Save $10', 8795, 7695)).toBe('Save $11');
    expect(shownSaveLabel('Save 15%', 8795, 7695)).toBe('Save 15%');
    expect(shownSaveLabel(null, 8795, 7695)).toBeNull();
  });

  it('labels prices inc. GST or ex. GST, and nothing for a store not registered for GST', () => {
    expect(priceDisplayLabel('inc_gst', 10)).toBe('inc. GST');
    expect(priceDisplayLabel('ex_gst', 10)).toBe('ex. GST');
    expect(priceDisplayLabel('inc_gst', 0)).toBe('');
  });

  it('shows ex. GST only to a member with business details who chose it', () => {
    const business = [{ option: '_b_name', value: 'Rapid Mechanics' }];
    const chose = { option: PRICE_DISPLAY_META_KEY, value: 'ex_gst' };
    expect(hasBusinessDetails(business)).toBe(true);
    expect(priceDisplayOf([...business, chose])).toBe('ex_gst');
    expect(priceDisplayOf(business)).toBe('inc_gst');
    expect(priceDisplayOf([chose])).toBe('inc_gst');
    expect(priceDisplayOf(null)).toBe('inc_gst');
  });
});
