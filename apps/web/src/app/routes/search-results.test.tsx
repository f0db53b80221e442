import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct, makeStoreConfig } from '@/test/fixtures';
import { NO_RESULTS, SEARCH_ERROR, SearchResultsRoute } from './search-results';

type Answer = { status: number; body: unknown };

/** Answers the store's settings (the page's description names the store) and records only the search calls. */
function stubSearch(answer: (search: string, page: number) => Answer) {
  const searchFetch = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    const { status, body } = answer(
      url.searchParams.get('search') ?? '',
      Number(url.searchParams.get('page')),
    );
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', async (input: string) =>
    new URL(input, 'http://localhost').pathname === '/api/store-config'
      ? new Response(JSON.stringify({ data: makeStoreConfig() }), { status: 200 })
      : searchFetch(input),
  );
  return searchFetch;
}

function page(count: number, total: number, lastPage: number, extra: Record<string, unknown> = {}) {
  const data = Array.from({ length: count }, (_, i) =>
    makeProduct({ id: i + 1, title: `Battery ${i + 1}`, permalink: `battery-${i + 1}` }),
  );
  return { status: 200, body: { data, total, last_page: lastPage, current_page: 1, per_page: 15, ...extra } };
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/search-results', element: <SearchResultsRoute /> }], {
    initialEntries: [path],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('search results page', () => {
  it('shows the query, 15 product cards and page links with the query', async () => {
    const fetchMock = stubSearch(() => page(15, 98, 7));
    renderAt('/search-results?query=batt&page=4');

    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for “batt”' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Battery 15' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(15);
    expect(screen.getByText('There are 98 products.')).toBeTruthy();

    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('search')).toBe('batt');
    expect(url.searchParams.get('page')).toBe('4');

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
    stubSearch(() => page(2, 2, 1, { corrected_query: 'battery' }));
    renderAt('/search-results?query=batery');

    expect(await screen.findByText(/Showing results for/)).toBeTruthy();
    expect(screen.getByText('battery', { selector: 'strong' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages of search results' })).toBeNull();
  });

  it("says 'No results found.' when nothing matches", async () => {
    stubSearch(() => page(0, 0, 1));
    renderAt('/search-results?query=zzzz');
    expect(await screen.findByText(NO_RESULTS)).toBeTruthy();
  });

  it("says 'Error fetching search results' when the search fails", async () => {
    stubSearch(() => ({ status: 500, body: { message: 'Database unavailable' } }));
    renderAt('/search-results?query=batt');
    expect((await screen.findByRole('alert')).textContent).toContain(SEARCH_ERROR);
  });

  it('asks for 3 characters without searching', () => {
    const fetchMock = stubSearch(() => page(1, 1, 1));
    renderAt('/search-results?query=ab');
    expect(screen.getByText('Number of characters at least are 3')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('search sort and filters (issue 13)', () => {
  const asked = (fetchMock: ReturnType<typeof stubSearch>) =>
    Object.fromEntries(new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost').searchParams);

  it('ranks by relevance by default and sorts from the menu, back to page 1 with the search kept', async () => {
    const user = userEvent.setup();
    const fetchMock = stubSearch(() => page(15, 98, 7));
    const router = renderAt('/search-results?query=batt&page=4&in_stock=1');
    await screen.findByText('There are 98 products.');
    expect(asked(fetchMock)).toEqual({ search: 'batt', page: '4', in_stock: '1', pagination: '15' });

    const menu = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' });
    expect(menu.value).toBe('relevance');
    expect(
      within(menu)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Relevance', 'Newest', 'Price: low to high', 'Price: high to low', 'Name: A to Z']);
    await user.selectOptions(menu, 'Price: high to low');
    expect(router.state.location.search).toBe('?query=batt&sort=price_desc&in_stock=1');
    await waitFor(() => expect(asked(fetchMock)).toMatchObject({ page: '1', sort: 'price_desc' }));

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
    const user = userEvent.setup();
    stubSearch(() => page(3, 3, 1));
    const router = renderAt('/search-results?query=batt&sort=name');
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
    stubSearch(() => ({
      status: 400,
      body: {
        message: 'Invalid query: sort must be one of relevance, newest, price_asc, price_desc, name',
        errors: [
          { field: 'sort', message: 'sort must be one of relevance, newest, price_asc, price_desc, name' },
        ],
      },
    }));
    renderAt('/search-results?query=batt&sort=cheapest');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(SEARCH_ERROR);
    expect(alert.textContent).toContain('sort must be one of relevance');
    expect(within(alert).getByRole('link', { name: 'Clear sort and filters' }).getAttribute('href')).toBe(
      '/search-results?query=batt',
    );
  });

  it("says 'No results found.' and offers to clear the filters when they leave nothing", async () => {
    stubSearch(() => page(0, 0, 1));
    renderAt('/search-results?query=batt&min_price=9000');
    expect(await screen.findByText(NO_RESULTS)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Clear price and stock filters' }).getAttribute('href')).toBe(
      '/search-results?query=batt',
    );
  });
});
