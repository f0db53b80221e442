import {
  RETURN_STATUS_LABELS as STATUS_LABELS,
  RETURN_STATUSES,
  type AdminReturnRow,
} from '@store/shared/admin-returns';
import { createColumnHelper } from '@tanstack/react-table';
import { Link, useSearchParams } from 'react-router';
import { useAdminReturns } from '../api/admin-returns';
import { AdminQueryTable } from './admin-load-state';
import { AdminReturnDetail } from './admin-return-detail';
import { AdminSearchForm } from './admin-search-form';
import { sydneyDateTime } from '../admin-format';
import { useAdminTitle } from './use-admin-title';
import { useListParams } from '../use-list-params';

const PER_PAGE = 20;
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
  const { params, page, q, update, search, setPage } = useListParams();
  const status = RETURN_STATUSES.find((s) => s === params.get('status'));
  const returns = useAdminReturns({ status, q: q || undefined, page, per_page: PER_PAGE });

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
        <AdminSearchForm
          id="admin-returns-q"
          label="Email, name or order"
          name="Search returns"
          className="admin-return-search"
          q={q}
          onSearch={search}
        />
      </div>
      <AdminQueryTable
        query={returns}
        what="returns"
        caption="Return requests"
        columns={columns}
        page={page}
        perPage={PER_PAGE}
        onPageChange={setPage}
        getRowId={(r) => String(r.id)}
        emptyMessage={status || q ? 'No return requests match these filters.' : 'No return requests yet.'}
      />
    </section>
  );
}
