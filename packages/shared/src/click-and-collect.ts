/**
 * Click & collect's steps after payment (issue 41 §2, decision 0069): the back office marks an order ready for
 * collection (the customer is mailed and texted where, when and what to bring), then collected, with the name of
 * whoever took it. An order ready for more than the store's `uncollected_after_days` and not collected is flagged.
 * The words here are the back office's, the mail's and the text's.
 */
import { z } from 'zod';

/** `POST /api/admin/orders/:publicId/collected`. */
export const collectedRequestSchema = z.object({
  collected_by: z
    .string({ error: 'Enter the name of the person who collected the order' })
    .trim()
    .min(1, 'Enter the name of the person who collected the order')
    .max(80, 'The name must be at most 80 characters'),
});
export type CollectedRequest = z.infer<typeof collectedRequestSchema>;

export const COLLECT_MESSAGES = {
  notClickAndCollect: 'This order is delivered, not collected: ship it instead.',
  notPaid: 'This order is not paid yet: it can be made ready once its payment is confirmed.',
  notOpen: (status: string) => `This order is ${status}: it cannot be made ready for collection.`,
  ready: (invoice: string, location: string) => `Order ${invoice} is ready for collection at ${location}.`,
  alreadyReady: (invoice: string) => `Order ${invoice} was already ready for collection: nothing sent again.`,
  notReady: 'Mark the order ready for collection first.',
  collected: (invoice: string, by: string) => `Order ${invoice} was collected by ${by}.`,
  alreadyCollected: (by: string) => `This order was already collected by ${by}.`,
} as const;

/** What to bring to the counter (the mail and the text). */
export const COLLECT_BRING = 'your order number and photo ID';

/** The subject of the "ready to collect" mail. */
export function readyForCollectionSubject(storeName: string, invoiceNumber: string): string {
  return `Your ${storeName} order ${invoiceNumber} is ready to collect`;
}

/** The text message: where and what to bring, under 160 characters for a short location name. */
export function readyForCollectionSms(invoiceNumber: string, locationName: string, address: string): string {
  return `Your order ${invoiceNumber} is ready to collect at ${locationName}, ${address}. Bring ${COLLECT_BRING}.`;
}

/**
 * When an order ready for collection counts as uncollected: `days` whole days (calendar days, the store setting
 * `uncollected_after_days`) after it was made ready, not collected. Null while it is not (or is collected).
 */
export function uncollectedSince(
  readyAt: Date | string | null,
  collectedAt: Date | string | null,
  days: number,
  now: Date = new Date(),
): Date | null {
  if (readyAt === null || collectedAt !== null) return null;
  const ready = new Date(readyAt);
  return now.getTime() - ready.getTime() > days * 86_400_000 ? ready : null;
}

/** "Uncollected since 3 Dec 2026" (Sydney's date). */
export function uncollectedText(since: Date): string {
  const date = since.toLocaleDateString('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Australia/Sydney',
  });
  return `Uncollected since ${date}`;
}

/**
 * One order on a location's pick list (`GET /api/admin/locations/{id}/pick-list`, issue 41 §2): each line with where
 * its units were reserved; a location other than the collection point needs a transfer first. `uncollected` is
 * "Uncollected since 3 Dec 2026" past the store's `uncollected_after_days`, else null.
 */
export const pickListOrderSchema = z.object({
  public_id: z.string(),
  invoice_number: z.string(),
  customer: z.string(),
  delivery_option: z.string(),
  status: z.string(),
  ready_for_collection_at: z.string().nullable(),
  uncollected: z.string().nullable(),
  lines: z.array(
    z.object({
      sku: z.string(),
      title: z.string(),
      quantity: z.number().int(),
      from: z.array(
        z.object({ location: z.string(), quantity: z.number().int(), transfer_needed: z.boolean() }),
      ),
    }),
  ),
});
export type PickListOrder = z.infer<typeof pickListOrderSchema>;
export type PickListLine = PickListOrder['lines'][number];

/** A location's pick list: orders to pick, then those waiting at the counter. */
export const pickListSchema = z.object({
  location: z.string(),
  to_pick: z.array(pickListOrderSchema),
  awaiting_collection: z.array(pickListOrderSchema),
});
export type PickList = z.infer<typeof pickListSchema>;
