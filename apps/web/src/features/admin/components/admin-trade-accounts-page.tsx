import { adminOrderPath } from '@store/shared/paths';
import {
  AGEING_WORDS,
  storeDay,
  TRADE_TERMS,
  type AdminLedgerEntry,
  type AdminTradeAccountDetail,
  type AdminTradeAccountRow,
  type OpenInvoice,
  type TradeTerms,
} from '@store/shared/trade-accounts';
import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  downloadStatement,
  useAdminPriceLists,
  useAdminTradeAccount,
  useAdminTradeAccounts,
  useAdminTradeAgeing,
  useMailStatement,
  useRecordTradePayment,
  useUpdateTradeAccount,
} from '../api/admin-trade';
import { dollars, signedDollars } from '../admin-format';
import { AdminDialog } from './admin-dialog';
import { AdminLoadState } from './admin-load-state';
import {
  ageingColumns,
  AgeingLine,
  failure,
  STATUS_LABELS,
  termsWords,
  TradeAuditTrail,
  TradeFacts,
  TradeTable,
} from './admin-trade-parts';
import { useAdminTitle } from './use-admin-title';

/**
 * /admin/trade-accounts (issue 39 §4, §6): approved and on-hold accounts, searched by business, ABN or email, each
 * with its lists, limit, terms, balance, overdue and ageing; above them the ageing totals across every account.
 */
export function AdminTradeAccountsPage() {
  useAdminTitle('Trade accounts');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const accounts = useAdminTradeAccounts(q ? { search: q } : {});
  const ageing = useAdminTradeAgeing();
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">Trade accounts</h1>
      <AdminLoadState query={ageing} what="ageing report">
        {(report) => (
          <TradeFacts
            facts={[
              ['Owed in all', dollars(report.total_balance)],
              ...(Object.entries(report.totals).map(([b, v]) => [
                AGEING_WORDS[b as keyof typeof AGEING_WORDS],
                dollars(v),
              ]) as [string, string][]),
            ]}
          />
        )}
      </AdminLoadState>
      <form
        role="search"
        className="admin-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          setParams(typed.trim() ? { q: typed.trim() } : {});
        }}
      >
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-trade-accounts-q">
            Business, ABN or email
          </label>
          <input
            id="admin-trade-accounts-q"
            className="admin-input"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      <AdminLoadState query={accounts} what="trade accounts">
        {({ data }) => (
          <TradeTable<AdminTradeAccountRow>
            id="admin-trade-accounts"
            caption="Trade accounts"
            rows={data}
            rowKey={(a) => String(a.id)}
            empty={q ? 'No trade accounts match.' : 'No approved trade accounts yet.'}
            columns={[
              {
                title: 'Business',
                rowHeader: true,
                cell: (a) => <Link to={`/admin/trade-accounts/${a.id}`}>{a.business_name}</Link>,
              },
              { title: 'ABN', cell: (a) => a.abn },
              { title: 'Status', cell: (a) => STATUS_LABELS[a.status] },
              { title: 'Price lists', cell: (a) => a.price_lists.join(', ') || 'Retail' },
              { title: 'Limit', numeric: true, cell: (a) => dollars(a.credit_limit) },
              { title: 'Terms', cell: (a) => termsWords(a.terms) },
              { title: 'Balance', numeric: true, cell: (a) => signedDollars(a.balance) },
              { title: 'Overdue', numeric: true, cell: (a) => dollars(a.overdue) },
              ...ageingColumns<AdminTradeAccountRow>((a) => a.ageing),
            ]}
          />
        )}
      </AdminLoadState>
    </section>
  );
}

