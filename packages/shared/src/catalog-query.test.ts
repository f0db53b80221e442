import { describe, expect, it } from 'vitest';
import { searchQuerySchema, shopQuerySchema } from './catalog-query';

describe('shopQuerySchema', () => {
  it('defaults page 1 and 20 a page', () => {
    expect(shopQuerySchema.parse({})).toEqual({ page: 1, pagination: 20, sort: 'newest' });
  });
  it('reads numbers and filters from query strings', () => {
    expect(shopQuerySchema.parse({ page: '3', pagination: '15', brand: ' voltcore ' })).toEqual({
      page: 3,
      pagination: 15,
      brand: 'voltcore',
      sort: 'newest',
    });
  });
  it.each([
    [{ page: '0' }, 'page must be 1 or more'],
    [{ page: '-1' }, 'page must be a whole number, such as 1'],
    [{ page: 'two' }, 'page must be a whole number, such as 1'],
    [{ pagination: '101' }, 'pagination must be at most 100'],
    [{ page: '1000001' }, 'page must be at most 1000000'],
    [{ page: '99999999999999999999' }, 'page must be at most 1000000'],
    [{ page: '9'.repeat(400) }, 'page must be at most 1000000'],
  ])('rejects %j with %j', (input, message) => {
    const r = shopQuerySchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
});

describe('sort and filters (issue 13)', () => {
  it('reads a sort, a price range in dollars as cents and in stock only', () => {
    expect(
      shopQuerySchema.parse({ sort: 'price_desc', min_price: '130', max_price: '499.95', in_stock: '1' }),
    ).toEqual({
      page: 1,
      pagination: 20,
      sort: 'price_desc',
      min_price: 13000,
      max_price: 49995,
      in_stock: true,
    });
    expect(searchQuerySchema.parse({ search: 'globe', sort: 'name', in_stock: 'false' })).toMatchObject({
      sort: 'name',
      in_stock: false,
    });
  });
  it.each([
    [{ sort: 'relevance' }, 'sort must be one of newest, price_asc, price_desc, name'],
    [{ sort: 'cheapest' }, 'sort must be one of newest, price_asc, price_desc, name'],
    [{ min_price: '-5' }, 'min_price must be an amount in dollars, such as 130 or 129.95'],
    [{ max_price: '12.345' }, 'max_price must be an amount in dollars, such as 130 or 129.95'],
    [{ max_price: '9999999' }, 'max_price must be at most 1000000'],
    [{ min_price: '500', max_price: '130' }, 'min_price must not be above max_price'],
    [{ in_stock: 'yes' }, 'in_stock must be 1 or 0'],
  ])('the shop refuses %j with %j', (input, message) => {
    const r = shopQuerySchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
  it('search alone offers relevance', () => {
    expect(searchQuerySchema.parse({ search: 'globe' }).sort).toBe('relevance');
    expect(searchQuerySchema.safeParse({ search: 'globe', sort: 'price_asc' }).success).toBe(true);
  });
});

describe('searchQuerySchema', () => {
  it('trims the text and defaults to 15 results', () => {
    expect(searchQuerySchema.parse({ search: '  h4 globe ' })).toEqual({
      search: 'h4 globe',
      page: 1,
      pagination: 15,
      sort: 'relevance',
    });
  });
  it('requires text', () => {
    expect(searchQuerySchema.safeParse({ search: '   ' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({}).error?.issues[0]?.message).toBe('search is required');
  });
});
