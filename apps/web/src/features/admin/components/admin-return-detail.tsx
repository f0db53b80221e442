import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminReturnApproveSchema,
  adminReturnRejectSchema,
  adminReturnReplaceSchema,
  RETURN_CONDITION_LABELS,
  RETURN_CONDITIONS,
  RETURN_STATUS_LABELS,
  RETURN_STATUS_MOVES,
  type AdminReturnApprove,
  type AdminReturnDetail as ReturnDetail,
  type AdminReturnReject,
  type AdminReturnReplace,
  type ReturnCondition,
} from '@store/shared/admin-returns';
import { returnableUnits } from '@store/shared/refund-lines';
import { RETURN_REASON_LABELS } from '@store/shared/shopper-returns';
import { useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { downloadAdminFile } from '../api/admin-return-file';
import { useAdminReturn, useReturnStep, type ReturnStepRequest } from '../api/admin-returns';
import { AdminRefundDialog } from './admin-refund-dialog';
import { dollars, fileSize, sydneyDateTime } from '../admin-format';
import { useAdminTitle } from './use-admin-title';
import { formatPhone } from '@store/shared/phone';

/**
 * One return (issue 12; issue 36 §3): what the customer wrote, the file to download, the order and its lines, the
 * return's step with its RA number and history, and the forms of the steps it can take next (RETURN_STATUS_MOVES):
 * approve, record as received and inspected, refund (the refund dialog), replace, or reject with a reason.
 */
export function AdminReturnDetail({ id }: { id: number }) {
  useAdminTitle(`Return #${id}`);
  const found = useAdminReturn(id);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <p className="admin-return-back">
        <Link to="/admin/returns">← All returns</Link>
      </p>
      <h1 id="admin-page-title">Return #{id}</h1>
      <div role="status" className={notice ? 'admin-notice' : undefined}>
        {notice}
      </div>
      {found.isPending ? (
        <p role="status">Loading the return request…</p>
      ) : found.isError ? (
        <p role="alert" className="admin-form__alert">
          The return request did not load: {found.error.message}
        </p>
      ) : (
        <ReturnView detail={found.data.data} onDecided={setNotice} />
      )}
    </section>
  );
}

/** How a step's audit action reads in the return's history. */
const HISTORY_LABELS: Record<string, string> = {
  'return.approve': 'Approved',
  'return.receive': 'Received and inspected',
  'return.refund': 'Refunded',
  'return.replace': 'Replaced',
  'return.reject': 'Rejected',
  'return.reopen': 'Refund refused by the payment provider: back to received',
};

