/**
 * An order's statuses in the words a shopper reads (issue 37 §2): one mapping for every place a shopper sees a
 * status — guest tracking, the member's tracking and order pages, Order History, the thank-you page and the mails.
 * The stored values stay the SPEC's (`status`: pending, processing, shipped, delivered, cancelled, SPEC §4 and the
 * back office's moves, `allowedOrderMoves`; `payment_status`: PAYMENT_STATUSES); only what is shown changes, because
 * "pending" after paying reads as "something went wrong". The shopper's status is derived from both: an order
 * whose status is still `pending` but whose payment is `completed` is "Paid — being prepared".
 *
 * The progress line (Received → Paid → Shipped → Delivered) is made here too, with the dates the server knows.
 */
import {
  PAYMENT_METHOD_ACCOUNT,
  PAYMENT_STATUS_COMPLETED,
  PAYMENT_STATUS_DISPUTED,
  PAYMENT_STATUS_FAILED,
  PAYMENT_STATUS_PARTIALLY_REFUNDED,
  PAYMENT_STATUS_PENDING,
  PAYMENT_STATUS_REFUNDED,
} from './order-constants';

/** What a shopper is told about an order, one key per sentence below. */
export type ShopperOrderStatus =
  | 'received'
  | 'paid'
  | 'shipped'
  | 'delivered'
  | 'cancelled'
  | 'refunded'
  | 'partly_refunded'
  | 'payment_failed';

/** The words for each shopper status (issue 37 §2's list; "Payment failed" for a payment the provider refused). */
export const SHOPPER_ORDER_STATUS_WORDS: Readonly<Record<ShopperOrderStatus, string>> = {
  received: 'Received',
  paid: 'Paid — being prepared',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partly_refunded: 'Partly refunded',
  payment_failed: 'Payment failed',
};

/** The words for a payment status alone (Order History's "Payment Status" column, SPEC §2). */
export const PAYMENT_STATUS_WORDS: Readonly<Record<string, string>> = {
  [PAYMENT_STATUS_PENDING]: 'Awaiting payment',
  [PAYMENT_STATUS_COMPLETED]: 'Paid',
  [PAYMENT_STATUS_FAILED]: 'Payment failed',
  [PAYMENT_STATUS_REFUNDED]: 'Refunded',
  [PAYMENT_STATUS_PARTIALLY_REFUNDED]: 'Partly refunded',
  [PAYMENT_STATUS_DISPUTED]: 'Under review with your bank',
};

/** The two stored statuses of an order, as every order answer carries them (SPEC §3). */
export interface OrderStatusFields {
  status: string;
  payment_status: string;
  /** SPEC §3 payment_method; 'Account' (issue 39) is charged to a trade account, not paid yet. */
  payment_method?: string;
  /**
   * Issue 41 §2, click & collect: where it is collected (the location's name) and its steps; absent on answers
   * that do not carry them (the words are then the delivery ones).
   */
  collection?: {
    location_name: string;
    ready_for_collection_at: string | null;
    collected_at: string | null;
  } | null;
}

/** Issue 41 §2: the words of a click & collect order's own steps. */
export const COLLECTION_WORDS = {
  ready: (locationName: string) => `Ready for collection at ${locationName.split(/\s+/)[0] ?? locationName}`,
  collected: 'Collected',
} as const;

/** Issue 39 §4: the words of an order charged to a trade account, which is confirmed but paid later by its terms. */
export const ON_ACCOUNT_WORDS = {
  status: 'Confirmed — being prepared',
  payment: 'Charged to account',
} as const;

/** Whether the payment has been taken (and not since given back in full or refused). */
const isPaid = (paymentStatus: string) =>
  paymentStatus === PAYMENT_STATUS_COMPLETED ||
  paymentStatus === PAYMENT_STATUS_PARTIALLY_REFUNDED ||
  paymentStatus === PAYMENT_STATUS_DISPUTED;

/**
 * The shopper's status of an order. Money given back wins over where the parcel is (a refunded order is
 * "Refunded" whether it was cancelled or returned; a partial refund is said as such, since the shopper is waiting
 * for it); then cancelled; then delivered and shipped; then paid (`pending` or `processing` with the money taken);
 * a refused payment; else received. An unknown stored value reads as "Received", never as a raw word.
 */
