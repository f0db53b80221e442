/**
 * A member's cart kept with the account (issue 37 §5, decision 0060): `GET /api/cart` answers the stored lines
 * with their products as the catalog sells them now and the cart's `version`; `PUT /api/cart` replaces the lines
 * when the `version` sent is the stored one (the save was built on the latest cart) and answers 409 with the
 * stored cart otherwise, so two devices' saves never interleave into a cart neither made. The browser then
 * merges line by line (`mergeCartEdits`, member-cart-lines.ts) and saves again. A guest's cart joins the member's at sign-in with
 * quantities added (`addCartLines`). Quantities keep the cart's own 1-100 rule (SPEC §5, §9).
 */
import { z } from 'zod';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES, MIN_LINE_QUANTITY } from './order-constants';
import { productSchema } from './product';

export const MEMBER_CART_MESSAGES = {
  conflict: 'Your cart changed on another device. It has been updated; please check it.',
  duplicateLine: 'Each product may appear once in the cart: send one line with the total quantity',
} as const;

const quantity = z
  .number({ error: `quantity must be a whole number from ${MIN_LINE_QUANTITY} to ${MAX_LINE_QUANTITY}` })
  .int(`quantity must be a whole number from ${MIN_LINE_QUANTITY} to ${MAX_LINE_QUANTITY}`)
  .min(MIN_LINE_QUANTITY, `quantity must be at least ${MIN_LINE_QUANTITY}`)
  .max(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`);

/** `PUT /api/cart` body: every line of the cart (in the order shown) and the version it was built on. */
export const memberCartSaveSchema = z.object({
  version: z
    .number({ error: 'version is required: the version of the cart this save was built on (0 for none)' })
    .int()
    .min(0)
    .max(2_147_483_647),
  lines: z
    .array(
      z.object({
        id: z.number({ error: 'id must be a product id' }).int().min(1).max(2_147_483_647),
        quantity,
      }),
    )
    .max(MAX_ORDER_LINES, `A cart can hold at most ${MAX_ORDER_LINES} different products`)
    .refine(
      (lines) => new Set(lines.map((l) => l.id)).size === lines.length,
      MEMBER_CART_MESSAGES.duplicateLine,
    ),
});
export type MemberCartSave = z.infer<typeof memberCartSaveSchema>;

/** The stored cart: lines whose product is still sold, with the product as the catalog answers it. */
export const memberCartSchema = z.object({
  version: z.number().int(),
  lines: z.array(z.object({ quantity: z.number().int(), product: productSchema })),
});
export type MemberCart = z.infer<typeof memberCartSchema>;

/** `GET` and `PUT /api/cart` answer. */
export const memberCartAnswerSchema = z.object({ data: memberCartSchema });
/** `PUT /api/cart` 409: the save was built on an older cart; here is the stored one. */
export const memberCartConflictSchema = z.object({ message: z.string(), data: memberCartSchema });
