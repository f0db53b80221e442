import { batchStatusMoveSchema, type BatchStatusMove } from '@store/shared/admin-fulfilment';
import { ORDER_STATUSES, type AdminOrderRow, type OrderStatus } from '@store/shared/admin-orders';
import { CARRIER_CHOICES, OTHER_CARRIER, type CarrierChoice } from '@store/shared/store-promises';
import { useState, type FormEvent } from 'react';
import { AdminDialog } from './admin-dialog';
import { ORDER_STATUS_LABELS, orderStatusLabel } from './admin-order-labels';

interface BatchDialogProps {
  orders: readonly AdminOrderRow[];
  pending: boolean;
  /** The server refused the whole batch (e.g. the session ended), shown inside the dialog. */
  error: string | null;
  onSubmit: (moves: BatchStatusMove[]) => void;
  onClose: () => void;
}

interface ShipRow {
  carrier: CarrierChoice;
  carrierName: string;
  tracking: string;
}

/** The first error of each field the shared schema finds in a move, by field name. */
function fieldErrors(move: unknown): Record<string, string> {
  const parsed = batchStatusMoveSchema.safeParse(move);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'order');
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * "Mark shipped" for the selected orders (issue 36 §4): one row per order with its carrier (the couriers we use,
 * or Other with the courier's name) and tracking number, checked with the API's own schema before sending. Rows
 * become cards on a phone (the back office's table style).
 */
export function AdminBatchShipDialog({ orders, pending, error, onSubmit, onClose }: BatchDialogProps) {
  const [rows, setRows] = useState<Record<string, ShipRow>>(() =>
    Object.fromEntries(
      orders.map((o) => [
        o.public_id,
        { carrier: CARRIER_CHOICES[0] ?? OTHER_CARRIER, carrierName: '', tracking: '' },
      ]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, Record<string, string>>>({});
  const edit = (id: string, change: Partial<ShipRow>) =>
    setRows((current) => ({ ...current, [id]: { ...(current[id] as ShipRow), ...change } }));
  const setAllCarriers = (carrier: CarrierChoice) =>
    setRows((current) =>
      Object.fromEntries(Object.entries(current).map(([id, row]) => [id, { ...row, carrier }])),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const moves = orders.map((o) => {
      const row = rows[o.public_id] as ShipRow;
      return {
        order: o.public_id,
        status: 'shipped' as const,
        carrier: row.carrier,
        ...(row.carrier === OTHER_CARRIER ? { carrier_name: row.carrierName.trim() } : {}),
        tracking_number: row.tracking.trim(),
      };
    });
    const found = Object.fromEntries(
      moves.map((m) => [m.order, fieldErrors(m)]).filter(([, e]) => Object.keys(e as object).length > 0),
    ) as Record<string, Record<string, string>>;
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(moves);
  };

  return (
    <AdminDialog
      title={`Mark ${orders.length} order${orders.length === 1 ? '' : 's'} shipped`}
      onClose={onClose}
    >
      <form noValidate onSubmit={submit} className="admin-batch-form">
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-batch-carrier-all">
            Carrier for every order
          </label>
          <select
            id="admin-batch-carrier-all"
            className="admin-input"
            defaultValue=""
            onChange={(e) => e.target.value && setAllCarriers(e.target.value as CarrierChoice)}
          >
            <option value="">Choose per order below</option>
            {CARRIER_CHOICES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-table-wrap">
          <table className="admin-table admin-batch-table">
            <caption className="visually-hidden">Carrier and tracking number of each order</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Carrier</th>
                <th scope="col">Tracking number</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => {
                const row = rows[o.public_id] as ShipRow;
                const rowErrors = errors[o.public_id] ?? {};
                const id = `admin-batch-${o.public_id}`;
                const trackingError = rowErrors.tracking_number ?? rowErrors.carrier;
                return (
                  <tr key={o.public_id}>
                    <th scope="row">
                      {o.invoice_number}
                      <br />
                      <span className="admin-table__email">{o.customer}</span>
                    </th>
                    <td data-label="Carrier">
                      <label className="visually-hidden" htmlFor={`${id}-carrier`}>
                        Carrier of {o.invoice_number}
                      </label>
                      <select
                        id={`${id}-carrier`}
                        className="admin-input"
                        value={row.carrier}
                        onChange={(e) => edit(o.public_id, { carrier: e.target.value as CarrierChoice })}
                      >
                        {CARRIER_CHOICES.map((c) => (
                          <option key={c} value={c}>
                            {c}
                          </option>
                        ))}
                      </select>
                      {row.carrier === OTHER_CARRIER && (
                        <>
                          <label className="admin-batch-table__sublabel" htmlFor={`${id}-name`}>
                            Courier&apos;s name for {o.invoice_number}
                          </label>
                          <input
                            id={`${id}-name`}
                            className="admin-input"
                            maxLength={60}
                            autoComplete="off"
                            value={row.carrierName}
                            aria-invalid={Boolean(rowErrors.carrier_name)}
                            aria-describedby={rowErrors.carrier_name ? `${id}-name-error` : undefined}
                            onChange={(e) => edit(o.public_id, { carrierName: e.target.value })}
                          />
                          {rowErrors.carrier_name && (
                            <p id={`${id}-name-error`} className="admin-field__message">
                              {rowErrors.carrier_name}
                            </p>
                          )}
                        </>
                      )}
                    </td>
                    <td data-label="Tracking number">
                      <label className="visually-hidden" htmlFor={`${id}-tracking`}>
                        Tracking number of {o.invoice_number}
                      </label>
                      <input
                        id={`${id}-tracking`}
                        className="admin-input"
                        maxLength={60}
                        autoComplete="off"
                        value={row.tracking}
                        aria-invalid={Boolean(trackingError)}
                        aria-describedby={trackingError ? `${id}-tracking-error` : undefined}
                        onChange={(e) => edit(o.public_id, { tracking: e.target.value })}
                      />
                      {trackingError && (
                        <p id={`${id}-tracking-error`} className="admin-field__message">
                          {trackingError}
                        </p>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <p className="admin-batch-form__note">
          Each customer gets the shipping notice with the tracking number. Only orders in processing can be
          marked shipped; any other order is listed back and left as it is.
        </p>
        {error && (
          <p role="alert" className="admin-form__alert">
            {error}
          </p>
        )}
        <div className="admin-order__buttons">
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Marking shipped…' : `Mark ${orders.length} shipped`}
          </button>
          <button type="button" className="button admin-button--secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </AdminDialog>
  );
}

/** Statuses a batch can move to without more details (shipping needs its own dialog). */
const BATCH_STATUSES = ORDER_STATUSES.filter((s) => s !== 'pending' && s !== 'shipped');

/**
 * "Move status" for the selected orders (issue 36 §4): one status (and an optional note) for them all; each order
 * is moved by the one transition rule, and the ones it does not allow are listed back.
 */
export function AdminBatchMoveDialog({ orders, pending, error, onSubmit, onClose }: BatchDialogProps) {
  const [status, setStatus] = useState<OrderStatus>('processing');
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(
      orders.map((o) => ({ order: o.public_id, status, ...(note.trim() ? { note: note.trim() } : {}) })),
    );
  };
  return (
    <AdminDialog title={`Move ${orders.length} order${orders.length === 1 ? '' : 's'}`} onClose={onClose}>
      <form noValidate onSubmit={submit} className="admin-batch-form">
        <p>
          {orders.map((o) => `${o.invoice_number} (${orderStatusLabel(o.status).toLowerCase()})`).join(', ')}
        </p>
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-batch-status">
            New status
          </label>
          <select
            id="admin-batch-status"
            className="admin-input"
            value={status}
            onChange={(e) => setStatus(e.target.value as OrderStatus)}
          >
            {BATCH_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="admin-batch-note">
            Note for the order history (optional)
          </label>
          <input
            id="admin-batch-note"
            className="admin-input"
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        {status === 'cancelled' && (
          <p className="admin-batch-form__note">
            Cancelling cannot be undone. An unpaid order&apos;s stock goes back on the shelf; a paid order is
            refused until it is refunded.
          </p>
        )}
        {error && (
          <p role="alert" className="admin-form__alert">
            {error}
          </p>
        )}
        <div className="admin-order__buttons">
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Moving…' : `Move ${orders.length} to ${ORDER_STATUS_LABELS[status].toLowerCase()}`}
          </button>
          <button type="button" className="button admin-button--secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </AdminDialog>
  );
}
