/**
 * The back office's orders on the wire (issue 12): the list's query and rows, and status moves with their rules
 * (`pending → processing → shipped → delivered`, or `cancelled` before shipping). One source for the admin
 * screens and the API.
 */
import { z } from 'zod';
import { formatCents, parseDecimalToCents } from './money';
import { PAYMENT_STATUSES } from './order-constants';
import {
  CARRIER_CHOICES,
  CARRIER_NAMES,
  OTHER_CARRIER,
  type Carrier,
  type CarrierChoice,
} from './store-promises';
import type { RefundLineOffer } from './refund-lines';
import { noControlCharacters, searchText } from './text-schemas';

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where each status may go next. */
export const ORDER_STATUS_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/**
 * The moves an order may make now (issue 36 §3): ORDER_STATUS_MOVES, less those a fully refunded order no longer
 * makes — its money is back with the customer, so it is not processed or shipped any more, only cancelled (or,
 * already on its way, delivered). The one rule the order page's buttons and the API's status move both read.
 */
export function allowedOrderMoves(status: string, paymentStatus: string): readonly OrderStatus[] {
  const moves = ORDER_STATUS_MOVES[status as OrderStatus] ?? [];
  if (paymentStatus !== 'refunded') return moves;
  return moves.filter((to) => to === 'cancelled' || to === 'delivered');
}

export const ADMIN_ORDER_MESSAGES = {
  illegalMove: (from: string, to: string) =>
    `An order that is ${from} cannot become ${to}. ${
      from === 'delivered' || from === 'cancelled'
        ? `A ${from} order does not change any more.`
        : `From ${from} it can become: ${ORDER_STATUS_MOVES[from as OrderStatus].join(' or ')}.`
    }`,
  shippedNeedsTracking: 'Choose the carrier and enter the tracking number to mark the order shipped.',
  /** Issue 36 §4: "Other" has no name of its own. */
  otherCarrierNeedsName: 'Type the name of the courier (carrier_name) when the carrier is Other.',
  paidNeedsRefund:
    'This order is paid: refund the payment first, then cancel it, so the customer gets their money back.',
  refundedMove: (to: string) =>
    `This order has been refunded in full, so it cannot become ${to}; a refunded order can only be cancelled.`,
  notFound: 'No order with this id.',
  changedMeanwhile: 'Someone changed this order a moment ago. Reload it and try again.',
} as const;

