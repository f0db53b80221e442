import { describe, expect, it } from 'vitest';
import { applyTaxonomyChanges, taxonomyChanges, type TaxonomyFate } from './taxonomy-redirects';

const fates: Record<string, TaxonomyFate> = {
  'category:batteries': { moved: 'batteries-and-power' },
  'category:tools': { retired: true },
  'child_category:torches': { retired: true, parentCategory: 'lighting' },
  'child_category:socket-sets': { retired: true },
  'brand:voltcore': { moved: 'voltcore-power' },
  'brand:gripwell': { retired: true },
};
const fate = (param: string, value: string) => fates[`${param}:${value}`] ?? null;
const go = (address: string) => {
  const url = new URL(address, 'http://shop.test');
  const values = Object.fromEntries(
    ['category', 'child_category', 'brand'].map((p) => [p, url.searchParams.get(p) ?? undefined]),
  );
  const changes = taxonomyChanges(values, fate);
  return changes ? applyTaxonomyChanges(url.pathname, url.searchParams, changes) : null;
};

describe('where a listing address goes after a rename or retirement (decision 0050)', () => {
  it('leaves live and unknown values alone', () => {
    expect(go('/shop?page=2&category=lighting')).toBeNull();
    expect(go('/shop?page=1&category=no-such-thing')).toBeNull();
  });

  it('moves a renamed value in place, keeping the page and every other parameter', () => {
    expect(go('/shop?page=2&category=batteries&sort=price_asc&in_stock=1')).toBe(
      '/shop?page=2&category=batteries-and-power&sort=price_asc&in_stock=1',
    );
    expect(go('/brand?page=3&brand=voltcore')).toBe('/brand?page=3&brand=voltcore-power');
  });

  it('drops a retired filter and goes back to page 1', () => {
    expect(go('/shop?page=4&category=tools&sort=name')).toBe('/shop?page=1&sort=name');
    expect(go('/shop?page=2&brand=gripwell&category=batteries')).toBe(
      '/shop?page=1&category=batteries-and-power',
    );
  });

  it('sends a retired child category to its live category, or the whole shop', () => {
    expect(go('/shop?page=2&child_category=torches&sort=name')).toBe(
      '/shop?page=1&category=lighting&sort=name',
    );
    expect(go('/shop?page=1&child_category=socket-sets')).toBe('/shop?page=1');
  });

  it("sends a retired brand's page to the brands page", () => {
    expect(go('/brand?page=1&brand=gripwell&sort=name')).toBe('/brands');
  });
});
