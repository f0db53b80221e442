import { describe, expect, it } from 'vitest';
import { brandPagePath } from './brand-path';

describe('brandPagePath', () => {
  it('writes the page and brand (SPEC §2), then the sort and filters in the listing order (issue 13)', () => {
    expect(brandPagePath('voltcore')).toBe('/brand?page=1&brand=voltcore');
    expect(brandPagePath(undefined, 2)).toBe('/brand?page=2');
    expect(
      brandPagePath('voltcore', 1, { in_stock: '1', max_price: '500', sort: 'name', min_price: '130' }),
    ).toBe('/brand?page=1&brand=voltcore&sort=name&min_price=130&max_price=500&in_stock=1');
  });
});
