import type { AuditEntry } from '@store/shared/admin';
import type { AdminCustomerPlan } from '@store/shared/admin-customers';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAdminCustomer, useSetCustomerPlan } from '../api/admin-customers';
import { dollars, sydneyDate, sydneyDateTime } from '../admin-format';
import { useAdminTitle } from './use-admin-title';
import { formatPhone } from '@store/shared/phone';

/** What a plan's holding reads as beside its name. */
function planStatus(p: AdminCustomerPlan): string {
  if (!p.held) return 'Not held';
  const since = p.granted_at ? ` since ${sydneyDate(p.granted_at)}` : '';
  const by = p.granted_by ? `, granted by ${p.granted_by}` : '';
  return `Held${since}${by}${p.active ? '' : ' (plan switched off: not offered)'}`;
}

/**
 * The customer's membership plans (issue 34 §4): only the plans they hold are offered at their checkout. Each plan
 * is granted or removed with one press; the server's answer (and its audit row) is shown as it comes.
 */
function CustomerPlans({ id, name, plans }: { id: number; name: string; plans: AdminCustomerPlan[] }) {
  const setPlan = useSetCustomerPlan(id);
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  function change(plan: AdminCustomerPlan) {
    setFeedback(null);
    setPlan.mutate(
      { planId: plan.id, held: !plan.held },
      {
        onSuccess: (answer) => setFeedback({ ok: true, text: answer.message }),
        onError: (error) => setFeedback({ ok: false, text: error.message }),
      },
    );
  }
  return (
    <section aria-labelledby="admin-customer-plans">
      <h2 id="admin-customer-plans" className="admin-return__heading">
        Membership plans
      </h2>
      <p>Only the plans {name} holds are offered at their checkout, on top of the member discount.</p>
      {plans.length === 0 ? (
        <p>The store has no membership plans.</p>
      ) : (
        <ul className="admin-customer-plans">
          {plans.map((p) => (
            <li key={p.id}>
              <strong>
                {p.plan_name} ({p.discount_percentage}% off)
              </strong>
              : {planStatus(p)}{' '}
              {(p.held || p.active) && (
                <button
                  type="button"
                  className="button button--quiet"
                  disabled={setPlan.isPending}
                  onClick={() => change(p)}
                  aria-label={`${p.held ? 'Remove' : 'Grant'} ${p.plan_name}`}
                >
                  {p.held ? 'Remove' : 'Grant'}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p
        role={feedback && !feedback.ok ? 'alert' : 'status'}
        className={feedback?.ok ? '' : 'admin-form__alert'}
      >
        {feedback?.text ?? ''}
      </p>
    </section>
  );
}

function show(value: unknown): string {
  return value === null || value === undefined || value === '' ? '—' : String(value);
}

/** The changes made to this customer in the back office, newest first (decision 0018's audit trail). */
function CustomerAudit({ audit }: { audit: AuditEntry[] }) {
  return (
    <section aria-labelledby="admin-customer-audit">
      <h2 id="admin-customer-audit" className="admin-return__heading">
        Audit trail
      </h2>
      {audit.length === 0 ? (
        <p>No changes from the back office yet.</p>
      ) : (
        <ul className="admin-customer-audit">
          {audit.map((a) => (
            <li key={a.id}>
              <strong>{a.action}</strong> by {a.staff_name} on {sydneyDateTime(a.at)}
              <ul>
                {Object.keys({ ...a.before, ...a.after }).map((key) => (
                  <li key={key}>
                    {key.replace(/_/g, ' ')}: {show(a.before?.[key])} → {show(a.after?.[key])}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * One customer (issue 12): their details, membership plans (granted and removed here, issue 34 §4), saved
 * addresses and orders (each linking to its page), and the audit trail of changes made to them.
 */
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
              <dd>{formatPhone(found.data.data.phone) || '—'}</dd>
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
          <CustomerPlans id={id} name={found.data.data.name} plans={found.data.data.membership_plans} />
          <h2 className="admin-return__heading">Saved addresses</h2>
          {found.data.data.addresses.length === 0 ? (
            <p>No saved addresses.</p>
          ) : (
            <ul className="admin-customer-addresses">
              {found.data.data.addresses.map((a) => (
                <li key={a.id}>
                  <strong>{a.address_type}</strong>: {a.name}, {a.address}
                  {a.phone ? ` · ${formatPhone(a.phone)}` : ''}
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
          <CustomerAudit audit={found.data.audit} />
        </>
      )}
    </section>
  );
}
