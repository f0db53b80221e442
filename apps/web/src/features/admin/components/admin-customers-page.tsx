import { ADMIN_MESSAGES } from '@store/shared/admin';
import { CUSTOMER_SORTS, type AdminCustomerRow } from '@store/shared/admin-customers';
import { createColumnHelper } from '@tanstack/react-table';
import { Link, useSearchParams } from 'react-router';
import { useAdminCustomers } from '../api/admin-customers';
import { useAdminSession } from '../admin-session-store';
import { AdminCustomerDetail } from './admin-customer-detail';
import { AdminQueryTable } from './admin-load-state';
import { AdminSearchForm } from './admin-search-form';
import { AdminExportButton } from './admin-export-button';
import { downloadExport } from '../api/admin-reports';
import { dollars, sydneyDate } from '../admin-format';
import { useAdminTitle } from './use-admin-title';
import { useListParams } from '../use-list-params';

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
  const { page, q, search, readSort, setSort, setPage } = useListParams();
  const sort = readSort(CUSTOMER_SORTS, { id: 'created_at', direction: 'desc' });
  const customers = useAdminCustomers({
    sort: sort.id,
    direction: sort.direction,
    q: q || undefined,
    page,
    per_page: PER_PAGE,
  });
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">Customers</h1>
      <div className="admin-toolbar">
        <AdminSearchForm
          id="admin-customers-q"
          label="Name or email"
          name="Search customers"
          className="admin-return-search"
          q={q}
          onSearch={search}
        />
        <AdminExportButton
          hint="Members and guest buyers, one row per email, with business name and ABN."
          download={() => downloadExport('customers')}
        />
      </div>
      <AdminQueryTable
        query={customers}
        what="customers"
        caption="Customers"
        columns={columns}
        page={page}
        perPage={PER_PAGE}
        onPageChange={setPage}
        sort={sort}
        sortableColumns={['name', 'created_at', 'orders', 'spent']}
        onSortChange={setSort}
        getRowId={(r) => String(r.id)}
        emptyMessage={q ? 'No customers match this search.' : 'No customers have signed up yet.'}
      />
    </section>
  );
}
