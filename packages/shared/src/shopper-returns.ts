/**
 * The shopper's side of a return (issue 37 §3, decision 0057): the reasons a shopper chooses from, the request's
 * number, the steps said in shopper words, the lines chosen on the form (multipart field `lines`), and the answers
 * of `POST /api/returnable-order` and `POST /api/order-return`. The return itself is the back office's model
 * (`order_returns` + `return_lines`, decision 0053): statuses come from `admin-returns.ts`, the units still
 * returnable from `returnableUnits` in `refund-lines.ts`.
 */
import { z } from 'zod';
import { RETURN_REASONS, RETURN_STATUSES, type ReturnReason, type ReturnStatus } from './admin-returns';
import { REFUND_TIME, returnsSentence, returnWindowText, type StorePromises } from './store-promises';

export const RETURN_REASON_LABELS: Readonly<Record<ReturnReason, string>> = {
  faulty: 'Faulty',
  wrong_part: 'Wrong part sent',
  changed_mind: 'Changed my mind',
  damaged_in_transit: 'Damaged in transit',
  other: 'Other (tell us below)',
};

/**
 * Only a change of mind is bound by the returns window (return policy, decision 0037): a faulty, damaged or wrongly
 * sent part is the store's to put right under the Australian Consumer Law, whatever the window says.
 */
export function reasonKeepsToWindow(reason: ReturnReason): boolean {
  return reason === 'changed_mind';
}

/** "RR-000123": the one way a return request's number is written (its row id, from the table's sequence). */
export function returnRequestNumberText(id: number): string {
  return `RR-${String(id).padStart(6, '0')}`;
}

/**
 * Each step of the back office's workflow in the shopper's words, for the order page and the mails. `ra` is the
 * return authorisation number once approved ('RA-000123').
 */
export function shopperReturnStatusText(status: ReturnStatus, ra: string | null): string {
  switch (status) {
    case 'open':
      return 'Requested: we are checking your request';
    case 'approved':
      return ra ? `Approved: send it back with ${ra} on the parcel` : 'Approved: send it back';
    case 'received':
      return 'Received: we are inspecting the items';
    case 'refunded':
      return 'Refunded';
    case 'replaced':
      return 'Replaced: your replacement is on its way';
    case 'rejected':
      return 'Not accepted: we have emailed you why';
  }
}

/**
 * What happens after a request is sent: the confirmation page and the customer's mail say these, in order.
 * From the store's promises (returns window) and the return policy's refund time.
 */
export function returnNextSteps(promises: Pick<StorePromises, 'returnWindowDays'>): string[] {
  return [
    'We check your request and reply by email within 24 hours.',
    'Once we approve it, we email you a return authorisation (RA) number and where to send the items. Please wait for it before you post anything.',
    `Send the items ${returnWindowText(promises)} with the RA number on the parcel.`,
    `When they are back and inspected, we refund you within ${REFUND_TIME} to the original payment method, or send a replacement.`,
  ];
}

export const SHOPPER_RETURN_MESSAGES = {
  chooseLine: 'Choose at least one item to return.',
  reasonRequired: 'Choose why you are returning the items.',
  noteRequired: 'Tell us more in the message when the reason is Other.',
  notOrderLine: (lineId: number) => `lines: item ${lineId} is not part of this order.`,
  duplicateLine: 'lines: each item may be listed once.',
  quantity: 'quantity must be a whole number of at least 1',
  tooMany: (title: string, left: number) =>
    left === 0
      ? `${title} has already been returned or refunded in full.`
      : `Only ${left} of ${title} can still be returned.`,
  linesShape: 'lines must be a JSON list of { "line_id": number, "quantity": number }.',
  orderNotFound:
    'We could not find an order with this order number and email. Check both in your order confirmation.',
  emailForOrder: 'Email is required to find your order.',
  pastWindow: (promises: Pick<StorePromises, 'returnWindowDays'>, deliveredOn: string) =>
    `${returnsSentence(promises)} This order was delivered on ${deliveredOn}, so a change-of-mind return is past that window. A faulty, damaged or wrongly sent item is still covered: choose that reason instead.`,
  sent: (number: string) =>
    `Your return request ${number} has been received. We have emailed you a copy and will reply within 24 hours.`,
} as const;

const M = SHOPPER_RETURN_MESSAGES;

