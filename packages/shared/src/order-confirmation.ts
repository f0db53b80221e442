/**
 * The thank-you page's calls (issue 37 §1, decision 0056): read the order just placed again (a reload), and create
 * an account with it. Both are answered to whoever shows the order's *pass* — a signature the place-order answer
 * gives only to whoever placed the order, kept by the tab with the order (`lastOrder`), valid for a day — or to the
 * order's owner signed in. The pass travels in the body, never in an address (addresses are logged, decision 0011).
 */
import { z } from 'zod';
import { authResponseSchema, passwordSchema } from './account';
import { orderDetailSchema } from './order';

/** A pass: `<expires, seconds since 1970>.<HMAC, base64url>`. */
export const ORDER_PASS_PATTERN = /^\d{1,12}\.[A-Za-z0-9_-]{43}$/;

export const ORDER_CONFIRMATION_MESSAGES = {
  passInvalid:
    'This page can no longer show your order. Track it with the order number and email in your confirmation mail.',
  passExpired:
    'This page showed your order for a day after you placed it. Track it now with the order number and email in your confirmation mail.',
  /** The order is already in an account (another email taken answers sign-up's own `emailTaken`). */
  orderInAccount: 'This order is already in an account. Sign in to see it in your order history.',
  accountCreated: 'Your account is ready and this order is in it.',
} as const;

const passField = z
  .string({ error: ORDER_CONFIRMATION_MESSAGES.passInvalid })
  .regex(ORDER_PASS_PATTERN, ORDER_CONFIRMATION_MESSAGES.passInvalid);

/** `POST /api/orders/{publicId}/confirmation` body: the pass; none for the owner signed in (bearer). */
export const orderConfirmationRequestSchema = z.object({ pass: passField.optional() });

/**
 * Whether the order's email can become an account: `none` (no account has it: offer "Create an account with this
 * order"), `exists` (an account has it: offer sign in), `owner` (the order is already in an account).
 */
export const ORDER_ACCOUNT_STATES = ['none', 'exists', 'owner'] as const;
export type OrderAccountState = (typeof ORDER_ACCOUNT_STATES)[number];

/** The order with its buyer's fields (name, email, phone), and whether it can become an account. */
export const orderConfirmationResponseSchema = z.object({
  data: orderDetailSchema,
  account: z.enum(ORDER_ACCOUNT_STATES),
});
export type OrderConfirmationResponse = z.infer<typeof orderConfirmationResponseSchema>;

/** `POST /api/orders/{publicId}/account` body: the pass and the new account's password (SPEC §5 rules). */
export const accountFromOrderRequestSchema = z.object({ pass: passField, password: passwordSchema });
export type AccountFromOrderRequest = z.infer<typeof accountFromOrderRequestSchema>;

/** Signed in as the new member, like sign-up's answer. */
export const accountFromOrderResponseSchema = authResponseSchema;

export function orderConfirmationPath(publicId: string): string {
  return `/api/orders/${encodeURIComponent(publicId)}/confirmation`;
}

export function accountFromOrderPath(publicId: string): string {
  return `/api/orders/${encodeURIComponent(publicId)}/account`;
}
