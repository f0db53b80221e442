import { describe, expect, it } from 'vitest';
import { searchResultsHref } from './search-links';

describe('searchResultsHref', () => {
  it('writes the query, the page, then the sort and filters in the listing order (issue 13)', () => {
    expect(searchResultsHref('batt')).toBe('/search-results?query=batt');
    expect(searchResultsHref('batt', 3)).toBe('/search-results?query=batt&page=3');
    expect(
      searchResultsHref('h4 globe', 2, { in_stock: '1', max_price: '500', sort: 'name', min_price: '130' }),
    ).toBe('/search-results?query=h4%20globe&page=2&sort=name&min_price=130&max_price=500&in_stock=1');
    expect(searchResultsHref('batt', undefined, { sort: 'price_asc' })).toBe(
      '/search-results?query=batt&sort=price_asc',
    );
  });
});
