import type { BreakdownRow } from '@store/shared/order-breakdown';
import './money-breakdown.css';

export interface MoneyBreakdownProps {
  /** `breakdownRows(amounts, display)` of order-breakdown.ts; null while the figures load (placeholders shown). */
  rows: readonly BreakdownRow[] | null;
  /** The list's accessible name. */
  label?: string;
  className?: string;
}

/** Placeholder rows while the store's settings load. */
const LOADING_LABELS = ['Subtotal', 'Delivery', 'Total'];

/**
 * An order's money as every screen shows it (issue 34 §2): the rows of `breakdownRows` (subtotal, each discount,
 * delivery, then the total and the GST), their labels and signed figures as given, the total stressed. The
 * checkout, the payment pages, the thank-you page and the order pages all render their figures with it, so the
 * rows read the same everywhere and add up to the total shown under them. Each row carries `data-row` (its key).
 */
export function MoneyBreakdown({ rows, label = 'Price breakdown', className }: MoneyBreakdownProps) {
  const classes = className ? `money-breakdown ${className}` : 'money-breakdown';
  if (rows === null) {
    return (
      <dl className={classes} aria-label={label} aria-busy="true">
        {LOADING_LABELS.map((text) => (
          <div key={text} className="money-breakdown__row">
            <dt>{text}</dt>
            <dd>
              <span className="skeleton money-breakdown__skeleton">
                <span className="visually-hidden">Loading</span>
              </span>
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <dl className={classes} aria-label={label}>
      {rows.map((row) => (
        <div
          key={row.key}
          data-row={row.key}
          className={`money-breakdown__row money-breakdown__row--${row.key.replace(/_/g, '-')}`}
        >
          <dt>{row.label}</dt>
          <dd>{row.text}</dd>
        </div>
      ))}
    </dl>
  );
}
