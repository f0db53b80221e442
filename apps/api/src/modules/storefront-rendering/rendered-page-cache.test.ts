import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createCachedPage, createRenderedPageCache, pageCacheKey } from './rendered-page-cache';

describe('pageCacheKey', () => {
  it('writes one page one way: sorted parameters, no page=1, no trailing slash', () => {
    expect(pageCacheKey('/shop?page=1&category=batteries')).toBe('/shop?category=batteries');
    expect(pageCacheKey('/shop/?category=batteries')).toBe('/shop?category=batteries');
    expect(pageCacheKey('/shop?sort=name&brand=b&page=2')).toBe('/shop?brand=b&page=2&sort=name');
    expect(pageCacheKey('/shop?page=1')).toBe('/shop');
    expect(pageCacheKey('/')).toBe('/');
    expect(pageCacheKey('/product/h4-globe/')).toBe('/product/h4-globe');
  });

  it('keeps apart what a page reads differently', () => {
    expect(pageCacheKey('/shop?page=2')).not.toBe(pageCacheKey('/shop'));
    expect(pageCacheKey('/search-results?search=h4')).not.toBe(pageCacheKey('/search-results?search=H4'));
    expect(pageCacheKey('/shop?brand=a&brand=b')).not.toBe(pageCacheKey('/shop?brand=a'));
    expect(pageCacheKey('/shop?brand=a%26b')).toBe('/shop?brand=a%26b');
  });
});

describe('createRenderedPageCache', () => {
  const stamps = { stamp: 's1', generation: 'g1' };

  it('answers a page only under the stamp it was rendered with', async () => {
    const cache = createRenderedPageCache(1024 * 1024);
    const page = await createCachedPage('<p>Hello</p>', stamps);
    cache.set('/a', page);
    expect(cache.get('/a', 's1')).toBe(page);
    expect(cache.get('/a', 's2')).toBeUndefined();
    expect(cache.peek('/a')).toBe(page);
    expect(gunzipSync(page.gzip).toString()).toBe('<p>Hello</p>');
    const other = await createCachedPage('<p>Hello!</p>', stamps);
    expect(other.etag).not.toBe(page.etag);
  });

  it('keeps at most its bytes, dropping the page asked for least recently', async () => {
    // Pages that do not compress: about 20 kB each gzipped.
    const noise = (seed: number) =>
      Array.from({ length: 5000 }, (_, i) => ((i * 2654435761 + seed * 97) >>> 0).toString(36)).join('');
    const cache = createRenderedPageCache(100_000);
    for (let i = 0; i < 4; i++) cache.set(`/p${i}`, await createCachedPage(noise(i), stamps));
    expect(cache.get('/p0', 's1')).toBeDefined();
    for (let i = 4; i < 8; i++) cache.set(`/p${i}`, await createCachedPage(noise(i), stamps));
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.size).toBeLessThan(8);
    expect(cache.get('/p7', 's1')).toBeDefined();
    expect(cache.get('/p1', 's1')).toBeUndefined();
  });
});
