/**
 * Correcting an order's shipping address from the back office (issue 36 §4): the shipping block (name, email,
 * phone, street, city, state, post code, company: the checkout's `s_` fields) checked by the checkout's own
 * address rules and messages (`addressFieldsSchema`, `checkStateAndPostcode`), allowed only while the order is
 * not shipped, delivered or cancelled. The order's billing details, its email for mails and documents, and any tax
 * invoice already issued (decision 0036: its buyer is fixed at issue) are not changed.
 */
import { z } from 'zod';
import { formatAddressLine, normaliseStateCode } from './address';
import { addressFieldsSchema, checkStateAndPostcode } from './checkout-form';

/** The statuses in which the shipping address can still be corrected: nothing has left the warehouse. */
export const ADDRESS_CORRECTABLE_STATUSES = ['pending', 'processing'] as const;

export function canCorrectShippingAddress(status: string): boolean {
  return (ADDRESS_CORRECTABLE_STATUSES as readonly string[]).includes(status);
}

export const ADDRESS_CORRECTION_MESSAGES = {
  locked: (status: string) =>
    `This order is ${status}, so its shipping address can no longer be corrected. Only a pending or processing order's address can be.`,
  unchanged: 'The shipping address is already exactly this: nothing was changed.',
  corrected: (invoiceNumber: string) => `Shipping address of order ${invoiceNumber} corrected.`,
  noteTitle: 'Shipping address corrected',
} as const;

/**
 * `PUT /api/admin/orders/{public id}/shipping-address` body: the checkout's address block with its messages;
 * the state comes out as its short code ('New South Wales' -> 'NSW').
 */
export const shippingAddressCorrectionSchema = addressFieldsSchema
  .superRefine((a, ctx) => checkStateAndPostcode(a, ctx, ''))
  .transform((a) => ({ ...a, state: normaliseStateCode(a.state) ?? a.state.trim() }));
export type ShippingAddressCorrectionInput = z.input<typeof shippingAddressCorrectionSchema>;
export type ShippingAddressCorrection = z.output<typeof shippingAddressCorrectionSchema>;

/** The shipping block as answered. */
export const shippingAddressSchema = z.object({
  f_name: z.string(),
  l_name: z.string(),
  email: z.string(),
  phone: z.string(),
  street_address: z.string(),
  city: z.string(),
  state: z.string(),
  post_code: z.string(),
  company: z.string(),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** `GET /api/admin/orders/{public id}/shipping-address` answer: the block and whether it may be corrected now. */
export const shippingAddressAnswerSchema = z.object({
  data: shippingAddressSchema,
  can_correct: z.boolean(),
});
export type ShippingAddressAnswer = z.infer<typeof shippingAddressAnswerSchema>;

/** One line for a note and the audit trail: "Jane O'Connor, Acme Pty Ltd, 12 Example St, Guildford NSW 2161, 0412345678, jane@example.com". */
export function shippingAddressSummary(a: ShippingAddress): string {
  return [`${a.f_name} ${a.l_name}`.trim(), a.company.trim(), formatAddressLine(a), a.phone, a.email]
    .filter((part) => part !== '')
    .join(', ');
}

/** The automatic internal note of a correction: old and new, as staff read it. */
export function addressCorrectionNote(before: ShippingAddress, after: ShippingAddress): string {
  return `${ADDRESS_CORRECTION_MESSAGES.noteTitle}.\nWas: ${shippingAddressSummary(before)}\nNow: ${shippingAddressSummary(after)}`;
}
