import { formatCents, parseDecimalToCents } from '@store/shared/money';
import {
  adminLineRefundRequestSchema,
  LINE_REFUND_MESSAGES,
  lineRefundAmount,
  returnableUnits,
  type AdminLineRefundRequest,
} from '@store/shared/refund-lines';
import type { AdminOrderDetail } from '@store/shared/admin-orders';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { useLineRefund } from '../api/admin-orders';
import './admin-refund-dialog.css';

/** A line the dialog offers: what was bought, what is left, and what it was charged after discounts. */
export interface RefundDialogLine {
  line_id: number;
  title: string;
  sku: string;
  quantity: number;
  refunded_quantity: number;
  /** Dollars: the line's net charge (refund-lines.ts). */
  net: string;
  restockable: boolean;
  /** Units pre-filled (a return's received units); 0 when absent. */
  suggested?: number;
}

export interface AdminRefundDialogProps {
  /** "Refund order INV-001234" / "Refund return RA-000012". */
  title: string;
  lines: readonly RefundDialogLine[];
  /** Dollars of the delivery charge still refundable. */
  shippingRefundable: string;
  /** Where the money goes ("the test card the order was paid with"). */
  destination: string;
  /** Sends the refund; answers the server's message. The caller keeps one Idempotency-Key per intended refund. */
  submit: (body: AdminLineRefundRequest) => Promise<string>;
  onDone: (message: string) => void;
  /** The button that opens the dialog. */
  openLabel: string;
}

type Draft = {
  quantities: Record<number, string>;
  restock: Record<number, boolean>;
  shipping: string;
  reason: string;
};

/**
 * The refund dialog (issue 36 §3): a modal <dialog> (focus kept inside, Escape closes, the page behind inert) with
 * the lines — units to refund (at most bought less refunded) and "restock" — the delivery to give back, a reason,
 * and a confirmation step that states the exact amount and where it goes. The amount is worked out with the same
 * function the server charges with (`lineRefundAmount`); the server computes it again and refuses what is not left.
 */
