import { shopQuerySchema } from '@store/shared/catalog-query';
import { SEARCH_SORTS, SHOP_SORTS } from '@store/shared/listing-sorts';
import { appendListingQuery } from '@store/shared/paths';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  PRICE_MESSAGES,
  hasListingFilters,
  isListingQueryError,
  listingFilterItems,
  priceRangeText,
  readListingQuery,
  readPriceInput,
  selectedSort,
  withSort,
  withoutFilters,
} from './listing-query';

describe('the listing query and the shared contract', () => {
  it('writes amounts from the price boxes that the API reads as the same cents', () => {
    for (const typed of ['130', '129.95', '$1,299', '12.5', ' 5 ', '0', '1000000']) {
      const read = readPriceInput(typed);
      expect('dollars' in read).toBe(true);
      if (!('dollars' in read)) continue;
      const parsed = shopQuerySchema.parse({ min_price: read.dollars });
      expect(parsed.min_price).toBe(Math.round(Number(typed.replace(/[$,\s]/g, '')) * 100));
    }
  });
});

describe('reading and writing the listing part of an address', () => {
  it('reads sort, price range and in_stock as written, leaving blanks out', () => {
    expect(
      readListingQuery(new URLSearchParams('page=2&sort=price_asc&min_price=130&max_price=&in_stock=1')),
    ).toEqual({ sort: 'price_asc', min_price: '130', in_stock: '1' });
    // A bad value is kept: the API says what is wrong with it.
    expect(readListingQuery(new URLSearchParams('sort=cheapest&min_price=abc'))).toEqual({
      sort: 'cheapest',
      min_price: 'abc',
    });
  });

  it('writes them after the page’s own params, in one order', () => {
    const listing = { in_stock: '1', max_price: '500', sort: 'name', min_price: '130' };
    expect(appendListingQuery(new URLSearchParams({ page: '1' }), listing).toString()).toBe(
      'page=1&sort=name&min_price=130&max_price=500&in_stock=1',
    );
  });

  it('leaves the default sort out and keeps the sort when filters are cleared', () => {
    expect(withSort({ min_price: '130' }, 'newest', 'newest')).toEqual({ min_price: '130', sort: undefined });
    expect(withSort({}, 'price_desc', 'newest')).toEqual({ sort: 'price_desc' });
    expect(withoutFilters({ sort: 'name', min_price: '1', max_price: '2', in_stock: '1' })).toEqual({
      sort: 'name',
    });
  });

  it('shows the default sort for a sort the menu does not offer', () => {
    expect(selectedSort({ sort: 'price_asc' }, SHOP_SORTS, 'newest')).toBe('price_asc');
    expect(selectedSort({ sort: 'relevance' }, SHOP_SORTS, 'newest')).toBe('newest');
    expect(selectedSort({}, SEARCH_SORTS, 'relevance')).toBe('relevance');
  });
});

describe('the active filters summary', () => {
  const href = (q: object) => appendListingQuery(new URLSearchParams({ page: '1' }), q).toString();

  it('names the price range in dollars and in stock only; removing one keeps the rest', () => {
    const query = { sort: 'price_asc', min_price: '130', max_price: '500', in_stock: '1' };
    expect(listingFilterItems(query, href)).toEqual([
      { key: 'price', label: 'Price: $130.00 to $500.00', href: 'page=1&sort=price_asc&in_stock=1' },
      {
        key: 'in_stock',
        label: 'In stock only',
        href: 'page=1&sort=price_asc&min_price=130&max_price=500',
      },
    ]);
    expect(priceRangeText({ min_price: '99.5' })).toBe('Price: from $99.50');
    expect(priceRangeText({ max_price: '500' })).toBe('Price: up to $500.00');
    expect(priceRangeText({ min_price: 'abc' })).toBe('Price: from abc');
    expect(listingFilterItems({ sort: 'name', in_stock: '0' }, href)).toEqual([]);
    expect(hasListingFilters({ in_stock: 'true' })).toBe(true);
    expect(hasListingFilters({ sort: 'name' })).toBe(false);
  });
});

describe('the price boxes', () => {
  it('accepts dollars as people type them and refuses anything else with a message', () => {
    expect(readPriceInput('')).toEqual({ dollars: '' });
    expect(readPriceInput('130.00')).toEqual({ dollars: '130' });
    expect(readPriceInput('129.9')).toEqual({ dollars: '129.90' });
    expect(readPriceInput('12abc')).toEqual({ error: PRICE_MESSAGES.notAnAmount });
    expect(readPriceInput('-5')).toEqual({ error: PRICE_MESSAGES.notAnAmount });
    expect(readPriceInput('1000000.01')).toEqual({ error: 'Enter an amount up to $1,000,000.' });
  });
});

describe('isListingQueryError', () => {
  it('is true for a 400 naming a listing parameter, not for other failures', () => {
    const range = new ApiError(400, 'Invalid query: min_price must not be above max_price', [
      { field: 'min_price', message: 'min_price must not be above max_price' },
    ]);
    expect(isListingQueryError(range)).toBe(true);
    expect(isListingQueryError(new ApiError(400, 'Invalid query: sort must be one of newest, name'))).toBe(
      true,
    );
    expect(isListingQueryError(new ApiError(400, 'Invalid query: page must be 1 or more'))).toBe(false);
    expect(isListingQueryError(new ApiError(503, 'sort of down'))).toBe(false);
    expect(isListingQueryError(new Error('min_price'))).toBe(false);
  });
});
