/**
 * `POST /api/delivery-options` on the wire (issue 41 §3-4, decision 0069): the checkout sends its cart and where
 * it goes; the server answers every option with its charge and estimate, or why this cart may not take it, and
 * the locations a shopper may collect from with how soon. Place-order prices the chosen option by the same code
 * and refuses an option the cart may not take, so the page and the order agree.
 */
import { z } from 'zod';
import { DELIVERY_OPTIONS } from './delivery-rules';
import { CHECKOUT_MESSAGES } from './checkout-form';
import { orderLineInputSchema } from './order';
import { MAX_ORDER_LINES, ORDER_MESSAGES } from './order-constants';

export const deliveryQuoteRequestSchema = z.object({
  /** The cart's lines: id and quantity (the server prices them; no client figures needed for a quote). */
  products: z
    .array(orderLineInputSchema.pick({ id: true, quantity: true }), { error: CHECKOUT_MESSAGES.cartEmpty })
    .min(1, CHECKOUT_MESSAGES.cartEmpty)
    .max(MAX_ORDER_LINES, ORDER_MESSAGES.tooManyLines),
  /** The delivery address's street lines (PO box and parcel locker detection); '' when not typed yet. */
  street_address: z.string().trim().max(200).default(''),
  /** Four digits; '' when not typed yet (standard and express then answer `postCodeRequired`). */
  post_code: z
    .string()
    .trim()
    .regex(/^(\d{4})?$/, 'post_code must be four digits')
    .default(''),
  state: z.string().trim().max(40).default(''),
});
export type DeliveryQuoteRequest = z.infer<typeof deliveryQuoteRequestSchema>;

/** One option as the checkout lists it. */
export const deliveryOptionQuoteSchema = z.object({
  option: z.enum(DELIVERY_OPTIONS),
  name: z.string(),
  /** True when the shopper may choose it; false with `reason` saying why not. */
  available: z.boolean(),
  reason: z.string().nullable(),
  /** Dollars as a decimal string inc. GST ("16.50", "0.00"); null when not available or not priced. */
  charge: z.string().nullable(),
  /** "Delivered in 5-8 business days"; null when not available. */
  estimate: z.string().nullable(),
  /** What priced it: 'rule', 'table', 'auspost' or 'collect'. */
  source: z.enum(['rule', 'table', 'auspost', 'collect']).nullable(),
});
export type DeliveryOptionQuote = z.infer<typeof deliveryOptionQuoteSchema>;

/** A location the order may be collected from, with how soon. */
export const collectLocationQuoteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  hours: z.string(),
  /** True when the location has (or can get) the whole order. */
  available: z.boolean(),
  /** "Ready at Guildford in 1 hour (during opening hours)" or "Ready at Guildford in 2-4 business days". */
  estimate: z.string().nullable(),
  reason: z.string().nullable(),
});
export type CollectLocationQuote = z.infer<typeof collectLocationQuoteSchema>;

export const deliveryQuoteResponseSchema = z.object({
  options: z.array(deliveryOptionQuoteSchema),
  locations: z.array(collectLocationQuoteSchema),
  /** 'street', 'po_box' or 'parcel_locker', as read from street_address. */
  address_kind: z.enum(['street', 'po_box', 'parcel_locker']),
});
export type DeliveryQuoteResponse = z.infer<typeof deliveryQuoteResponseSchema>;
