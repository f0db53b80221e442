/**
 * The payment-provider interface (DESIGN §2 payments, §3; issue 10): what the order workflow, the webhooks
 * and reconciliation ask of a card provider and of a wallet provider. The offline test providers and the
 * Stripe and PayPal adapters implement the same interface:
 *
 * - Card (Stripe): `charge` = create a PaymentIntent with `confirm: true` for the payment method id the
 *   browser's Stripe Elements made, passing `idempotencyKey` as Stripe's Idempotency-Key, and answer
 *   'succeeded' only when the PaymentIntent status is `succeeded` (DESIGN §5.2); 'requires_action' hands
 *   the client secret back for 3-D Secure; `check` reads the PaymentIntent again afterwards.
 * - Wallet (PayPal Orders v2): `createOrder` = POST /v2/checkout/orders on the server (intent CAPTURE); the
 *   buyer approves on PayPal's site; `capture` = POST /v2/checkout/orders/{id}/capture on the server, after
 *   checking that the order's amount is `expectedAmountCents` (the server's own total), answering
 *   'completed' only when the capture status is COMPLETED.
 *
 * - Refunds (issue 12, back office): `refund` gives money back from a paid payment — Stripe
 *   `POST /v1/refunds` for the PaymentIntent, PayPal `POST /v2/payments/captures/{id}/refund` — with an
 *   idempotency key (Stripe Idempotency-Key, PayPal-Request-Id), so a repeated refund is the same refund.
 *   The key is also kept with the refund (Stripe metadata `store_refund_key`, PayPal `custom_id`), so
 *   `findRefund` can find it later by that key (issue 43: a refund whose answer never arrived).
 *
 * Amounts are integer cents; the currency is AUD (SPEC §9). Providers answer declines as values and throw
 * only when they cannot be reached or answer nonsense (the workflow then cancels the order).
 */

import type { StripePaymentMethodType } from '@store/shared/payment-method-rules';

export type Currency = 'AUD';

export interface CardChargeRequest {
  /** Integer cents, > 0. */
  amountCents: number;
  currency: Currency;
  /** The tokenised card (Stripe `pm_...`); card numbers never reach the server (DESIGN §5.1). */
  paymentMethodId: string;
  /** Makes a retried charge for the same order a no-op at the provider. */
  idempotencyKey: string;
  /** Shown on the provider's dashboard, e.g. 'Order INV-001001'. */
  description: string;
  /** Our order's public id, kept with the payment (Stripe metadata) so webhooks can find the order. */
  orderPublicId: string;
  /**
   * The one payment method type this payment may use (issue 40): the provider refuses a payment method of any
   * other, so a shopper cannot pass Afterpay off as a card to get round its rules. Default 'card'.
   */
  methodType?: StripePaymentMethodType;
  /** Where the provider sends the shopper back after approving on its site (Afterpay, Zip), absolute. */
  returnUrl?: string;
  /** The delivery name and address (Afterpay asks for them); absent or null when none (collected). */
  shipping?: {
    name: string;
    phone: string;
    address: { line1: string; city: string; state: string; postal_code: string; country: 'AU' };
  } | null;
}

export type CardChargeResult =
  | { status: 'succeeded'; paymentId: string }
  /** The bank wants the shopper to confirm (3-D Secure): Stripe.js completes it with `clientSecret`. */
  | { status: 'requires_action'; paymentId: string; clientSecret: string }
  /** The provider has the payment but has not finished it (Stripe `processing`). */
  | { status: 'processing'; paymentId: string }
  | { status: 'declined'; message: string; paymentId?: string };

/**
 * What a provider says about a payment's money now, for reconciliation (issue 10): 'unknown' when it has no
 * such payment (or, for the offline test providers, cannot tell).
 */
export type ProviderPaymentState =
  'pending' | 'completed' | 'failed' | 'refunded' | 'partially_refunded' | 'disputed' | 'unknown';

/** A refund asked of a provider (issue 12). */
export interface RefundRequest {
  /** The payment to refund: the card's PaymentIntent id, or the wallet's capture id (orders.payment_reference). */
  paymentId: string;
  /** Integer cents, > 0, at most what is left of the payment. */
  amountCents: number;
  currency: Currency;
  /** The same key is the same refund at the provider: never a second one. */
  idempotencyKey: string;
  /** Why, for the provider's dashboard (and PayPal's note to the payer); may be empty. */
  reason: string;
}

