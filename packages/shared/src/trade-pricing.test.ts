/** The precedence rule's words, one case each (issue 39 §2, decision 0066); the API test covers it at scale. */
import { describe, expect, it } from 'vitest';
import {
  listPriceCents,
  percentOffCents,
  tradeUnitPrice,
  type PriceListRules,
  type TradePricedProduct,
} from './trade-pricing';

const product: TradePricedProduct = {
  id: 7,
  brandId: 3,
  categoryId: 10,
  childCategoryId: 11,
  shelfPriceCents: 10_000,
  retailUnitPriceCents: 10_000,
};
const list = (id: number, rules: PriceListRules['rules']): PriceListRules => ({ id, name: `L${id}`, rules });
const pct = (
  scope: PriceListRules['rules'][number]['scope'],
  targetId: number | null,
  percentOff: number,
) => ({
  scope,
  targetId,
  percentOff,
  fixedPriceCents: null,
});

describe('tradeUnitPrice', () => {
  it('a fixed price beats every percentage of its list, even a deeper one', () => {
    const l = list(1, [
      pct('product', 7, 50),
      { scope: 'product', targetId: 7, percentOff: null, fixedPriceCents: 9000 },
    ]);
    expect(tradeUnitPrice(product, [l])).toEqual({ unitPriceCents: 9000, listName: 'L1', basis: 'fixed' });
  });

  it('the most specific percentage applies, not the deepest', () => {
    const l = list(1, [
      pct('all', null, 30),
      pct('category', 10, 25),
      pct('child_category', 11, 20),
      pct('brand', 3, 15),
    ]);
    expect(listPriceCents(product, l)).toBe(8500);
    expect(
      listPriceCents(
        product,
        list(2, [pct('all', null, 30), pct('category', 10, 25), pct('child_category', 11, 20)]),
      ),
    ).toBe(8000);
    expect(listPriceCents(product, list(3, [pct('all', null, 30), pct('category', 10, 25)]))).toBe(7500);
    expect(listPriceCents(product, list(4, [pct('brand', 99, 60)]))).toBeNull();
  });

  it('several lists: the lowest, ties to the first list', () => {
    const a = list(1, [pct('all', null, 10)]);
    const b = list(2, [pct('all', null, 20)]);
    const c = list(3, [pct('all', null, 20)]);
    expect(tradeUnitPrice(product, [a, b, c])).toMatchObject({ unitPriceCents: 8000, listName: 'L2' });
  });

  it('a sale does not stack: the lower of trade and sale; never above the retail price', () => {
    const onSale = { ...product, retailUnitPriceCents: 7000 };
    expect(tradeUnitPrice(onSale, [list(1, [pct('all', null, 20)])])).toEqual({
      unitPriceCents: 7000,
      listName: null,
      basis: 'sale',
    });
    expect(tradeUnitPrice(onSale, [list(1, [pct('all', null, 40)])])).toMatchObject({
      unitPriceCents: 6000,
      listName: 'L1',
    });
    const dearFixed = list(1, [{ scope: 'product', targetId: 7, percentOff: null, fixedPriceCents: 12_000 }]);
    expect(tradeUnitPrice(product, [dearFixed])).toEqual({
      unitPriceCents: 10_000,
      listName: null,
      basis: 'retail',
    });
    expect(tradeUnitPrice(product, [])).toEqual({ unitPriceCents: 10_000, listName: null, basis: 'retail' });
  });

  it('rounds a percentage to the nearest cent, fractional percentages included', () => {
    expect(percentOffCents(999, 12.5)).toBe(874); // 874.125
    expect(percentOffCents(1001, 50)).toBe(501); // 500.5 rounds up
    expect(percentOffCents(1234, 100)).toBe(0);
  });
});
