import { MESSAGE_FILTERS, type AdminMessageRow } from '@store/shared/admin-customers';
import { useState } from 'react';
import { useAdminMessages, useMarkMessageHandled } from '../api/admin-messages';
import { sydneyDateTime } from '../admin-format';
import { AdminLoadState } from './admin-load-state';
import { useAdminTitle } from './use-admin-title';
import { useListParams } from '../use-list-params';
import { formatPhone } from '@store/shared/phone';

const PER_PAGE = 20;
const FILTER_LABELS = { unhandled: 'Not handled', handled: 'Handled' } as const;

/**
 * /admin/messages (issue 12): contact messages and part enquiries (issue 37 §4, marked as such) as cards, newest first, filtered by handled or not; each can be
 * marked handled (by whom and when is shown) or back to not handled. Staff and admins.
 */
export function AdminMessagesPage() {
  useAdminTitle('Messages');
  const { params, page, update, setPage } = useListParams();
  const status = MESSAGE_FILTERS.find((s) => s === params.get('status'));
  const messages = useAdminMessages({ status, page, per_page: PER_PAGE });
  const [notice, setNotice] = useState<string | null>(null);
  const pages = Math.max(1, Math.ceil((messages.data?.total ?? 0) / PER_PAGE));

  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">Messages</h1>
      <div className="admin-toolbar">
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-messages-status">
            Show
          </label>
          <select
            id="admin-messages-status"
            className="admin-input"
            value={status ?? ''}
            onChange={(e) => update({ status: e.target.value || null, page: null })}
          >
            <option value="">All messages</option>
            {MESSAGE_FILTERS.map((s) => (
              <option key={s} value={s}>
                {FILTER_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div role="status" className={notice ? 'admin-notice' : undefined}>
        {notice}
      </div>
      <AdminLoadState query={messages} what="messages">
        {(data) =>
          data.total === 0 ? (
            <p className="admin-soon" role="status">
              {status ? 'No messages match this filter.' : 'No contact messages yet.'}
            </p>
          ) : (
            <>
              <h2 className="admin-message-count">
                {data.total.toLocaleString('en-AU')} message{data.total === 1 ? '' : 's'}
              </h2>
              <ul className="admin-messages" aria-busy={messages.isFetching}>
                {data.data.map((m) => (
                  <MessageCard key={m.id} message={m} onChanged={setNotice} />
                ))}
              </ul>
              {pages > 1 && (
                <nav className="admin-pager" aria-label="Messages pages">
                  <button
                    type="button"
                    className="button admin-button--secondary"
                    disabled={page <= 1}
                    onClick={() => setPage(page - 1)}
                  >
                    Previous
                  </button>
                  <span aria-live="polite">
                    Page {page} of {pages}
                  </span>
                  <button
                    type="button"
                    className="button admin-button--secondary"
                    disabled={page >= pages}
                    onClick={() => setPage(page + 1)}
                  >
                    Next
                  </button>
                </nav>
              )}
            </>
          )
        }
      </AdminLoadState>
    </section>
  );
}

function MessageCard({
  message: m,
  onChanged,
}: {
  message: AdminMessageRow;
  onChanged: (s: string) => void;
}) {
  const mark = useMarkMessageHandled();
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = `admin-message-${m.id}`;
  const toggle = async () => {
    setFailure(null);
    try {
      const answer = await mark.mutateAsync({ id: m.id, handled: m.handled_at === null });
      onChanged(answer.message);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Not saved. Please try again.');
    }
  };
  return (
    <li className="admin-message" aria-labelledby={headingId}>
      <article>
        <header className="admin-message__head">
          <h3 id={headingId} className="admin-message__subject">
            {m.subject}
          </h3>
          {m.kind === 'part_enquiry' ? (
            <span className="admin-message__state admin-message__state--enquiry">Part enquiry</span>
          ) : null}
          <span className={`admin-message__state${m.handled_at ? ' admin-message__state--done' : ''}`}>
            {m.handled_at ? 'Handled' : 'Not handled'}
          </span>
        </header>
        <p className="admin-message__from">
          {m.name} · <a href={`mailto:${m.email}`}>{m.email}</a>
          {m.phone ? ` · ${formatPhone(m.phone)}` : ''}
          {m.member ? ' · member' : ' · guest'}
        </p>
        <p className="admin-message__when">Received {sydneyDateTime(m.created_at)}</p>
        {m.kind === 'part_enquiry' ? (
          <dl className="admin-message__enquiry">
            <dt>Part</dt>
            <dd>{m.part_number}</dd>
            <dt>Vehicle</dt>
            <dd>{m.vehicle || 'not given'}</dd>
            {m.search_query ? (
              <>
                <dt>Searched for</dt>
                <dd>{m.search_query}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
        <p className="admin-message__text">{m.message}</p>
        {m.handled_at ? (
          <p className="admin-message__when">
            Handled {sydneyDateTime(m.handled_at)} by {m.handled_by}
          </p>
        ) : null}
        <button
          type="button"
          className={`button${m.handled_at ? ' admin-button--secondary' : ''}`}
          onClick={() => void toggle()}
          disabled={mark.isPending}
        >
          {m.handled_at ? 'Mark not handled' : 'Mark handled'}
          <span className="visually-hidden">: {m.subject}</span>
        </button>
        <div role="alert" className="admin-form__alert">
          {failure}
        </div>
      </article>
    </li>
  );
}
