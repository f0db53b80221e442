import type { AdminDiscountCode } from '@store/shared/discount-codes';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAdminDiscountCodes, useSetAdminDiscountCodeActive } from '../api/admin-discount-codes';
import { dollars, sydneyDate } from '../admin-format';
import { useListParams } from '../use-list-params';
import { AdminQueryTable } from './admin-load-state';
import { AdminSearchForm, type AdminSearchFormHandle } from './admin-search-form';
import { useAdminTitle } from './use-admin-title';

const PER_PAGE = 25;
const column = createColumnHelper<AdminDiscountCode>();

/** "From 1 Dec 2026 to 31 Dec 2026", "Until …", "Any time". */
export function codeDates(c: Pick<AdminDiscountCode, 'starts_at' | 'ends_at'>): string {
  if (c.starts_at && c.ends_at) return `${sydneyDate(c.starts_at)} to ${sydneyDate(c.ends_at)}`;
  if (c.starts_at) return `From ${sydneyDate(c.starts_at)}`;
  if (c.ends_at) return `Until ${sydneyDate(c.ends_at)}`;
  return 'Any time';
}

function ActiveCell({ code, onDone }: { code: AdminDiscountCode; onDone: (text: string) => void }) {
  const setActive = useSetAdminDiscountCodeActive();
  return (
    <>
      {code.active ? 'Active' : 'Inactive'}{' '}
      <button
        type="button"
        className="button button--small"
        disabled={setActive.isPending}
        onClick={() =>
          setActive.mutate(
            { id: code.id, active: !code.active },
            {
              onSuccess: (a) => onDone(a.message),
              onError: (e) => onDone(e.message),
            },
          )
        }
      >
        {code.active ? 'Deactivate' : 'Activate'}
        <span className="visually-hidden"> {code.code}</span>
      </button>
    </>
  );
}

const columnsWith = (onDone: (text: string) => void) => [
  column.accessor('code', {
    header: 'Code',
    cell: (c) => <Link to={`/admin/discount-codes/${c.row.original.id}`}>{c.getValue()}</Link>,
    meta: { rowHeader: true },
  }),
  column.accessor('description', {
    header: 'Discount',
    cell: (c) => {
      const r = c.row.original;
      const where = r.applies_to === 'all' ? '' : ` (${r.target_ids.length} ${r.applies_to})`;
      return `${c.getValue()}${where}`;
    },
    meta: { label: 'Discount' },
  }),
  column.accessor('min_spend', {
    header: 'Minimum spend',
    cell: (c) => (c.getValue() === '0.00' ? 'None' : dollars(c.getValue())),
    meta: { label: 'Minimum spend', numeric: true },
  }),
  column.accessor('used_count', {
    header: 'Uses / limit',
    cell: (c) => {
      const r = c.row.original;
      const once = r.once_per_customer ? ', once per customer' : '';
      return `${r.used_count} / ${r.usage_limit ?? 'no limit'}${once}`;
    },
    meta: { label: 'Uses / limit', numeric: true },
  }),
  column.display({
    id: 'dates',
    header: 'Dates',
    cell: (c) => codeDates(c.row.original),
    meta: { label: 'Dates' },
  }),
  column.accessor('active', {
    header: 'Status',
    cell: (c) => <ActiveCell code={c.row.original} onDone={onDone} />,
    meta: { label: 'Status' },
  }),
];

/**
 * /admin/discount-codes (issue 34 §5): every code, newest first, searched by code and filtered active or not,
 * with its discount, minimum spend, uses against its limit and dates; each code opens its form, and each row can
 * be deactivated (or activated again) in place. Admins only (decision 0018).
 */
export function AdminDiscountCodesPage() {
  useAdminTitle('Discount codes');
  const { params, page, q, update, search, setPage } = useListParams();
  const status = params.get('status');
  const searchForm = useRef<AdminSearchFormHandle>(null);
  const [notice, setNotice] = useState('');
  const columns = useMemo(() => columnsWith(setNotice), []);
  const codes = useAdminDiscountCodes({
    search: q || undefined,
    status: status === 'active' || status === 'inactive' ? status : undefined,
    page,
    per_page: PER_PAGE,
  });
  const filtered = Boolean(q || status);

  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <div className="admin-product-heading">
        <h1 id="admin-page-title">Discount codes</h1>
        <Link className="button" to="/admin/discount-codes/new">
          New discount code
        </Link>
      </div>
      <div className="admin-toolbar">
        <AdminSearchForm
          id="admin-discount-codes-q"
          label="Code"
          name="Search discount codes"
          className="admin-product-search"
          q={q}
          onSearch={search}
          ref={searchForm}
        />
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-discount-codes-status">
            Status
          </label>
          <select
            id="admin-discount-codes-status"
            className="admin-input"
            value={status ?? ''}
            onChange={(e) => update({ status: e.target.value || null, page: null })}
          >
            <option value="">All</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
        </div>
      </div>
      <p role="status" className="admin-product-saved">
        {notice}
      </p>
      <AdminQueryTable
        query={codes}
        what="discount codes"
        caption="Discount codes"
        columns={columns}
        page={page}
        perPage={PER_PAGE}
        onPageChange={setPage}
        getRowId={(r) => String(r.id)}
        emptyMessage={filtered ? 'No discount codes match these filters.' : 'No discount codes yet.'}
      />
    </section>
  );
}
