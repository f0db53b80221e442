/** How the back office names order and payment statuses (issue 12). */
import type { OrderStatus } from '@store/shared/admin-orders';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  pending: 'Awaiting payment',
  completed: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
  disputed: 'Disputed',
};

export const orderStatusLabel = (s: string) => ORDER_STATUS_LABELS[s as OrderStatus] ?? s;
export const paymentStatusLabel = (s: string) => PAYMENT_STATUS_LABELS[s] ?? s.replace(/_/g, ' ');
