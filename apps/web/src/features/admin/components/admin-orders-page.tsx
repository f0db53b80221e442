import { ORDER_STATUSES, type AdminOrderRow } from '@store/shared/admin-orders';
import { BREAKDOWN_LABELS } from '@store/shared/order-breakdown';
import { PAYMENT_STATUSES } from '@store/shared/order-constants';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { useAdminOrders } from '../api/admin-orders';
import { AdminQueryTable } from './admin-load-state';
import { AdminOrderBatchBar, selectionColumn, useOrderSelection } from './admin-order-batch';
import {
  ORDER_STATUS_LABELS,
  orderStatusLabel,
  PAYMENT_STATUS_LABELS,
  paymentStatusLabel,
} from './admin-order-labels';
import { dollars, sydneyDateTime } from '../admin-format';
import { AdminSearchForm, type AdminSearchFormHandle } from './admin-search-form';
import { AdminExportButton } from './admin-export-button';
import { downloadExport } from '../api/admin-reports';
import { useAdminSession } from '../admin-session-store';
import { useAdminTitle } from './use-admin-title';
import { useListParams } from '../use-list-params';
import './admin-order.css';

const PER_PAGE = 20;
const SORTABLE = ['created_at', 'total', 'invoice_number'] as const;
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
    // The amount charged, GST included, for every order (issue 34 §2): the breakdown's own word for it.
    header: BREAKDOWN_LABELS.totalIncGst,
    cell: (c) => dollars(c.getValue()),
    meta: { label: BREAKDOWN_LABELS.totalIncGst, numeric: true },
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
      <>
        <span className={`admin-order-badge admin-order-badge--${c.getValue()}`}>
          {orderStatusLabel(c.getValue())}
        </span>
        {/* Issue 41 §2: a click & collect order waiting at the counter longer than the store's days. */}
        {c.row.original.uncollected && (
          <>
            <br />
            <strong className="admin-flag">{c.row.original.uncollected}</strong>
          </>
        )}
      </>
    ),
    meta: { label: 'Status' },
  }),
];

/**
 * /admin/orders (issue 12): every order, newest first, sortable by date, total and invoice number, filtered by
 * status, payment status and Sydney dates, searched by invoice number, public id, email or name. Every filter
 * lives in the URL's search params, so reload and Back keep them. Orders ticked in the first column get packing
 * slips, a pick list and batch status moves (issue 36 §4, admin-order-batch.tsx).
 */
export function AdminOrdersPage() {
  useAdminTitle('Orders');
  const { params, page, q, update, search, readSort, setSort, setPage } = useListParams();
  const status = ORDER_STATUSES.find((s) => s === params.get('status'));
  const paymentStatus = PAYMENT_STATUSES.find((s) => s === params.get('payment_status'));
  const from = DATE.test(params.get('from') ?? '') ? (params.get('from') ?? undefined) : undefined;
  const to = DATE.test(params.get('to') ?? '') ? (params.get('to') ?? undefined) : undefined;
  const sort = readSort(SORTABLE, { id: 'created_at', direction: 'desc' });
  const searchForm = useRef<AdminSearchFormHandle>(null);
  const uncollected = params.get('uncollected') === '1' ? ('1' as const) : undefined;
  const orders = useAdminOrders({
    status,
    payment_status: paymentStatus,
    uncollected,
    from,
    to,
    q: q || undefined,
    page,
    per_page: PER_PAGE,
    sort: sort.id,
    direction: sort.direction,
  });
  const filtered = Boolean(status || paymentStatus || from || to || q);
  // Issue 36 §4: ticked orders for packing slips, the pick list and batch moves.
  const selection = useOrderSelection();
  const tableColumns = useMemo(() => [selectionColumn(selection), ...columns], [selection]);
  const isAdmin = useAdminSession()?.user.role === 'admin';

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
          <label>
            <input
              type="checkbox"
              checked={uncollected === '1'}
              onChange={(e) => update({ uncollected: e.target.checked ? '1' : null, page: null })}
            />{' '}
            Uncollected only
          </label>
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
        <AdminSearchForm
          id="admin-orders-q"
          label="Invoice, order id, email or name"
          name="Search orders"
          className="admin-orders-search"
          q={q}
          onSearch={search}
          ref={searchForm}
        />
        {filtered && (
          <Link className="admin-orders-clear" to="/admin/orders" onClick={() => searchForm.current?.clear()}>
            Clear filters
          </Link>
        )}
        {isAdmin && (
          <AdminExportButton
            hint="The orders these filters show, for the accountant: money and GST per order."
            download={() =>
              downloadExport('orders', { status, payment_status: paymentStatus, from, to, q: q || undefined })
            }
          />
        )}
      </div>
      <AdminOrderBatchBar pageRows={orders.data?.data ?? []} selection={selection} />
      <AdminQueryTable
        query={orders}
        what="orders"
        caption="Orders"
        columns={tableColumns}
        page={page}
        perPage={PER_PAGE}
        onPageChange={setPage}
        sort={sort}
        sortableColumns={SORTABLE}
        onSortChange={setSort}
        getRowId={(r) => r.public_id}
        emptyMessage={filtered ? 'No orders match these filters.' : 'No orders yet.'}
      />
    </section>
  );
}
