/**
 * Orders on the wire (SPEC §3 Order payload / Order as read back / Order item, §4 Order, §7 place-order,
 * track-order, orders-detail, §8 Order messages). One source for the checkout pages and the API.
 *
 * Money in the request is dollars as the SPEC's client sends them (numbers such as 79.95, or decimal
 * strings); the schema turns each into integer cents. Money in answers is a decimal string ("79.95").
 * Fields a client must not set (status, payment_status, user_id, channel, admin_delete) are accepted and
 * ignored (DESIGN §5.6); card fields may only be absent or masked (DESIGN §5.1).
 */
import { PAYMENT_METHOD_KINDS } from './payment-method-rules';
import { z } from 'zod';
import { DELIVERY_OPTIONS } from './delivery-rules';
import { checkoutFormSchema, CHECKOUT_MESSAGES } from './checkout-form';
import { discountCodeFieldSchema } from './discount-codes';
import { parseDecimalToCents } from './money';
import { shopperReturnSchema } from './shopper-returns';
import { TRADE_MESSAGES } from './trade-accounts';
import {
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  MIN_LINE_QUANTITY,
  ORDER_MESSAGES,
  PAYMENT_METHOD_ACCOUNT,
  PAYMENT_METHOD_CARD,
  PAYMENT_METHOD_WALLET,
  PAYMENT_METHODS,
} from './order-constants';

/** Dollars as sent by the client (79.95 or "79.95") -> integer cents; rejects negatives and > 2 decimals. */
export const moneyInputSchema = z
  .union([z.number(), z.string()], { error: ORDER_MESSAGES.amount })
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v;
    const cents = /e/i.test(text) ? null : parseDecimalToCents(text);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.amount });
      return z.NEVER;
    }
    return cents;
  });