function AccountSettings({
  id,
  detail,
  onDone,
}: {
  id: number;
  detail: AdminTradeAccountDetail;
  onDone: (t: string) => void;
}) {
  const lists = useAdminPriceLists();
  const update = useUpdateTradeAccount(id);
  const [chosen, setChosen] = useState<number[]>(detail.price_list_ids);
  const [limit, setLimit] = useState(detail.account.credit_limit);
  const [terms, setTerms] = useState<TradeTerms>(detail.account.terms);
  const [status, setStatus] = useState(detail.account.status === 'suspended' ? 'suspended' : 'approved');
  const [error, setError] = useState('');
  const decided = detail.account.status === 'approved' || detail.account.status === 'suspended';
  if (!decided) return null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    try {
      const answer = await update.mutateAsync({
        price_list_ids: chosen,
        credit_limit: limit,
        terms,
        status: status as 'approved' | 'suspended',
      });
      onDone(answer.message);
    } catch (err) {
      setError(failure(err, 'The account was not saved.'));
    }
  };
  return (
    <form
      className="admin-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby="admin-trade-settings"
    >
      <h2 id="admin-trade-settings" className="admin-return__heading">
        Lists, limit and terms
      </h2>
      <fieldset className="admin-product-fieldset">
        <legend>Price lists</legend>
        <AdminLoadState query={lists} what="price lists">
          {({ data }) => (
            <>
              {data.map((l) => (
                <div className="admin-product-check" key={l.id}>
                  <input
                    id={`admin-account-list-${l.id}`}
                    type="checkbox"
                    checked={chosen.includes(l.id)}
                    onChange={(e) =>
                      setChosen((c) => (e.target.checked ? [...c, l.id] : c.filter((x) => x !== l.id)))
                    }
                  />
                  <label htmlFor={`admin-account-list-${l.id}`}>{l.name}</label>
                </div>
              ))}
            </>
          )}
        </AdminLoadState>
      </fieldset>
      <div className="admin-field">
        <label className="admin-field__label" htmlFor="admin-account-limit">
          Credit limit ($)
        </label>
        <input
          id="admin-account-limit"
          className="admin-input"
          inputMode="decimal"
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
        />
      </div>
      <div className="admin-field">
        <label className="admin-field__label" htmlFor="admin-account-terms">
          Terms
        </label>
        <select
          id="admin-account-terms"
          className="admin-input"
          value={terms}
          onChange={(e) => setTerms(e.target.value as TradeTerms)}
        >
          {TRADE_TERMS.map((t) => (
            <option key={t} value={t}>
              {termsWords(t)}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label className="admin-field__label" htmlFor="admin-account-status">
          Status
        </label>
        <select
          id="admin-account-status"
          className="admin-input"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        >
          <option value="approved">Approved (trade prices, on account)</option>
          <option value="suspended">On hold (retail prices, card only)</option>
        </select>
      </div>
      <p role="alert" className="admin-form__alert">
        {error}
      </p>
      <button type="submit" className="button admin-submit" disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save account'}
      </button>
    </form>
  );
}

function PaymentDialog({
  id,
  owed,
  onClose,
  onDone,
}: {
  id: number;
  owed: string;
  onClose: () => void;
  onDone: (t: string) => void;
}) {
  const record = useRecordTradePayment(id);
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [day, setDay] = useState(storeDay(new Date()));
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    try {
      onDone((await record.mutateAsync({ amount, reference, received_day: day })).message);
    } catch (err) {
      setError(failure(err, 'The payment was not recorded.'));
    }
  };
  return (
    <AdminDialog title="Record a payment" onClose={onClose}>
      <p>The account owes {signedDollars(owed)}.</p>
      <form className="admin-form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-payment-amount">
            Amount ($)
          </label>
          <input
            id="admin-payment-amount"
            className="admin-input"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-payment-reference">
            Reference (EFT or cheque)
          </label>
          <input
            id="admin-payment-reference"
            className="admin-input"
            maxLength={80}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
          />
        </div>
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-payment-day">
            Received on
          </label>
          <input
            id="admin-payment-day"
            className="admin-input"
            type="date"
            value={day}
            onChange={(e) => setDay(e.target.value)}
          />
        </div>
        <p role="alert" className="admin-form__alert">
          {error}
        </p>
        <button type="submit" className="button admin-submit" disabled={record.isPending}>
          {record.isPending ? 'Recording…' : 'Record payment'}
        </button>
      </form>
    </AdminDialog>
  );
}

function Statements({ id, months }: { id: number; months: string[] }) {
  const mail = useMailStatement(id);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const thisMonth = storeDay(new Date()).slice(0, 7);
  const all = [...new Set([thisMonth, ...months])].sort().reverse();
  return (
    <section aria-labelledby="admin-trade-statements">
      <h2 id="admin-trade-statements" className="admin-return__heading">
        Statements
      </h2>
      <p role="status" className={message?.ok === false ? 'admin-form__alert' : 'admin-product-saved'}>
        {message?.text}
      </p>
      <ul>
        {all.map((m) => (
          <li key={m}>
            {m}{' '}
            <button
              type="button"
              className="button button--small"
              onClick={() =>
                void downloadStatement(id, m).catch((e: unknown) =>
                  setMessage({ ok: false, text: failure(e, 'The download failed.') }),
                )
              }
            >
              Download <span className="visually-hidden">the statement for {m}</span>
            </button>{' '}
            <button
              type="button"
              className="button button--small admin-button--secondary"
              disabled={mail.isPending}
              onClick={() =>
                mail.mutate(m, {
                  onSuccess: (a) => setMessage({ ok: true, text: a.message }),
                  onError: (e) => setMessage({ ok: false, text: e.message }),
                })
              }
            >
              Mail <span className="visually-hidden">the statement for {m}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /admin/trade-accounts/{id} (issue 39 §4, §6): the account's money (balance, available credit, overdue, ageing),
 * its users, lists, limit, terms and status (editable), open invoices (each linking to its order), the ledger
 * with the balance after each entry, "Record payment", statements by month (download or mail), and the trail.
 */
export function AdminTradeAccountPage() {
  const id = Number(useParams().id);
  const found = useAdminTradeAccount(id);
  const [paying, setPaying] = useState(false);
  const [notice, setNotice] = useState('');
  useAdminTitle(found.data ? `${found.data.data.account.business_name} | Trade accounts` : 'Trade account');
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <p className="admin-return-back">
        <Link to="/admin/trade-accounts">← All trade accounts</Link>
      </p>
      <AdminLoadState query={found} what="trade account">
        {({ data, audit }) => {
          const a = data.account;
          return (
            <>
              <h1 id="admin-page-title">{a.business_name}</h1>
              <p role="status" className="admin-product-saved">
                {notice}
              </p>
              <TradeFacts
                facts={[
                  ['Status', STATUS_LABELS[a.status]],
                  ['ABN', a.abn],
                  ['Price lists', a.price_lists.join(', ') || 'Retail prices'],
                  ['Credit limit', dollars(a.credit_limit)],
                  ['Terms', termsWords(a.terms)],
                  ['Balance', signedDollars(a.balance)],
                  ['Available credit', dollars(a.available_credit)],
                  ['Overdue', dollars(a.overdue)],
                  ['Ageing', <AgeingLine key="ageing" ageing={a.ageing} />],
                  ['On account', a.on_account_blocked ?? 'Offered at the checkout'],
                ]}
              />
              <p>
                <button type="button" className="button" onClick={() => setPaying(true)}>
                  Record payment…
                </button>{' '}
                <Link to={`/admin/trade-applications/${id}`}>The application</Link>
              </p>
              {paying && (
                <PaymentDialog
                  id={id}
                  owed={a.balance}
                  onClose={() => setPaying(false)}
                  onDone={(t) => {
                    setPaying(false);
                    setNotice(t);
                  }}
                />
              )}
              <AccountSettings
                key={`${a.terms}-${a.credit_limit}-${a.status}-${data.price_list_ids.join()}`}
                id={id}
                detail={data}
                onDone={setNotice}
              />
              <h2 className="admin-return__heading">Users</h2>
              <ul>
                {a.users.map((u) => (
                  <li key={u.user_id}>
                    {u.name} ({u.email}) — {u.role === 'owner' ? 'Owner' : 'Buyer'}
                  </li>
                ))}
              </ul>
              <h2 className="admin-return__heading">Open invoices</h2>
              <TradeTable<OpenInvoice>
                id="admin-trade-open"
                caption="Open invoices"
                rows={a.open_invoices}
                rowKey={(i) => `${i.invoice_number}-${i.invoice_day}`}
                empty="Nothing open."
                columns={[
                  {
                    title: 'Invoice',
                    rowHeader: true,
                    cell: (i) =>
                      i.order_id ? (
                        <Link to={adminOrderPath(i.order_id)}>{i.invoice_number}</Link>
                      ) : (
                        i.invoice_number
                      ),
                  },
                  { title: 'PO', cell: (i) => i.purchase_order_number ?? '—' },
                  { title: 'Placed by', cell: (i) => i.placed_by || '—' },
                  { title: 'Dated', cell: (i) => i.invoice_day },
                  { title: 'Due', cell: (i) => i.due_day },
                  { title: 'Total', numeric: true, cell: (i) => dollars(i.total) },
                  { title: 'Open', numeric: true, cell: (i) => dollars(i.open) },
                  { title: 'Age', cell: (i) => AGEING_WORDS[i.bucket] },
                ]}
              />
              <h2 className="admin-return__heading">Ledger</h2>
              <TradeTable<AdminLedgerEntry>
                id="admin-trade-ledger"
                caption="Ledger"
                rows={data.ledger}
                rowKey={(e) => String(e.id)}
                empty="No invoices or payments yet."
                columns={[
                  { title: 'Day', rowHeader: true, cell: (e) => e.day },
                  {
                    title: 'Entry',
                    cell: (e) =>
                      e.kind === 'invoice'
                        ? `Invoice ${e.invoice_number ?? e.reference}`
                        : `${e.kind === 'payment' ? 'Payment' : 'Credit'} ${e.reference}`,
                  },
                  { title: 'PO', cell: (e) => e.purchase_order_number ?? '' },
                  { title: 'Due', cell: (e) => e.due_day ?? '' },
                  { title: 'Amount', numeric: true, cell: (e) => signedDollars(e.amount) },
                  { title: 'Balance', numeric: true, cell: (e) => signedDollars(e.balance) },
                  { title: 'Recorded by', cell: (e) => e.recorded_by ?? '' },
                ]}
              />
              <Statements id={id} months={a.statement_months} />
              <TradeAuditTrail audit={audit} />
            </>
          );
        }}
      </AdminLoadState>
    </section>
  );
}
