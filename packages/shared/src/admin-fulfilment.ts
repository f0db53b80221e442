/**
 * The warehouse's calls on the wire (issue 36 §4, decision 0054): packing slips and a pick list for selected
 * orders, batch status moves, and the low-stock report. One source for the API's schemas and the back office.
 */
import { z } from 'zod';
import { adminOrderStatusFields, statusMoveRules } from './admin-orders';

/** How many orders one packing-slip run, pick list or batch move may take (five pages of the orders list). */
export const FULFILMENT_MAX_ORDERS = 100;

/** An order's public id as the back office sends it. */
const orderPublicId = z
  .string({ error: 'Each order must be an order id.' })
  .trim()
  .regex(/^[A-Za-z0-9]{16,64}$/, 'Each order must be an order id (16 to 64 letters and digits).');

const distinct = (ids: readonly string[]) => new Set(ids).size === ids.length;

export const FULFILMENT_MESSAGES = {
  noOrders: 'Select at least one order.',
  tooMany: `Select at most ${FULFILMENT_MAX_ORDERS} orders at a time.`,
  repeated: 'Each order may be listed only once.',
  unknownOrders: (ids: readonly string[]) =>
    `No order with the id ${ids.join(', ')}: reload the list and select again.`,
  /** The batch move's answer: how many of how many moved. */
  batchMoved: (moved: number, total: number) =>
    moved === total
      ? `${moved} order${moved === 1 ? '' : 's'} moved.`
      : `${moved} of ${total} orders moved; the others were left as they were (see each one's reason).`,
  lowStockSent: (count: number, to: string) =>
    `The low-stock report listing ${count} product${count === 1 ? '' : 's'} was sent to ${to}.`,
  lowStockNothing: 'Nothing is at or below its reorder level: no report was sent.',
} as const;

/** `POST /api/admin/orders/packing-slips` and `…/pick-list`: the selected orders, in the order printed. */
export const fulfilmentOrdersRequestSchema = z.object({
  orders: z
    .array(orderPublicId, { error: FULFILMENT_MESSAGES.noOrders })
    .min(1, FULFILMENT_MESSAGES.noOrders)
    .max(FULFILMENT_MAX_ORDERS, FULFILMENT_MESSAGES.tooMany)
    .refine(distinct, FULFILMENT_MESSAGES.repeated),
});
export type FulfilmentOrdersRequest = z.infer<typeof fulfilmentOrdersRequestSchema>;

/** One order's move in a batch: the single move's fields and rules, plus the order's public id. */
export const batchStatusMoveSchema = z
  .object({ order: orderPublicId, ...adminOrderStatusFields })
  .superRefine(statusMoveRules);
export type BatchStatusMove = z.infer<typeof batchStatusMoveSchema>;

/**
 * `POST /api/admin/orders/batch-status`: each order's move, done one by one under that order's lock with the
 * same rule as a single move (ORDER_STATUS_MOVES); a move that is not allowed is reported and skipped.
 */
export const adminBatchStatusRequestSchema = z.object({
  moves: z
    .array(batchStatusMoveSchema, { error: FULFILMENT_MESSAGES.noOrders })
    .min(1, FULFILMENT_MESSAGES.noOrders)
    .max(FULFILMENT_MAX_ORDERS, FULFILMENT_MESSAGES.tooMany)
    .refine((moves) => distinct(moves.map((m) => m.order)), FULFILMENT_MESSAGES.repeated),
});
export type AdminBatchStatusRequest = z.infer<typeof adminBatchStatusRequestSchema>;

/** One order's outcome in a batch move. */
export const batchStatusResultSchema = z.object({
  order: z.string(),
  /** INV-…, or null for an id that matches no order. */
  invoice_number: z.string().nullable(),
  moved: z.boolean(),
  /** The status after the attempt (unchanged when not moved); null for an unknown order. */
  status: z.string().nullable(),
  /** "Now shipped." or why the move was refused (the single move's message). */
  message: z.string(),
});
export type BatchStatusResult = z.infer<typeof batchStatusResultSchema>;

export const adminBatchStatusAnswerSchema = z.object({
  message: z.string(),
  moved: z.number().int(),
  results: z.array(batchStatusResultSchema),
});
export type AdminBatchStatusAnswer = z.infer<typeof adminBatchStatusAnswerSchema>;

/** `POST /api/admin/low-stock-report`: whether a report went, to whom, and how many products it listed. */
export const lowStockReportAnswerSchema = z.object({
  message: z.string(),
  sent: z.boolean(),
  products: z.number().int(),
});
export type LowStockReportAnswer = z.infer<typeof lowStockReportAnswerSchema>;

/** The pick list's and packing slip's words (the PDFs and the back office's buttons). */
export const FULFILMENT_LABELS = {
  packingSlips: 'Print packing slips',
  pickList: 'Print pick list',
  batchShip: 'Mark shipped',
  batchMove: 'Move status',
  packingSlip: 'Packing slip',
  pickListTitle: 'Pick list',
  /** The pick list is grouped by category until products have stock locations (decision 0054). */
  pickGroup: 'Category',
  uncategorised: 'Uncategorised',
  lowStockNow: 'Send low-stock report now',
} as const;
