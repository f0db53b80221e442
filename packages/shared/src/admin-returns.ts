/**
 * The back office's return requests on the wire (issue 12): the list's query and rows, one request with its file
 * and linked order, and the two decisions (approve with a refund amount, reject with a reason the customer is
 * mailed). One source for the admin screens and the API. Money on the wire is a decimal string in dollars.
 */
import { z } from 'zod';
import { multiLineText, noControlCharacters, searchText } from './text-schemas';

export const RETURN_STATUSES = ['open', 'approved', 'rejected'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Longest rejection reason or approval note, characters. */
export const RETURN_DECISION_TEXT_MAX = 1000;

export const ADMIN_RETURN_MESSAGES = {
  notFound: 'No return request with this id.',
  noFile: 'This return request has no file.',
  fileMissing: 'The file of this return request is no longer in the uploads folder.',
  alreadyDecided: (status: string) =>
    `This return request is already ${status}: a decision is made once. Reload it to see who decided.`,
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

/** `POST /api/admin/returns/{id}/approve`: the refund in dollars ('12.34'; '0' for none) and an optional note. */
export const adminReturnApproveSchema = z.object({
  refund_amount: z
    .string({ error: ADMIN_RETURN_MESSAGES.refundAmountRequired })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, ADMIN_RETURN_MESSAGES.refundAmount),
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
