import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type ApiBody, type ApiHandler } from '@/test/fake-api';
import { makeProduct } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { NO_RESULTS, SEARCH_ERROR, SearchResultsRoute } from './search-results';

const SEARCH = '/api/search-product';

function page(count: number, total: number, lastPage: number, extra: Record<string, unknown> = {}) {
  const data = Array.from({ length: count }, (_, i) =>
    makeProduct({ id: i + 1, title: `Battery ${i + 1}`, permalink: `battery-${i + 1}` }),
  );
  return { data, total, last_page: lastPage, current_page: 1, per_page: 15, ...extra };
}

/** The search page alone at `path`, the search answering `answer` (a 200 body, or a handler). */
function renderAt(path: string, answer: ApiBody | ApiHandler) {
  return renderRoute(path, {
    routes: [{ path: '/search-results', element: <SearchResultsRoute /> }],
    api: { [`GET ${SEARCH}`]: answer },
  });
}

describe('search results page', () => {
  it('shows the query, 15 product cards and page links with the query', async () => {
    const { api } = renderAt('/search-results?query=batt&page=4', page(15, 98, 7));

    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for “batt”' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Battery 15' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(15);
    expect(screen.getByText('There are 98 products.')).toBeTruthy();

    const url = api.requestsTo(SEARCH)[0]?.url;
    expect(url?.searchParams.get('search')).toBe('batt');
    expect(url?.searchParams.get('page')).toBe('4');

    const pages = screen.getByRole('navigation', { name: 'Pages of search results' });
    // SPEC §2: more than 5 pages -> first, last, current and its neighbours.
    const numbers = within(pages).getAllByRole('link', { name: /^Page \d+$/ });
    expect(numbers.map((l) => l.textContent)).toEqual(['1', '3', '4', '5', '7']);
    expect(within(pages).getByRole('link', { name: 'Page 5' }).getAttribute('href')).toBe(
      '/search-results?query=batt&page=5',
    );
    expect(within(pages).getByRole('link', { name: 'Page 4' }).getAttribute('aria-current')).toBe('page');
  });

  it('says which words it searched for when the server corrected the spelling', async () => {
    renderAt('/search-results?query=batery', page(2, 2, 1, { corrected_query: 'battery' }));

    expect(await screen.findByText(/Showing results for/)).toBeTruthy();
    expect(screen.getByText('battery', { selector: 'strong' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages of search results' })).toBeNull();
  });

  it("says 'No results found.' when nothing matches, then offers suggestions, vehicles, categories and an enquiry", async () => {
    renderRoute('/search-results?query=db1170', {
      routes: [{ path: '/search-results', element: <SearchResultsRoute /> }],
      api: {
        [`GET ${SEARCH}`]: page(0, 0, 1, { suggestions: ['DB1810', 'DB1860'] }),
        'GET /api/vehicles/makes': { data: ['Toyota'] },
        'GET /api/categories': {
          data: [{ id: 1, sku: 'brakes', title: 'Brakes', thumbnail_image: null, child_categories: [] }],
        },
      },
    });
    expect(await screen.findByText(NO_RESULTS)).toBeTruthy();
    expect(screen.getByText(/Did you mean/).textContent).toBe('Did you mean DB1810 or DB1860?');
    expect(screen.getByRole('link', { name: 'DB1810' }).getAttribute('href')).toBe(
      '/search-results?query=DB1810',
    );
    expect(screen.getByRole('region', { name: 'Shop by vehicle' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Brakes' })).getAttribute('href')).toBe(
      '/shop?page=1&category=brakes',
    );
    const form = screen.getByRole('form', { name: 'Part enquiry' });
    expect(form.getAttribute('action')).toBe('/api/part-enquiry');
    expect(within(form).getByLabelText(/Part number or description/)).toHaveProperty('value', 'db1170');
  });

  it("says 'Error fetching search results' when the search fails", async () => {
    renderAt('/search-results?query=batt', () => json({ message: 'Database unavailable' }, 500));
    expect((await screen.findByRole('alert')).textContent).toContain(SEARCH_ERROR);
  });

  it('asks for 3 characters without searching', () => {
    const { api } = renderAt('/search-results?query=ab', page(1, 1, 1));
    expect(screen.getByText('Number of characters at least are 3')).toBeTruthy();
    expect(api.requestsTo(SEARCH)).toHaveLength(0);
  });
});

describe('search sort and filters (issue 13)', () => {
  const asked = (api: ReturnType<typeof renderAt>['api']) =>
    Object.fromEntries(api.requestsTo(SEARCH).at(-1)?.url.searchParams ?? []);

  it('ranks by relevance by default and sorts from the menu, back to page 1 with the search kept', async () => {
    const { api, router, user } = renderAt('/search-results?query=batt&page=4&in_stock=1', page(15, 98, 7));
    await screen.findByText('There are 98 products.');
    expect(asked(api)).toEqual({ search: 'batt', page: '4', in_stock: '1', pagination: '15' });

    const menu = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' });
    expect(menu.value).toBe('relevance');
    expect(
      within(menu)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Relevance', 'Newest', 'Price: low to high', 'Price: high to low', 'Name: A to Z']);
    await user.selectOptions(menu, 'Price: high to low');
    expect(router.state.location.search).toBe('?query=batt&sort=price_desc&in_stock=1');
    await waitFor(() => expect(asked(api)).toMatchObject({ page: '1', sort: 'price_desc' }));

    // Page links keep the sort and filters.
    const pages = await screen.findByRole('navigation', { name: 'Pages of search results' });
    expect(within(pages).getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe(
      '/search-results?query=batt&page=2&sort=price_desc&in_stock=1',
    );
    // Relevance is the default: it leaves the address.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Relevance');
    expect(router.state.location.search).toBe('?query=batt&in_stock=1');
  });

  it('sets a price range from Filters and lists it under Filtered by, with a way to remove it', async () => {
    const { router, user } = renderAt('/search-results?query=batt&sort=name', page(3, 3, 1));
    await screen.findByText('There are 3 products.');

    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox', { name: 'Min price' })).toBeNull();
    await user.click(toggle);
    await user.type(screen.getByRole('textbox', { name: 'Min price' }), '130');
    await user.type(screen.getByRole('textbox', { name: 'Max price' }), '500');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(router.state.location.search).toBe('?query=batt&sort=name&min_price=130&max_price=500');

    const chip = await screen.findByRole('link', { name: 'Remove filter Price: $130.00 to $500.00' });
    expect(chip.getAttribute('href')).toBe('/search-results?query=batt&sort=name');
    expect(screen.getByRole('link', { name: 'Clear filters' }).getAttribute('href')).toBe(
      '/search-results?query=batt&sort=name',
    );
  });

  it("keeps 'Error fetching search results' and says why when the address's filters are refused", async () => {
    renderAt('/search-results?query=batt&sort=cheapest', () =>
      json(
        {
          message: 'Invalid query: sort must be one of relevance, newest, price_asc, price_desc, name',
          errors: [
            { field: 'sort', message: 'sort must be one of relevance, newest, price_asc, price_desc, name' },
          ],
        },
        400,
      ),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(SEARCH_ERROR);
    expect(alert.textContent).toContain('sort must be one of relevance');
    expect(within(alert).getByRole('link', { name: 'Clear sort and filters' }).getAttribute('href')).toBe(
      '/search-results?query=batt',
    );
  });

  it("says 'No results found.' and offers to clear the filters when they leave nothing", async () => {
    renderAt('/search-results?query=batt&min_price=9000', page(0, 0, 1));
    expect(await screen.findByText(NO_RESULTS)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Clear price and stock filters' }).getAttribute('href')).toBe(
      '/search-results?query=batt',
    );
  });
});
