/**
 * The parts the back office's list pages share (issue 12): the URL's list params, the search form (and its
 * reset by a page's 'Clear filters' link) and the loading and error states around a query.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render-route';
import { useListParams } from '../use-list-params';
import { AdminLoadState } from './admin-load-state';
import { AdminSearchForm, type AdminSearchFormHandle } from './admin-search-form';

function ListProbe() {
  const { params, page, q, update, search, readSort, setSort, setPage } = useListParams();
  const sort = readSort(['title', 'price'] as const, { id: 'title', direction: 'asc' });
  const form = useRef<AdminSearchFormHandle>(null);
  return (
    <>
      <output aria-label="state">{JSON.stringify({ search: params.toString(), page, q, sort })}</output>
      <AdminSearchForm
        ref={form}
        id="probe-q"
        label="SKU or title"
        name="Search probe"
        className="probe"
        q={q}
        onSearch={search}
      />
      <button type="button" onClick={() => form.current?.clear()}>
        Clear
      </button>
      <button type="button" onClick={() => update({ status: 'open', low: '', page: null })}>
        Filter
      </button>
      <button type="button" onClick={() => setPage(3)}>
        Page 3
      </button>
      <button type="button" onClick={() => setSort({ id: 'price', direction: 'desc' })}>
        Sort
      </button>
    </>
  );
}

/** The probe as the page at `url` (a path under '/'), over the fake API (it asks nothing). */
const renderProbe = (url: string) => renderPage(<ListProbe />, { path: url });
const state = () => JSON.parse(screen.getByRole('status', { name: 'state' }).textContent ?? '{}');

describe('useListParams and AdminSearchForm', () => {
  it('reads page, q and sort with their defaults, and merges, deletes and resets the page', async () => {
    const { router, user } = renderProbe('/?page=-2&sort=nope&direction=sideways&low=1&q=brake');
    expect(state()).toMatchObject({ page: 1, q: 'brake', sort: { id: 'title', direction: 'asc' } });
    expect((screen.getByRole('searchbox', { name: 'SKU or title' }) as HTMLInputElement).value).toBe('brake');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(state().page).toBe(3);
    await user.click(screen.getByRole('button', { name: 'Sort' }));
    expect(state()).toMatchObject({ page: 1, sort: { id: 'price', direction: 'desc' } });
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('status')).toBe('open');
    expect(params.has('low')).toBe(false);
    expect(params.get('q')).toBe('brake');

    const box = screen.getByRole<HTMLInputElement>('searchbox', { name: 'SKU or title' });
    await user.clear(box);
    await user.type(box, '  pads  ');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await user.click(
      within(screen.getByRole('search', { name: 'Search probe' })).getByRole('button', { name: 'Search' }),
    );
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('pads');
    expect(state().page).toBe(1);

    await user.clear(box);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(new URLSearchParams(router.state.location.search).has('q')).toBe(false);

    await user.type(box, 'rotor');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(box.value).toBe('');
  });
});

describe('AdminLoadState', () => {
  const as = (q: Partial<UseQueryResult<string[], Error>>) => q as UseQueryResult<string[], Error>;
  it('says loading, then the error, then renders the data', () => {
    const { rerender } = render(
      <AdminLoadState query={as({ isPending: true })} what="orders">
        {(d) => d.join()}
      </AdminLoadState>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading orders…');

    rerender(
      <AdminLoadState
        query={as({ isPending: false, isError: true, error: new Error('Down.') })}
        what="orders"
      >
        {(d) => d.join()}
      </AdminLoadState>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('The orders did not load: Down.');
    expect(alert.className).toBe('admin-form__alert');

    rerender(
      <AdminLoadState query={as({ isPending: false, isError: false, data: ['a', 'b'] })} what="orders">
        {(d) => <p>{d.join()}</p>}
      </AdminLoadState>,
    );
    expect(screen.getByText('a,b').tagName).toBe('P');
  });
});
