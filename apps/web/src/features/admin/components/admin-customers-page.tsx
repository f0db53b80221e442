import { ADMIN_MESSAGES } from '@store/shared/admin';
import { CUSTOMER_SORTS, type AdminCustomerRow, type CustomerSort } from '@store/shared/admin-customers';
import { createColumnHelper } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAdminCustomers } from '../api/admin-customers';
import { useAdminSession } from '../admin-session-store';
import { AdminCustomerDetail } from './admin-customer-detail';
import { AdminDataTable, type SortDirection } from './admin-data-table';
import { dollars, sydneyDate } from '../admin-format';
import { useAdminTitle } from './use-admin-title';

const PER_PAGE = 20;
const column = createColumnHelper<AdminCustomerRow>();
const columns = [
  column.accessor('name', {
    header: 'Name',
    cell: (c) => <Link to={`/admin/customers?id=${c.row.original.id}`}>{c.getValue()}</Link>,
    meta: { rowHeader: true },
  }),
  column.accessor('email', {
    header: 'Email',
    cell: (c) => <span className="admin-table__email">{c.getValue()}</span>,
    meta: { label: 'Email' },
  }),
  column.accessor('created_at', {
    header: 'Member since',
    cell: (c) => sydneyDate(c.getValue()),
    meta: { label: 'Member since' },
  }),
  column.accessor('orders_count', {
    id: 'orders',
    header: 'Orders',
    cell: (c) => c.getValue().toLocaleString('en-AU'),
    meta: { label: 'Orders', numeric: true },
  }),
  column.accessor('total_spent', {
    id: 'spent',
    header: 'Spent',
    cell: (c) => dollars(c.getValue()),
    meta: { label: 'Spent', numeric: true },
  }),
  column.accessor('last_order_at', {
    header: 'Last order',
    cell: (c) => {
      const at = c.getValue();
      return at ? sydneyDate(at) : 'None';
    },
    meta: { label: 'Last order' },
  }),
];

/**
 * /admin/customers (issue 12, admins only): members with their orders count, total spent and last order,
 * searched by name or email and sorted by any of name, member since, orders and spent; `?id=` shows one with
 * their addresses and orders.
 */
export function AdminCustomersPage() {
  const session = useAdminSession();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  useAdminTitle('Customers');
  if (session?.user.role !== 'admin') {
    return (
      <section className="admin-page" aria-labelledby="admin-page-title">
        <h1 id="admin-page-title">Customers</h1>
        <p className="admin-soon" role="alert">
          {ADMIN_MESSAGES.forbidden} Only admins can see customers.
        </p>
      </section>
    );
  }
  if (Number.isInteger(id) && id > 0) return <AdminCustomerDetail id={id} />;
  return <CustomersList />;
}

function CustomersList() {
  const [params, setParams] = useSearchParams();
  const sort: CustomerSort = CUSTOMER_SORTS.find((s) => s === params.get('sort')) ?? 'created_at';
  const direction: SortDirection = params.get('direction') === 'asc' ? 'asc' : 'desc';
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(q);
  const customers = useAdminCustomers({ sort, direction, q: q || undefined, page, per_page: PER_PAGE });
  const go = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) merged.set(k, v);
      else merged.delete(k);
    }
    setParams(merged);
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ q: search.trim() || null, page: null });
  };
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">Customers</h1>
      <div className="admin-toolbar">
        <form role="search" aria-label="Search customers" className="admin-return-search" onSubmit={onSearch}>
          <div className="admin-field">
            <label className="admin-field__label" htmlFor="admin-customers-q">
              Name or email
            </label>
            <input
              id="admin-customers-q"
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
      {customers.isPending ? (
        <p role="status">Loading customers…</p>
      ) : customers.isError ? (
        <p role="alert" className="admin-form__alert">
          The customers did not load: {customers.error.message}
        </p>
      ) : (
        <AdminDataTable
          caption="Customers"
          columns={columns}
          rows={customers.data.data}
          total={customers.data.total}
          page={page}
          perPage={PER_PAGE}
          onPageChange={(p) => go({ page: String(p) })}
          sort={{ id: sort, direction }}
          sortableColumns={['name', 'created_at', 'orders', 'spent']}
          onSortChange={(s) => go({ sort: s.id, direction: s.direction, page: null })}
          getRowId={(r) => String(r.id)}
          emptyMessage={q ? 'No customers match this search.' : 'No customers have signed up yet.'}
          busy={customers.isFetching}
        />
      )}
    </section>
  );
}
