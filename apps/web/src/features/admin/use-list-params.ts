import { useSearchParams } from 'react-router';
import type { AdminTableSort, SortDirection } from './components/admin-data-table';

/** What `useListParams()` hands a list page. */
export interface ListParams {
  /** The URL's search params as they are now. */
  params: URLSearchParams;
  /** `?page=`, 1-based: 1 when missing, not a number or below 1. */
  page: number;
  /** `?q=`, the submitted search ('' when none). */
  q: string;
  /** Merges `next` into the URL's search params: a non-empty value sets its key, `null` or '' deletes it. */
  update: (next: Record<string, string | null>) => void;
  /** Goes to page `page` (kept in the URL, `?page=1` included). */
  setPage: (page: number) => void;
  /** Sets `?q=` to the trimmed text (deleted when blank) and goes back to the first page. */
  search: (text: string) => void;
  /**
   * `?sort=` and `?direction=` read against the columns the server can sort by: an id not in `sortable` gives
   * `defaults.id`, a direction other than 'asc' or 'desc' gives `defaults.direction`.
   */
  readSort: <Id extends string>(
    sortable: readonly Id[],
    defaults: { id: Id; direction: SortDirection },
  ) => { id: Id; direction: SortDirection };
  /** Puts a table's new sort in the URL and goes back to the first page. */
  setSort: (sort: AdminTableSort) => void;
}

/**
 * The back office's list pages keep their filters, search, sort and page in the URL's search params (issue 12),
 * so reload and Back keep them; this hook reads and writes them the one way every list does.
 */
export function useListParams(): ListParams {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';

  const update = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    setParams(merged);
  };
  const readSort = <Id extends string>(
    sortable: readonly Id[],
    defaults: { id: Id; direction: SortDirection },
  ) => {
    const direction = params.get('direction');
    return {
      id: sortable.find((s) => s === params.get('sort')) ?? defaults.id,
      direction: direction === 'asc' || direction === 'desc' ? direction : defaults.direction,
    };
  };

  return {
    params,
    page,
    q,
    update,
    setPage: (p) => update({ page: String(p) }),
    search: (text) => update({ q: text.trim() || null, page: null }),
    readSort,
    setSort: (sort) => update({ sort: sort.id, direction: sort.direction, page: null }),
  };
}
