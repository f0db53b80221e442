import {
  REPORT_LABELS as L,
  REPORT_PERIOD_LABELS,
  REPORT_PERIODS,
  reportRange,
  sydneyDay,
  type ReportPeriod,
  type ReportSection,
  type SalesReport,
  type SalesReportQuery,
} from '@store/shared/admin-reports';
import { ADMIN_MESSAGES } from '@store/shared/admin';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { downloadSalesReportCsv, useSalesReport } from '../api/admin-reports';
import { useAdminSession } from '../admin-session-store';
import { dollars, sydneyDate } from '../admin-format';
import { AdminExportButton } from './admin-export-button';
import { useAdminTitle } from './use-admin-title';
import './admin-reports.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /admin/reports (issue 36 §4, admins only): sales for a period of Sydney days — this week, month, quarter or a
 * custom range, kept in the address — with its totals (the dashboard's figures for the same days), the top
 * products, every category and every day, each downloadable as CSV.
 */
export function AdminReportsPage() {
  useAdminTitle('Reports');
  const session = useAdminSession();
  return (
    <section className="admin-page admin-reports" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">Sales report</h1>
      {session?.user.role === 'admin' ? (
        <Report />
      ) : (
        <p className="admin-soon" role="alert">
          {ADMIN_MESSAGES.forbidden} Only admins can see the sales report.
        </p>
      )}
    </section>
  );
}

function Report() {
  const [params, setParams] = useSearchParams();
  const period = REPORT_PERIODS.find((p) => p === params.get('period')) ?? 'month';
  const today = sydneyDay();
  const from = DATE.test(params.get('from') ?? '') ? (params.get('from') ?? undefined) : undefined;
  const to = DATE.test(params.get('to') ?? '') ? (params.get('to') ?? undefined) : undefined;
  const custom = period === 'custom';
  const range = reportRange(period, today, { from, to });
  const query: Partial<SalesReportQuery> = custom ? { period, from: range.from, to: range.to } : { period };
  const report = useSalesReport(query);
  const set = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null || v === '') merged.delete(k);
      else merged.set(k, v);
    }
    setParams(merged, { replace: true });
  };
  const data = report.data;
  return (
    <>
      <div className="admin-toolbar admin-reports__toolbar">
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-report-period">
            Period
          </label>
          <select
            id="admin-report-period"
            className="admin-input"
            value={period}
            onChange={(e) => {
              const next = e.target.value as ReportPeriod;
              set(
                next === 'custom'
                  ? { period: next, from: range.from, to: range.to }
                  : { period: next === 'month' ? null : next, from: null, to: null },
              );
            }}
          >
            {REPORT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {REPORT_PERIOD_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
        {custom && (
          <>
            <div className="admin-field">
              <label className="admin-field__label" htmlFor="admin-report-from">
                From
              </label>
              <input
                id="admin-report-from"
                className="admin-input"
                type="date"
                value={range.from}
                max={range.to}
                onChange={(e) => set({ from: e.target.value || null })}
              />
            </div>
            <div className="admin-field">
              <label className="admin-field__label" htmlFor="admin-report-to">
                To
              </label>
              <input
                id="admin-report-to"
                className="admin-input"
                type="date"
                value={range.to}
                min={range.from}
                onChange={(e) => set({ to: e.target.value || null })}
              />
            </div>
          </>
        )}
      </div>
      {report.isPending ? (
        <p role="status">Loading the report…</p>
      ) : report.isError ? (
        <p role="alert" className="admin-form__alert">
          The report did not load: {report.error.message}
        </p>
      ) : data ? (
        <ReportBody report={data} query={query} />
      ) : null}
    </>
  );
}

/** A day as people read it: '25 Nov 2026'. */
const dayText = (day: string) => sydneyDate(`${day}T12:00:00+11:00`);

function ReportBody({ report, query }: { report: SalesReport; query: Partial<SalesReportQuery> }) {
  const t = report.totals;
  const csv = (section: ReportSection) => () => downloadSalesReportCsv(query, section);
  return (
    <div className="admin-reports__body" aria-busy={false}>
      <section className="admin-dash__card admin-reports__totals" aria-labelledby="admin-report-totals">
        <div className="admin-reports__heading">
          <h2 id="admin-report-totals">
            {dayText(report.from)} to {dayText(report.to)}
          </h2>
          <AdminExportButton label="Totals as CSV" download={csv('totals')} />
        </div>
        <dl>
          <Figure label={L.orders}>{t.orders.toLocaleString('en-AU')}</Figure>
          <Figure label={L.items}>{t.items.toLocaleString('en-AU')}</Figure>
          <Figure label={L.charged}>{dollars(t.charged)}</Figure>
          <Figure label={L.gst}>{dollars(t.gst)}</Figure>
          <Figure label={L.refunded}>{dollars(t.refunded)}</Figure>
          <Figure label={L.netSales}>{dollars(t.net_sales)}</Figure>
        </dl>
        <p className="admin-order__reference">
          Orders: placed and not cancelled ({t.paid_orders.toLocaleString('en-AU')} paid). Charged and GST:
          the paid orders&apos; totals. Refunded: money given back in the period. The dashboard shows the same
          figures.
        </p>
      </section>
      <ReportTable
        id="admin-report-products"
        title="Top products"
        empty="No product sold in this period."
        download={csv('products')}
        head={[L.title, L.sku, L.quantity, L.sales, L.gst]}
        rows={report.products.map((p) => ({
          key: p.sku,
          header: p.title,
          cells: [p.sku, p.quantity.toLocaleString('en-AU'), dollars(p.sales), dollars(p.gst)],
        }))}
      />
      <ReportTable
        id="admin-report-categories"
        title="By category"
        empty="No sales in this period."
        download={csv('categories')}
        head={[L.category, L.quantity, L.sales, L.gst]}
        rows={report.categories.map((c) => ({
          key: c.category,
          header: c.category,
          cells: [c.quantity.toLocaleString('en-AU'), dollars(c.sales), dollars(c.gst)],
        }))}
      />
      <ReportTable
        id="admin-report-days"
        title="By day"
        empty="No days in this period."
        download={csv('days')}
        head={[L.day, L.orders, L.charged, L.gst, L.refunded, L.netSales]}
        rows={report.days.map((d) => ({
          key: d.day,
          header: dayText(d.day),
          cells: [
            d.orders.toLocaleString('en-AU'),
            dollars(d.charged),
            dollars(d.gst),
            dollars(d.refunded),
            dollars(d.net_sales),
          ],
        }))}
      />
    </div>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ReportTable({
  id,
  title,
  empty,
  head,
  rows,
  download,
}: {
  id: string;
  title: string;
  empty: string;
  head: string[];
  rows: { key: string; header: string; cells: string[] }[];
  download: () => Promise<string>;
}) {
  return (
    <section className="admin-reports__section" aria-labelledby={id}>
      <div className="admin-reports__heading">
        <h2 id={id}>{title}</h2>
        <AdminExportButton label={`${title} as CSV`} download={download} />
      </div>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <div className="admin-table-wrap" role="region" aria-label={`${title} (table)`} tabIndex={0}>
          <table className="admin-table admin-reports__table">
            <thead>
              <tr>
                {head.map((h, i) => (
                  <th key={h} scope="col" className={i === 0 ? undefined : 'admin-table__numeric'}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.header}</th>
                  {r.cells.map((c, i) => (
                    <td key={i} data-label={head[i + 1]} className="admin-table__numeric">
                      {c}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
