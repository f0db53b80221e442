import { describe, expect, it } from 'vitest';
import { ROUTE_ALIASES, isSpaRoute } from './routes';

describe('isSpaRoute', () => {
  it.each([
    '/',
    '/shop',
    '/product/VC-NS70-680',
    '/product/h4%20globe',
    '/brand',
    '/sitemap.xml',
    '/product-sitemap.xml',
    '/update-address/12',
  ])('knows %s', (p) => expect(isSpaRoute(p)).toBe(true));
  it.each(['/nope', '/product', '/product/a/b', '/shopping', '/api/brands', '/assets/x.js'])(
    'rejects %s',
    (p) => expect(isSpaRoute(p)).toBe(false),
  );
  it('aliases point at real routes', () => {
    for (const target of Object.values(ROUTE_ALIASES)) expect(isSpaRoute(target)).toBe(true);
  });
});
