import { formatAbn } from '@store/shared/abn';
import { memberTrackOrderPath, PAGES } from '@store/shared/paths';
import {
  AGEING_BUCKETS,
  AGEING_WORDS,
  TRADE_STATUS_WORDS,
  TRADE_TERMS_WORDS,
  type TradeAccountView,
} from '@store/shared/trade-accounts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatOrderMoney } from '@/lib/order-fields';
import { failureMessage, toastError } from '@/lib/toast-feedback';
import { openTradeStatement } from '../api/open-trade-statement';
import { TradeUsers } from './trade-users';

/** '2026-12-31' -> '31/12/2026' (a store day, as every date on the account pages reads). */
export function formatStoreDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : day;
}

const MONTH_WORDS = new Intl.DateTimeFormat('en-AU', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-11' -> 'November 2026'. */
export function formatStatementMonth(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  return m ? MONTH_WORDS.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1))) : month;
}

function StatementButton({ month }: { month: string }) {
  const [busy, setBusy] = useState(false);
  async function onClick() {
    setBusy(true);
    try {
      await openTradeStatement(month);
    } catch (error) {
      toastError(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="trade-statements__button" onClick={() => void onClick()} disabled={busy}>
      {busy ? 'Preparing...' : `${formatStatementMonth(month)} (PDF)`}
    </button>
  );
}

/**
 * An approved (or held) trade account as its people see it (issue 39 §1, §4, §5): business, ABN, price lists, terms,
 * credit limit, balance, available credit and overdue; whether it can order on account and why not; the open
 * invoices with their ageing; the monthly statements; and who can order.
 */
export function TradeAccountOverview({ account, selfId }: { account: TradeAccountView; selfId: number }) {
  const invoicesId = useId();
  const statementsId = useId();
  const ageingId = useId();
  const rows: [string, string][] = [
    ['Status', TRADE_STATUS_WORDS[account.status]],
    ['Business', account.business_name],
    ['ABN', formatAbn(account.abn)],
    ['GST', account.gst_registered ? 'Registered for GST' : 'Not registered for GST'],
    ['Price lists', account.price_lists.length > 0 ? account.price_lists.join(', ') : 'None yet'],
    ['Terms', TRADE_TERMS_WORDS[account.terms]],
    ['Credit limit', formatOrderMoney(account.credit_limit)],
    ['Balance', formatOrderMoney(account.balance)],
    ['Available credit', formatOrderMoney(account.available_credit)],
    ['Overdue', formatOrderMoney(account.overdue)],
  ];
  return (
    <>
      <section className="account-section" aria-label="Account">
        <dl className="account-details">
          {rows.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {account.can_order_on_account ? (
          <p className="trade-note trade-note--ok">
            You can order on account at checkout: {TRADE_TERMS_WORDS[account.terms]}, up to{' '}
            {formatOrderMoney(account.available_credit)}.
          </p>
        ) : (
          account.on_account_blocked && (
            <p className="notice notice--error trade-note" role="status">
              {account.on_account_blocked}
            </p>
          )
        )}
        <div className="account-actions">
          <Link className="button" to={PAGES.quickOrder.path}>
            Quick order
          </Link>
          <Link className="button button--quiet" to={PAGES.orderHistory.path}>
            Order History
          </Link>
        </div>
      </section>

      <section className="account-section" aria-labelledby={invoicesId}>
        <h2 id={invoicesId}>Open invoices</h2>
        {account.open_invoices.length === 0 ? (
          <p>Nothing is owing.</p>
        ) : (
          <table className="order-history trade-table">
            <caption className="visually-hidden">Invoices not yet paid, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Invoice</th>
                <th scope="col">PO number</th>
                <th scope="col">Placed by</th>
                <th scope="col">Due</th>
                <th scope="col">Open</th>
                <th scope="col">Ageing</th>
              </tr>
            </thead>
            <tbody>
              {account.open_invoices.map((i) => (
                <tr key={i.order_id}>
                  <td data-label="Invoice">
                    <Link to={memberTrackOrderPath(i.order_id)}>{i.invoice_number}</Link>
                  </td>
                  <td data-label="PO number">{i.purchase_order_number ?? '—'}</td>
                  <td data-label="Placed by">{i.placed_by}</td>
                  <td data-label="Due">{formatStoreDay(i.due_day)}</td>
                  <td data-label="Open">
                    <span>
                      {formatOrderMoney(i.open)}
                      {i.open !== i.total && (
                        <span className="trade-table__of"> of {formatOrderMoney(i.total)}</span>
                      )}
                    </span>
                  </td>
                  <td data-label="Ageing">{AGEING_WORDS[i.bucket]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <h3 id={ageingId} className="trade-ageing__title">
          Ageing
        </h3>
        <dl className="trade-ageing" aria-labelledby={ageingId}>
          {AGEING_BUCKETS.map((b) => (
            <div key={b}>
              <dt>{AGEING_WORDS[b]}</dt>
              <dd>{formatOrderMoney(account.ageing[b])}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="account-section" aria-labelledby={statementsId}>
        <h2 id={statementsId}>Statements</h2>
        {account.statement_months.length === 0 ? (
          <p>Your first statement comes at the end of the month.</p>
        ) : (
          <ul className="trade-statements" role="list">
            {account.statement_months.map((m) => (
              <li key={m}>
                <StatementButton month={m} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <TradeUsers account={account} selfId={selfId} />
    </>
  );
}