export function AdminRefundDialog(props: AdminRefundDialogProps) {
  const { lines, shippingRefundable, destination, submit, onDone, title, openLabel } = props;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const fresh = (): Draft => ({
    quantities: Object.fromEntries(lines.map((l) => [l.line_id, String(l.suggested ?? 0)])),
    restock: Object.fromEntries(lines.map((l) => [l.line_id, l.restockable])),
    shipping: '0.00',
    reason: '',
  });
  const [draft, setDraft] = useState<Draft>(fresh);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  const close = () => {
    setOpen(false);
    setConfirming(false);
    setFailure(null);
    setFieldErrors({});
  };

  const chosen = lines.flatMap((l) => {
    const q = Number(draft.quantities[l.line_id] ?? '0');
    return Number.isInteger(q) && q > 0
      ? [{ line_id: l.line_id, quantity: q, restock: Boolean(draft.restock[l.line_id]) && l.restockable }]
      : [];
  });
  const shippingCents = parseDecimalToCents(draft.shipping.trim() || '0');
  let amount: { totalCents: number } | null = null;
  let amountError: string | null = null;
  try {
    amount = lineRefundAmount(
      lines.map((l) => ({ ...l, netCents: parseDecimalToCents(l.net) ?? 0 })),
      chosen,
      shippingCents ?? 0,
      parseDecimalToCents(shippingRefundable) ?? 0,
    );
  } catch (err) {
    amountError = err instanceof Error ? err.message : String(err);
  }

  const review = () => {
    setFailure(null);
    const errors: Record<string, string> = {};
    const parsed = adminLineRefundRequestSchema.safeParse({
      lines: chosen,
      shipping: draft.shipping.trim() || '0',
      reason: draft.reason,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    }
    for (const l of lines) {
      const text = draft.quantities[l.line_id] ?? '0';
      const q = Number(text);
      const left = returnableUnits(l.quantity, l.refunded_quantity);
      if (!/^\d+$/.test(text.trim()) || q > left) {
        errors[`line-${l.line_id}`] = LINE_REFUND_MESSAGES.tooMany(l.title, left);
      }
    }
    if (shippingCents === null) errors.shipping = LINE_REFUND_MESSAGES.shipping;
    else if (amountError && /delivery/.test(amountError)) errors.shipping = amountError;
    if (!errors.lines && chosen.length === 0 && (shippingCents ?? 0) === 0)
      errors.lines = LINE_REFUND_MESSAGES.nothing;
    setFieldErrors(errors);
    if (Object.keys(errors).length === 0 && amount) setConfirming(true);
  };

  const send = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const message = await submit(
        adminLineRefundRequestSchema.parse({
          lines: chosen,
          shipping: draft.shipping.trim() || '0',
          reason: draft.reason,
        }),
      );
      setDraft(fresh());
      close();
      onDone(message);
    } catch (error) {
      setConfirming(false);
      if (error instanceof ApiError) {
        setFailure(error.message);
        setFieldErrors(Object.fromEntries((error.fieldErrors ?? []).map((e) => [e.field, e.message])));
      } else {
        setFailure('The store did not answer. Check the connection and try again: repeating is safe.');
      }
    } finally {
      setBusy(false);
    }
  };

  const errorId = (key: string) => (fieldErrors[key] ? `${titleId}-${key}-error` : undefined);

  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() => {
          setDraft(fresh());
          setOpen(true);
        }}
      >
        {openLabel}
      </button>
      <dialog
        ref={dialogRef}
        className="admin-refund-dialog"
        aria-labelledby={titleId}
        onClose={close}
        onCancel={(event) => {
          event.preventDefault();
          if (!busy) close();
        }}
      >
        {open && (
          <div className="admin-refund-dialog__panel">
            <h2 id={titleId} className="admin-refund-dialog__title">
              {title}
            </h2>
            <div role="alert" className="admin-form__alert">
              {failure}
            </div>
            {confirming && amount ? (
              <div className="admin-refund-dialog__confirm">
                <p className="admin-refund-dialog__amount">
                  {LINE_REFUND_MESSAGES.confirm(amount.totalCents, destination)}
                </p>
                <ul className="admin-refund-dialog__summary">
                  {chosen.map((c) => {
                    const line = lines.find((l) => l.line_id === c.line_id);
                    return (
                      <li key={c.line_id}>
                        {c.quantity} × {line?.title} {c.restock ? '(back in stock)' : '(not restocked)'}
                      </li>
                    );
                  })}
                  {(shippingCents ?? 0) > 0 && <li>Delivery charge: {formatCents(shippingCents ?? 0)}</li>}
                  <li>Reason: {draft.reason.trim()}</li>
                </ul>
                <p className="admin-field__hint">The customer is emailed these items and this amount.</p>
                <div className="admin-order__buttons">
                  <button type="button" className="button" disabled={busy} onClick={() => void send()}>
                    {busy ? 'Refunding…' : `Refund ${formatCents(amount.totalCents)}`}
                  </button>
                  <button
                    type="button"
                    className="button admin-button--secondary"
                    disabled={busy}
                    onClick={() => setConfirming(false)}
                  >
                    Back
                  </button>
                </div>
              </div>
            ) : (
              <form
                className="admin-refund-dialog__form"
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  review();
                }}
              >
                <fieldset className="admin-refund-dialog__lines" aria-describedby={errorId('lines')}>
                  <legend>Items to refund</legend>
                  {fieldErrors.lines && (
                    <p id={errorId('lines')} className="admin-field__message">
                      {fieldErrors.lines}
                    </p>
                  )}
                  {lines.map((l) => {
                    const left = returnableUnits(l.quantity, l.refunded_quantity);
                    const qid = `${titleId}-q-${l.line_id}`;
                    const key = `line-${l.line_id}`;
                    return (
                      <div key={l.line_id} className="admin-refund-dialog__line">
                        <div className="admin-refund-dialog__what">
                          <strong>{l.title}</strong>
                          <span className="admin-field__hint">
                            SKU {l.sku} · bought {l.quantity}
                            {l.refunded_quantity > 0 ? ` · refunded ${l.refunded_quantity}` : ''} · charged{' '}
                            {formatCents(parseDecimalToCents(l.net) ?? 0)}
                          </span>
                        </div>
                        <div className="admin-field admin-refund-dialog__qty">
                          <label className="admin-field__label" htmlFor={qid}>
                            Quantity to refund (of {left})
                          </label>
                          <input
                            id={qid}
                            className="admin-input"
                            type="number"
                            inputMode="numeric"
                            min={0}
                            max={left}
                            disabled={left === 0}
                            value={draft.quantities[l.line_id] ?? '0'}
                            aria-invalid={Boolean(fieldErrors[key])}
                            aria-describedby={errorId(key)}
                            onChange={(e) =>
                              setDraft((d) => ({
                                ...d,
                                quantities: { ...d.quantities, [l.line_id]: e.target.value },
                              }))
                            }
                          />
                          {fieldErrors[key] && (
                            <p id={errorId(key)} className="admin-field__message">
                              {fieldErrors[key]}
                            </p>
                          )}
                        </div>
                        <label className="admin-refund-dialog__restock">
                          <input
                            type="checkbox"
                            checked={Boolean(draft.restock[l.line_id]) && l.restockable}
                            disabled={!l.restockable || left === 0}
                            onChange={(e) =>
                              setDraft((d) => ({
                                ...d,
                                restock: { ...d.restock, [l.line_id]: e.target.checked },
                              }))
                            }
                          />{' '}
                          {l.restockable ? 'Restock' : 'Restock (stock not tracked)'}
                          <span className="visually-hidden"> {l.title}</span>
                        </label>
                      </div>
                    );
                  })}
                </fieldset>
                <div className="admin-field">
                  <label className="admin-field__label" htmlFor={`${titleId}-shipping`}>
                    Delivery charge to refund (AUD)
                  </label>
                  <p className="admin-field__hint" id={`${titleId}-shipping-hint`}>
                    Up to {formatCents(parseDecimalToCents(shippingRefundable) ?? 0)}.
                  </p>
                  <input
                    id={`${titleId}-shipping`}
                    className="admin-input"
                    inputMode="decimal"
                    autoComplete="off"
                    value={draft.shipping}
                    aria-invalid={Boolean(fieldErrors.shipping)}
                    aria-describedby={[`${titleId}-shipping-hint`, errorId('shipping')]
                      .filter(Boolean)
                      .join(' ')}
                    onChange={(e) => setDraft((d) => ({ ...d, shipping: e.target.value }))}
                  />
                  {fieldErrors.shipping && (
                    <p id={errorId('shipping')} className="admin-field__message">
                      {fieldErrors.shipping}
                    </p>
                  )}
                </div>
                <div className="admin-field">
                  <label className="admin-field__label" htmlFor={`${titleId}-reason`}>
                    Reason (the customer sees it)
                  </label>
                  <textarea
                    id={`${titleId}-reason`}
                    className="admin-input"
                    rows={3}
                    maxLength={500}
                    aria-required
                    aria-invalid={Boolean(fieldErrors.reason)}
                    aria-describedby={errorId('reason')}
                    value={draft.reason}
                    onChange={(e) => setDraft((d) => ({ ...d, reason: e.target.value }))}
                  />
                  {fieldErrors.reason && (
                    <p id={errorId('reason')} className="admin-field__message">
                      {fieldErrors.reason}
                    </p>
                  )}
                </div>
                <p className="admin-refund-dialog__running" aria-live="polite">
                  Refund: <strong>{amount ? formatCents(amount.totalCents) : '—'}</strong>
                </p>
                <div className="admin-order__buttons">
                  <button type="submit" className="button">
                    Review refund
                  </button>
                  <button type="button" className="button admin-button--secondary" onClick={close}>
                    Cancel
                  </button>
                </div>
              </form>
            )}
          </div>
        )}
      </dialog>
    </>
  );
}

