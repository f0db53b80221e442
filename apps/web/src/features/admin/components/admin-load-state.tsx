import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export interface AdminLoadStateProps<TData, TError extends { message: string }> {
  /** A TanStack Query result, e.g. `useAdminOrders(...)`. */
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
