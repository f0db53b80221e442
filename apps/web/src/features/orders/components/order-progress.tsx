import type { OrderDetail } from '@store/shared/order';
import { orderProgress, orderStatusWords } from '@store/shared/order-status-words';
import { formatOrderDate } from '@/lib/order-fields';
import './order-progress.css';

/**
 * Where an order is, in the shopper's words (issue 37 §2): its status (`orderStatusWords`: "Paid — being
 * prepared"), the progress line Received → Paid → Shipped → Delivered with the dates known (an ordered list, the
 * step the order is at marked aria-current="step"), and once shipped the carrier's tracking link. An order that
 * left the line (cancelled, refunded, payment failed) shows its status alone.
 */
export function OrderProgress({ order }: { order: OrderDetail }) {
  const steps = orderProgress(order, order.step_dates);
  const shipment = order.shipment;
  return (
    <section className="order-progress" aria-label="Order progress">
      <p className="order-progress__status">
        <span className="order-progress__status-label">Status:</span>{' '}
        <strong data-status={order.status}>{orderStatusWords(order)}</strong>
      </p>
      {steps && (
        <ol className="order-progress__steps">
          {steps.map((step) => (
            <li
              key={step.key}
              className={`order-progress__step order-progress__step--${step.state}`}
              aria-current={step.state === 'current' ? 'step' : undefined}
            >
              <span className="order-progress__dot" aria-hidden="true" />
              <span className="order-progress__label">
                {step.label}
                {step.state === 'todo' && <span className="visually-hidden"> (not yet)</span>}
              </span>
              {step.date && (
                <time className="order-progress__date" dateTime={step.date}>
                  {formatOrderDate(step.date)}
                </time>
              )}
            </li>
          ))}
        </ol>
      )}
      {shipment && (
        <p className="order-progress__parcel">
          Sent with {shipment.carrier}, tracking number {shipment.tracking_number}.{' '}
          {shipment.tracking_url && (
            <a href={shipment.tracking_url} target="_blank" rel="noopener noreferrer">
              Track the parcel with {shipment.carrier}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
        </p>
      )}
    </section>
  );
}
