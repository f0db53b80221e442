/**
 * The back office's return requests on the wire (issue 12): the list's query and rows, one request with its file
 * and linked order, and the two decisions (approve with a refund amount, reject with a reason the customer is
 * mailed). One source for the admin screens and the API. Money on the wire is a decimal string in dollars.
 */
import { z } from 'zod';
import { returnWindowText, type StorePromises } from './store-promises';
import { multiLineText, noControlCharacters, searchText } from './text-schemas';

/**
 * A return's steps (issue 36 §3, decision 0053): 'open' is the request as the customer sent it ("requested");
 * 'approved' gives it a return authorisation number; 'received' once the goods are back and inspected; then
 * 'refunded' or 'replaced'. 'rejected' (with a reason) is possible until the goods are refunded or replaced.
 */
export const RETURN_STATUSES = ['open', 'approved', 'received', 'refunded', 'replaced', 'rejected'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Where each step may go next: the one rule of the API's step calls and the return page's buttons. */
export const RETURN_STATUS_MOVES: Readonly<Record<ReturnStatus, readonly ReturnStatus[]>> = {
  open: ['approved', 'rejected'],
  approved: ['received', 'rejected'],
  received: ['refunded', 'replaced', 'rejected'],
  refunded: [],
  replaced: [],
  rejected: [],
};

/**
 * Why the shopper sends items back (issue 37 §3, migration 0032): chosen on the return form, stored on the return,
 * shown to staff. Labels and the window rule are in shopper-returns.ts.
 */
export const RETURN_REASONS = [
  'faulty',
  'wrong_part',
  'changed_mind',
  'damaged_in_transit',
  'other',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** Each step as staff and the customer read it. */
export const RETURN_STATUS_LABELS: Readonly<Record<ReturnStatus, string>> = {
  open: 'Requested',
  approved: 'Approved: waiting for the goods',
  received: 'Received and inspected',
  refunded: 'Refunded',
  replaced: 'Replaced',
  rejected: 'Rejected',
};

/** The condition staff record for each line that came back. */
export const RETURN_CONDITIONS = ['unopened', 'as_new', 'used', 'damaged', 'faulty', 'not_received'] as const;
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];
export const RETURN_CONDITION_LABELS: Readonly<Record<ReturnCondition, string>> = {
  unopened: 'Unopened',
  as_new: 'Opened, as new',
  used: 'Used',
  damaged: 'Damaged',
  faulty: 'Faulty',
  not_received: 'Not received',
};

/** "RA-000123": the one way a return authorisation number is written. */
export function raNumberText(n: number): string {
  return `RA-${String(n).padStart(6, '0')}`;
}

/** Longest rejection reason or approval note, characters. */
export const RETURN_DECISION_TEXT_MAX = 1000;

export const ADMIN_RETURN_MESSAGES = {
  notFound: 'No return request with this id.',
  noFile: 'This return request has no file.',
  fileMissing: 'The file of this return request is no longer in the uploads folder.',
  alreadyDecided: (status: string) =>
    `This return request is already ${status}: a decision is made once. Reload it to see who decided.`,
  illegalStep: (from: string, to: string) =>
    `A return that is ${RETURN_STATUS_LABELS[from as ReturnStatus]?.toLowerCase() ?? from} cannot be ${to} now. Reload it to see its current step.`,
  noOrder:
    'This return is not linked to one of the customer’s orders, so there is nothing to refund or replace.',
  receivedLine: (lineId: number) => `lines: item ${lineId} is not a line of this return's order.`,
  receivedTooMany: (title: string, bought: number) => `Only ${bought} of ${title} were bought.`,
  nothingReceived: 'Record at least one item that came back.',
  replacementStock: (title: string) =>
    `Not enough ${title} in stock for the replacement. Add stock first, or refund instead.`,
  approvedRa: (id: number, ra: string) =>
    `Return #${id} approved as ${ra}. The customer has been emailed the return instructions.`,
  receivedDone: (id: number) =>
    `Return #${id} recorded as received and inspected. The customer has been emailed.`,
  refundedDone: (id: number, amount: string) =>
    `Return #${id} refunded: ${amount}. The customer has been emailed the refund.`,
  replacedDone: (id: number) => `Return #${id} replaced. The customer has been emailed.`,
  reasonRequired: 'reason is required: the customer is told why their return is rejected.',
  refundAmount: 'refund_amount must be an amount in dollars such as 12.34 (0 for no refund).',
  refundAmountRequired: 'refund_amount is required (0 for no refund).',
  approved: (id: number, refund: string) =>
    `Return #${id} approved${refund === '0.00' ? ' without a refund' : ` with a refund of $${refund}`}. The customer has been emailed.`,
  rejected: (id: number) => `Return #${id} rejected. The customer has been emailed the reason.`,
} as const;

/** `GET /api/admin/returns` query: newest first. */
export const adminReturnListQuerySchema = z.object({
  page: z.coerce.number().int('page must be a whole number').min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int('per_page must be a whole number').min(1).max(100).default(20),
  status: z
    .enum(RETURN_STATUSES, { error: `status must be one of ${RETURN_STATUSES.join(', ')}` })
    .optional(),
  /** Email, name, or the order reference (public id or invoice number). */
  q: searchText().trim().max(100, 'q must be 100 characters or fewer').optional(),
});
export type AdminReturnListQuery = z.infer<typeof adminReturnListQuerySchema>;

export const adminReturnRowSchema = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  created_at: z.string(),
  customer: z.string(),
  email: z.string(),
  /** What the customer typed as the order id ('' when none). */
  order_reference: z.string(),
  /** The linked order's invoice number, or null when the request is not linked to one of the sender's orders. */
  invoice_number: z.string().nullable(),
  subject: z.string(),
  status: z.enum(RETURN_STATUSES),
  has_file: z.boolean(),
});
export type AdminReturnRow = z.infer<typeof adminReturnRowSchema>;

