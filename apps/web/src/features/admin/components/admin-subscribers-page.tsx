import { ADMIN_MESSAGES } from '@store/shared/admin';
import {
  SUBSCRIBER_FILTERS,
  type AdminSubscriberRow,
  type SubscriberFilter,
} from '@store/shared/admin-customers';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { downloadSubscribersCsv, useAdminSubscribers } from '../api/admin-subscribers';
import { useAdminSession } from '../admin-session-store';
import { AdminQueryTable } from './admin-load-state';
import { sydneyDateTime } from '../admin-format';
import { useAdminTitle } from './use-admin-title';
import { useListParams } from '../use-list-params';

const PER_PAGE = 50;
const FILTER_LABELS: Record<SubscriberFilter, string> = {
  active: 'Subscribed',
  unsubscribed: 'Unsubscribed',
  all: 'Everyone',
};
const column = createColumnHelper<AdminSubscriberRow>();
const columns = [
  column.accessor('email', {
    header: 'Email',
    cell: (c) => <span className="admin-table__email">{c.getValue()}</span>,
    meta: { rowHeader: true },
  }),
  column.accessor('consent_at', {
    header: 'Consent given',
    cell: (c) => sydneyDateTime(c.getValue()),
    meta: { label: 'Consent given' },
  }),
  column.accessor('consent_source', {
    header: 'Source',
    cell: (c) => c.getValue() || '—',
    meta: { label: 'Source' },
  }),
  column.accessor('unsubscribed_at', {
    header: 'Unsubscribed',
    cell: (c) => {
      const at = c.getValue();
      return at ? sydneyDateTime(at) : 'No';
    },
    meta: { label: 'Unsubscribed' },
  }),
];

/**
 * /admin/subscribers (issue 12, admins only): newsletter subscribers with when and where they consented, and
 * the CSV export of the subscribed ones (downloaded with the staff member's token, saved as a file).
 */
export function AdminSubscribersPage() {
  useAdminTitle('Subscribers');
  const session = useAdminSession();
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title">Subscribers</h1>
      {session?.user.role === 'admin' ? (
        <SubscribersTable />
      ) : (
        <p className="admin-soon" role="alert">
          {ADMIN_MESSAGES.forbidden} Only admins can see newsletter subscribers.
        </p>
      )}
    </section>
  );
}

function SubscribersTable() {
  const { params, page, update, setPage } = useListParams();
  const status = SUBSCRIBER_FILTERS.find((s) => s === params.get('status')) ?? 'active';
  const subscribers = useAdminSubscribers({ status, page, per_page: PER_PAGE });
  const [exporting, setExporting] = useState<{ busy: boolean; message: string | null; error: string | null }>(
    {
      busy: false,
      message: null,
      error: null,
    },
  );
  const exportCsv = async () => {
    setExporting({ busy: true, message: null, error: null });
    try {
      const name = await downloadSubscribersCsv();
      setExporting({ busy: false, message: `Saved ${name}.`, error: null });
    } catch (error) {
      setExporting({
        busy: false,
        message: null,
        error: error instanceof Error ? error.message : 'The export failed.',
      });
    }
  };

  return (
    <>
      <div className="admin-toolbar">
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-subscribers-status">
            Show
          </label>
          <select
            id="admin-subscribers-status"
            className="admin-input"
            value={status}
            onChange={(e) =>
              update({ status: e.target.value === 'active' ? null : e.target.value, page: null })
            }
          >
            {SUBSCRIBER_FILTERS.map((s) => (
              <option key={s} value={s}>
                {FILTER_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-subscriber-export">
          <button type="button" className="button" onClick={() => void exportCsv()} disabled={exporting.busy}>
            {exporting.busy ? 'Exporting…' : 'Export CSV'}
          </button>
          <p className="admin-field__hint">Subscribed addresses only: email, consent date and source.</p>
        </div>
      </div>
      <div role="status" className={exporting.message ? 'admin-notice' : undefined}>
        {exporting.message}
      </div>
      <div role="alert" className="admin-form__alert">
        {exporting.error}
      </div>
      <AdminQueryTable
        query={subscribers}
        what="subscribers"
        caption="Newsletter subscribers"
        columns={columns}
        page={page}
        perPage={PER_PAGE}
        onPageChange={setPage}
        getRowId={(r) => String(r.id)}
        emptyMessage="No subscribers match this filter."
      />
    </>
  );
}
