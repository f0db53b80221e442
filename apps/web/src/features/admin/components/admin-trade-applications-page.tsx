import {
  TRADE_ACCOUNT_STATUSES,
  TRADE_TERMS,
  type AdminTradeApplication,
  type TradeAccountStatus,
  type TradeTerms,
} from '@store/shared/trade-accounts';
import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  useAdminPriceLists,
  useAdminTradeAccount,
  useAdminTradeApplications,
  useDecideTradeApplication,
} from '../api/admin-trade';
import { dollars, sydneyDate, sydneyDateTime } from '../admin-format';
import { AdminDialog } from './admin-dialog';
import { AdminLoadState } from './admin-load-state';
import {
  failure,
  STATUS_LABELS,
  termsWords,
  TradeAuditTrail,
  TradeFacts,
  TradeTable,
} from './admin-trade-parts';
import { useAdminTitle } from './use-admin-title';

/**
 * /admin/trade-applications (issue 39 §1, §6): every application, pending first and newest first, filtered by
 * status, with the ABR's answer; each opens its page.
 */
export function AdminTradeApplicationsPage() {
  useAdminTitle('Trade applications');
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = TRADE_ACCOUNT_STATUSES.includes(raw as TradeAccountStatus)
    ? (raw as TradeAccountStatus)
    : undefined;
  const applications = useAdminTradeApplications(status);
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">Trade applications</h1>
      <div className="admin-toolbar">
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-trade-applications-status">
            Status
          </label>
          <select
            id="admin-trade-applications-status"
            className="admin-input"
            value={status ?? ''}
            onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {})}
          >
            <option value="">All</option>
            {TRADE_ACCOUNT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <AdminLoadState query={applications} what="trade applications">
        {({ data }) => (
          <TradeTable<AdminTradeApplication>
            id="admin-trade-applications"
            caption="Trade applications"
            rows={data}
            rowKey={(a) => String(a.id)}
            empty={status ? 'No applications with this status.' : 'No trade applications yet.'}
            columns={[
              {
                title: 'Business',
                rowHeader: true,
                cell: (a) => <Link to={`/admin/trade-applications/${a.id}`}>{a.business_name}</Link>,
              },
              { title: 'ABN', cell: (a) => a.abn },
              { title: 'ABR check', cell: (a) => abrWords(a) },
              { title: 'Applied', cell: (a) => sydneyDate(a.created_at) },
              {
                title: 'Expected monthly spend',
                numeric: true,
                cell: (a) => dollars(a.expected_monthly_spend),
              },
              { title: 'Status', cell: (a) => STATUS_LABELS[a.status] },
            ]}
          />
        )}
      </AdminLoadState>
    </section>
  );
}

/** What the ABR said, in words. */
export function abrWords(a: Pick<AdminTradeApplication, 'abn_check' | 'gst_registered'>): string {
  const c = a.abn_check;
  if (!c) return 'Not checked with the ABR: check the ABN before approving';
  const gst = c.gst_registered ? 'registered for GST' : 'not registered for GST';
  const mismatch = c.gst_registered !== a.gst_registered ? ' (differs from the application)' : '';
  return `${c.entity_name}: ${c.active ? 'active' : 'cancelled'}, ${gst}${mismatch}`;
}

function ApproveDialog({
  id,
  onClose,
  onDone,
}: {
  id: number;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const lists = useAdminPriceLists();
  const decide = useDecideTradeApplication(id);
  const [chosen, setChosen] = useState<number[]>([]);
  const [limit, setLimit] = useState('');
  const [terms, setTerms] = useState<TradeTerms>('30_eom');
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    try {
      const answer = await decide.mutateAsync({
        decision: 'approve',
        price_list_ids: chosen,
        credit_limit: limit,
        terms,
      });
      onDone(answer.message);
    } catch (err) {
      setError(failure(err, 'The application was not approved.'));
    }
  };
  return (
    <AdminDialog title="Approve the application" onClose={onClose}>
      <form className="admin-form" noValidate onSubmit={(e) => void submit(e)}>
        <fieldset className="admin-product-fieldset">
          <legend>Price lists</legend>
          <AdminLoadState query={lists} what="price lists">
            {({ data }) =>
              data.length === 0 ? (
                <p>No price lists yet: the account buys at retail prices until one is added.</p>
              ) : (
                <>
                  {data.map((l) => (
                    <div className="admin-product-check" key={l.id}>
                      <input
                        id={`admin-approve-list-${l.id}`}
                        type="checkbox"
                        checked={chosen.includes(l.id)}
                        onChange={(e) =>
                          setChosen((c) => (e.target.checked ? [...c, l.id] : c.filter((x) => x !== l.id)))
                        }
                      />
                      <label htmlFor={`admin-approve-list-${l.id}`}>{l.name}</label>
                    </div>
                  ))}
                </>
              )
            }
          </AdminLoadState>
        </fieldset>
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-approve-limit">
            Credit limit ($)
          </label>
          <input
            id="admin-approve-limit"
            className="admin-input"
            inputMode="decimal"
            autoComplete="off"
            value={limit}
            onChange={(e) => setLimit(e.target.value)}
          />
        </div>
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-approve-terms">
            Terms
          </label>
          <select
            id="admin-approve-terms"
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
        <p role="alert" className="admin-form__alert">
          {error}
        </p>
        <button type="submit" className="button admin-submit" disabled={decide.isPending}>
          {decide.isPending ? 'Approving…' : 'Approve and mail the applicant'}
        </button>
      </form>
    </AdminDialog>
  );
}

