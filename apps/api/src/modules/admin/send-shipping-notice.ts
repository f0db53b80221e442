/**
 * The shipping notice (issue 12; issue 36 §4 for batch moves): once an order is marked shipped, its customer is
 * mailed the carrier, tracking number and the carrier's tracking link (none for an "Other" courier), after the
 * answer and retried (decision 0016). One function for the single and the batch move; the message itself is
 * composed by orders/shipping-notice.ts, which the back office's resend uses too.
 */
import type { FastifyInstance } from 'fastify';
import { composeShippingNotice } from '../orders/shipping-notice';
import type { OrderRow } from '../orders/order-presenter';

/** Hands the notice of `order` (as just moved) to the mail service; nothing unless it is shipped with tracking. */
export function sendShippingNotice(app: FastifyInstance, order: OrderRow): void {
  if (order.status !== 'shipped' || !order.carrier || !order.trackingNumber) return;
  app.mail.deliver('shipping notice', () => composeShippingNotice(app.db, app.config.publicBaseUrl, order));
}