/** One line chosen on the form: the order line's id and how many units go back. */
export const returnLineChoiceSchema = z.object({
  line_id: z.number().int().positive().max(2_147_483_647),
  quantity: z.number({ error: M.quantity }).int(M.quantity).min(1, M.quantity).max(10_000, M.quantity),
});
export type ReturnLineChoice = z.infer<typeof returnLineChoiceSchema>;

/** The lines, at least one and each once. */
export const returnLineChoicesSchema = z
  .array(returnLineChoiceSchema, { error: M.chooseLine })
  .min(1, M.chooseLine)
  .max(100)
  .refine((l) => new Set(l.map((x) => x.line_id)).size === l.length, M.duplicateLine);

/**
 * The multipart text field `lines` of `POST /api/order-return`: a JSON list of `{ line_id, quantity }`. An empty
 * field means the free form (no lines). Parsed and checked as `returnLineChoicesSchema`.
 */
export const returnLinesFieldSchema = z
  .string()
  .max(8000, M.linesShape)
  .transform((text, ctx): ReturnLineChoice[] | null => {
    if (text.trim() === '') return null;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: M.linesShape });
      return z.NEVER;
    }
    const parsed = returnLineChoicesSchema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    }
    return parsed.data;
  });

/** The multipart text field `reason`: one of RETURN_REASONS, or '' for the free form. */
export const returnReasonFieldSchema = z
  .union([z.enum(RETURN_REASONS), z.literal('')], {
    error: `reason must be one of ${RETURN_REASONS.join(', ')}`,
  })
  .default('');

/** One order line as the return form offers it. */
export const returnableLineSchema = z.object({
  line_id: z.number().int(),
  product_title: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  /** Units still returnable: bought less refunded, less held by requests not rejected (`returnableUnits`). */
  returnable: z.number().int(),
});
export type ReturnableLine = z.infer<typeof returnableLineSchema>;

/** A return request as the shopper sees it on the order page. */
export const shopperReturnSchema = z.object({
  /** 'RR-000123'. */
  number: z.string(),
  status: z.enum(RETURN_STATUSES),
  /** `shopperReturnStatusText`. */
  status_text: z.string(),
  ra_number: z.string().nullable(),
  reason: z.enum(RETURN_REASONS).nullable(),
  /** ISO 8601. */
  created_at: z.string(),
  lines: z.array(z.object({ product_title: z.string(), sku: z.string(), quantity: z.number().int() })),
});
export type ShopperReturn = z.infer<typeof shopperReturnSchema>;

/** `POST /api/returnable-order`'s answer: the order's contact details for the form, its lines, and the window. */
export const returnableOrderSchema = z.object({
  data: z.object({
    /** The public id: the form sends it back as `order_id`. */
    order_id: z.string(),
    invoice_number: z.string(),
    f_name: z.string(),
    l_name: z.string(),
    email: z.string(),
    phone: z.string(),
    /** When the order was recorded delivered (ISO 8601), null before. */
    delivered_at: z.string().nullable(),
    /** False once the returns window after delivery has passed: a change of mind is then refused. */
    within_window: z.boolean(),
    lines: z.array(returnableLineSchema),
    returns: z.array(shopperReturnSchema),
  }),
});
export type ReturnableOrder = z.infer<typeof returnableOrderSchema>['data'];

/** `POST /api/order-return`'s answer: the message, and for a request the confirmation page needs. */
export const orderReturnAnswerSchema = z.object({
  message: z.string(),
  data: z.object({
    number: z.string(),
    email: z.string(),
    /** The order's number, or null for a request not tied to one of the sender's orders. */
    invoice_number: z.string().nullable(),
    lines: z.array(z.object({ product_title: z.string(), sku: z.string(), quantity: z.number().int() })),
    reason: z.enum(RETURN_REASONS).nullable(),
    next_steps: z.array(z.string()),
  }),
});
export type OrderReturnAnswer = z.infer<typeof orderReturnAnswerSchema>;

/**
 * Whether a change of mind is still in the window: true before delivery is recorded, else until `windowDays`
 * after it. `now` and `deliveredAt` are instants.
 */
export function withinReturnWindow(deliveredAt: Date | null, windowDays: number, now: Date): boolean {
  if (deliveredAt === null) return true;
  return now.getTime() <= deliveredAt.getTime() + windowDays * 86_400_000;
}
