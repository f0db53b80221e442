/**
 * Internal order notes on the wire (issue 36 §4): staff write them on the order's back-office page, newest first;
 * the store writes one itself when a shipping address is corrected. Never shown to the customer: no customer
 * answer, mail or document carries them. One source for the order page and `modules/admin/order-notes.ts`.
 */
import { z } from 'zod';
import { multiLineText, noControlCharacters } from './text-schemas';

/** The longest note staff may write (characters); the database allows a little more for automatic ones. */
export const ORDER_NOTE_MAX_LENGTH = 2000;

export const ORDER_NOTE_MESSAGES = {
  bodyRequired: 'Write the note first.',
  bodyTooLong: `A note must be ${ORDER_NOTE_MAX_LENGTH} characters or fewer.`,
  added: 'Note added. Only staff see it.',
  /** Who wrote a note whose staff account has been deleted, or an automatic one. */
  formerStaff: 'Former staff member',
} as const;

/** `POST /api/admin/orders/{public id}/notes` body. */
export const orderNoteRequestSchema = z.object({
  body: multiLineText({ error: ORDER_NOTE_MESSAGES.bodyRequired })
    .trim()
    .min(1, ORDER_NOTE_MESSAGES.bodyRequired)
    .max(ORDER_NOTE_MAX_LENGTH, ORDER_NOTE_MESSAGES.bodyTooLong)
    .superRefine(noControlCharacters('body', 'multi-line')),
});
export type OrderNoteRequest = z.infer<typeof orderNoteRequestSchema>;

export const ORDER_NOTE_KINDS = ['note', 'address_correction'] as const;
export type OrderNoteKind = (typeof ORDER_NOTE_KINDS)[number];

/** One note as answered: who wrote it (the staff member's name) and when (ISO 8601). */
export const orderNoteSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ORDER_NOTE_KINDS),
  body: z.string(),
  author: z.string(),
  created_at: z.string(),
});
export type OrderNote = z.infer<typeof orderNoteSchema>;

/** The order's notes, newest first. */
export const orderNotesAnswerSchema = z.object({ data: z.array(orderNoteSchema) });
