/**
 * Pieces the back office's trade pages share (issue 39 §6): a facts list, a plain table with a caption, the ageing
 * line, an audit trail, and the words of statuses, terms and buckets (from the shared contract).
 */
import type { AuditEntry } from '@store/shared/admin';
import {
  AGEING_BUCKETS,
  AGEING_WORDS,
  TRADE_TERMS_WORDS,
  type Ageing,
  type TradeAccountStatus,
  type TradeTerms,
} from '@store/shared/trade-accounts';
import type { ReactNode } from 'react';
import { dollars, sydneyDateTime } from '../admin-format';
import './admin-trade.css';

/** The back office's short word for a status. */
export const STATUS_LABELS: Readonly<Record<TradeAccountStatus, string>> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
  suspended: 'On hold',
};

export const termsWords = (terms: TradeTerms) => TRADE_TERMS_WORDS[terms];

/** Label-value pairs in the back office's facts box. */
export function TradeFacts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <dl className="admin-return__facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface TradeColumn<Row> {
  title: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  /** The cell names its row. */
  rowHeader?: boolean;
}

/** A captioned table of every row (no paging: trade lists are short), or `empty` when there are none. */
export function TradeTable<Row>({
  id,
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  id: string;
  caption: string;
  columns: TradeColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  empty: string;
}) {
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <div className="admin-table-wrap" role="region" aria-labelledby={id} tabIndex={0}>
      <table className="admin-table">
        <caption id={id}>
          {caption} ({rows.length})
        </caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.title} scope="col" className={c.numeric ? 'admin-table__numeric' : undefined}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) =>
                c.rowHeader ? (
                  <th key={c.title} scope="row" data-label={c.title}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td
                    key={c.title}
                    data-label={c.title}
                    className={c.numeric ? 'admin-table__numeric' : undefined}
                  >
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The ageing buckets as table columns. */
export function ageingColumns<Row>(of: (row: Row) => Ageing): TradeColumn<Row>[] {
  return AGEING_BUCKETS.map((b) => ({
    title: AGEING_WORDS[b],
    numeric: true,
    cell: (r: Row) => dollars(of(r)[b]),
  }));
}

/** "Current $0.00 · 1–30 days $60.00 · …". */
export function AgeingLine({ ageing }: { ageing: Ageing }) {
  return <span>{AGEING_BUCKETS.map((b) => `${AGEING_WORDS[b]} ${dollars(ageing[b])}`).join(' · ')}</span>;
}

/** The changes staff made, newest first. */
export function TradeAuditTrail({ audit }: { audit: AuditEntry[] }) {
  return (
    <section aria-labelledby="admin-trade-audit">
      <h2 id="admin-trade-audit" className="admin-return__heading">
        Audit trail
      </h2>
      {audit.length === 0 ? (
        <p>No changes from the back office yet.</p>
      ) : (
        <ul className="admin-trade-audit">
          {audit.map((a) => (
            <li key={a.id}>
              <strong>{a.action}</strong> by {a.staff_name}, {sydneyDateTime(a.at)}
              {a.after
                ? `: ${Object.entries(a.after)
                    .map(
                      ([k, v]) => `${k.replace(/_/g, ' ')} ${typeof v === 'string' ? v : JSON.stringify(v)}`,
                    )
                    .join(', ')}`
                : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A server refusal's message, or `fallback`. */
export function failure(error: unknown, fallback: string): string {
  return error instanceof Error ? error.message : fallback;
}
