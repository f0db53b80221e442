import type { AdminDashboard, DashboardPeriod } from '@store/shared/admin-dashboard';
import { DASHBOARD_LABELS as L, LOW_STOCK_RULE } from '@store/shared/admin-dashboard';
import { AdminLowStockReportButton } from './admin-low-stock-report-button';
import { Link } from 'react-router';
import { useAdminDashboard } from '../api/admin-dashboard';
import { dollars, signedDollars, sydneyDateTime } from '../admin-format';
import { useAdminSession } from '../admin-session-store';
import { orderStatusLabel } from './admin-order-labels';
import { useAdminTitle } from './use-admin-title';

/**
 * /admin (issue 12 item 6): today's and this month's orders and revenue (GST apart, refunds apart), then what
 * needs doing: paid orders waiting to ship, open returns, unhandled messages, products low on stock.
 */
export function AdminDashboardPage() {
  useAdminTitle('Dashboard');
  const session = useAdminSession();
  const dashboard = useAdminDashboard();
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">Welcome, {session?.user.name}</h1>
      {dashboard.isPending ? (
        <p role="status">Loading the dashboard…</p>
      ) : dashboard.isError ? (
        <p role="alert" className="admin-form__alert">
          The dashboard did not load: {dashboard.error.message}
        </p>
      ) : (
        <DashboardFigures d={dashboard.data} isAdmin={session?.user.role === 'admin'} />
      )}
    </section>
  );
}

function DashboardFigures({ d, isAdmin }: { d: AdminDashboard; isAdmin: boolean }) {
  const monthName = new Date(`${d.month}-15T00:00:00Z`).toLocaleDateString('en-AU', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <>
      <div className="admin-dash__periods">
        <PeriodCard title="Today" period={d.periods.today} />
        <PeriodCard title={monthName} period={d.periods.month} />
      </div>
      <ul className="admin-dash__todo" aria-label="To do">
        <li>
          <a href="#admin-dash-ship">
            <strong>{d.waiting_to_ship.total}</strong> paid order{d.waiting_to_ship.total === 1 ? '' : 's'}{' '}
            waiting to ship
          </a>
        </li>
        <li>
          <Link to="/admin/returns?status=open">
            <strong>{d.open_returns}</strong> open return{d.open_returns === 1 ? '' : 's'}
          </Link>
        </li>
        <li>
          <Link to="/admin/messages?status=unhandled">
            <strong>{d.unhandled_messages}</strong> unhandled message{d.unhandled_messages === 1 ? '' : 's'}
          </Link>
        </li>
        <li>
          {isAdmin ? (
            <Link to="/admin/products?low_stock=true">
              <strong>{d.low_stock.total}</strong> product{d.low_stock.total === 1 ? '' : 's'} low on stock
            </Link>
          ) : (
            <span>
              <strong>{d.low_stock.total}</strong> product{d.low_stock.total === 1 ? '' : 's'} low on stock
            </span>
          )}
        </li>
      </ul>

      <div className="admin-dash__lists">
        <section aria-labelledby="admin-dash-ship">
          <h2 id="admin-dash-ship">Waiting to ship</h2>
          {d.waiting_to_ship.data.length === 0 ? (
            <p>Nothing to ship: every paid order has gone out.</p>
          ) : (
            <ol className="admin-dash__list">
              {d.waiting_to_ship.data.map((o) => (
                <li key={o.public_id}>
                  <Link to={`/admin/orders/${o.public_id}`}>{o.invoice_number}</Link>{' '}
                  <span>
                    {o.customer} · {dollars(o.total)} · {orderStatusLabel(o.status)} ·{' '}
                    {sydneyDateTime(o.created_at)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="admin-dash-stock">
          <h2 id="admin-dash-stock">Low stock ({LOW_STOCK_RULE})</h2>
          {d.low_stock.data.length === 0 ? (
            <p>No product is low on stock.</p>
          ) : (
            <ul className="admin-dash__list">
              {d.low_stock.data.map((p) => (
                <li key={p.sku}>
                  {isAdmin ? (
                    <Link to={`/admin/products/${encodeURIComponent(p.sku)}`}>{p.title}</Link>
                  ) : (
                    p.title
                  )}{' '}
                  <span>
                    {p.sku} · {p.stock === 0 ? 'out of stock' : `${p.stock} left`} · reorder level{' '}
                    {p.reorder_level}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <AdminLowStockReportButton />
        </section>
      </div>
    </>
  );
}

function PeriodCard({ title, period }: { title: string; period: DashboardPeriod }) {
  return (
    <section className="admin-dash__card" aria-label={title}>
      <h2>{title}</h2>
      <dl>
        <div>
          <dt>{L.orders}</dt>
          <dd>{period.orders.toLocaleString('en-AU')}</dd>
        </div>
        <div>
          <dt>{L.charged}</dt>
          <dd>{dollars(period.revenue)}</dd>
        </div>
        <div>
          <dt>{L.gst}</dt>
          <dd>{dollars(period.gst)}</dd>
        </div>
        <div>
          <dt>{L.refunded}</dt>
          <dd>{dollars(period.refunded)}</dd>
        </div>
        <div>
          <dt>{L.netRevenue}</dt>
          <dd>{signedDollars(period.net_revenue)}</dd>
        </div>
      </dl>
    </section>
  );
}
