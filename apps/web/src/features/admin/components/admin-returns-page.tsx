import { RETURN_STATUSES, type AdminReturnRow, type ReturnStatus } from '@store/shared/admin-returns';
import { createColumnHelper } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAdminReturns } from '../api/admin-returns';
import { AdminDataTable } from './admin-data-table';
import { AdminReturnDetail } from './admin-return-detail';
import { sydneyDateTime } from '../admin-format';
import { useAdminTitle } from './use-admin-title';

const PER_PAGE = 20;
const STATUS_LABELS: Record<ReturnStatus, string> = {
  open: 'Open',
  approved: 'Approved',
  rejected: 'Rejected',
};
const column = createColumnHelper<AdminReturnRow>();

const columns = [
  column.accessor('id', {
    header: 'Request',
    cell: (c) => <Link to={`/admin/returns?id=${c.getValue()}`}>Return #{c.getValue()}</Link>,
    meta: { rowHeader: true },
  }),
  column.accessor('created_at', {
    header: 'Received',
    cell: (c) => sydneyDateTime(c.getValue()),
    meta: { label: 'Received' },
  }),
  column.accessor('customer', {
    header: 'Customer',
    cell: (c) => (
      <>
        {c.getValue() || '—'}
        <br />
        <span className="admin-table__email">{c.row.original.email}</span>
      </>
    ),
    meta: { label: 'Customer' },
  }),
  column.accessor('invoice_number', {
    header: 'Order',
    cell: (c) => c.getValue() ?? (c.row.original.order_reference || 'Not given'),
    meta: { label: 'Order' },
  }),
  column.accessor('subject', {
    header: 'Subject',
    cell: (c) => c.getValue() || '—',
    meta: { label: 'Subject' },
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (c) => (
      <span className={`admin-return-status admin-return-status--${c.getValue()}`}>
        {STATUS_LABELS[c.getValue()]}
      </span>
    ),
    meta: { label: 'Status' },
  }),
];

/**
 * /admin/returns (issue 12): the return requests, newest first, filtered by status and searched by email, name
 * or order; `?id=` shows one request with its file, linked order and the approve and reject forms.
 */
export function AdminReturnsPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (Number.isInteger(id) && id > 0) return <AdminReturnDetail id={id} />;
  return <AdminReturnsList />;
}

function AdminReturnsList() {
  useAdminTitle('Returns');
  const [params, setParams] = useSearchParams();
  const status = RETURN_STATUSES.find((s) => s === params.get('status'));
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(q);
  const returns = useAdminReturns({ status, q: q || undefined, page, per_page: PER_PAGE });

  const update = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    setParams(merged);
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: search.trim() || null, page: null });
  };

  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">Returns</h1>
      <div className="admin-toolbar">
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-returns-status">
            Status
          </label>
          <select
            id="admin-returns-status"
            className="admin-input"
            value={status ?? ''}
            onChange={(e) => update({ status: e.target.value || null, page: null })}
          >
            <option value="">All</option>
            {RETURN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <form role="search" aria-label="Search returns" className="admin-return-search" onSubmit={onSearch}>
          <div className="admin-field">
            <label className="admin-field__label" htmlFor="admin-returns-q">
              Email, name or order
            </label>
            <input
              id="admin-returns-q"
              className="admin-input"
              type="search"
              value={search}
              maxLength={100}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <button type="submit" className="button">
            Search
          </button>
        </form>
      </div>
      {returns.isPending ? (
        <p role="status">Loading returns…</p>
      ) : returns.isError ? (
        <p role="alert" className="admin-form__alert">
          The returns did not load: {returns.error.message}
        </p>
      ) : (
        <AdminDataTable
          caption="Return requests"
          columns={columns}
          rows={returns.data.data}
          total={returns.data.total}
          page={page}
          perPage={PER_PAGE}
          onPageChange={(p) => update({ page: String(p) })}
          getRowId={(r) => String(r.id)}
          emptyMessage={status || q ? 'No return requests match these filters.' : 'No return requests yet.'}
          busy={returns.isFetching}
        />
      )}
    </section>
  );
}
