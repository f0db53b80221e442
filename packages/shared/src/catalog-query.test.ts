import { describe, expect, it } from 'vitest';
import { searchQuerySchema, shopQuerySchema } from './catalog-query';

describe('shopQuerySchema', () => {
  it('defaults page 1 and 20 a page', () => {
    expect(shopQuerySchema.parse({})).toEqual({ page: 1, pagination: 20 });
  });
  it('reads numbers and filters from query strings', () => {
    expect(shopQuerySchema.parse({ page: '3', pagination: '15', brand: ' voltcore ' })).toEqual({
      page: 3,
      pagination: 15,
      brand: 'voltcore',
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

describe('searchQuerySchema', () => {
  it('trims the text and defaults to 15 results', () => {
    expect(searchQuerySchema.parse({ search: '  h4 globe ' })).toEqual({
      search: 'h4 globe',
      page: 1,
      pagination: 15,
    });
  });
  it('requires text', () => {
    expect(searchQuerySchema.safeParse({ search: '   ' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({}).error?.issues[0]?.message).toBe('search is required');
  });
});
