/**
 * The shapes of `POST /api/orders/{public id}/document-links` (issue 43 §5, decision 0044): who proves a right to an
 * order's documents (the owner's or staff's bearer, or the order's email in this body) gets signed links to them.
 * Kept apart from tax-invoice.ts so that the web app, which imports only these types, ships no zod.
 */
import { z } from 'zod';
import { TAX_INVOICE_MESSAGES } from './tax-invoice';

/** The body: the order's email, when the caller is not its owner signed in nor staff. */
export const orderDocumentLinksRequestSchema = z.object({
  /** '' or absent: not given. */
  email: z.string().trim().max(254, TAX_INVOICE_MESSAGES.emailMismatch).optional(),
});
export type OrderDocumentLinksRequest = z.infer<typeof orderDocumentLinksRequestSchema>;

/** One adjustment note as listed, with a signed link to its PDF. */
export const adjustmentNoteLinkSchema = z.object({
  number: z.string(),
  kind: z.enum(['refund', 'cancellation']),
  tax_invoice_number: z.string(),
  issued_at: z.string(),
  /** Given back, including GST, decimal dollars. */
  amount: z.string(),
  gst: z.string(),
  url: z.string(),
});
export type AdjustmentNoteLink = z.infer<typeof adjustmentNoteLinkSchema>;

/** The answer: signed links valid until `expires_at`; no invoice (and no notes) while the order is unpaid. */
export const orderDocumentLinksSchema = z.object({
  data: z.object({
    tax_invoice: z.object({ number: z.string(), url: z.string() }).nullable(),
    adjustment_notes: z.array(adjustmentNoteLinkSchema),
    /** When the links stop working (ISO 8601). */
    expires_at: z.string(),
  }),
});
export type OrderDocumentLinks = z.infer<typeof orderDocumentLinksSchema>['data'];