function ReturnView({ detail, onDecided }: { detail: ReturnDetail; onDecided: (message: string) => void }) {
  const next = RETURN_STATUS_MOVES[detail.status];
  return (
    <div className="admin-return">
      <dl className="admin-return__facts">
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`admin-return-status admin-return-status--${detail.status}`}>
              {RETURN_STATUS_LABELS[detail.status]}
            </span>
          </dd>
        </div>
        <div>
          <dt>Return authorisation</dt>
          <dd>{detail.ra_number ?? 'Not approved yet'}</dd>
        </div>
        <div>
          <dt>Requested</dt>
          <dd>{sydneyDateTime(detail.created_at)}</dd>
        </div>
        <div>
          <dt>Customer</dt>
          <dd>
            {detail.customer || '—'}
            <br />
            <a className="admin-table__email" href={`mailto:${detail.email}`}>
              {detail.email}
            </a>
            {detail.phone ? (
              <>
                <br />
                {formatPhone(detail.phone)}
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Order</dt>
          <dd>
            {detail.order ? (
              <>
                <Link to={`/admin/orders/${detail.order.public_id}`}>{detail.order.invoice_number}</Link>
                <br />
                {dollars(detail.order.total)} · payment {detail.order.payment_status.replace('_', ' ')} ·
                order {detail.order.status}
              </>
            ) : detail.order_reference ? (
              `${detail.order_reference} (not one of this customer’s orders)`
            ) : (
              'Not given'
            )}
          </dd>
        </div>
      </dl>
      <h2 className="admin-return__heading">Request</h2>
      {detail.subject ? <p className="admin-return__subject">{detail.subject}</p> : null}
      <p className="admin-return__message">{detail.message || 'No message.'}</p>
      <h2 className="admin-return__heading">File</h2>
      {detail.file ? <ReturnFile id={detail.id} file={detail.file} /> : <p>No file attached.</p>}
      {detail.lines.length > 0 && <ReturnLines detail={detail} />}
      <h2 className="admin-return__heading">History</h2>
      <ol className="admin-return__history">
        <li>Requested on {sydneyDateTime(detail.created_at)}</li>
        {detail.history.map((h, i) => (
          <li key={`${h.at}-${i}`}>
            {HISTORY_LABELS[h.action] ?? h.action} on {sydneyDateTime(h.at)} by {h.staff_name}
            {h.note ? ` — ${h.note}` : ''}
          </li>
        ))}
      </ol>
      {detail.decision?.refund_amount && (
        <p>
          Refunded {dollars(detail.decision.refund_amount)} to {detail.refund_destination}.
        </p>
      )}
      {next.length > 0 && (
        <>
          <h2 className="admin-return__heading">Next step</h2>
          <div className="admin-return__forms">
            {next.includes('approved') && <ApproveForm id={detail.id} onDecided={onDecided} />}
            {next.includes('received') && detail.order && (
              <ReceiveForm detail={detail} onDecided={onDecided} />
            )}
            {next.includes('refunded') && detail.order && (
              <RefundStep detail={detail} onDecided={onDecided} />
            )}
            {next.includes('replaced') && detail.order && (
              <ReplaceForm id={detail.id} onDecided={onDecided} />
            )}
            <RejectForm id={detail.id} onDecided={onDecided} />
          </div>
        </>
      )}
    </div>
  );
}

/** The order's lines with what came back of each. */
function ReturnLines({ detail }: { detail: ReturnDetail }) {
  return (
    <div className="admin-table-wrap" role="region" aria-labelledby="admin-return-lines" tabIndex={0}>
      <table className="admin-table">
        <caption id="admin-return-lines">
          Items of the order{detail.reason ? ` · reason: ${RETURN_REASON_LABELS[detail.reason]}` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">SKU</th>
            <th scope="col" className="admin-table__numeric">
              Bought
            </th>
            <th scope="col" className="admin-table__numeric">
              Refunded
            </th>
            <th scope="col" className="admin-table__numeric">
              Asked to return
            </th>
            <th scope="col" className="admin-table__numeric">
              Received
            </th>
            <th scope="col">Condition</th>
          </tr>
        </thead>
        <tbody>
          {detail.lines.map((l) => (
            <tr key={l.line_id}>
              <th scope="row">{l.product_title}</th>
              <td data-label="SKU">{l.sku}</td>
              <td data-label="Bought" className="admin-table__numeric">
                {l.quantity}
              </td>
              <td data-label="Refunded" className="admin-table__numeric">
                {l.refunded_quantity}
              </td>
              <td data-label="Asked to return" className="admin-table__numeric">
                {l.quantity_requested || '—'}
              </td>
              <td data-label="Received" className="admin-table__numeric">
                {l.quantity_received ?? '—'}
              </td>
              <td data-label="Condition">{l.condition ? RETURN_CONDITION_LABELS[l.condition] : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ReturnFile({ id, file }: { id: number; file: NonNullable<ReturnDetail['file']> }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      await downloadAdminFile(`/admin/returns/${id}/file`, file.name);
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: error instanceof Error ? error.message : 'The download failed.' });
    }
  };
  return (
    <div className="admin-return__file">
      <p>
        {file.name} · {file.type} · {fileSize(file.bytes)}
      </p>
      <button
        type="button"
        className="button admin-button--secondary"
        onClick={() => void download()}
        disabled={state.busy}
      >
        {state.busy ? 'Downloading…' : 'Download file'}
        <span className="visually-hidden"> {file.name}</span>
      </button>
      <p className="admin-field__hint">
        The file is saved to your computer, never opened here. Open it only if you expected it.
      </p>
      <div role="alert" className="admin-form__alert">
        {state.error}
      </div>
    </div>
  );
}

/** Sends a step; answers the server's refusal (field errors) after saying its message, or []. */
function useStep(id: number, onDecided: (message: string) => void) {
  const step = useReturnStep(id);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async (request: ReturnStepRequest) => {
    setFailure(null);
    try {
      const answer = await step.mutateAsync(request);
      onDecided(answer.message);
      return [];
    } catch (error) {
      if (error instanceof ApiError) {
        setFailure(error.message);
        return error.fieldErrors ?? [];
      }
      setFailure('The step was not sent: the server did not answer. Please try again.');
      return [];
    }
  };
  return { send, failure, busy: step.isPending, mutateAsync: step.mutateAsync };
}

function ApproveForm({ id, onDecided }: { id: number; onDecided: (m: string) => void }) {
  const { send, failure, busy } = useStep(id, onDecided);
  const form = useForm<z.input<typeof adminReturnApproveSchema>, unknown, AdminReturnApprove>({
    resolver: zodResolver(adminReturnApproveSchema),
    defaultValues: { note: '' },
    mode: 'onTouched',
  });
  const onSubmit = form.handleSubmit(async (body) => {
    for (const e of await send({ step: 'approve', body })) {
      if (e.field === 'note') form.setError('note', { message: e.message });
    }
  });
  return (
    <form
      className="admin-form admin-return__form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Approve the return"
    >
      <h3>Approve</h3>
      <p className="admin-field__hint">
        The return gets its authorisation number (RA-…) and the customer is emailed it with where to send the
        items, what to put in the parcel and the returns window. The refund comes once the items are back.
      </p>
      <div role="alert" className="admin-form__alert">
        {failure}
      </div>
      <AdminTextArea
        label="Note to the customer (optional)"
        error={form.formState.errors.note}
        {...form.register('note')}
      />
      <button type="submit" className="button admin-submit" disabled={busy}>
        {busy ? 'Approving…' : 'Approve and email the RA number'}
      </button>
    </form>
  );
}

/** Received and inspected: per line, the units that came back and their condition. */
function ReceiveForm({ detail, onDecided }: { detail: ReturnDetail; onDecided: (m: string) => void }) {
  const { send, failure, busy } = useStep(detail.id, onDecided);
  // What the shopper asked to return (issue 37 §3); for a request that chose no lines, what is left of each.
  const asked = detail.lines.some((l) => l.quantity_requested > 0);
  const [rows, setRows] = useState(() =>
    detail.lines.map((l) => ({
      line_id: l.line_id,
      quantity_received: String(
        asked ? l.quantity_requested : returnableUnits(l.quantity, l.refunded_quantity),
      ),
      condition: 'unopened' as ReturnCondition,
    })),
  );
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const lines = rows.map((r) => ({ ...r, quantity_received: Number(r.quantity_received) }));
    const bad = lines.find((l) => !Number.isInteger(l.quantity_received) || l.quantity_received < 0);
    if (bad) {
      setErrors('Enter how many came back as a whole number (0 or more) for each item.');
      return;
    }
    setErrors(null);
    const fieldErrors = await send({ step: 'receive', body: { lines, note } });
    if (fieldErrors.length > 0) setErrors(fieldErrors.map((e) => e.message).join(' '));
  };
  return (
    <form
      className="admin-form admin-return__form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label="Record the return as received"
    >
      <h3>Received and inspected</h3>
      <div role="alert" className="admin-form__alert">
        {failure}
      </div>
      {detail.lines.map((l, i) => (
        <fieldset key={l.line_id} className="admin-return__received">
          <legend>
            {l.product_title} <span className="admin-field__hint">(bought {l.quantity})</span>
          </legend>
          <div className="admin-field">
            <label className="admin-field__label" htmlFor={`admin-received-${l.line_id}`}>
              Quantity received
            </label>
            <input
              id={`admin-received-${l.line_id}`}
              className="admin-input admin-return__qty"
              type="number"
              inputMode="numeric"
              min={0}
              max={l.quantity}
              value={rows[i]?.quantity_received ?? '0'}
              onChange={(e) =>
                setRows((all) =>
                  all.map((r, k) => (k === i ? { ...r, quantity_received: e.target.value } : r)),
                )
              }
            />
          </div>
          <div className="admin-field">
            <label className="admin-field__label" htmlFor={`admin-condition-${l.line_id}`}>
              Condition
            </label>
            <select
              id={`admin-condition-${l.line_id}`}
              className="admin-input"
              value={rows[i]?.condition ?? 'unopened'}
              onChange={(e) =>
                setRows((all) =>
                  all.map((r, k) => (k === i ? { ...r, condition: e.target.value as ReturnCondition } : r)),
                )
              }
            >
              {RETURN_CONDITIONS.map((c) => (
                <option key={c} value={c}>
                  {RETURN_CONDITION_LABELS[c]}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
      ))}
      {errors && <p className="admin-field__message">{errors}</p>}
      <div className="admin-field">
        <label className="admin-field__label" htmlFor="admin-inspection-note">
          Inspection note (optional)
        </label>
        <textarea
          id="admin-inspection-note"
          className="admin-input admin-return__textarea"
          rows={3}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <button type="submit" className="button admin-submit" disabled={busy}>
        {busy ? 'Saving…' : 'Record as received and email the customer'}
      </button>
    </form>
  );
}

/** The refund step: the same dialog as the order page, pre-filled with the units received. */
function RefundStep({ detail, onDecided }: { detail: ReturnDetail; onDecided: (m: string) => void }) {
  const { mutateAsync } = useStep(detail.id, onDecided);
  return (
    <div className="admin-form admin-return__form">
      <h3>Refund</h3>
      <p className="admin-field__hint">
        Refund the items that came back (and restock them), through the order’s payment, to{' '}
        {detail.refund_destination}.
      </p>
      <AdminRefundDialog
        title={`Refund return ${detail.ra_number ?? `#${detail.id}`}`}
        openLabel="Refund the return…"
        lines={detail.lines.map((l) => ({
          line_id: l.line_id,
          title: l.product_title,
          sku: l.sku,
          quantity: l.quantity,
          refunded_quantity: l.refunded_quantity,
          net: l.net,
          restockable: l.restockable,
          suggested: Math.min(l.quantity_received ?? 0, l.quantity - l.refunded_quantity),
        }))}
        shippingRefundable={detail.shipping_refundable}
        destination={detail.refund_destination}
        submit={async (body) => (await mutateAsync({ step: 'refund', body })).message}
        onDone={onDecided}
      />
    </div>
  );
}

function ReplaceForm({ id, onDecided }: { id: number; onDecided: (m: string) => void }) {
  const { send, failure, busy } = useStep(id, onDecided);
  const form = useForm<z.input<typeof adminReturnReplaceSchema>, unknown, AdminReturnReplace>({
    resolver: zodResolver(adminReturnReplaceSchema),
    defaultValues: { note: '' },
    mode: 'onTouched',
  });
  const onSubmit = form.handleSubmit(async (body) => {
    for (const e of await send({ step: 'replace', body })) {
      if (e.field === 'note') form.setError('note', { message: e.message });
    }
  });
  return (
    <form
      className="admin-form admin-return__form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Replace the items"
    >
      <h3>Replace</h3>
      <p className="admin-field__hint">The replacement of each unit received leaves the stock.</p>
      <div role="alert" className="admin-form__alert">
        {failure}
      </div>
      <AdminTextArea
        label="What is sent instead (emailed to the customer)"
        required
        error={form.formState.errors.note}
        {...form.register('note')}
      />
      <button type="submit" className="button admin-submit" disabled={busy}>
        {busy ? 'Saving…' : 'Replace and email the customer'}
      </button>
    </form>
  );
}

function RejectForm({ id, onDecided }: { id: number; onDecided: (m: string) => void }) {
  const { send, failure, busy } = useStep(id, onDecided);
  const form = useForm<z.input<typeof adminReturnRejectSchema>, unknown, AdminReturnReject>({
    resolver: zodResolver(adminReturnRejectSchema),
    defaultValues: { reason: '' },
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError } = form;
  const onSubmit = handleSubmit(async (body) => {
    for (const e of await send({ step: 'reject', body })) {
      if (e.field === 'reason') setError('reason', { message: e.message });
    }
  });
  return (
    <form
      className="admin-form admin-return__form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Reject the return"
    >
      <h3>Reject</h3>
      <div role="alert" className="admin-form__alert">
        {failure}
      </div>
      <AdminTextArea
        label="Reason (emailed to the customer)"
        required
        error={formState.errors.reason}
        {...register('reason')}
      />
      <button type="submit" className="button admin-button--danger admin-submit" disabled={busy}>
        {busy ? 'Rejecting…' : 'Reject and email the reason'}
      </button>
    </form>
  );
}

interface AdminTextAreaProps extends React.TextareaHTMLAttributes<HTMLTextAreaElement> {
  name: string;
  label: string;
  error: FieldError | undefined;
}

/** A labelled multi-line field with its error tied to it, as AdminField is for one line. */
function AdminTextArea({ name, label, error, required, ...rest }: AdminTextAreaProps) {
  const id = `admin-${name}`;
  const messageId = `${id}-message`;
  return (
    <div className="admin-field">
      <label className="admin-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        {...rest}
        id={id}
        name={name}
        rows={4}
        className="admin-input admin-return__textarea"
        aria-invalid={Boolean(error?.message)}
        aria-describedby={error?.message ? messageId : undefined}
        aria-required={required ? true : undefined}
      />
      {error?.message && (
        <p id={messageId} className="admin-field__message">
          {error.message}
        </p>
      )}
    </div>
  );
}
