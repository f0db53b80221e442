import { ORDER_STATUSES, type AdminOrderRow } from '@store/shared/admin-orders';
import { PAYMENT_STATUSES } from '@store/shared/order-constants';
import { createColumnHelper } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAdminOrders } from '../api/admin-orders';
import { AdminDataTable, type AdminTableSort } from './admin-data-table';
import {
  ORDER_STATUS_LABELS,
  orderStatusLabel,
  PAYMENT_STATUS_LABELS,
  paymentStatusLabel,
} from './admin-order-labels';
import { dollars, sydneyDateTime } from '../admin-format';
import { useAdminTitle } from './use-admin-title';
import './admin-order.css';

const PER_PAGE = 20;
const SORTABLE = ['created_at', 'total', 'invoice_number'] as const;
type SortColumn = (typeof SORTABLE)[number];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const column = createColumnHelper<AdminOrderRow>();
const columns = [
  column.accessor('invoice_number', {
    header: 'Invoice',
    cell: (c) => <Link to={`/admin/orders/${c.row.original.public_id}`}>{c.getValue()}</Link>,
    meta: { rowHeader: true },
  }),
  column.accessor('created_at', {
    header: 'Date',
    cell: (c) => sydneyDateTime(c.getValue()),
    meta: { label: 'Date' },
  }),
  column.accessor('customer', {
    header: 'Customer',
    cell: (c) => (
      <>
        {c.getValue()}
        <br />
        <span className="admin-table__email">{c.row.original.email}</span>
      </>
    ),
    meta: { label: 'Customer' },
  }),
  column.accessor('total', {
    header: 'Total',
    cell: (c) => dollars(c.getValue()),
    meta: { label: 'Total', numeric: true },
  }),
  column.accessor('payment_status', {
    header: 'Payment',
    cell: (c) => (
      <span className={`admin-order-badge admin-order-badge--${c.getValue()}`}>
        {paymentStatusLabel(c.getValue())}
      </span>
    ),
    meta: { label: 'Payment' },
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (c) => (
      <span className={`admin-order-badge admin-order-badge--${c.getValue()}`}>
        {orderStatusLabel(c.getValue())}
      </span>
    ),
    meta: { label: 'Status' },
  }),
];

/**
 * /admin/orders (issue 12): every order, newest first, sortable by date, total and invoice number, filtered by
 * status, payment status and Sydney dates, searched by invoice number, public id, email or name. Every filter
 * lives in the URL's search params, so reload and Back keep them.
 */
export function AdminOrdersPage() {
  useAdminTitle('Orders');
  const [params, setParams] = useSearchParams();
  const status = ORDER_STATUSES.find((s) => s === params.get('status'));
  const paymentStatus = PAYMENT_STATUSES.find((s) => s === params.get('payment_status'));
  const from = DATE.test(params.get('from') ?? '') ? (params.get('from') ?? undefined) : undefined;
  const to = DATE.test(params.get('to') ?? '') ? (params.get('to') ?? undefined) : undefined;
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sortId: SortColumn = SORTABLE.find((s) => s === params.get('sort')) ?? 'created_at';
  const direction = params.get('direction') === 'asc' ? 'asc' : 'desc';
  const [search, setSearch] = useState(q);
  const orders = useAdminOrders({
    status,
    payment_status: paymentStatus,
    from,
    to,
    q: q || undefined,
    page,
    per_page: PER_PAGE,
    sort: sortId,
    direction,
  });

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
  const onSort = (sort: AdminTableSort) => update({ sort: sort.id, direction: sort.direction, page: null });
  const filtered = Boolean(status || paymentStatus || from || to || q);

  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">Orders</h1>
      <div className="admin-toolbar admin-orders-toolbar">
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-orders-status">
            Order status
          </label>
          <select
            id="admin-orders-status"
            className="admin-input"
            value={status ?? ''}
            onChange={(e) => update({ status: e.target.value || null, page: null })}
          >
            <option value="">All</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-orders-payment">
            Payment
          </label>
          <select
            id="admin-orders-payment"
            className="admin-input"
            value={paymentStatus ?? ''}
            onChange={(e) => update({ payment_status: e.target.value || null, page: null })}
          >
            <option value="">All</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {PAYMENT_STATUS_LABELS[s] ?? s}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-orders-from">
            From
          </label>
          <input
            id="admin-orders-from"
            className="admin-input"
            type="date"
            value={from ?? ''}
            onChange={(e) => update({ from: e.target.value || null, page: null })}
          />
        </div>
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-orders-to">
            To
          </label>
          <input
            id="admin-orders-to"
            className="admin-input"
            type="date"
            value={to ?? ''}
            onChange={(e) => update({ to: e.target.value || null, page: null })}
          />
        </div>
        <form role="search" aria-label="Search orders" className="admin-orders-search" onSubmit={onSearch}>
          <div className="admin-field">
            <label className="admin-field__label" htmlFor="admin-orders-q">
              Invoice, order id, email or name
            </label>
            <input
              id="admin-orders-q"
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
        {filtered && (
          <Link className="admin-orders-clear" to="/admin/orders" onClick={() => setSearch('')}>
            Clear filters
          </Link>
        )}
      </div>
      {orders.isPending ? (
        <p role="status">Loading orders…</p>
      ) : orders.isError ? (
        <p role="alert" className="admin-form__alert">
          The orders did not load: {orders.error.message}
        </p>
      ) : (
        <AdminDataTable
          caption="Orders"
          columns={columns}
          rows={orders.data.data}
          total={orders.data.total}
          page={page}
          perPage={PER_PAGE}
          onPageChange={(p) => update({ page: String(p) })}
          sort={{ id: sortId, direction }}
          sortableColumns={SORTABLE}
          onSortChange={onSort}
          getRowId={(r) => r.public_id}
          emptyMessage={filtered ? 'No orders match these filters.' : 'No orders yet.'}
          busy={orders.isFetching}
        />
      )}
    </section>
  );
}
