import { Link } from 'react-router';
import { useAdminCustomer } from '../api/admin-customers';
import { dollars, sydneyDate, sydneyDateTime } from '../admin-format';
import { useAdminTitle } from './use-admin-title';

/** One customer (issue 12): their details, saved addresses and orders, each order linking to its page. */
export function AdminCustomerDetail({ id }: { id: number }) {
  const found = useAdminCustomer(id);
  const name = found.data?.data.name;
  useAdminTitle(name ? `${name} | Customers` : 'Customer');
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <p className="admin-return-back">
        <Link to="/admin/customers">← All customers</Link>
      </p>
      {found.isPending ? (
        <p role="status">Loading the customer…</p>
      ) : found.isError ? (
        <>
          <h1 id="admin-page-title">Customer</h1>
          <p role="alert" className="admin-form__alert">
            The customer did not load: {found.error.message}
          </p>
        </>
      ) : (
        <>
          <h1 id="admin-page-title">{found.data.data.name}</h1>
          <dl className="admin-return__facts">
            <div>
              <dt>Email</dt>
              <dd>
                <a className="admin-table__email" href={`mailto:${found.data.data.email}`}>
                  {found.data.data.email}
                </a>
              </dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{found.data.data.phone || '—'}</dd>
            </div>
            <div>
              <dt>Member since</dt>
              <dd>{sydneyDate(found.data.data.created_at)}</dd>
            </div>
            <div>
              <dt>Orders</dt>
              <dd>
                {found.data.data.orders_count} · {dollars(found.data.data.total_spent)} spent
              </dd>
            </div>
          </dl>
          <h2 className="admin-return__heading">Saved addresses</h2>
          {found.data.data.addresses.length === 0 ? (
            <p>No saved addresses.</p>
          ) : (
            <ul className="admin-customer-addresses">
              {found.data.data.addresses.map((a) => (
                <li key={a.id}>
                  <strong>{a.address_type}</strong>: {a.name}, {a.address}
                  {a.phone ? ` · ${a.phone}` : ''}
                </li>
              ))}
            </ul>
          )}
          <h2 className="admin-return__heading">Orders</h2>
          {found.data.data.orders.length === 0 ? (
            <p>No orders yet.</p>
          ) : (
            <div
              className="admin-table-wrap"
              role="region"
              aria-labelledby="admin-customer-orders"
              tabIndex={0}
            >
              <table className="admin-table">
                <caption id="admin-customer-orders">
                  Orders of {found.data.data.name} ({found.data.data.orders.length})
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Invoice</th>
                    <th scope="col">Date</th>
                    <th scope="col" className="admin-table__numeric">
                      Total
                    </th>
                    <th scope="col">Payment</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {found.data.data.orders.map((o) => (
                    <tr key={o.public_id}>
                      <th scope="row">
                        <Link to={`/admin/orders/${o.public_id}`}>{o.invoice_number}</Link>
                      </th>
                      <td data-label="Date">{sydneyDateTime(o.created_at)}</td>
                      <td data-label="Total" className="admin-table__numeric">
                        {dollars(o.total)}
                      </td>
                      <td data-label="Payment">{o.payment_status.replace('_', ' ')}</td>
                      <td data-label="Status">{o.status}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