/** One line of the order payload (SPEC §3 products: id, quantity, qp_subtotal). */
export const orderLineInputSchema = z.object({
  id: z
    .number({ error: ORDER_MESSAGES.productId })
    .int(ORDER_MESSAGES.productId)
    .positive(ORDER_MESSAGES.productId),
  quantity: z
    .number({ error: ORDER_MESSAGES.quantity })
    .int(ORDER_MESSAGES.quantity)
    .min(MIN_LINE_QUANTITY, ORDER_MESSAGES.quantity)
    .max(MAX_LINE_QUANTITY, ORDER_MESSAGES.quantity),
  /** Unit price × quantity as the client computed it, dollars. */
  qp_subtotal: moneyInputSchema,
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

export const orderLinesSchema = z
  .array(orderLineInputSchema, { error: CHECKOUT_MESSAGES.cartEmpty })
  .min(1, CHECKOUT_MESSAGES.cartEmpty)
  .max(MAX_ORDER_LINES, ORDER_MESSAGES.tooManyLines)
  .refine((lines) => new Set(lines.map((l) => l.id)).size === lines.length, ORDER_MESSAGES.duplicateLine);

/** Accepts an absent, empty or masked card field ("•••• 4242", "XX / XX"); never a usable number. */
const maskedCardField = z
  .string()
  .optional()
  .refine(
    (v) => v === undefined || !/\d{5,}/.test(v.replace(/[\s-]/g, '')),
    ORDER_MESSAGES.cardDataNotAccepted,
  )
  .refine((v) => v === undefined || !/^\d{3,4}$/.test(v.trim()), ORDER_MESSAGES.cardDataNotAccepted);

/**
 * `POST /api/place-order` body (SPEC §3 Order payload). Totals are the client's figures; the server
 * recomputes them and answers 409 with its own when they differ. `payment_intent_id` is the wallet order
 * (wallet flow); `stripePaymentMethodId` the tokenised card (card flow).
 */
export const placeOrderRequestSchema = checkoutFormSchema.and(
  z.object({
    payment_method: z.enum([...PAYMENT_METHODS, PAYMENT_METHOD_ACCOUNT], {
      error: `payment_method must be '${PAYMENT_METHOD_CARD}', '${PAYMENT_METHOD_WALLET}' or '${PAYMENT_METHOD_ACCOUNT}' (approved trade accounts)`,
    }),
    /**
     * The buyer's purchase order number (issue 39 §5), printed on the invoice; absent or '' for none. Trade
     * accounts ask for it; anyone may give one.
     */
    purchase_order_number: z
      .string({ error: TRADE_MESSAGES.poTooLong })
      .trim()
      .max(40, TRADE_MESSAGES.poTooLong)
      .optional()
      .transform((v) => (v ? v : null)),
    payment_intent_id: z.string().trim().max(200).optional(),
    stripePaymentMethodId: z.string().trim().max(200).optional(),
    /**
     * With payment_method 'Stripe' (issue 40): how the shopper pays through the card provider — a card (default),
     * Apple Pay or Google Pay, Afterpay or Zip. The server checks it against the order (`paymentMethodRefusal`) and
     * asks the provider for that type only, so a payment method of another type is refused there.
     */
    payment_method_type: z
      .enum(PAYMENT_METHOD_KINDS, {
        error: `payment_method_type must be one of ${PAYMENT_METHOD_KINDS.join(', ')}`,
      })
      .optional(),
    /**
     * Issue 41: how the order reaches the shopper — 'standard' (default, the SPEC's rule), 'express' or
     * 'click_and_collect' with `collect_location_id`. The server prices it (`delivery_charges` must match) and
     * refuses an option the cart may not take (a battery by air or to a parcel locker) with the reason.
     */
    delivery_option: z
      .enum(DELIVERY_OPTIONS, { error: `delivery_option must be one of ${DELIVERY_OPTIONS.join(', ')}` })
      .default('standard'),
    collect_location_id: z
      .union([z.number().int().positive().max(2_147_483_647), z.null()], {
        error: 'collect_location_id must be the id of a store location',
      })
      .optional(),
    products: orderLinesSchema,
    subTotal: moneyInputSchema,
    delivery_charges: moneyInputSchema,
    totalGst: moneyInputSchema,
    grand_total: moneyInputSchema,
    total_amount: moneyInputSchema.optional(),
    /**
     * The membership plan a signed-in member chose at checkout (SPEC §3 `discountPlan`, a plan id from
     * `GET /api/user`); ignored for guests. The signup discount needs no field: every member order gets it.
     */
    discountPlan: z
      .union([z.number().int().positive(), z.null()], { error: 'discountPlan must be a membership plan id' })
      .optional(),
    /**
     * The discount code the shopper applied at checkout (issue 34 §5), any case; absent, null or '' for none. The
     * server checks it again and redeems it with the order (400 with the reason when it no longer applies).
     */
    discount_code: discountCodeFieldSchema,
    card_number: maskedCardField,
    exp_date: maskedCardField,
    cvc: maskedCardField,
  }),
);
export type PlaceOrderRequestInput = z.input<typeof placeOrderRequestSchema>;
export type PlaceOrderRequest = z.output<typeof placeOrderRequestSchema>;

/** A line of an order as read back (SPEC §3 Order item), money as decimal strings. */
export const orderItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  product_title: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  /** Unit price paid, after the product discount. */
  price: z.string(),
  qp_subtotal: z.string(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/**
 * An order as read back by guest tracking and the order details page (SPEC §3 Order as read back).
 * `id` is the public id (DESIGN §5.3). Customer fields are null unless the caller is the signed-in owner.
 */
export const orderDetailSchema = z.object({
  id: z.string(),
  invoice_number: z.string(),
  created_at: z.string(),
  subTotal: z.string(),
  discountedAmount: z.string(),
  delivery_charges: z.string(),
  totalGst: z.string(),
  total_amount: z.string(),
  payment_method: z.string(),
  /** How a card-provider payment was made (issue 40: 'card', 'apple_pay', 'afterpay_clearpay', …), else null. */
  payment_method_type: z.string().nullable().optional(),
  payment_status: z.string(),
  status: z.string(),
  f_name: z.string().nullable(),
  l_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The shipping address on one line. */
  address: z.string(),
  street_address: z.string(),
  city: z.string(),
  state: z.string(),
  post_code: z.string(),
  order_items: z.array(orderItemSchema),
  order_meta: z.array(z.object({ option: z.string(), value: z.string() })),
  /**
   * Issue 37 §2: when each step of the progress line was reached (ISO times; null when not reached or not known),
   * for `orderProgress`. Absent from the place-order answer (the order was just received).
   */
  step_dates: z
    .object({
      received_at: z.string().nullable(),
      paid_at: z.string().nullable(),
      shipped_at: z.string().nullable(),
      delivered_at: z.string().nullable(),
    })
    .optional(),
  /** Issue 37 §2: the parcel once the order is shipped, with the carrier's tracking page (null when none known). */
  shipment: z
    .object({ carrier: z.string(), tracking_number: z.string(), tracking_url: z.string().nullable() })
    .nullable()
    .optional(),
  /** Issue 37 §3: the order's return requests, newest first, with their status in shopper words (reads only). */
  returns: z.array(shopperReturnSchema).optional(),
  /** Issue 41: how the order reaches the shopper ('standard', 'express', 'click_and_collect'); absent on old answers. */
  delivery_option: z.enum(DELIVERY_OPTIONS).optional(),
  /** e.g. 'Express delivery' (DELIVERY_OPTION_NAMES). */
  delivery_option_name: z.string().optional(),
  /** As quoted when the order was placed: "Delivered in 1-3 business days", "Ready at Guildford warehouse in 1 hour". */
  delivery_estimate: z.string().optional(),
  /** Issue 41: the store a click & collect order is collected from (null for delivery; absent where not read). */
  collect_location: z
    .object({ id: z.number().int(), name: z.string(), address: z.string(), hours: z.string() })
    .nullable()
    .optional(),
  /**
   * Issue 41 §2: a click & collect order's counter and steps (for `orderStatusWords`); absent for delivery and
   * from the place-order answer.
   */
  collection: z
    .object({
      location_name: z.string(),
      ready_for_collection_at: z.string().nullable(),
      collected_at: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/**
 * 200 answer of place-order: SPEC's message plus the order; for a paid order, a link to its tax invoice signed for a
 * day (issue 43 §5, decision 0044), since the invoice is no longer given for the public id alone.
 */
export const placeOrderResponseSchema = z.object({
  message: z.string(),
  data: orderDetailSchema,
  tax_invoice_url: z.string().optional(),
  /**
   * Issue 37 §1 (decision 0056): the order's pass (`<expires>.<signature>`, a day), with which the thank-you page
   * reads the order again and creates an account with it (`order-confirmation.ts`).
   */
  order_pass: z.string().optional(),
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

/** The server's own figures, sent with 409 when the client's totals differ (DESIGN §4). */
export const serverTotalsSchema = z.object({
  subTotal: z.string(),
  delivery_charges: z.string(),
  totalGst: z.string(),
  grand_total: z.string(),
  products: z.array(z.object({ id: z.number().int(), price: z.string(), qp_subtotal: z.string() })),
});
export type ServerTotals = z.infer<typeof serverTotalsSchema>;

/** Body of every 4xx from the order calls: the message, and for 409s what the server knows. */
export const orderErrorSchema = z.object({
  message: z.string(),
  /**
   * `requires_action` (402): the card needs 3-D Secure; the browser completes it with `client_secret`, then
   * sends the same request with the same Idempotency-Key. `payment_pending` (402 or 502): the order is held
   * and the provider's answer is not final yet; the same request with the same key checks again and can
   * never charge twice.
   */
  code: z
    .enum([
      'prices_changed',
      'out_of_stock',
      'payment_declined',
      'payment_failed',
      'requires_action',
      'payment_pending',
    ])
    .optional(),
  data: serverTotalsSchema.optional(),
  product_id: z.number().int().optional(),
  /** With `requires_action`: the PaymentIntent's client secret for Stripe.js (`handleNextAction`). */
  client_secret: z.string().optional(),
  /** With `requires_action` and `payment_pending`: the held order's public id. */
  order_id: z.string().optional(),
});
export type OrderError = z.infer<typeof orderErrorSchema>;

/** `GET /api/orders-detail?id=` query: the order's public id. */
export const orderDetailQuerySchema = z.object({
  id: z
    .string({ error: 'Enter your order id' })
    .trim()
    .min(1, 'Enter your order id')
    .max(64, 'Order id is too long'),
});

/**
 * `POST /api/guest/track-order` body (SPEC §7; issue 34 §6). `id` is the order number people are given
 * (`INV-001001`, any case, spaces and the prefix optional: `normaliseOrderNumber`), found only together with
 * `email`, the order's email (any case); or the public id from the mail's link, which finds the order alone as
 * before (decision 0044: it shows no buyer field). An empty `email` counts as none.
 */
export const trackOrderRequestSchema = z.object({
  id: z
    .string({ error: ORDER_MESSAGES.trackNumberRequired })
    .trim()
    .min(1, ORDER_MESSAGES.trackNumberRequired)
    .max(64, ORDER_MESSAGES.trackNumberTooLong),
  email: z
    .string({ error: ORDER_MESSAGES.trackEmailRequired })
    .trim()
    .max(254, ORDER_MESSAGES.trackEmailTooLong)
    .optional(),
});
export type TrackOrderRequest = z.infer<typeof trackOrderRequestSchema>;

/** `POST /api/payments/wallet-orders`: the wallet order is created for the server's total of these lines. */
export const walletOrderRequestSchema = z.object({
  products: z
    .array(orderLineInputSchema.pick({ id: true, quantity: true }), { error: CHECKOUT_MESSAGES.cartEmpty })
    .min(1, CHECKOUT_MESSAGES.cartEmpty)
    .max(MAX_ORDER_LINES, ORDER_MESSAGES.tooManyLines)
    // The same lines place-order accepts: a wallet order priced for duplicates could never be placed.
    .refine((lines) => new Set(lines.map((l) => l.id)).size === lines.length, ORDER_MESSAGES.duplicateLine),
  /** A signed-in member's chosen membership plan, as place-order will get it (ignored for guests). */
  discountPlan: z.union([z.number().int().positive(), z.null()]).optional(),
  /** The discount code applied at checkout, as place-order will get it (issue 34 §5). */
  discount_code: discountCodeFieldSchema,
  /**
   * Issue 41: the chosen delivery option and where it goes, as place-order will get them, so the wallet order is
   * for the same total. Without `post_code` the delivery charge is the SPEC's flat rule (standard delivery).
   */
  delivery_option: z
    .enum(DELIVERY_OPTIONS, { error: `delivery_option must be one of ${DELIVERY_OPTIONS.join(', ')}` })
    .default('standard'),
  collect_location_id: z
    .union([z.number().int().positive(), z.null()], {
      error: 'collect_location_id must be the id of a store location',
    })
    .optional(),
  post_code: z
    .string()
    .trim()
    .regex(/^(\d{4})?$/, 'post_code must be four digits')
    .optional(),
  street_address: z.string().trim().max(200).default(''),
  state: z.string().trim().max(40).default(''),
});
export const walletOrderResponseSchema = z.object({
  data: z.object({ wallet_order_id: z.string(), amount: z.string(), currency: z.string() }),
});
