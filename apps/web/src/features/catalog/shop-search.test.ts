import { describe, expect, it } from 'vitest';
import { shopPath } from '@store/shared/paths';
import { productCountText, readShopParams, shopResultsTitle } from './shop-search';

const noMatch = { category: null, child_category: null, brand: null };

describe('shop address', () => {
  it('reads page and filters, defaulting to page 1', () => {
    expect(readShopParams(new URLSearchParams('category=batteries&brand=voltcore'))).toEqual({
      page: 1,
      category: 'batteries',
      brand: 'voltcore',
    });
    expect(readShopParams(new URLSearchParams('page=3&child_category=car-batteries'))).toEqual({
      page: 3,
      child_category: 'car-batteries',
    });
    for (const bad of ['page=0', 'page=-2', 'page=abc', 'page=1.5', 'page=']) {
      expect(readShopParams(new URLSearchParams(bad)).page).toBe(1);
    }
  });

  it('builds links that keep the filters', () => {
    expect(shopPath({ page: 2, category: 'batteries', brand: 'voltcore' })).toBe(
      '/shop?page=2&category=batteries&brand=voltcore',
    );
    expect(shopPath({ page: 1, category: 'wheel & lock nuts' })).toBe(
      '/shop?page=1&category=wheel+%26+lock+nuts',
    );
  });
});

describe('shopResultsTitle', () => {
  it('names the matched child category, category and brand', () => {
    expect(
      shopResultsTitle(
        { page: 1, category: 'batteries' },
        { ...noMatch, category: { sku: 'batteries', title: 'Batteries' } },
      ),
    ).toBe('Batteries');
    expect(
      shopResultsTitle(
        { page: 1, child_category: 'car-batteries', brand: 'voltcore' },
        {
          ...noMatch,
          child_category: { child_sku: 'car-batteries', child_title: 'Car Batteries' },
          brand: { permalink: 'voltcore', title: 'Voltcore' },
        },
      ),
    ).toBe('Car Batteries by Voltcore');
  });

  it("falls back to the filter as asked, then to 'All Products'", () => {
    expect(shopResultsTitle({ page: 1, brand: 'no-such-brand' }, noMatch)).toBe('no-such-brand');
    expect(shopResultsTitle({ page: 1 }, noMatch)).toBe('All Products');
  });
});

describe('productCountText', () => {
  it("says 'There are N products.'", () => {
    expect(productCountText(26)).toBe('There are 26 products.');
    expect(productCountText(0)).toBe('There are 0 products.');
    expect(productCountText(1)).toBe('There is 1 product.');
  });
});
