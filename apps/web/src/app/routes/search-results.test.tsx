import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '@/test/fixtures';
import { NO_RESULTS, SEARCH_ERROR, SearchResultsRoute } from './search-results';

type Answer = { status: number; body: unknown };

function stubSearch(answer: (search: string, page: number) => Answer) {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    const { status, body } = answer(
      url.searchParams.get('search') ?? '',
      Number(url.searchParams.get('page')),
    );
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
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