function DeclineDialog({
  id,
  onClose,
  onDone,
}: {
  id: number;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const decide = useDecideTradeApplication(id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    try {
      onDone((await decide.mutateAsync({ decision: 'decline', reason })).message);
    } catch (err) {
      setError(failure(err, 'The application was not declined.'));
    }
  };
  return (
    <AdminDialog title="Decline the application" onClose={onClose}>
      <form className="admin-form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-decline-reason">
            Reason (mailed to the applicant)
          </label>
          <textarea
            id="admin-decline-reason"
            className="admin-input"
            rows={4}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <p role="alert" className="admin-form__alert">
          {error}
        </p>
        <button type="submit" className="button admin-submit" disabled={decide.isPending}>
          {decide.isPending ? 'Declining…' : 'Decline and mail the applicant'}
        </button>
      </form>
    </AdminDialog>
  );
}

/** /admin/trade-applications/{id}: the application, the ABR's answer, and Approve / Decline while pending. */
export function AdminTradeApplicationPage() {
  const id = Number(useParams().id);
  const found = useAdminTradeAccount(id);
  const [dialog, setDialog] = useState<'approve' | 'decline' | null>(null);
  const [notice, setNotice] = useState('');
  useAdminTitle(
    found.data ? `${found.data.data.application.business_name} | Trade applications` : 'Trade application',
  );
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <p className="admin-return-back">
        <Link to="/admin/trade-applications">← All trade applications</Link>
      </p>
      <AdminLoadState query={found} what="application">
        {({ data, audit }) => {
          const a = data.application;
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
                  ['ABR check', abrWords(a)],
                  ['Registered for GST (as applied)', a.gst_registered ? 'Yes' : 'No'],
                  ['Trading address', `${a.street_address}, ${a.suburb} ${a.state} ${a.post_code}`],
                  ['Contact', `${a.contact_name} · ${a.contact_phone}`],
                  ['Accounts email', a.accounts_email],
                  ['Owner', a.owner_name ? `${a.owner_name} (${a.owner_email})` : '—'],
                  ['Expected monthly spend', dollars(a.expected_monthly_spend)],
                  ['Applied', sydneyDateTime(a.created_at)],
                  ...(a.decided_at
                    ? ([['Decided', `${sydneyDateTime(a.decided_at)} by ${a.decided_by ?? '—'}`]] as [
                        string,
                        string,
                      ][])
                    : []),
                  ...(a.decline_reason
                    ? ([['Reason declined', a.decline_reason]] as [string, string][])
                    : []),
                ]}
              />
              {a.status === 'pending' ? (
                <p>
                  <button type="button" className="button" onClick={() => setDialog('approve')}>
                    Approve…
                  </button>{' '}
                  <button
                    type="button"
                    className="button admin-button--secondary"
                    onClick={() => setDialog('decline')}
                  >
                    Decline…
                  </button>
                </p>
              ) : a.status !== 'declined' ? (
                <p>
                  <Link to={`/admin/trade-accounts/${a.id}`}>Open the trade account</Link>
                </p>
              ) : null}
              {dialog === 'approve' && (
                <ApproveDialog
                  id={id}
                  onClose={() => setDialog(null)}
                  onDone={(text) => {
                    setDialog(null);
                    setNotice(text);
                  }}
                />
              )}
              {dialog === 'decline' && (
                <DeclineDialog
                  id={id}
                  onClose={() => setDialog(null)}
                  onDone={(text) => {
                    setDialog(null);
                    setNotice(text);
                  }}
                />
              )}
              <TradeAuditTrail audit={audit} />
            </>
          );
        }}
      </AdminLoadState>
    </section>
  );
}
