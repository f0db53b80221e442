import { describe, expect, it } from 'vitest';
import { brandPagePath, searchResultsPath } from './paths';

describe('searchResultsPath', () => {
  it('writes the query, the page, then the sort and filters in the listing order (issue 13)', () => {
    expect(searchResultsPath('batt')).toBe('/search-results?query=batt');
    expect(searchResultsPath('batt', 3)).toBe('/search-results?query=batt&page=3');
    expect(
      searchResultsPath('h4 globe', 2, { in_stock: '1', max_price: '500', sort: 'name', min_price: '130' }),
    ).toBe('/search-results?query=h4%20globe&page=2&sort=name&min_price=130&max_price=500&in_stock=1');
    expect(searchResultsPath('batt', undefined, { sort: 'price_asc' })).toBe(
      '/search-results?query=batt&sort=price_asc',
    );
  });
});

describe('brandPagePath', () => {
  it('writes the page and brand (SPEC §2), then the sort and filters in the listing order (issue 13)', () => {
    expect(brandPagePath('voltcore')).toBe('/brand?page=1&brand=voltcore');
    expect(brandPagePath(undefined, 2)).toBe('/brand?page=2');
    expect(
      brandPagePath('voltcore', 1, { in_stock: '1', max_price: '500', sort: 'name', min_price: '130' }),
    ).toBe('/brand?page=1&brand=voltcore&sort=name&min_price=130&max_price=500&in_stock=1');
  });
});

describe('"Show all parts" on the search and brand pages (issue 15 §6)', () => {
  it('keeps all_parts in the link, so the button shows every part and the page links keep the choice', () => {
    expect(searchResultsPath('pads', 2, { sort: 'name', all_parts: '1' })).toBe(
      '/search-results?query=pads&page=2&sort=name&all_parts=1',
    );
    expect(brandPagePath('voltcore', 3, { in_stock: '1', all_parts: '1' })).toBe(
      '/brand?page=3&brand=voltcore&in_stock=1&all_parts=1',
    );
  });
});
