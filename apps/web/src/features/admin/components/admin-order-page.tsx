import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_ORDER_LINE_HEADINGS as HEADINGS,
  adminShipFormSchema,
  allowedOrderMoves,
  REFUND_STATUS_NOTES,
  type AdminOrderDetail,
  type AdminShipForm,
  type OrderStatus,
} from '@store/shared/admin-orders';
import { formatCents } from '@store/shared/money';
import { amountsOfOrder, breakdownRows } from '@store/shared/order-breakdown';
import { CARRIER_NAMES, carrierTrackingUrl } from '@store/shared/store-promises';
import { hasTaxInvoice } from '@store/shared/tax-invoice';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { paymentMethodLabel } from '@/lib/order-fields';
import { useAdminOrder, useMoveOrderStatus } from '../api/admin-orders';
import { AdminField } from './admin-field';
import { AdminOrderAddress } from './admin-order-address';
import { AdminOrderNotes } from './admin-order-notes';
import { AdminOrderResend } from './admin-order-resend';
import { AdminOrderRefundPanel } from './admin-refund-dialog';
import { AdminTaxInvoiceButton } from './admin-tax-invoice-button';
import { orderStatusLabel, paymentStatusLabel } from './admin-order-labels';
import { dollars, sydneyDateTime } from '../admin-format';
import { useAdminTitle } from './use-admin-title';
import './admin-order.css';
import { formatPhone } from '@store/shared/phone';

type Feedback = { kind: 'success' | 'error'; text: string } | null;

/** The words for a failed call: the server's message, or that no answer came. */
function failure(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'The store did not answer. Check the connection and try again: repeating is safe.';
}

/**
 * /admin/orders/:publicId (issue 12): one order — lines, the breakdown as stored (issue 34 §2), addresses,
 * payment, shipping, returns, status history, refunds and audit trail — with its actions: the legal next
 * statuses, shipping with carrier and tracking number, cancelling after a confirmation, and refunds. Results
 * are said in a status (success) or alert (error) region; the page shows the server's answer after each action.
 */
export function AdminOrderPage() {
  const { publicId = '' } = useParams();
  const found = useAdminOrder(publicId);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const order = found.data?.data;
  useAdminTitle(order ? `Order ${order.invoice_number}` : 'Order');
  return (
    <section className="admin-page admin-order" aria-labelledby="admin-page-title">
      <p className="admin-order-back">
        <Link to="/admin/orders">← All orders</Link>
      </p>
      <h1 id="admin-page-title">{order ? `Order ${order.invoice_number}` : 'Order'}</h1>
      <div role="status" className={feedback?.kind === 'success' ? 'admin-notice' : undefined}>
        {feedback?.kind === 'success' ? feedback.text : null}
      </div>
      <div role="alert" className="admin-form__alert">
        {feedback?.kind === 'error' ? feedback.text : null}
      </div>
      {found.isPending ? (
        <p role="status">Loading the order…</p>
      ) : found.isError ? (
        <p role="alert" className="admin-form__alert">
          The order did not load: {found.error.message}
        </p>
      ) : order ? (
        <OrderView order={order} onFeedback={setFeedback} />
      ) : null}
    </section>
  );
}

function OrderView({ order, onFeedback }: { order: AdminOrderDetail; onFeedback: (f: Feedback) => void }) {
  return (
    <div className="admin-order__layout">
      <div className="admin-order__main">
        <OrderFacts order={order} />
        <OrderLines order={order} />
        <OrderRefunds order={order} />
        <AdminOrderNotes publicId={order.id} />
        <OrderHistory order={order} />
        <OrderAudit order={order} />
      </div>
      <aside className="admin-order__actions" aria-label="Actions">
        <StatusActions order={order} onFeedback={onFeedback} />
        <AdminOrderRefundPanel order={order} onDone={(text) => onFeedback({ kind: 'success', text })} />
        <AdminOrderAddress publicId={order.id} />
        <AdminOrderResend order={order} />
      </aside>
    </div>
  );
}

