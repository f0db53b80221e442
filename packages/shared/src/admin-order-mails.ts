/**
 * Resending a customer's order mail from the back office (issue 36 §4): which of the order's mails can be sent
 * again, their names, and the rule that one mail is not resent twice within RESEND_INTERVAL_SECONDS. The mails
 * themselves are the ones the store sends anyway (the order confirmation, or "order received" while the payment
 * is still pending; the shipping notice), to the order's email, through the normal mail path.
 */
import { z } from 'zod';
import {
  PAYMENT_STATUS_COMPLETED,
  PAYMENT_STATUS_DISPUTED,
  PAYMENT_STATUS_PARTIALLY_REFUNDED,
  PAYMENT_STATUS_PENDING,
  PAYMENT_STATUS_REFUNDED,
} from './order-constants';

export const RESENDABLE_MAILS = ['order_confirmation', 'shipping_notice'] as const;
export type ResendableMail = (typeof RESENDABLE_MAILS)[number];

/** The same mail of one order is not sent again within this many seconds. */
export const RESEND_INTERVAL_SECONDS = 60;

export const RESENDABLE_MAIL_LABELS: Record<ResendableMail, string> = {
  order_confirmation: 'Order confirmation',
  shipping_notice: 'Shipping notice',
};

export const RESEND_MAIL_MESSAGES = {
  mail: `mail must be one of ${RESENDABLE_MAILS.join(', ')}`,
  sent: (label: string, email: string) => `${label} sent again to ${email}.`,
  notAvailable: (label: string) =>
    label === RESENDABLE_MAIL_LABELS.shipping_notice
      ? 'This order has not been shipped with a tracking number, so there is no shipping notice to resend.'
      : 'This order was never confirmed (its payment failed or it was cancelled unpaid), so there is no confirmation to resend.',
  tooSoon: (label: string) =>
    `${label} was sent again less than a minute ago. Wait a minute before sending it once more.`,
} as const;

/** `POST /api/admin/orders/{public id}/resend-mail` body. */
export const resendMailRequestSchema = z.object({
  mail: z.enum(RESENDABLE_MAILS, { error: RESEND_MAIL_MESSAGES.mail }),
});
export type ResendMailRequest = z.infer<typeof resendMailRequestSchema>;

/** Payment statuses whose order was confirmed: it was paid, whatever happened to the money since. */
const CONFIRMED = [
  PAYMENT_STATUS_COMPLETED,
  PAYMENT_STATUS_PARTIALLY_REFUNDED,
  PAYMENT_STATUS_REFUNDED,
  PAYMENT_STATUS_DISPUTED,
];

/**
 * The mails of an order that can be sent again: its confirmation when it was paid (or "order received" while its
 * payment is pending), and its shipping notice once shipped with a carrier and tracking number.
 */
export function resendableMails(order: {
  status: string;
  payment_status: string;
  carrier: string | null;
  tracking_number: string | null;
}): ResendableMail[] {
  const mails: ResendableMail[] = [];
  if (
    CONFIRMED.includes(order.payment_status) ||
    (order.payment_status === PAYMENT_STATUS_PENDING && order.status !== 'cancelled')
  ) {
    mails.push('order_confirmation');
  }
  if (['shipped', 'delivered'].includes(order.status) && order.carrier && order.tracking_number) {
    mails.push('shipping_notice');
  }
  return mails;
}