/** Which refund reconciliation asks about (issue 43 §1): the one made on a payment with our derived key. */
export interface RefundLookup {
  /** The payment refunded (orders.payment_reference): PaymentIntent or capture id. */
  paymentId: string;
  /** PayPal's order id (orders.wallet_order_id), whose details list the capture's refunds; null for cards. */
  walletOrderId: string | null;
  /** The key `refund` was given (providerRefundKey of ours). */
  idempotencyKey: string;
}

/**
 * What the provider did: 'succeeded' (money on its way back), 'pending' (the provider has it and finishes it
 * later; it counts as made), or 'failed' with the provider's message (nothing was refunded).
 */
export type RefundResult =
  { status: 'succeeded' | 'pending'; refundId: string } | { status: 'failed'; message: string };

export interface CardPaymentProvider {
  /** 'test-card' or 'stripe'; stored on the order as its payment provider. */
  name: string;
  mode: 'test' | 'live';
  /** The payment method types this provider takes for the store (issue 40); always includes 'card'. */
  methodTypes: readonly StripePaymentMethodType[];
  /** Charges the card now (create + confirm). Throws only when the provider cannot be reached. */
  charge(request: CardChargeRequest): Promise<CardChargeResult>;
  /**
   * The payment `paymentId` answered earlier, read again (after 3-D Secure, or after 'processing'); confirms
   * it when the provider waits for the server to. Throws only when the provider cannot be reached.
   */
  check(paymentId: string): Promise<CardChargeResult>;
  /**
   * Reconciliation: the money of our order's card payment now (refunds and disputes included), found by its
   * payment id, or by our order's public id when the first answer never arrived. Throws when unreachable.
   */
  paymentState(order: {
    paymentId: string | null;
    orderPublicId: string;
  }): Promise<{ state: ProviderPaymentState; paymentId?: string }>;
  /**
   * Reconciliation: gives up a payment the shopper abandoned (3-D Secure never finished), so it can no longer
   * be completed. True when it is cancelled; false when it cannot be (already paid or processing). Throws when
   * the provider cannot be reached.
   */
  cancel(paymentId: string): Promise<boolean>;
  /**
   * Refunds `amountCents` of PaymentIntent `paymentId` (issue 12). A provider's refusal (more than is left,
   * an unknown payment) is 'failed'; throws only when the provider cannot be reached.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * Reconciliation of a refund whose answer never arrived (issue 43 §1): the refund made with
   * `lookup.idempotencyKey` (kept with the refund at the provider), as `refund` answered it, or null when the
   * provider has no such refund (the call never reached it). Throws when the provider cannot be reached.
   */
  findRefund(lookup: RefundLookup): Promise<RefundResult | null>;
}

export interface WalletOrderRequest {
  /** Integer cents, > 0. */
  amountCents: number;
  currency: Currency;
}

export interface WalletCaptureRequest {
  walletOrderId: string;
  /**
   * Derived from our order (PayPal-Request-Id): repeating the capture for the same order is the same capture,
   * while another order naming the same wallet order is refused by the provider as already captured.
   */
  idempotencyKey: string;
  /** The server's own total for the order being placed; a wallet order for another amount is not captured. */
  expectedAmountCents: number;
}

export type WalletCaptureResult =
  | { status: 'completed'; captureId: string }
  /** `issue` is the provider's first detail issue, e.g. PayPal's PAYEE_ACCOUNT_RESTRICTED (SPEC §8). */
  | { status: 'failed'; message: string; issue?: string };

export interface WalletPaymentProvider {
  /** 'test-wallet' or 'paypal'; stored on the order as its payment provider. */
  name: string;
  mode: 'test' | 'live';
  /** Creates the wallet order the buyer then approves on the provider's site. */
  createOrder(request: WalletOrderRequest): Promise<{ walletOrderId: string }>;
  /**
   * Captures an approved wallet order. Repeating it for the same wallet order is safe (the same capture, never
   * a second charge). Throws only when the provider cannot be reached.
   */
  capture(request: WalletCaptureRequest): Promise<WalletCaptureResult>;
  /**
   * Reconciliation: the money of wallet order `walletOrderId` now, with its capture id once captured.
   * Throws when the provider cannot be reached.
   */
  paymentState(walletOrderId: string): Promise<{ state: ProviderPaymentState; captureId?: string }>;
  /**
   * Refunds `amountCents` of capture `paymentId` (issue 12). A provider's refusal is 'failed'; throws only when
   * the provider cannot be reached.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * Reconciliation of a refund whose answer never arrived (issue 43 §1): the refund made with
   * `lookup.idempotencyKey` (kept with the refund at the provider), as `refund` answered it, or null when the
   * provider has no such refund (the call never reached it). Throws when the provider cannot be reached.
   */
  findRefund(lookup: RefundLookup): Promise<RefundResult | null>;
}