export const adminReturnListSchema = z.object({
  data: z.array(adminReturnRowSchema),
  total: z.number().int(),
});

/** `GET /api/admin/returns/{id}`. */
export const adminReturnDetailSchema = adminReturnRowSchema.extend({
  f_name: z.string(),
  l_name: z.string(),
  phone: z.string(),
  message: z.string(),
  /** The file as the customer named it, its type as read from its bytes, and its size; null without a file. */
  file: z.object({ name: z.string(), type: z.string(), bytes: z.number().int() }).nullable(),
  order: z
    .object({
      public_id: z.string(),
      invoice_number: z.string(),
      /** Dollars, e.g. '70.40'. */
      total: z.string(),
      payment_status: z.string(),
      status: z.string(),
    })
    .nullable(),
  /** Issue 36 §3: 'RA-000123' once approved, else null. */
  ra_number: z.string().nullable(),
  /** The linked order's lines, with what came back of each (null until received). */
  lines: z.array(
    z.object({
      line_id: z.number().int(),
      product_title: z.string(),
      sku: z.string(),
      quantity: z.number().int(),
      /** Units refunded already (any refund of the order). */
      refunded_quantity: z.number().int(),
      /** The line's net charge after discounts, dollars (refund-lines.ts). */
      net: z.string(),
      restockable: z.boolean(),
      /** Issue 37 §3: units the shopper asked to return (0 when the request chose no lines). */
      quantity_requested: z.number().int(),
      quantity_received: z.number().int().nullable(),
      condition: z.enum(RETURN_CONDITIONS).nullable(),
    }),
  ),
  /** Issue 37 §3: the shopper's reason (`RETURN_REASONS` of shopper-returns.ts), null for the free form. */
  reason: z.enum(RETURN_REASONS).nullable(),
  /** Dollars of the delivery charge that can still be refunded. */
  shipping_refundable: z.string(),
  /** Where the refund goes ("the test card the order was paid with"); '' without an order. */
  refund_destination: z.string(),
  inspection_note: z.string(),
  /** Each step, oldest first: what, who, when, and the note or reason. */
  history: z.array(
    z.object({ action: z.string(), staff_name: z.string(), at: z.string(), note: z.string() }),
  ),
  decision: z
    .object({
      /** Dollars, when approved. */
      refund_amount: z.string().nullable(),
      /** The rejection's reason or the approval's note. */
      note: z.string(),
      decided_at: z.string(),
      decided_by: z.string(),
    })
    .nullable(),
});
export type AdminReturnDetail = z.infer<typeof adminReturnDetailSchema>;