/**
 * The order page's refund panel (issue 36 §3): what was refunded and what is left, and the dialog. One
 * Idempotency-Key per intended refund: kept while the same refund is sent again (a retry after a lost answer is
 * then the same refund), new once a refund is made or the choice changes.
 */
export function AdminOrderRefundPanel({
  order,
  onDone,
  onFailed,
}: {
  order: AdminOrderDetail;
  onDone: (message: string) => void;
  onFailed?: (message: string) => void;
}) {
  const refund = useLineRefund(order.id);
  const intent = useRef<{ key: string; values: string } | null>(null);
  const refundable = (parseDecimalToCents(order.refundable) ?? 0) > 0;
  return (
    <section className="admin-order__panel" aria-labelledby="admin-order-refund-title">
      <h2 id="admin-order-refund-title">Refund</h2>
      {!refundable ? (
        <p>
          {order.payment_status === 'refunded'
            ? 'This order has been refunded in full.'
            : 'Only a paid order can be refunded.'}
        </p>
      ) : (
        <>
          <p>
            {formatCents(parseDecimalToCents(order.refundable) ?? 0)} can still be refunded, to{' '}
            {order.refund_destination}.
          </p>
          <AdminRefundDialog
            title={`Refund order ${order.invoice_number}`}
            openLabel="Refund items…"
            lines={order.refund_lines.map((l) => {
              const item = order.order_items.find((i) => i.id === l.line_id);
              return { ...l, title: item?.product_title ?? 'Item', sku: item?.sku ?? '' };
            })}
            shippingRefundable={order.shipping_refundable}
            destination={order.refund_destination}
            submit={async (body) => {
              const values = JSON.stringify(body);
              if (intent.current?.values !== values) intent.current = { key: crypto.randomUUID(), values };
              try {
                const answer = await refund.mutateAsync({ key: intent.current.key, body });
                intent.current = null;
                return answer.message;
              } catch (error) {
                onFailed?.(error instanceof Error ? error.message : String(error));
                throw error;
              }
            }}
            onDone={onDone}
          />
        </>
      )}
    </section>
  );
}
