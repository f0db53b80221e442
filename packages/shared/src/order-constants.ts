/**
 * Order constants and messages without zod (SPEC §4 order and payment statuses, §8 Order and Wallet
 * messages), so a page that only shows orders (tracking, order details) imports them without the schemas
 * (decision 0005). The schemas that use them are in `order.ts`.
 */

/** SPEC §4: the card provider's name (shown as "Card" in history) and the wallet's. */
export const PAYMENT_METHOD_CARD = 'Stripe';
export const PAYMENT_METHOD_WALLET = 'Paypal';
export const PAYMENT_METHODS = [PAYMENT_METHOD_CARD, PAYMENT_METHOD_WALLET] as const;
/** Issue 39 §4: an order charged to an approved trade account, paid later by its terms (no provider). */
export const PAYMENT_METHOD_ACCOUNT = 'Account';
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** SPEC §4 order status at creation, and the payment statuses the store uses. */
export const ORDER_STATUS_PENDING = 'pending';
export const ORDER_STATUS_CANCELLED = 'cancelled';
export const PAYMENT_STATUS_PENDING = 'pending';
export const PAYMENT_STATUS_COMPLETED = 'completed';
export const PAYMENT_STATUS_FAILED = 'failed';
/** Set by the providers' webhooks and reconciliation (issue 10): money given back, or contested by the buyer. */
export const PAYMENT_STATUS_REFUNDED = 'refunded';
export const PAYMENT_STATUS_PARTIALLY_REFUNDED = 'partially_refunded';
export const PAYMENT_STATUS_DISPUTED = 'disputed';
export const PAYMENT_STATUSES = [
  PAYMENT_STATUS_PENDING,
  PAYMENT_STATUS_COMPLETED,
  PAYMENT_STATUS_FAILED,
  PAYMENT_STATUS_REFUNDED,
  PAYMENT_STATUS_PARTIALLY_REFUNDED,
  PAYMENT_STATUS_DISPUTED,
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const MAX_ORDER_LINES = 100;
export const MIN_LINE_QUANTITY = 1;
export const MAX_LINE_QUANTITY = 100;

/**
 * What people call the SPEC's `invoice_number` (`INV-001001`): the one number an order is known by on every page,
 * mail and document and over the phone (issue 34 §6). The tax invoice has its own number (`TI-…`, decision 0036).
 */
export const ORDER_NUMBER_LABEL = 'Order number';

export const ORDER_MESSAGES = {
  // SPEC §8
  placed: 'Order placed successfully!',
  submissionFailed: (serverMessage: string) => `Order submission failed: ${serverMessage}`,
  submitError: 'Error submitting order. Please try again later.',
  cardFailed: 'Failed to place the order.',
  cardRequestError: 'Error placing the order. Please try again later.',
  paymentError: (message: string) => `Payment error: ${message}`,
  walletTotalZero: 'Total amount must be greater than zero.',
  walletCaptureError: 'Error capturing PayPal order. Please try again later.',
  walletRestricted: 'The PayPal account is restricted. Please contact support.',
  walletError: 'An error occurred with PayPal. Please try again later.',
  notFound: 'No Order Found',
  // Ours: the SPEC names no message for these.
  quantity: 'Quantity must be a whole number from 1 to 100',
  productId: 'Product id must be a positive whole number',
  duplicateLine: 'Each product may appear only once in an order; combine the quantities',
  tooManyLines: `An order can hold at most ${MAX_ORDER_LINES} different products`,
  amount: 'Amounts must be in dollars with at most 2 decimals, such as 79.95',
  cardDataNotAccepted:
    'Card details are never sent to the store; enter them in the payment form so the payment provider receives them',
  paymentReferenceRequired:
    'The payment reference is missing. Please go back to the payment page and try again.',
  unknownProduct: (id: number) =>
    `A product in your cart (id ${id}) is no longer sold. Please remove it from your cart and try again.`,
  outOfStock: (title: string) => `Sorry, "${title}" is out of stock. Please remove it from your cart.`,
  notEnoughStock: (title: string, left: number) =>
    `Sorry, only ${left} of "${title}" left in stock. Please lower the quantity.`,
  pricesChanged:
    'Prices in your cart have changed since you opened checkout. Please review the new totals and place the order again.',
  idempotencyKey: 'Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different order',
  cardDeclined: 'Your card was declined.',
  walletCancelled: 'Payment cancelled. Your cart is unchanged.',
  /** 402 `requires_action`: the card's bank wants the shopper to confirm (3-D Secure) before it pays. */
  paymentNeedsAction: 'Your bank needs you to confirm this payment.',
  /** 402 `payment_pending`: the provider has the payment but has not finished it yet. */
  paymentProcessing:
    'Your payment is still being processed. Your order is held: press Pay again in a moment to check. You will not be charged twice.',
  /** 502 `payment_pending`: the provider did not answer; the order is held and a retry cannot charge twice. */
  paymentUnconfirmed:
    'We could not confirm your payment with the payment provider. Your order is held: press Pay again to check. You will not be charged twice.',
  walletOrderUsed:
    'This PayPal payment has already been used for another order. Please start the payment again.',
  cardPaymentsOff: 'Card payments are not available right now. Please pay with PayPal.',
  walletPaymentsOff: 'PayPal is not available right now. Please pay by card.',
  noPaymentMethods:
    'Payments are not available right now, so orders cannot be placed. Please try again later or contact us.',
  // Guest tracking by order number and email (issue 34 §6).
  trackNumberRequired: 'Enter your order number, such as INV-001001',
  trackNumberTooLong: 'That order number is too long: it looks like INV-001001',
  trackEmailRequired: 'Enter the email address the order was placed with',
  trackEmailTooLong: 'That email address is too long',
  /** Under 'No Order Found': the same words for an unknown number and a wrong email, so neither is told apart. */
  trackNotFoundHint:
    'Check the order number and the email address in your order confirmation, and try again.',
} as const;

/** Header that makes place-order safe to repeat (one per checkout attempt). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