export function shopperOrderStatus(order: OrderStatusFields): ShopperOrderStatus {
  const { status, payment_status: payment } = order;
  if (payment === PAYMENT_STATUS_REFUNDED) return 'refunded';
  if (status === 'cancelled') return 'cancelled';
  if (payment === PAYMENT_STATUS_PARTIALLY_REFUNDED) return 'partly_refunded';
  if (status === 'delivered') return 'delivered';
  if (status === 'shipped') return 'shipped';
  if (isPaid(payment)) return 'paid';
  if (payment === PAYMENT_STATUS_FAILED) return 'payment_failed';
  return 'received';
}

/** The shopper's status of an order in words ("Paid — being prepared"). */
export function orderStatusWords(order: OrderStatusFields): string {
  const status = shopperOrderStatus(order);
  // Click & collect: its counter steps say more than "Paid" or "Delivered" (money given back still wins).
  const collection = order.collection;
  if (collection && (status === 'paid' || status === 'delivered')) {
    if (collection.collected_at) return COLLECTION_WORDS.collected;
    if (collection.ready_for_collection_at) return COLLECTION_WORDS.ready(collection.location_name);
  }
  if (status === 'paid' && order.payment_method === PAYMENT_METHOD_ACCOUNT) return ON_ACCOUNT_WORDS.status;
  return SHOPPER_ORDER_STATUS_WORDS[status];
}

/** A payment status in words ("Paid"); an unknown value as "Awaiting payment", never raw. */
export function paymentStatusWords(paymentStatus: string, paymentMethod?: string): string {
  if (paymentStatus === PAYMENT_STATUS_COMPLETED && paymentMethod === PAYMENT_METHOD_ACCOUNT)
    return ON_ACCOUNT_WORDS.payment;
  return PAYMENT_STATUS_WORDS[paymentStatus] ?? PAYMENT_STATUS_WORDS[PAYMENT_STATUS_PENDING]!;
}

/** When each step happened, as ISO times; null when the store does not know (older orders, a step not reached). */
export interface OrderStepDates {
  received_at: string | null;
  paid_at: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
}

export type OrderStepKey = 'received' | 'paid' | 'shipped' | 'delivered';

/** The progress line's steps, in order, and their labels. */
export const ORDER_STEPS: readonly { key: OrderStepKey; label: string }[] = [
  { key: 'received', label: 'Received' },
  { key: 'paid', label: 'Paid' },
  { key: 'shipped', label: 'Shipped' },
  { key: 'delivered', label: 'Delivered' },
];

export interface OrderProgressStep {
  key: OrderStepKey;
  label: string;
  /** Reached (`done`), the step the order is at now (`current`, also reached), or still to come. */
  state: 'done' | 'current' | 'todo';
  /** ISO time the step was reached, when known. */
  date: string | null;
}

/**
 * The progress line of an order (Received → Paid → Shipped → Delivered), or null for an order that left it:
 * cancelled, refunded in full, or whose payment failed (their status words say so instead). A partly refunded
 * order keeps its line (it may still be shipped). Steps up to the order's own are reached; the last reached one is
 * `current` (an ordered list marks it with aria-current="step").
 */
export function orderProgress(
  order: OrderStatusFields,
  dates: OrderStepDates | null | undefined,
): OrderProgressStep[] | null {
  const shopper = shopperOrderStatus(order);
  if (shopper === 'cancelled' || shopper === 'refunded' || shopper === 'payment_failed') return null;
  const reached =
    order.status === 'delivered'
      ? 3
      : order.status === 'shipped'
        ? 2
        : isPaid(order.payment_status) || order.status === 'processing'
          ? 1
          : 0;
  return ORDER_STEPS.map((step, i) => ({
    ...step,
    state: i < reached ? 'done' : i === reached ? 'current' : 'todo',
    date: i <= reached ? (dates?.[`${step.key}_at`] ?? null) : null,
  }));
}
