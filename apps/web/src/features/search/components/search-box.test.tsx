import { act, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type FakeApi } from '@/test/fake-api';
import { makeProduct } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { chooseVehicle, clearVehicle, resetGarageForTests } from '@/stores/garage-store';
import { SEARCH_DEBOUNCE_MS, SEARCH_MESSAGES } from '../hooks/use-debounced-search';
import { SearchBox } from './search-box';

const products = [
  makeProduct({ id: 1, title: 'Brightline H4 Halogen Globes', permalink: 'brightline-h4-halogen' }),
  makeProduct({ id: 2, title: 'Kestrel H4 Long Life Globes', permalink: 'kestrel h4/long life' }),
  makeProduct({ id: 3, title: 'Kestrel H4 LED Kit', permalink: 'kestrel-h4-led-kit' }),
];

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderSearchBox() {
  const { api, user } = renderRoute('/', {
    routes: [
      {
        path: '*',
        element: (
          <>
            <SearchBox />
            <Where />
          </>
        ),
      },
    ],
    api: {
      'GET /api/search-product': ({ url }) => {
        const search = url.searchParams.get('search') ?? '';
        const data = search.includes('zzz') ? [] : search.includes('kit') ? products.slice(2) : products;
        return json({ data, total: data.length, last_page: 1, current_page: 1, per_page: 15 });
      },
    },
    userOptions: { advanceTimers: (ms) => vi.advanceTimersByTime(ms) },
  });
  return { api, user, input: screen.getByRole('combobox', { name: 'Search products' }) };
}

/**
 * Lets `ms` pass on the fake clock, then lets React, the query and the stubbed fetch finish what that
 * started (without moving the clock further).
 */
async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let i = 0; i < 3; i++) await act(() => vi.advanceTimersByTimeAsync(0));
}

function searchRequests(api: FakeApi) {
  return api.requestsTo('/api/search-product').map((r) => r.url);
}

beforeEach(() => {
  vi.useFakeTimers();
  // Testing Library lets fake timers run while it waits only when it sees Jest's; point it at Vitest's.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  resetGarageForTests();
});

describe('SearchBox', () => {
  it('sends no request under 3 characters and says so', async () => {
    const { api, user, input } = renderSearchBox();
    await user.type(input, 'h4');
    await wait(1000);

    expect(searchRequests(api)).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe(SEARCH_MESSAGES.tooShort);
    expect(screen.getByText(SEARCH_MESSAGES.tooShort, { selector: '.search-box__message' })).toBeTruthy();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('sends exactly one request, 300 ms after the last keystroke', async () => {
    const { api, user, input } = renderSearchBox();

    await user.type(input, 'h4 glo');
    expect(screen.getByRole('status').textContent).toBe(SEARCH_MESSAGES.searching);

    await wait(SEARCH_DEBOUNCE_MS - 1);
    expect(searchRequests(api)).toHaveLength(0);

    await wait(1);
    const requests = searchRequests(api);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.searchParams.get('search')).toBe('h4 glo');

    await wait(1000);
    expect(searchRequests(api)).toHaveLength(1);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox', { name: 'Product suggestions' });
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    // Suggestions show the shelf price, GST included, as the catalog has it (issue 34).
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Brightline H4 Halogen Globes$79.95 inc. GST',
      'Kestrel H4 Long Life Globes$79.95 inc. GST',
      'Kestrel H4 LED Kit$79.95 inc. GST',
    ]);
  });

  it('suggests only parts that fit the chosen vehicle, and says so (issue 15 §6)', async () => {
    chooseVehicle({
      vehicle_id: 42,
      year: 2017,
      label: '2017 Toyota HiLux SR5 2.8 TD',
      short_label: '2017 Toyota HiLux',
      name: null,
    });
    const { api, user, input } = renderSearchBox();

    await user.type(input, 'h4 glo');
    await wait(SEARCH_DEBOUNCE_MS + 50);
    const [request] = searchRequests(api);
    expect(request?.searchParams.get('vehicle')).toBe('42');
    expect(screen.getByText('Parts that fit your', { exact: false }).textContent).toBe(
      'Parts that fit your 2017 Toyota HiLux',
    );
    expect(screen.getByRole('status').textContent).toBe(
      '3 products that fit your 2017 Toyota HiLux found. Use the up and down arrows to choose.',
    );

    await user.clear(input);
    await user.type(input, 'h4 kit');
    await wait(SEARCH_DEBOUNCE_MS + 50);
    expect(screen.getByRole('status').textContent).toBe(
      '1 product that fits your 2017 Toyota HiLux found. Use the up and down arrows to choose.',
    );

    // Cleared: every part again, and no note.
    act(() => clearVehicle());
    await user.clear(input);
    await user.type(input, 'h4 led');
    await wait(SEARCH_DEBOUNCE_MS + 50);
    const last = searchRequests(api).at(-1);
    expect(last?.searchParams.get('search')).toBe('h4 led');
    expect(last?.searchParams.has('vehicle')).toBe(false);
    expect(screen.queryByText('Parts that fit your', { exact: false })).toBeNull();
  });

  it('restarts the wait on every keystroke', async () => {
    const { api, user, input } = renderSearchBox();

    await user.type(input, 'bat');
    await wait(200);
    await user.type(input, 't');
    await wait(200);
    expect(searchRequests(api)).toHaveLength(0);
    await wait(100);
    expect(searchRequests(api).map((u) => u.searchParams.get('search'))).toEqual(['batt']);
  });

  it("shows 'Data not found' when nothing matches, and clears with the text", async () => {
    const { user, input } = renderSearchBox();

    await user.type(input, 'zzzz');
    await wait(SEARCH_DEBOUNCE_MS + 50);
    expect(screen.getByRole('status').textContent).toBe(SEARCH_MESSAGES.empty);

    await user.clear(input);
    await wait(SEARCH_DEBOUNCE_MS + 50);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('moves the selection with the arrow keys and opens the selected product with Enter', async () => {
    const { user, input } = renderSearchBox();

    await user.type(input, 'h4 glo');
    await wait(SEARCH_DEBOUNCE_MS + 50);

    await user.keyboard('{ArrowDown}');
    const first = screen.getByRole('option', { name: /Brightline/ });
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(first.id);

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    const second = screen.getByRole('option', { name: /Long Life/ });
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(second.id);

    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where').textContent).toBe(
      `/product/${encodeURIComponent('kestrel h4/long life')}`,
    );
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the results page with Enter when nothing is selected', async () => {
    const { user, input } = renderSearchBox();

    await user.type(input, 'h4 glo');
    await wait(SEARCH_DEBOUNCE_MS + 50);
    await user.keyboard('{Enter}');

    expect(screen.getByTestId('where').textContent).toBe('/search-results?query=h4%20glo');
  });

  it('closes the suggestions with Escape', async () => {
    const { user, input } = renderSearchBox();

    await user.type(input, 'h4 glo');
    await wait(SEARCH_DEBOUNCE_MS + 50);
    expect(input.getAttribute('aria-expanded')).toBe('true');

    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('h4 glo');
  });

  it('only logs a failed request and shows an empty list', async () => {
    const { api, user, input } = renderSearchBox();
    api.answer({ 'GET /api/search-product': () => json({ message: 'Database unavailable' }, 500) });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});

    await user.type(input, 'h4 glo');
    await wait(SEARCH_DEBOUNCE_MS + 50);

    expect(logged).toHaveBeenCalled();
    expect(screen.queryByRole('option')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    logged.mockRestore();
  });
});