function OrderFacts({ order }: { order: AdminOrderDetail }) {
  const trackingUrl =
    order.carrier && order.tracking_number ? carrierTrackingUrl(order.carrier, order.tracking_number) : null;
  return (
    <dl className="admin-order__facts">
      <div>
        <dt>Status</dt>
        <dd>
          <span className={`admin-order-badge admin-order-badge--${order.status}`}>
            {orderStatusLabel(order.status)}
          </span>
        </dd>
      </div>
      <div>
        <dt>Payment</dt>
        <dd>
          <span className={`admin-order-badge admin-order-badge--${order.payment_status}`}>
            {paymentStatusLabel(order.payment_status)}
          </span>
          <br />
          {/* Issue 40: named as everywhere else ('Card', 'Apple Pay', 'Afterpay', 'PayPal', 'On account'). */}
          {paymentMethodLabel(order.payment_method, order.payment_method_type)} via {order.payment_provider}
          <br />
          <span className="admin-order__reference">Reference: {order.payment_reference ?? 'none yet'}</span>
          {hasTaxInvoice(order.payment_status) && (
            <>
              <br />
              {/* Issue 18 §3: the invoice the customer gets, with its adjustment notes listed on it. */}
              <AdminTaxInvoiceButton orderId={order.id} />
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>Placed</dt>
        <dd>{sydneyDateTime(order.created_at)}</dd>
      </div>
      <div>
        <dt>Customer</dt>
        <dd>
          {order.f_name} {order.l_name}
          <br />
          <a className="admin-table__email" href={`mailto:${order.email}`}>
            {order.email}
          </a>
          <br />
          {formatPhone(order.phone)}
        </dd>
      </div>
      <div>
        <dt>Delivery address</dt>
        <dd>{order.address}</dd>
      </div>
      <div>
        <dt>Billing address</dt>
        <dd>{order.billing_address}</dd>
      </div>
      {order.delivery_option_name && (
        <div>
          <dt>Delivery option</dt>
          <dd>{[order.delivery_option_name, order.delivery_estimate].filter(Boolean).join(' — ')}</dd>
        </div>
      )}
      <div>
        <dt>Shipping</dt>
        <dd>
          {order.carrier && order.tracking_number ? (
            <>
              {order.carrier}, {order.tracking_number}
              {trackingUrl && (
                <>
                  <br />
                  <a href={trackingUrl} target="_blank" rel="noreferrer">
                    Track with {order.carrier}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </>
              )}
            </>
          ) : (
            'Not shipped yet'
          )}
        </dd>
      </div>
      <div>
        <dt>Returns</dt>
        <dd>
          {order.returns.length === 0 ? (
            'None'
          ) : (
            <ul className="admin-order__plain-list">
              {order.returns.map((r) => (
                <li key={r.id}>
                  <Link to={`/admin/returns?id=${r.id}`}>
                    Return #{r.id}
                    {r.subject ? `: ${r.subject}` : ''}
                  </Link>{' '}
                  ({sydneyDateTime(r.created_at)})
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
    </dl>
  );
}

/**
 * The lines as charged (unit, line total and the GST it includes) and the order's breakdown from its stored record
 * (issue 34 §2): `breakdownRows(amountsOfOrder(order))`, the rows the customer's mails and tax invoice show.
 */
function OrderLines({ order }: { order: AdminOrderDetail }) {
  const amounts = amountsOfOrder(order);
  const inc = amounts.pricesIncludeGst;
  const rows = breakdownRows(amounts, 'inc_gst');
  return (
    <div className="admin-table-wrap" role="region" aria-labelledby="admin-order-lines" tabIndex={0}>
      <table className="admin-table admin-order__lines">
        <caption id="admin-order-lines">Items ({order.order_items.length})</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">SKU</th>
            <th scope="col" className="admin-table__numeric">
              Qty
            </th>
            <th scope="col" className="admin-table__numeric">
              {HEADINGS.unit(inc)}
            </th>
            <th scope="col" className="admin-table__numeric">
              {HEADINGS.line(inc)}
            </th>
            <th scope="col" className="admin-table__numeric">
              {HEADINGS.gst}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.order_items.map((line) => (
            <tr key={line.id}>
              <th scope="row">{line.product_title}</th>
              <td data-label="SKU">{line.sku}</td>
              <td data-label="Qty" className="admin-table__numeric">
                {line.quantity}
              </td>
              <td data-label={HEADINGS.unit(inc)} className="admin-table__numeric">
                {dollars(line.price)}
              </td>
              <td data-label={HEADINGS.line(inc)} className="admin-table__numeric">
                {dollars(line.qp_subtotal)}
              </td>
              <td data-label={HEADINGS.gst} className="admin-table__numeric">
                {line.gst === null ? (
                  <span className="admin-order__reference">{HEADINGS.gstOnTheWhole}</span>
                ) : (
                  dollars(line.gst)
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="admin-order__totals" aria-label="Order totals">
        {rows.map((r) => (
          <div key={r.key} className={`admin-order__total admin-order__total--${r.key}`}>
            <dt>{r.label}</dt>
            <dd>{r.text}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function OrderRefunds({ order }: { order: AdminOrderDetail }) {
  return (
    <section className="admin-order__section" aria-labelledby="admin-order-refunds">
      <h2 id="admin-order-refunds">Refunds</h2>
      <p>
        Refunded {dollars(order.refunded_total)} of {dollars(order.total_amount)}; {dollars(order.refundable)}{' '}
        can still be refunded.
      </p>
      {order.refunds.length > 0 && (
        <ul className="admin-order__plain-list admin-order__refunds">
          {order.refunds.map((r) => (
            <li key={r.id}>
              <strong>{dollars(r.amount)}</strong> on {sydneyDateTime(r.created_at)} by {r.staff_name}
              {r.reason ? ` — ${r.reason}` : ''}
              <br />
              <span className="admin-order__reference">
                {r.provider} refund {r.provider_refund_id ?? '(no id)'}
              </span>
              {REFUND_STATUS_NOTES[r.status] && (
                <>
                  <br />
                  <span className={`admin-order__refund-status admin-order__refund-status--${r.status}`}>
                    {REFUND_STATUS_NOTES[r.status]}
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OrderHistory({ order }: { order: AdminOrderDetail }) {
  return (
    <section className="admin-order__section" aria-labelledby="admin-order-history">
      <h2 id="admin-order-history">Status history</h2>
      {order.status_history.length === 0 ? (
        <p>Placed; the status has not changed since.</p>
      ) : (
        <ol className="admin-order__plain-list">
          {order.status_history.map((h, i) => (
            <li key={`${h.at}-${i}`}>
              {orderStatusLabel(h.from)} → {orderStatusLabel(h.to)} on {sydneyDateTime(h.at)}
              {h.staff_name ? ` by ${h.staff_name}` : ''}
              {h.note ? ` — ${h.note}` : ''}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A changed field as a person reads it: cents as dollars. */
function show(key: string, value: unknown): string {
  if (typeof value === 'number' && key.endsWith('_cents')) return formatCents(value);
  if (value === null || value === undefined || value === '') return '—';
  return String(value);
}

function OrderAudit({ order }: { order: AdminOrderDetail }) {
  return (
    <section className="admin-order__section" aria-labelledby="admin-order-audit">
      <h2 id="admin-order-audit">Audit trail</h2>
      {order.audit.length === 0 ? (
        <p>No changes by staff yet.</p>
      ) : (
        <ul className="admin-order__plain-list admin-order__audit">
          {order.audit.map((a) => (
            <li key={a.id}>
              <strong>{a.action}</strong> by {a.staff_name} on {sydneyDateTime(a.at)}
              <ul>
                {Object.keys({ ...a.before, ...a.after }).map((key) => (
                  <li key={key}>
                    {key.replace(/_cents$/, '').replace(/_/g, ' ')}: {show(key, a.before?.[key])} →{' '}
                    {show(key, a.after?.[key])}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const MOVE_LABELS: Partial<Record<OrderStatus, string>> = {
  processing: 'Move to processing',
  delivered: 'Mark delivered',
};

function StatusActions({
  order,
  onFeedback,
}: {
  order: AdminOrderDetail;
  onFeedback: (f: Feedback) => void;
}) {
  const move = useMoveOrderStatus(order.id);
  const [confirming, setConfirming] = useState(false);
  const next = allowedOrderMoves(order.status, order.payment_status);
  const ship = useForm<AdminShipForm>({
    resolver: zodResolver(adminShipFormSchema),
    defaultValues: { carrier: CARRIER_NAMES[0], tracking_number: '' },
  });
  const run = (body: Parameters<typeof move.mutate>[0]) => {
    onFeedback(null);
    move.mutate(body, {
      onSuccess: (answer) => {
        setConfirming(false);
        onFeedback({ kind: 'success', text: answer.message });
      },
      onError: (error) => onFeedback({ kind: 'error', text: failure(error) }),
    });
  };

  if (next.length === 0) {
    return (
      <section className="admin-order__panel" aria-labelledby="admin-order-status-actions">
        <h2 id="admin-order-status-actions">Status</h2>
        <p>A {orderStatusLabel(order.status).toLowerCase()} order does not change any more.</p>
      </section>
    );
  }
  return (
    <section className="admin-order__panel" aria-labelledby="admin-order-status-actions">
      <h2 id="admin-order-status-actions">Status</h2>
      <div className="admin-order__buttons">
        {next
          .filter((s) => MOVE_LABELS[s])
          .map((s) => (
            <button
              key={s}
              type="button"
              className="button"
              disabled={move.isPending}
              onClick={() => run({ status: s })}
            >
              {MOVE_LABELS[s]}
            </button>
          ))}
      </div>
      {next.includes('shipped') && (
        <form
          className="admin-order__form"
          aria-labelledby="admin-order-ship-title"
          noValidate
          onSubmit={ship.handleSubmit((values) => run({ status: 'shipped', ...values }))}
        >
          <h3 id="admin-order-ship-title">Mark shipped</h3>
          <div className="admin-field">
            <label className="admin-field__label" htmlFor="admin-carrier">
              Carrier
            </label>
            <select id="admin-carrier" className="admin-input" {...ship.register('carrier')}>
              {CARRIER_NAMES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <AdminField
            label="Tracking number"
            autoComplete="off"
            maxLength={60}
            error={ship.formState.errors.tracking_number}
            {...ship.register('tracking_number')}
          />
          <button type="submit" className="button" disabled={move.isPending}>
            Mark shipped
          </button>
        </form>
      )}
      {next.includes('cancelled') &&
        (confirming ? (
          <div className="admin-order__confirm" role="group" aria-labelledby="admin-order-cancel-question">
            <p id="admin-order-cancel-question">
              Cancel order {order.invoice_number}? This cannot be undone
              {order.payment_status === 'pending' ? '; its stock goes back on the shelf.' : '.'}
            </p>
            <div className="admin-order__buttons">
              <button
                type="button"
                className="button admin-button--danger"
                disabled={move.isPending}
                onClick={() => run({ status: 'cancelled' })}
              >
                Yes, cancel the order
              </button>
              <button
                type="button"
                className="button admin-button--secondary"
                onClick={() => setConfirming(false)}
              >
                Keep the order
              </button>
            </div>
          </div>
        ) : (
          <button
            type="button"
            className="button admin-button--secondary"
            onClick={() => {
              onFeedback(null);
              setConfirming(true);
            }}
          >
            Cancel order…
          </button>
        ))}
    </section>
  );
}
