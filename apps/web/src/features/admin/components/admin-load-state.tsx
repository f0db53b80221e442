import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AdminDataTable, type AdminDataTableProps } from './admin-data-table';

export interface AdminLoadStateProps<TData, TError extends { message: string }> {
  /** A TanStack Query result, e.g. `useAdminMessages(...)`. */
  query: UseQueryResult<TData, TError>;
  /** What is loading, as the texts say it, e.g. 'orders': 'Loading orders…', 'The orders did not load: …'. */
  what: string;
  /** What to show once the data is there. */
  children: (data: TData) => ReactNode;
}

/**
 * The pending and error states of a back-office list (issue 12): `role="status"` 'Loading {what}…' until the
 * first answer, `role="alert"` 'The {what} did not load: {message}' on an error, else `children(data)`.
 */
export function AdminLoadState<TData, TError extends { message: string }>({
  query,
  what,
  children,
}: AdminLoadStateProps<TData, TError>) {
  if (query.isPending) return <p role="status">{`Loading ${what}…`}</p>;
  if (query.isError) {
    return (
      <p role="alert" className="admin-form__alert">
        {`The ${what} did not load: `}
        {query.error.message}
      </p>
    );
  }
  return children(query.data);
}

export type AdminQueryTableProps<Row, TError extends { message: string }> = Omit<
  AdminDataTableProps<Row>,
  'rows' | 'total' | 'busy'
> & {
  /** A list query answering `{ data: Row[], total }`, e.g. `useAdminOrders(...)`. */
  query: UseQueryResult<{ data: Row[]; total: number }, TError>;
  /** As in `AdminLoadState`, e.g. 'orders'. */
  what: string;
};

/**
 * A back-office list's table behind its load states (issue 12): `AdminLoadState` around an `AdminDataTable` of
 * the answer's rows and total, busy while another page is fetched. The other props go to the table as they are.
 */
export function AdminQueryTable<Row, TError extends { message: string }>({
  query,
  what,
  ...table
}: AdminQueryTableProps<Row, TError>) {
  return (
    <AdminLoadState query={query} what={what}>
      {(data) => <AdminDataTable {...table} rows={data.data} total={data.total} busy={query.isFetching} />}
    </AdminLoadState>
  );
}
