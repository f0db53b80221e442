import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, type ApiTable, type FakeApi } from '@/test/fake-api';
import { makeProduct } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import type { ShopAnswer, ShopFilters } from '@store/shared/catalog-answers';
import { ShopPage } from './shop-page';

const noMatch: ShopFilters = { category: null, child_category: null, brand: null };

function shopAnswer(total: number, filters: ShopFilters = noMatch, page = 1): ShopAnswer {
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

/** The shop page alone at `path` over the fake API serving `api` (the sidebar's brands: none unless told). */
function renderShop(path: string, api: ApiTable) {
  return renderRoute(path, {
    routes: [{ path: '/shop', element: <ShopPage /> }],
    api: { 'GET /api/brands': { data: { data: [], general_settings: {} } }, ...api },
  });
}

describe('shop page (SPEC §2 Shop listing)', () => {
  it('names the matched category, counts the products, shows 15 cards and links page 2 with the filter', async () => {
    const { api } = renderShop('/shop?page=1&category=batteries', {
      'GET /api/shop': shopAnswer(26, { ...noMatch, category: { sku: 'batteries', title: 'Batteries' } }),
    });

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

    // Other calls (the store's settings, the sidebar's lists) may come first; the first listing call is this one.
    const asked = api.requestsTo('/api/shop')[0]!.url;
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      page: '1',
      category: 'batteries',
      pagination: '15',
    });
  });

  it('replaces an address naming a renamed category with the new one (issue 36, decision 0050)', async () => {
    const { router } = renderShop('/shop?page=2&category=batteries&sort=price_asc', {
      'GET /api/shop': ({ url }) =>
        url.searchParams.get('category') === 'batteries'
          ? json({ ...shopAnswer(0), moved: { category: 'batteries-and-power' } })
          : json(
              shopAnswer(20, {
                ...noMatch,
                category: { sku: 'batteries-and-power', title: 'Batteries & Power' },
              }),
            ),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search Results for Batteries & Power' }),
    ).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/shop?page=2&category=batteries-and-power&sort=price_asc',
    );
    // Replaced, not pushed: Back does not return to the old address.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('asks for the next page and scrolls to the top when a page link is followed', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { api, router } = renderShop('/shop?page=1', { 'GET /api/shop': shopAnswer(45) });
    await screen.findByText('There are 45 products.');
    scrollTo.mockClear();

    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    const last = api.requests.at(-1)?.url;
    expect(last?.searchParams.get('page')).toBe('2');
    scrollTo.mockRestore();
  });

  it("shows 'No Product Found' and no pages when nothing matches", async () => {
    renderShop('/shop?page=1&brand=nobody', { 'GET /api/shop': shopAnswer(0) });

    expect(await screen.findByText('No Product Found')).toBeTruthy();
    expect(screen.getByText('There are 0 products.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Search Results for nobody');
    expect(screen.queryByRole('navigation', { name: 'Pages of products' })).toBeNull();
  });

  it('shows no pagination for one page of 15 products', async () => {
    renderShop('/shop?page=1', { 'GET /api/shop': shopAnswer(15) });
    expect(await screen.findByText('There are 15 products.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Search Results for All Products');
    expect(screen.queryByRole('navigation', { name: 'Pages of products' })).toBeNull();
  });

  it('shows pagination as soon as a 16th product makes a second page (decision 0006)', async () => {
    renderShop('/shop?page=1', { 'GET /api/shop': shopAnswer(16) });
    expect(await screen.findByText('There are 16 products.')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Pages of products' });
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toBeTruthy();
  });

  it("says 'Error loading products: {message}' when the shop call fails", async () => {
    renderShop('/shop?page=1', { 'GET /api/shop': () => json({ message: 'Database unavailable' }, 500) });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Error loading products: Database unavailable',
    );
  });

  it('keeps the sidebar hidden until Filters is pressed, then lists categories, child categories and brands', async () => {
    const user = userEvent.setup();
    renderShop('/shop?page=2', {
      'GET /api/shop': shopAnswer(3),
      'GET /api/categories': {
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
      'GET /api/brands': {
        data: {
          data: [{ id: 1, title: 'Voltcore', permalink: 'voltcore', cover_image: null, logo_image: null }],
          general_settings: { _gst_percentage: 10, _delivery_charges: 15, _free_delivery_threshold: 100 },
        },
      },
    });
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
    renderShop('/shop?page=1', {
      'GET /api/shop': shopAnswer(3),
      'GET /api/categories': () => json({ message: 'Catalog is restarting' }, 503),
    });
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error loading categories and brands: Catalog is restarting',
    );
  });
});

describe('shop sort and filters (issue 13)', () => {
  const batteries: ShopFilters = { ...noMatch, category: { sku: 'batteries', title: 'Batteries' } };
  const lastAsked = (api: FakeApi) => {
    const shopCalls = api.requestsTo('/api/shop').map((r) => r.url);
    return Object.fromEntries(shopCalls.at(-1)?.searchParams ?? []);
  };

  it('loads a shared address as it is: asks the API with it, shows it, and keeps it in every link', async () => {
    const user = userEvent.setup();
    const { api } = renderShop(
      '/shop?page=1&category=batteries&sort=price_desc&min_price=130&max_price=500&in_stock=1',
      { 'GET /api/shop': shopAnswer(26, batteries) },
    );
    await screen.findByText('There are 26 products.');

    expect(lastAsked(api)).toEqual({
      page: '1',
      category: 'batteries',
      sort: 'price_desc',
      // The address's range is in shelf prices inc. GST, the API's `_price` as it is (issue 34): sent unchanged.
      min_price: '130',
      max_price: '500',
      in_stock: '1',
      pagination: '15',
    });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' }).value).toBe('price_desc');

    const pages = screen.getByRole('navigation', { name: 'Pages of products' });
    expect(within(pages).getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe(
      '/shop?page=2&category=batteries&sort=price_desc&min_price=130&max_price=500&in_stock=1',
    );

    // The summary names each filter; removing one goes to page 1 and keeps the others and the sort.
    const summary = screen.getByRole('list', { name: 'Filtered by' });
    const remove = (name: string) =>
      within(summary)
        .getByRole('link', { name: `Remove filter ${name}` })
        .getAttribute('href');
    expect(remove('Category: Batteries')).toBe(
      '/shop?page=1&sort=price_desc&min_price=130&max_price=500&in_stock=1',
    );
    expect(remove('Price: $130.00 to $500.00')).toBe(
      '/shop?page=1&category=batteries&sort=price_desc&in_stock=1',
    );
    expect(remove('In stock only')).toBe(
      '/shop?page=1&category=batteries&sort=price_desc&min_price=130&max_price=500',
    );
    expect(screen.getByRole('link', { name: 'Clear filters' }).getAttribute('href')).toBe(
      '/shop?page=1&sort=price_desc',
    );

    // The Filters panel opens with the boxes filled in from the address.
    await user.click(screen.getByRole('button', { name: 'Filters, 3 set' }));
    const sidebar = screen.getByRole('complementary', { name: 'Filters' });
    expect(within(sidebar).getByRole<HTMLInputElement>('textbox', { name: 'Min price' }).value).toBe('130');
    expect(within(sidebar).getByRole<HTMLInputElement>('textbox', { name: 'Max price' }).value).toBe('500');
    expect(within(sidebar).getByRole<HTMLInputElement>('checkbox', { name: 'In stock only' }).checked).toBe(
      true,
    );
  });

  it('sorts from the menu: back to page 1, the category and filters kept, the default sort left out', async () => {
    const user = userEvent.setup();
    const { api, router } = renderShop('/shop?page=3&category=batteries&min_price=130&in_stock=1', {
      'GET /api/shop': shopAnswer(45, batteries, 3),
    });
    await screen.findByText('There are 45 products.');
    const menu = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' });
    // The shop's default is newest; search's relevance is not offered here.
    expect(menu.value).toBe('newest');
    expect(
      within(menu)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Newest', 'Price: low to high', 'Price: high to low', 'Name: A to Z']);

    await user.selectOptions(menu, 'Price: low to high');
    expect(router.state.location.search).toBe(
      '?page=1&category=batteries&sort=price_asc&min_price=130&in_stock=1',
    );
    await waitFor(() => expect(lastAsked(api)).toMatchObject({ page: '1', sort: 'price_asc' }));
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Sort by' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Newest');
    expect(router.state.location.search).toBe('?page=1&category=batteries&min_price=130&in_stock=1');
  });

  it('applies a price range and in stock only from the sidebar, on page 1, keeping category and sort', async () => {
    const user = userEvent.setup();
    const { router } = renderShop('/shop?page=2&category=batteries&sort=name', {
      'GET /api/shop': shopAnswer(45, batteries, 2),
      'GET /api/categories': {
        data: [
          {
            id: 1,
            title: 'Batteries',
            sku: 'batteries',
            permalink: 'batteries',
            thumbnail_image: null,
            child_categories: [],
          },
        ],
      },
      'GET /api/brands': {
        data: { data: [], general_settings: { _gst_percentage: 10, _delivery_charges: 15 } },
      },
    });
    await screen.findByText('There are 45 products.');
    await user.click(screen.getByRole('button', { name: 'Filters, 1 set' }));
    const sidebar = screen.getByRole('complementary', { name: 'Filters' });

    await user.type(within(sidebar).getByRole('textbox', { name: 'Min price' }), '100');
    await user.type(within(sidebar).getByRole('textbox', { name: 'Max price' }), '249.5');
    await user.click(within(sidebar).getByRole('checkbox', { name: 'In stock only' }));
    await user.click(within(sidebar).getByRole('button', { name: 'Apply' }));
    expect(router.state.location.search).toBe(
      '?page=1&category=batteries&sort=name&min_price=100&max_price=249.50&in_stock=1',
    );
    expect(await screen.findByRole('link', { name: 'Remove filter Price: $100.00 to $249.50' })).toBeTruthy();
    // On a narrow screen (jsdom has no matchMedia) the panel closes over the list, focus back on its button.
    const toggle = screen.getByRole('button', { name: 'Filters, 3 set' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);

    // Another category keeps the sort and filters the shopper chose.
    await user.click(toggle);
    const reopened = screen.getByRole('complementary', { name: 'Filters' });
    expect((await within(reopened).findByRole('link', { name: 'Batteries' })).getAttribute('href')).toBe(
      '/shop?page=1&category=batteries&sort=name&min_price=100&max_price=249.50&in_stock=1',
    );

    await user.click(within(reopened).getByRole('button', { name: 'Clear price and stock filters' }));
    expect(router.state.location.search).toBe('?page=1&category=batteries&sort=name');
  });

  it('explains an address the API refuses (minimum above maximum) and links to the list without it', async () => {
    renderShop('/shop?page=1&category=batteries&min_price=500&max_price=130', {
      'GET /api/shop': () =>
        json(
          {
            message: 'Invalid query: min_price must not be above max_price',
            errors: [{ field: 'min_price', message: 'min_price must not be above max_price' }],
          },
          400,
        ),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Error loading products: Invalid query: min_price must not be above max_price',
    );
    expect(alert.textContent).toContain('can’t be used');
    expect(within(alert).getByRole('link', { name: 'Clear sort and filters' }).getAttribute('href')).toBe(
      '/shop?page=1&category=batteries',
    );
    // Trying again cannot help.
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    // The heading still says what was asked for.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Search Results for batteries');
  });

  it("says 'No Product Found' and offers to clear the price and stock filters when they leave nothing", async () => {
    renderShop('/shop?page=1&category=batteries&max_price=5&in_stock=1', {
      'GET /api/shop': shopAnswer(0, batteries),
    });
    expect(await screen.findByText('No Product Found')).toBeTruthy();
    expect(screen.getByText('There are 0 products.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Clear price and stock filters' }).getAttribute('href')).toBe(
      '/shop?page=1&category=batteries',
    );
  });
});