/** `GET /api/admin/orders` query. Dates are `yyyy-mm-dd`, inclusive, in Sydney's calendar. */
export const adminOrderListQuerySchema = z.object({
  page: z.coerce.number().int('page must be a whole number').min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int('per_page must be a whole number').min(1).max(100).default(20),
  sort: z.enum(['created_at', 'total', 'invoice_number']).default('created_at'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  status: z.enum(ORDER_STATUSES).optional(),
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
  from: z.iso.date('from must be a date such as 2026-11-01').optional(),
  to: z.iso.date('to must be a date such as 2026-11-30').optional(),
  /** Invoice number, public id, email or name. */
  q: searchText().trim().max(100, 'q must be 100 characters or fewer').optional(),
  /** Issue 41 §2: '1' lists only click & collect orders ready longer than the store's days and not collected. */
  uncollected: z.enum(['1'], { error: "uncollected must be '1' or absent" }).optional(),
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

export const adminOrderRowSchema = z.object({
  public_id: z.string(),
  invoice_number: z.string(),
  created_at: z.string(),
  customer: z.string(),
  email: z.string(),
  /** Dollars, e.g. '70.40'. */
  total: z.string(),
  payment_status: z.string(),
  status: z.string(),
  /** Issue 41 §2: "Uncollected since 3 Dec 2026" for a click & collect order waiting too long, else null. */
  uncollected: z.string().nullable().optional(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrderListSchema = z.object({ data: z.array(adminOrderRowSchema), total: z.number().int() });

/**
 * The order page's line columns (issue 34 §2): a line's figures are as charged, inc. GST since decision 0046 and
 * ex. GST for older orders (their GST was added on the whole), and the headings say which.
 */
export const ADMIN_ORDER_LINE_HEADINGS = {
  unit: (pricesIncludeGst: boolean) => (pricesIncludeGst ? 'Unit price inc. GST' : 'Unit price ex. GST'),
  line: (pricesIncludeGst: boolean) => (pricesIncludeGst ? 'Line total inc. GST' : 'Line total ex. GST'),
  gst: 'GST included',
  /** In the GST column of an older order's line. */
  gstOnTheWhole: 'on the total',
} as const;

/**
 * A status move's fields, checked by `statusMoveRules`: shipping needs a carrier (a CARRIERS key, or "Other" with
 * `carrier_name`, issue 36 §4) and a tracking number. The batch move (admin-fulfilment.ts) adds the order's id.
 */
export const adminOrderStatusFields = {
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }),
  carrier: z
    .enum(CARRIER_CHOICES as [CarrierChoice, ...CarrierChoice[]], {
      error: `carrier must be one of ${CARRIER_CHOICES.join(', ')}`,
    })
    .optional(),
  /** The courier's name when `carrier` is "Other" (what the order stores); ignored otherwise. */
  carrier_name: z
    .string()
    .trim()
    .max(60, 'carrier_name must be 60 characters or fewer')
    .superRefine(noControlCharacters('carrier_name'))
    .optional(),
  tracking_number: z
    .string()
    .trim()
    .max(60, 'tracking_number must be 60 characters or fewer')
    .regex(/^[A-Za-z0-9 -]*$/, 'tracking_number may hold letters, digits, spaces and dashes')
    .optional(),
  note: z.string().trim().max(500).superRefine(noControlCharacters('note')).optional(),
};

type StatusMoveFields = {
  status: OrderStatus;
  carrier?: CarrierChoice | undefined;
  carrier_name?: string | undefined;
  tracking_number?: string | undefined;
};

/** The rules across a move's fields: shipped needs carrier and tracking number, "Other" needs its name. */
export function statusMoveRules(b: StatusMoveFields, ctx: z.RefinementCtx): void {
  if (b.status !== 'shipped') return;
  if (!b.carrier || !b.tracking_number) {
    ctx.addIssue({
      code: 'custom',
      message: ADMIN_ORDER_MESSAGES.shippedNeedsTracking,
      path: ['tracking_number'],
    });
  } else if (b.carrier === OTHER_CARRIER && !b.carrier_name) {
    ctx.addIssue({
      code: 'custom',
      message: ADMIN_ORDER_MESSAGES.otherCarrierNeedsName,
      path: ['carrier_name'],
    });
  }
}

/** The carrier a shipped move stores in `orders.carrier`: the CARRIERS key, or the typed name for "Other". */
export function shippedCarrierName(b: Pick<StatusMoveFields, 'carrier' | 'carrier_name'>): string | null {
  if (!b.carrier) return null;
  return b.carrier === OTHER_CARRIER ? (b.carrier_name ?? null) : b.carrier;
}

/** `POST /api/admin/orders/{public id}/status`. */
export const adminOrderStatusRequestSchema = z.object(adminOrderStatusFields).superRefine(statusMoveRules);
export type AdminOrderStatusRequest = z.infer<typeof adminOrderStatusRequestSchema>;

/** Refunds from the back office (issue 12): messages for the API and the order page alike. */
export const ADMIN_REFUND_MESSAGES = {
  keyRequired:
    'Send an Idempotency-Key header (8 to 100 letters, digits, dashes or underscores, new for each refund) so a repeated request cannot refund twice.',
  amount: 'amount must be an amount in dollars such as 12.34, more than 0',
  reason: 'reason must be 500 characters or fewer',
  notPaid: (paymentStatus: string) =>
    `Only a paid order can be refunded; the payment of this order is ${paymentStatus.replace(/_/g, ' ')}.`,
  fullyRefunded: 'This order has been refunded in full: there is nothing left to refund.',
  tooMuch: (mostCents: number) =>
    `You can refund at most ${formatCents(mostCents)} on this order (its total less what was refunded already or is being refunded now).`,
  /** Nothing left because refunds still being made (pending) take the rest. */
  reservedInFull:
    'The rest of this order is already being refunded: wait a minute for that refund to finish, then reload the order.',
  keyReused: 'This Idempotency-Key was used for a different refund. Start a new refund to get a new key.',
  providerMissing: (provider: string) =>
    `This order was paid through ${provider}, which the store is not connected to now, so it cannot be refunded here.`,
  providerRefused: (message: string) => `The payment provider did not make the refund: ${message}`,
  providerUnreachable:
    'The payment provider did not answer, so we cannot tell yet whether the money went back. The refund is held as pending and will be checked with the provider (npm run payments:reconcile, every few minutes); repeating the same request cannot refund twice.',
  /** The same key while its refund is still pending (the provider has not answered yet). */
  stillPending:
    'This refund is still being made: the payment provider has not confirmed it yet. It will be checked with the provider; reload the order in a few minutes.',
  /** The same key again after the provider refused that refund. */
  earlierRefused:
    'The payment provider refused this refund earlier, so nothing was refunded. Start a new refund to try again.',
  refunded: (cents: number, invoiceNumber: string) =>
    `Refunded ${formatCents(cents)} on order ${invoiceNumber}.`,
} as const;

/** `POST /api/admin/orders/{public id}/refunds` body; the amount in dollars like every amount on the wire. */
export const adminRefundRequestSchema = z.object({
  amount: z
    .string({ error: ADMIN_REFUND_MESSAGES.amount })
    .trim()
    .max(12, ADMIN_REFUND_MESSAGES.amount)
    .refine((v) => (parseDecimalToCents(v) ?? 0) > 0, ADMIN_REFUND_MESSAGES.amount),
  reason: z
    .string()
    .trim()
    .max(500, ADMIN_REFUND_MESSAGES.reason)
    .superRefine(noControlCharacters('reason'))
    .default(''),
});
export type AdminRefundRequest = z.infer<typeof adminRefundRequestSchema>;

/**
 * A refund's state (issue 43): 'pending' is reserved before the provider is asked and counts against what is
 * left; only 'succeeded' counts as money given back; 'failed' was refused by the provider and counts nowhere.
 */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_PENDING = 'pending' satisfies RefundStatus;
export const REFUND_STATUS_SUCCEEDED = 'succeeded' satisfies RefundStatus;
export const REFUND_STATUS_FAILED = 'failed' satisfies RefundStatus;

/** What the back office says of a refund that is not (yet) money given back; a succeeded one needs no word. */
export const REFUND_STATUS_NOTES: Record<RefundStatus, string> = {
  pending:
    'Waiting for the payment provider: not counted as refunded yet, but held against what can be refunded',
  succeeded: '',
  failed: 'Refused by the payment provider: nothing was refunded',
};

/** One refund as the order page shows it. */
export const adminRefundSchema = z.object({
  id: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  /** Dollars, e.g. '12.34'. */
  amount: z.string(),
  reason: z.string(),
  provider: z.string(),
  provider_refund_id: z.string().nullable(),
  return_id: z.number().int().nullable(),
  staff_name: z.string(),
  created_at: z.string(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

/** The order page's shipping form: carrier and tracking number (the status move adds `status: 'shipped'`). */
export const adminShipFormSchema = z.object({
  carrier: z.enum(CARRIER_NAMES as [Carrier, ...Carrier[]], { error: 'Choose the carrier.' }),
  tracking_number: z
    .string()
    .trim()
    .min(1, 'Enter the tracking number.')
    .max(60, 'The tracking number must be 60 characters or fewer.')
    .regex(/^[A-Za-z0-9 -]*$/, 'The tracking number may hold letters, digits, spaces and dashes.'),
});
export type AdminShipForm = z.infer<typeof adminShipFormSchema>;

/**
 * `GET /api/admin/orders/{public id}` -> `{ data }`: everything the order page shows. Money in dollars. The
 * order's money is the stored record (issue 34 §2): `order_meta` carries every ORDER_MONEY_META option, so
 * `breakdownRows(amountsOfOrder(order))` gives the rows the customer's mails and tax invoice show.
 */
export interface AdminOrderDetail {
  id: string;
  invoice_number: string;
  created_at: string;
  subTotal: string;
  discountedAmount: string;
  discount: string;
  delivery_charges: string;
  totalGst: string;
  total_amount: string;
  payment_method: string;
  /**
   * With payment_method 'Stripe' (issue 40): how the card provider was paid, a PAYMENT_METHOD_KINDS value ('card',
   * 'apple_pay', 'afterpay_clearpay', …); null for orders before it was recorded. `paymentMethodName` names it.
   */
  payment_method_type?: string | null;
  payment_status: string;
  payment_provider: string;
  payment_reference: string | null;
  status: OrderStatus;
  f_name: string;
  l_name: string;
  email: string;
  phone: string;
  /** The delivery address on one line. */
  address: string;
  billing_address: string;
  /** Issue 41: the delivery option's name and its estimate as quoted ("Express delivery", "Delivered in 1-3 …"). */
  delivery_option_name?: string;
  delivery_estimate?: string;
  /** A CARRIERS key, or the name typed for "Other" (issue 36 §4); `carrierTrackingUrl` links it. */
  carrier: string | null;
  tracking_number: string | null;
  order_items: {
    id: number;
    product_id: number | null;
    product_title: string;
    sku: string;
    quantity: number;
    /** Unit price as charged: inc. GST for orders since decision 0046, ex. GST before (`_prices_include_gst`). */
    price: string;
    /** Line total as charged (unit × quantity). */
    qp_subtotal: string;
    /** The GST the line total includes; null for an order charged the SPEC §9 way (GST on the whole). */
    gst: string | null;
  }[];
  order_meta: { option: string; value: string }[];
  status_history: {
    from: string;
    to: string;
    staff_id: number | null;
    /** Who moved it (null once the account is gone). */
    staff_name: string | null;
    note: string;
    at: string;
  }[];
  returns: { id: number; subject: string; created_at: string }[];
  refunds: AdminRefund[];
  refunded_total: string;
  refundable: string;
  /** Issue 36 §3: each line with what is left to refund of it, for the refund dialog (refund-lines.ts). */
  refund_lines: RefundLineOffer[];
  /** Dollars of the delivery charge not refunded yet. */
  shipping_refundable: string;
  /** Where a refund goes back to ("the test card the order was paid with"). */
  refund_destination: string;
  audit: {
    id: number;
    action: string;
    staff_name: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    at: string;
  }[];
}
