/**
 * Server rendering's loaders (issue 35 §3): for each server-rendered page, the routes' loaders fetch every query
 * the page asks for before its one render, so the HTML carries the data and nothing is left for the browser.
 * The API is the renderer's `fetchApi` (the contract's network edge), answering from a table.
 */
import type { RenderPageOptions } from '@store/shared/render-page-contract';
import { describe, expect, it } from 'vitest';
import { makeProduct, makeStoreConfig } from '@/test/fixtures';
import { renderPage } from './entry-server';

const product = makeProduct({ title: 'Ceramic Brake Pads Front', permalink: 'ceramic-brake-pads-front' });
const listing = {
  data: [product],
  total: 1,
  last_page: 1,
  current_page: 1,
  per_page: 15,
  filters: { category: null, child_category: null, brand: null },
};
const brand = { id: 1, title: 'Voltcore', permalink: 'voltcore', cover_image: null, logo_image: null };

/** The API's answers by path (query strings ignored). */
const ANSWERS: Record<string, unknown> = {
  '/api/store-config': makeStoreConfig(),
  '/api/categories': [],
  '/api/social-links': {},
  '/api/brands': { data: [brand], general_settings: {} },
  '/api/brand-sliders': [brand],
  '/api/virtual-products': [product],
  '/api/latest-products': { data: [product] },
  '/api/vehicles/makes': ['Toyota'],
  '/api/products/ceramic-brake-pads-front': product,
  '/api/products/BP-100/fitment': { sku: 'BP-100', universal: true, groups: [] },
};

/** Renders `path` with an API answering from ANSWERS (the shop and the search: `listing`); records its calls. */
async function render(path: string) {
  const calls: string[] = [];
  const fetchApi: RenderPageOptions['fetchApi'] = async (url) => {
    calls.push(url);
    const { pathname } = new URL(url, 'http://local');
    const listed = pathname === '/api/shop' || pathname === '/api/search-product';
    const body = listed ? listing : ANSWERS[pathname];
    return body === undefined
      ? new Response(JSON.stringify({ message: 'Not found' }), { status: 404 })
      : new Response(JSON.stringify(listed ? body : { data: body }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
  };
  const page = await renderPage(new URL(path, 'https://shop.example.com.au'), {
    fetchApi,
    origin: 'https://shop.example.com.au',
  });
  return { page, calls };
}

describe('renderPage', () => {
  it.each([
    ['/brands', 'Voltcore'],
    ['/brand?page=1&brand=voltcore', 'Ceramic Brake Pads Front'],
    ['/shop?page=1', 'Ceramic Brake Pads Front'],
    ['/search-results?query=brake', 'Ceramic Brake Pads Front'],
    ['/product/ceramic-brake-pads-front', 'Ceramic Brake Pads Front'],
    ['/', 'Featured Products'],
  ])('loads everything %s asks for, then renders it once with its data', async (path, shown) => {
    const { page, calls } = await render(path);
    expect(page.failed).toBeUndefined();
    // No query the page asked for was left for the browser: the loaders had them all before the render.
    expect(page.unloaded).toBeUndefined();
    expect(page.html).toContain(shown);
    // Each API call once: the page's data is not discovered by rendering it again.
    expect(new Set(calls).size).toBe(calls.length);
  });

  it('hands an unknown product to the browser (its query failed)', async () => {
    const { page } = await render('/product/nope');
    expect(page.failed?.[0]).toMatch(/^\["product","nope"\]/);
    expect(page.html).toBe('');
  });

  it('renders the product’s Afterpay line on the server, so hydration finds it (issue 40 §3, decision 0025)', async () => {
    // The store's settings are the shell's prefetch and nobody is signed in on the server: the browser's first
    // render, from the same hand-over and the session's server snapshot, gives the same line.
    const { page } = await render('/product/ceramic-brake-pads-front');
    // $79.95 / 4 = 1998.75 cents → $19.99.
    expect(page.html).toContain('or 4 interest-free payments of $19.99 with Afterpay');
  });
});
