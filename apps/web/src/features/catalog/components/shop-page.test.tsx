import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { makeProduct } from '@/test/fixtures';
import type { ShopAnswer } from '../api/get-shop-products';
import { ShopPage } from './shop-page';

type Answer = { status: number; body: unknown };
const noMatch: ShopAnswer['filters'] = { category: null, child_category: null, brand: null };

function shopAnswer(total: number, filters: ShopAnswer['filters'] = noMatch, page = 1): ShopAnswer {
  const count = Math.max(0, Math.min(15, total - (page - 1) * 15));
  return {
    data: Array.from({ length: count }, (_, i) =>
      makeProduct({ id: i + 1, title: `Battery ${i + 1}`, permalink: `battery-${i + 1}` }),
    ),
    total,
    last_page: Math.max(1, Math.ceil(total / 15)),
    current_page: page,
    per_page: 15,
    filters,
  };
}

/** Stubs fetch by path; returns the mock so a test can read the URLs asked for. */
function stubApi(answers: Record<string, Answer>) {
  const fetchMock = vi.fn(async (input: string) => {
    const path = new URL(input, 'http://localhost').pathname;
    const answer = answers[path] ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderShop(path: string) {
  const router = createMemoryRouter([{ path: '/shop', element: <ShopPage /> }], { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('shop page (SPEC §2 Shop listing)', () => {
  it('names the matched category, counts the products, shows 15 cards and links page 2 with the filter', async () => {
    const fetchMock = stubApi({
      '/api/shop': {
        status: 200,
        body: shopAnswer(26, { ...noMatch, category: { sku: 'batteries', title: 'Batteries' } }),
      },
    });
    renderShop('/shop?page=1&category=batteries');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search Results for Batteries' }),
    ).toBeTruthy();
    expect(screen.getByText('There are 26 products.')).toBeTruthy();
    // SPEC §9: at most 15 shown; decision 0006: 15 asked for.
    expect(screen.getAllByRole('article')).toHaveLength(15);
    const pages = screen.getByRole('navigation', { name: 'Pages of products' });
    expect(within(pages).getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe(
      '/shop?page=2&category=batteries',
    );
    expect(within(pages).getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');

    const asked = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(asked.pathname).toBe('/api/shop');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      page: '1',
      category: 'batteries',
      pagination: '15',
    });
  });

  it('asks for the next page and scrolls to the top when a page link is followed', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const fetchMock = stubApi({ '/api/shop': { status: 200, body: shopAnswer(45) } });
    const router = renderShop('/shop?page=1');
    await screen.findByText('There are 45 products.');
    scrollTo.mockClear();

    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    const last = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(last.searchParams.get('page')).toBe('2');
    scrollTo.mockRestore();
  });

  it("shows 'No Product Found' and no pages when nothing matches", async () => {
    stubApi({ '/api/shop': { status: 200, body: shopAnswer(0) } });
    renderShop('/shop?page=1&brand=nobody');

    expect(await screen.findByText('No Product Found')).toBeTruthy();
    expect(screen.getByText('There are 0 products.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Search Results for nobody');
    expect(screen.queryByRole('navigation', { name: 'Pages of products' })).toBeNull();
  });

  it('shows no pagination for one page of 15 products', async () => {
    stubApi({ '/api/shop': { status: 200, body: shopAnswer(15) } });
    renderShop('/shop?page=1');
    expect(await screen.findByText('There are 15 products.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Search Results for All Products');
    expect(screen.queryByRole('navigation', { name: 'Pages of products' })).toBeNull();
  });

  it('shows pagination as soon as a 16th product makes a second page (decision 0006)', async () => {
    stubApi({ '/api/shop': { status: 200, body: shopAnswer(16) } });
    renderShop('/shop?page=1');
    expect(await screen.findByText('There are 16 products.')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Pages of products' });
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toBeTruthy();
  });

  it("says 'Error loading products: {message}' when the shop call fails", async () => {
    stubApi({ '/api/shop': { status: 500, body: { message: 'Database unavailable' } } });
    renderShop('/shop?page=1');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Error loading products: Database unavailable',
    );
  });

  it('keeps the sidebar hidden until Filters is pressed, then lists categories, child categories and brands', async () => {
    const user = userEvent.setup();
    stubApi({
      '/api/shop': { status: 200, body: shopAnswer(3) },
      '/api/categories': {
        status: 200,
        body: {
          data: [
            {
              id: 1,
              title: 'Batteries',
              sku: 'batteries',
              permalink: 'batteries',
              thumbnail_image: null,
              child_categories: [{ child_sku: 'car-batteries', child_title: 'Car Batteries' }],
            },
          ],
        },
      },
      '/api/brands': {
        status: 200,
        body: {
          data: {
            data: [{ id: 1, title: 'Voltcore', permalink: 'voltcore', cover_image: null, logo_image: null }],
            general_settings: { _gst_percentage: 10, _delivery_charges: 15, _free_delivery_threshold: 100 },
          },
        },
      },
    });
    renderShop('/shop?page=2');
    await screen.findByText('There are 3 products.');

    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('complementary', { name: 'Filters' })).toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const sidebar = screen.getByRole('complementary', { name: 'Filters' });
    const category = await within(sidebar).findByRole('link', { name: 'Batteries' });
    expect(category.getAttribute('href')).toBe('/shop?page=1&category=batteries');
    expect(within(sidebar).getByRole('link', { name: 'Voltcore' }).getAttribute('href')).toBe(
      '/shop?page=1&brand=voltcore',
    );

    // Child categories fold out under their category.
    const expand = within(sidebar).getByRole('button', { name: 'Batteries sub-categories' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    expect(within(sidebar).queryByRole('link', { name: 'Car Batteries' })).toBeNull();
    await user.click(expand);
    expect(within(sidebar).getByRole('link', { name: 'Car Batteries' }).getAttribute('href')).toBe(
      '/shop?page=1&child_category=car-batteries',
    );
  });

  it("says 'Error loading categories and brands: {message}' in the sidebar", async () => {
    const user = userEvent.setup();
    stubApi({
      '/api/shop': { status: 200, body: shopAnswer(3) },
      '/api/categories': { status: 503, body: { message: 'Catalog is restarting' } },
    });
    renderShop('/shop?page=1');
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error loading categories and brands: Catalog is restarting',
    );
  });
});
