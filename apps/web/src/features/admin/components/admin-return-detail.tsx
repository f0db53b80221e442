import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminReturnApproveSchema,
  adminReturnRejectSchema,
  type AdminReturnApprove,
  type AdminReturnApproveInput,
  type AdminReturnDetail as ReturnDetail,
  type AdminReturnReject,
} from '@store/shared/admin-returns';
import { useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { downloadAdminFile } from '../api/admin-return-file';
import { useAdminReturn, useDecideReturn, type ReturnDecisionRequest } from '../api/admin-returns';
import { AdminField } from './admin-field';
import { dollars, fileSize, sydneyDateTime } from '../admin-format';
import { useAdminTitle } from './use-admin-title';

/** One return request (issue 12): what the customer wrote, the file to download, the order, the decision. */
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

const STATUS_TEXT = {
  open: 'Open: waiting for a decision',
  approved: 'Approved',
  rejected: 'Rejected',
} as const;

function ReturnView({ detail, onDecided }: { detail: ReturnDetail; onDecided: (message: string) => void }) {
  return (
    <div className="admin-return">
      <dl className="admin-return__facts">
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`admin-return-status admin-return-status--${detail.status}`}>
              {STATUS_TEXT[detail.status]}
            </span>
          </dd>
        </div>
        <div>
          <dt>Received</dt>
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
                {detail.phone}
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
      <h2 className="admin-return__heading">Decision</h2>
      {detail.decision ? (
        <dl className="admin-return__facts">
          <div>
            <dt>{detail.status === 'approved' ? 'Approved' : 'Rejected'}</dt>
            <dd>
              {sydneyDateTime(detail.decision.decided_at)} by {detail.decision.decided_by}
            </dd>
          </div>
          {detail.decision.refund_amount !== null ? (
            <div>
              <dt>Refund</dt>
              <dd>{dollars(detail.decision.refund_amount)}</dd>
            </div>
          ) : null}
          {detail.decision.note ? (
            <div>
              <dt>{detail.status === 'approved' ? 'Note' : 'Reason'}</dt>
              <dd className="admin-return__message">{detail.decision.note}</dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <div className="admin-return__forms">
          <ApproveForm detail={detail} onDecided={onDecided} />
          <RejectForm id={detail.id} onDecided={onDecided} />
        </div>
      )}
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

/** Sends a decision; answers the server's refusal (message and field errors) or null. */
function useDecision(id: number, onDecided: (message: string) => void) {
  const decide = useDecideReturn(id);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async (request: ReturnDecisionRequest) => {
    setFailure(null);
    try {
      const answer = await decide.mutateAsync(request);
      onDecided(answer.message);
      return [];
    } catch (error) {
      if (error instanceof ApiError) {
        setFailure(error.message);
        return error.fieldErrors ?? [];
      }
      setFailure('The decision was not sent: the server did not answer. Please try again.');
      return [];
    }
  };
  return { send, failure, busy: decide.isPending };
}

function ApproveForm({ detail, onDecided }: { detail: ReturnDetail; onDecided: (m: string) => void }) {
  const { send, failure, busy } = useDecision(detail.id, onDecided);
  const form = useForm<AdminReturnApproveInput, unknown, AdminReturnApprove>({
    resolver: zodResolver(adminReturnApproveSchema),
    defaultValues: { refund_amount: detail.order?.total ?? '', note: '' },
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError } = form;
  const onSubmit = handleSubmit(async (body) => {
    for (const e of await send({ decision: 'approve', body })) {
      if (e.field === 'refund_amount' || e.field === 'note') setError(e.field, { message: e.message });
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
      <div role="alert" className="admin-form__alert">
        {failure}
      </div>
      <AdminField
        label="Refund amount ($)"
        hint={
          detail.order
            ? `Refunded to the customer through the order's payment provider. The order's total is ${dollars(detail.order.total)}; enter 0 for no refund.`
            : 'Not linked to an order: the amount is recorded and told to the customer. Enter 0 for no refund.'
        }
        inputMode="decimal"
        autoComplete="off"
        error={formState.errors.refund_amount}
        {...register('refund_amount')}
      />
      <AdminTextArea
        label="Note to the customer (optional)"
        error={formState.errors.note}
        {...register('note')}
      />
      <button type="submit" className="button admin-submit" disabled={busy}>
        {busy ? 'Approving…' : 'Approve and email the customer'}
      </button>
    </form>
  );
}

function RejectForm({ id, onDecided }: { id: number; onDecided: (m: string) => void }) {
  const { send, failure, busy } = useDecision(id, onDecided);
  const form = useForm<z.input<typeof adminReturnRejectSchema>, unknown, AdminReturnReject>({
    resolver: zodResolver(adminReturnRejectSchema),
    defaultValues: { reason: '' },
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError } = form;
  const onSubmit = handleSubmit(async (body) => {
    for (const e of await send({ decision: 'reject', body })) {
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