const decisionText = (field: string, required?: string) =>
  multiLineText(required ? { error: required } : undefined)
    .trim()
    .min(required ? 1 : 0, required)
    .max(RETURN_DECISION_TEXT_MAX, `${field} must be ${RETURN_DECISION_TEXT_MAX} characters or fewer`)
    .superRefine(noControlCharacters(field, 'multi-line'));

/**
 * `POST /api/admin/returns/{id}/approve` (issue 36 §3): an optional note added to the mail that gives the customer
 * the return authorisation number and the instructions. The refund comes later, once the goods are received.
 */
export const adminReturnApproveSchema = z.object({
  note: decisionText('note').optional(),
});
export type AdminReturnApprove = z.infer<typeof adminReturnApproveSchema>;
export type AdminReturnApproveInput = z.input<typeof adminReturnApproveSchema>;

/** `POST /api/admin/returns/{id}/reject`: the reason, mailed to the customer. */
export const adminReturnRejectSchema = z.object({
  reason: decisionText('reason', ADMIN_RETURN_MESSAGES.reasonRequired),
});
export type AdminReturnReject = z.infer<typeof adminReturnRejectSchema>;

/** A decision's answer: what happened, said for a person, and the request as it now is. */
export const adminReturnDecisionAnswerSchema = z.object({
  message: z.string(),
  data: adminReturnDetailSchema,
});

/** `POST /api/admin/returns/{id}/receive`: what came back of each line, and a note on the inspection. */
export const adminReturnReceiveSchema = z.object({
  lines: z
    .array(
      z.object({
        line_id: z.number().int().positive().max(2_147_483_647),
        quantity_received: z
          .number({ error: 'quantity_received must be a whole number' })
          .int('quantity_received must be a whole number')
          .min(0, 'quantity_received must be 0 or more')
          .max(10_000, 'quantity_received is too large'),
        condition: z.enum(RETURN_CONDITIONS, {
          error: `condition must be one of ${RETURN_CONDITIONS.join(', ')}`,
        }),
      }),
    )
    .min(1, ADMIN_RETURN_MESSAGES.nothingReceived)
    .max(100)
    .refine(
      (l) => new Set(l.map((x) => x.line_id)).size === l.length,
      'lines: each item may be listed once.',
    ),
  note: decisionText('note').optional(),
});
export type AdminReturnReceive = z.infer<typeof adminReturnReceiveSchema>;
export type AdminReturnReceiveInput = z.input<typeof adminReturnReceiveSchema>;

/** `POST /api/admin/returns/{id}/replace`: what is sent instead, told to the customer. */
export const adminReturnReplaceSchema = z.object({
  note: decisionText('note', 'note is required: tell the customer what is being sent.'),
});
export type AdminReturnReplace = z.infer<typeof adminReturnReplaceSchema>;

/**
 * The return instructions the approval mail gives and the return page repeats (issue 36 §3): where to send the
 * goods, what to put in the parcel, and the window (the store's promises, store settings). `address` is the store's business address
 * ('' when not set: then the customer is told to reply for it).
 */
export function returnInstructions(
  ra: string,
  address: string,
  promises: Pick<StorePromises, 'returnWindowDays'>,
): string[] {
  return [
    address
      ? `Send the items to: ${address}.`
      : 'Reply to this email and we will tell you where to send the items.',
    `Write ${ra} clearly on the outside of the parcel.`,
    'Put in the parcel: the items with their packaging and any parts or accessories that came with them, and a note with your order number.',
    `Send them ${returnWindowText(promises)} (our returns window); keep the postage receipt and tracking number until we confirm we have them.`,
  ];
}
