/**
 * The ways a shopper can pay through the card provider (issue 40, decision 0067): cards, the device wallets
 * (Apple Pay, Google Pay) and the buy-now-pay-later methods (Afterpay, Zip), with each method's rules written once.
 * The payment page offers only the methods `paymentMethodKindsFor` allows, the server refuses any other with
 * `paymentMethodRefusal`'s words, and the product page and cart show `instalmentOffer` only where it applies.
 * No zod here.
 */
import { formatCents } from './money';
import { PAYMENT_METHOD_ACCOUNT, PAYMENT_METHOD_CARD, PAYMENT_METHOD_WALLET } from './order-constants';

/** The payment method types the store asks Stripe for (Stripe's own names). A wallet pays with a `card`. */
export const STRIPE_PAYMENT_METHOD_TYPES = ['card', 'afterpay_clearpay', 'zip'] as const;
export type StripePaymentMethodType = (typeof STRIPE_PAYMENT_METHOD_TYPES)[number];

/**
 * How the shopper paid, as the order records it (`orders.payment_method_type`): a card typed in, a device wallet
 * (a card underneath, `card.wallet.type` at Stripe) or a buy-now-pay-later method.
 */
export const PAYMENT_METHOD_KINDS = ['card', 'apple_pay', 'google_pay', 'afterpay_clearpay', 'zip'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

/** What shoppers call each kind (order history, order pages, mails, the back office). */
export const PAYMENT_METHOD_KIND_NAMES: Record<PaymentMethodKind, string> = {
  card: 'Card',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  afterpay_clearpay: 'Afterpay',
  zip: 'Zip',
};

/** The Stripe payment method type a kind is paid with. */
export function stripeTypeOf(kind: PaymentMethodKind): StripePaymentMethodType {
  return kind === 'apple_pay' || kind === 'google_pay' ? 'card' : kind;
}

/** Kinds the shopper approves on the provider's own site (a redirect and back), not in the page. */
export function approvesByRedirect(kind: PaymentMethodKind): boolean {
  return kind === 'afterpay_clearpay' || kind === 'zip';
}

/**
 * The buy-now-pay-later methods' limits for Australian orders, integer cents inclusive.
 * - Afterpay: A$1.00–A$2,000.00 for an Australian business (Stripe, "Afterpay and Clearpay payments — payment
 *   options and limits", https://docs.stripe.com/payments/afterpay-clearpay; the same figures in Square's Afterpay
 *   minimums and maximums). Stripe also lists B2B and pre-orders among what Afterpay may not be used for.
 * - Zip: AUD only (Stripe, "Accept a Zip payment": every amount in `aud`); A$1.00 minimum and A$50,000.00, the
 *   largest Zip Money credit line (Airwallex's and PayPal's Zip references); each shopper's own limit is Zip's to
 *   decide when they approve.
 * Checked on 2026-12-03; when a provider changes its limits, change them here (the page, the server and the
 * instalment line all read these).
 */
export const BNPL_LIMITS = {
  afterpay_clearpay: { currency: 'AUD', minCents: 100, maxCents: 200_000 },
  zip: { currency: 'AUD', minCents: 100, maxCents: 5_000_000 },
} as const satisfies Record<
  'afterpay_clearpay' | 'zip',
  { currency: 'AUD'; minCents: number; maxCents: number }
>;

/** Afterpay splits a purchase into this many fortnightly, interest-free payments. */
export const AFTERPAY_INSTALMENTS = 4;

/** What the rules need to know of an order (or of one product, for the instalment line). */
export interface PaymentMethodContext {
  /** ISO 4217, upper case; the store sells in 'AUD'. */
  currency: string;
  /** What the method would be asked to pay, integer cents inc. GST. */
  totalCents: number;
  /** The goods go to a delivery address (false when collected from a store). */
  delivered: boolean;
  /** The buyer is a member of a trade account (a business purchase). */
  tradeAccount: boolean;
  /** The order holds a line not yet in stock to send (a pre-order). */
  preOrder: boolean;
}

/** What the store says when a method does not suit an order; the page hides it, the server refuses it (400). */
export const PAYMENT_METHOD_MESSAGES = {
  notOffered: (kind: PaymentMethodKind) =>
    `${PAYMENT_METHOD_KIND_NAMES[kind]} is not available at this store. Please choose another way to pay.`,
  outsideLimits: (kind: 'afterpay_clearpay' | 'zip') =>
    `${PAYMENT_METHOD_KIND_NAMES[kind]} is available for orders from ${formatCents(BNPL_LIMITS[kind].minCents)} to ${formatCents(BNPL_LIMITS[kind].maxCents)}. Please choose another way to pay.`,
  currency: (kind: 'afterpay_clearpay' | 'zip') =>
    `${PAYMENT_METHOD_KIND_NAMES[kind]} is available only for orders in Australian dollars. Please choose another way to pay.`,
  afterpayTrade:
    'Afterpay is for personal purchases, so it is not offered to trade accounts. Please pay by card or on account.',
  afterpayPreOrder: 'Afterpay cannot be used for pre-orders. Please choose another way to pay.',
  afterpayNoDelivery: 'Afterpay needs a delivery address for the order. Please choose another way to pay.',
  /** The provider said no (a declined approval, an abandoned redirect). */
  declined: (kind: PaymentMethodKind) =>
    kind === 'afterpay_clearpay' || kind === 'zip'
      ? `${PAYMENT_METHOD_KIND_NAMES[kind]} did not approve this payment, so nothing was charged. Please choose another way to pay.`
      : 'Your card was declined.',
} as const;

/**
 * Why `kind` may not pay for an order like `context`, in words for the shopper, or null when it may. Cards and
 * the device wallets suit every order; Afterpay only in AUD within its limits, delivered, never for a trade
 * account or a pre-order; Zip only in AUD within its limits.
 */
export function paymentMethodRefusal(kind: PaymentMethodKind, context: PaymentMethodContext): string | null {
  if (kind === 'card' || kind === 'apple_pay' || kind === 'google_pay') return null;
  const limits = BNPL_LIMITS[kind];
  if (context.currency !== limits.currency) return PAYMENT_METHOD_MESSAGES.currency(kind);
  if (kind === 'afterpay_clearpay') {
    if (context.tradeAccount) return PAYMENT_METHOD_MESSAGES.afterpayTrade;
    if (context.preOrder) return PAYMENT_METHOD_MESSAGES.afterpayPreOrder;
    if (!context.delivered) return PAYMENT_METHOD_MESSAGES.afterpayNoDelivery;
  }
  if (context.totalCents < limits.minCents || context.totalCents > limits.maxCents) {
    return PAYMENT_METHOD_MESSAGES.outsideLimits(kind);
  }
  return null;
}

/**
 * The Stripe payment method types the payment page offers for an order like `context`: those the store takes
 * (`offered`, from the store config) that the rules allow, in the store's order (card first).
 */
export function stripeTypesFor(
  offered: readonly StripePaymentMethodType[],
  context: PaymentMethodContext,
): StripePaymentMethodType[] {
  return STRIPE_PAYMENT_METHOD_TYPES.filter(
    (type) => offered.includes(type) && paymentMethodRefusal(type, context) === null,
  );
}

/** The instalment line shoppers expect beside a price: Afterpay's 4 payments of `instalmentCents`. */
export interface InstalmentOffer {
  kind: 'afterpay_clearpay';
  count: number;
  /** One payment, integer cents: the price divided by 4, rounded to the cent as Afterpay's own line does. */
  instalmentCents: number;
}

/**
 * The instalment line for a price of `priceCents` (a product's price, or the cart's total), or null when Afterpay
 * is not offered (`offered`), the buyer is a trade account, or the price is outside Afterpay's limits.
 */
export function instalmentOffer(
  priceCents: number,
  offered: readonly StripePaymentMethodType[],
  buyer: { tradeAccount: boolean },
): InstalmentOffer | null {
  if (!offered.includes('afterpay_clearpay') || !Number.isInteger(priceCents)) return null;
  const refusal = paymentMethodRefusal('afterpay_clearpay', {
    currency: 'AUD',
    totalCents: priceCents,
    delivered: true,
    tradeAccount: buyer.tradeAccount,
    preOrder: false,
  });
  if (refusal !== null) return null;
  return {
    kind: 'afterpay_clearpay',
    count: AFTERPAY_INSTALMENTS,
    instalmentCents: Math.round(priceCents / AFTERPAY_INSTALMENTS),
  };
}

/** 'or 4 interest-free payments of $7.50 with Afterpay'. */
export function instalmentLine(offer: InstalmentOffer): string {
  return `or ${offer.count} interest-free payments of ${formatCents(offer.instalmentCents)} with ${PAYMENT_METHOD_KIND_NAMES[offer.kind]}`;
}

/** Whether `value` is one of the kinds (for stored values and request bodies). */
export function isPaymentMethodKind(value: unknown): value is PaymentMethodKind {
  return typeof value === 'string' && (PAYMENT_METHOD_KINDS as readonly string[]).includes(value);
}

/**
 * How an order's payment method reads (SPEC §2 "card shown as Card"; issue 39 §4 'On account'; issue 40): the card
 * provider's payments by their kind ('Card', 'Apple Pay', 'Afterpay', …; 'Card' when none was recorded),
 * 'Paypal' as 'PayPal', 'Account' as 'On account', anything else as received.
 */
export function paymentMethodName(method: string, kind?: string | null): string {
  if (method === PAYMENT_METHOD_CARD)
    return PAYMENT_METHOD_KIND_NAMES[isPaymentMethodKind(kind) ? kind : 'card'];
  if (method === PAYMENT_METHOD_WALLET) return 'PayPal';
  if (method === PAYMENT_METHOD_ACCOUNT) return 'On account';
  return method;
}
